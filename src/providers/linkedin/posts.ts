import * as v from "valibot";
import { LinkedinError } from "./errors";
import { linkedinFetch, readJson } from "./http";
import { escapeLittleText, LittleTextError, unescapeLittleText } from "./little-text";
import { type RestOptions, restHeaders } from "./rest";

const POST_URN = /^urn:li:(share|ugcPost):\d+$/;

/** Where a member (or anyone) opens the post on LinkedIn. */
export function postUrl(postUrn: string): string {
  return `https://www.linkedin.com/feed/update/${postUrn}`;
}

/** A document (the carousel PDF) a post carries: its URN from the Documents API and the title LinkedIn shows over it. */
export type PostDocument = { urn: string; title: string };

/** The Posts API body for a public post on the member's feed: text only, or with a document (content.media). */
export function postBody(authorUrn: string, text: string, document?: PostDocument) {
  return {
    author: authorUrn,
    commentary: escapeLittleText(text),
    visibility: "PUBLIC",
    distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(document ? { content: { media: { title: document.title, id: document.urn } } } : {}),
    lifecycleState: "PUBLISHED",
    isReshareDisabledByAuthor: false,
  };
}

export async function publish(
  options: RestOptions,
  input: { accessToken: string; authorUrn: string; text: string; document?: PostDocument },
): Promise<{ postUrn: string }> {
  const response = await linkedinFetch(
    "publish",
    `${options.apiUrl}/rest/posts`,
    { method: "POST", headers: restHeaders(options, input.accessToken, true), body: JSON.stringify(postBody(input.authorUrn, input.text, input.document)) },
    { ...options, token: input.accessToken },
  );
  // The new post's URN comes only in this header (201, empty body).
  const postUrn = response.headers.get("x-restli-id");
  if (!postUrn || !POST_URN.test(postUrn)) {
    // LinkedIn said it created something but not what: treat it as a post that may exist.
    throw new LinkedinError("unknown_outcome", "publish", "LinkedIn accepted the post without saying its id", response.status);
  }
  return { postUrn };
}

/**
 * After an unknown outcome: is the post there? `cannot_check` when LinkedIn refuses to let this
 * app read the member's posts, which needs r_member_social, a permission LinkedIn grants only to
 * approved apps (w_member_social alone cannot read). The caller decides what to do then.
 */
export type ExistenceCheck = { status: "found"; postUrn: string } | { status: "not_found" } | { status: "cannot_check"; reason: string };

const findSchema = v.object({
  elements: v.array(
    v.object({
      id: v.string(),
      author: v.string(),
      commentary: v.optional(v.string()),
      createdAt: v.optional(v.number()),
    }),
  ),
});

// A post made just before `since` by a clock a little behind ours still counts.
const CLOCK_SKEW_MS = 5 * 60_000;
// The unknown attempt is the member's latest or nearly so; a page of recent posts is enough.
const RECENT_POSTS = 20;

function sameText(commentary: string, text: string): boolean {
  if (commentary === escapeLittleText(text)) return true;
  try {
    // LinkedIn may store the commentary written another way (a template LinkedIn itself made).
    return unescapeLittleText(commentary) === text;
  } catch (error) {
    if (error instanceof LittleTextError) return false;
    throw error;
  }
}

export async function findPublishedPost(
  options: RestOptions,
  input: { accessToken: string; authorUrn: string; text: string; since: Date },
): Promise<ExistenceCheck> {
  // Rest.li finder: author (URN encoded) before q=author.
  const url = `${options.apiUrl}/rest/posts?author=${encodeURIComponent(input.authorUrn)}&q=author&count=${RECENT_POSTS}&sortBy=LAST_MODIFIED`;
  let response: Response;
  try {
    response = await linkedinFetch(
      "check for the post",
      url,
      { headers: restHeaders(options, input.accessToken, false) },
      { ...options, token: input.accessToken },
    );
  } catch (error) {
    if (error instanceof LinkedinError && error.status === 403) return { status: "cannot_check", reason: error.reason };
    throw error;
  }
  const parsed = v.safeParse(findSchema, await readJson(response));
  if (!parsed.success) throw new LinkedinError("server", "check for the post", "LinkedIn answered without a list of posts", response.status);
  const earliest = input.since.getTime() - CLOCK_SKEW_MS;
  const match = parsed.output.elements.find(
    (post) =>
      post.author === input.authorUrn &&
      POST_URN.test(post.id) &&
      (post.createdAt === undefined || post.createdAt >= earliest) &&
      post.commentary !== undefined &&
      sameText(post.commentary, input.text),
  );
  return match ? { status: "found", postUrn: match.id } : { status: "not_found" };
}
