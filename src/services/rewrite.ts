import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { sources } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";
import {
  MAX_CONTENT_CHARS,
  checkPlan,
  checkRewrittenPost,
  type RewrittenPost,
  REWRITE_ACTIONS,
  RewriteRefusedError,
  type Strategist,
  StrategistError,
} from "../strategist";

/**
 * Per-post rewrites (New hook, Shorter, Rewrite on a plan card and in the Edit dialog): the
 * post's article is loaded for its owner only, the strategist rewrites the post from it, and
 * the answer must pass the plan contract for one post before anyone sees it. Synchronous: one
 * post takes a model a few seconds and the local strategist a few milliseconds, so no queue.
 */

export const rewriteInputSchema = v.object({
  sourceId: v.pipe(v.string("sourceId must be text"), v.uuid("sourceId must be the id of one of your plans")),
  content: v.pipe(
    v.string("content must be text"),
    v.check((content) => content.trim() !== "", "The post is empty: write something to rewrite first."),
    v.maxLength(MAX_CONTENT_CHARS, `A post can be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters`),
  ),
  action: v.picklist(REWRITE_ACTIONS, 'action must be "hook", "shorter" or "rewrite"'),
  /** The post's place in its plan, when known: its type and the week's other hooks go to the strategist. */
  postOrder: v.optional(v.pipe(v.string("postOrder must be text"), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7, as a string"))),
});

export type RewriteRequest = v.InferOutput<typeof rewriteInputSchema>;

export type RewriteService = ReturnType<typeof createRewriteService>;

export function createRewriteService(deps: { database: Database; strategist: Strategist; clock: Clock }) {
  const db = deps.database.db;

  /** A live subscription first, as for every write; then the post's article, its owner's only. */
  async function rewritePost(user: UserRow, input: RewriteRequest): Promise<RewrittenPost> {
    requireLiveSubscription(user, deps.clock.now());
    const userId = user.id;
    // Another user's article is as unknown as a missing one.
    const [source] = await db
      .select({ contentText: sources.contentText, plan: sources.plan })
      .from(sources)
      .where(and(eq(sources.id, input.sourceId), eq(sources.userId, userId)));
    if (!source) throw new HttpError(404, "That plan does not exist.");

    let content: string;
    try {
      ({ content } = await deps.strategist.rewritePost({
        sourceText: source.contentText,
        content: input.content,
        action: input.action,
        ...weekContext(source.plan, input.postOrder),
        voice: user.voicePosts.length > 0 ? user.voicePosts : undefined,
      }));
    } catch (error) {
      if (error instanceof RewriteRefusedError) throw new HttpError(422, error.message);
      if (error instanceof StrategistError) throw new HttpError(502, `Could not rewrite the post: ${error.message}`);
      throw error;
    }
    const checked = checkRewrittenPost(content, input.content);
    // What the strategist made of this post breaks the contract (its first line is too long to be a hook, it holds a link...): say what.
    if (!checked.ok) throw new HttpError(422, `Could not rewrite this post: ${checked.problems[0]!.replace(/^(content|hook): /, "")}.`);
    return checked.post;
  }

  return { rewritePost };
}

/** The post's type and the other posts' hooks, from its stored plan (nothing when the plan or the post is not there). */
function weekContext(stored: unknown, postOrder: string | undefined): { postType?: string; otherHooks?: string[] } {
  if (!postOrder || !stored) return {};
  const plan = checkPlan(stored);
  if (!plan.ok) return {};
  const post = plan.plan.posts.find((candidate) => candidate.postOrder === postOrder);
  if (!post) return {};
  return { postType: post.postType, otherHooks: plan.plan.posts.filter((other) => other !== post).map((other) => other.hook) };
}
