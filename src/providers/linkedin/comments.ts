import * as v from "valibot";
import { LinkedinError } from "./errors";
import { linkedinFetch, readJson } from "./http";
import { type RestOptions, restHeaders } from "./rest";

const createdSchema = v.object({ commentUrn: v.optional(v.string()), id: v.optional(v.string()) });

/**
 * A first-level comment by the member on a post (the "link in the first comment"). The text is
 * sent as written: the Comments API carries `message.text` plus attributes, and LinkedIn's pages
 * tie the little text format to the Posts API's commentary only (WIRE.md, "Comments").
 */
export async function comment(
  options: RestOptions,
  input: { accessToken: string; actorUrn: string; postUrn: string; text: string },
): Promise<{ commentUrn: string }> {
  const response = await linkedinFetch(
    "comment",
    `${options.apiUrl}/rest/socialActions/${encodeURIComponent(input.postUrn)}/comments`,
    {
      method: "POST",
      headers: restHeaders(options, input.accessToken, true),
      body: JSON.stringify({ actor: input.actorUrn, object: input.postUrn, message: { text: input.text } }),
    },
    { ...options, token: input.accessToken },
  );
  const header = response.headers.get("x-restli-id");
  const body = v.safeParse(createdSchema, await readJson(response));
  const commentUrn = (body.success && (body.output.commentUrn ?? body.output.id)) || header;
  if (!commentUrn) throw new LinkedinError("unknown_outcome", "comment", "LinkedIn accepted the comment without saying its id", response.status);
  return { commentUrn };
}
