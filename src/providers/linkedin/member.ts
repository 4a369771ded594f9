import * as v from "valibot";
import { LinkedinError } from "./errors";
import { type HttpOptions, linkedinFetch, readJson } from "./http";

/** The signed-in member, from OpenID Connect's userinfo (scopes openid + profile). */
export type LinkedinMember = {
  /** LinkedIn's id for the member, stable for this app. */
  sub: string;
  /** The author URN posts are made as. */
  personUrn: string;
  name: string;
  pictureUrl: string | null;
};

const userinfoSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  name: v.optional(v.string()),
  given_name: v.optional(v.string()),
  family_name: v.optional(v.string()),
  picture: v.optional(v.pipe(v.string(), v.url())),
});

export async function member(options: HttpOptions & { apiUrl: string }, accessToken: string): Promise<LinkedinMember> {
  // /v2/userinfo is the unversioned OpenID Connect endpoint: no LinkedIn-Version header.
  const response = await linkedinFetch(
    "read member",
    `${options.apiUrl}/v2/userinfo`,
    { headers: { Authorization: `Bearer ${accessToken}` } },
    { ...options, token: accessToken },
  );
  const parsed = v.safeParse(userinfoSchema, await readJson(response));
  if (!parsed.success) throw new LinkedinError("server", "read member", "LinkedIn answered without the member's id", response.status);
  const info = parsed.output;
  const name = info.name?.trim() || [info.given_name, info.family_name].filter(Boolean).join(" ").trim();
  return { sub: info.sub, personUrn: `urn:li:person:${info.sub}`, name, pictureUrl: info.picture ?? null };
}
