import { and, count, eq, gte, lt } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { posts, sources, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import { allowanceWindow, requireLiveSubscription, WEEKLY_POST_LIMIT } from "./billing/subscription";
import { MAX_CONTENT_CHARS, MAX_HOOK_CHARS, openingLine, WEEKDAYS } from "./strategist/plan";

/**
 * Saving posts, within the weekly allowance (PRODUCT.md "The weekly allowance"): 7 saved posts
 * per 7-day window of the billing period. Editing, scheduling and deleting do not give one back.
 */

const optionalText = (max: number, label: string) =>
  v.optional(v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`)), "");

export const newPostSchema = v.object({
  content: v.pipe(
    v.string("Content is required."),
    v.trim(),
    v.nonEmpty("Content is required."),
    v.maxLength(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters (LinkedIn's limit).`),
  ),
  hook: optionalText(MAX_HOOK_CHARS, "Hook"),
  postOrder: v.optional(v.pipe(v.string("postOrder must be a string."), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7.")), "1"),
  postType: v.optional(v.pipe(v.string("postType must be text."), v.trim(), v.nonEmpty("postType must not be blank."), v.maxLength(30, "postType must be at most 30 characters.")), "value"),
  strategyExplanation: optionalText(2_000, "strategyExplanation"),
  recommendedDay: v.optional(v.nullable(v.picklist(WEEKDAYS, "recommendedDay must be a day of the week."))),
  recommendedTime: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/, 'recommendedTime must look like "9:00 AM".')))),
  status: v.optional(v.literal("draft", "A new post is always saved as a draft."), "draft"),
  sourceId: v.optional(v.nullable(v.pipe(v.string(), v.uuid("sourceId must be an id.")))),
});

export type NewPost = v.InferOutput<typeof newPostSchema>;

export function createPostsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const db = database.db;

  /** How much of this week's allowance is left, and when it resets. */
  async function allowance(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, "Account not found.");
    const window = allowanceWindow(user.billingPeriodStart ?? user.createdAt, clock.now());
    const [row] = await db
      .select({ used: count() })
      .from(posts)
      .where(and(eq(posts.userId, userId), gte(posts.createdAt, window.start), lt(posts.createdAt, window.end)));
    const used = Number(row?.used ?? 0);
    return { limit: WEEKLY_POST_LIMIT, used, remaining: Math.max(0, WEEKLY_POST_LIMIT - used), resetsAt: window.end.toISOString() };
  }

  /** Saves a draft. The user row is locked while counting, so two saves at once cannot both take the last slot. */
  async function createDraft(userId: string, input: NewPost) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user) throw new HttpError(404, "Account not found.");
      requireLiveSubscription(user, now);
      if (input.sourceId) {
        const [source] = await tx.select({ id: sources.id }).from(sources).where(and(eq(sources.id, input.sourceId), eq(sources.userId, userId)));
        if (!source) throw new HttpError(404, "Source not found.");
      }
      const window = allowanceWindow(user.billingPeriodStart ?? user.createdAt, now);
      const [row] = await tx
        .select({ used: count() })
        .from(posts)
        .where(and(eq(posts.userId, userId), gte(posts.createdAt, window.start), lt(posts.createdAt, window.end)));
      if (Number(row?.used ?? 0) >= WEEKLY_POST_LIMIT) {
        const resets = window.end.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: user.timezone });
        throw new HttpError(429, `Weekly limit reached: ${WEEKLY_POST_LIMIT} posts per week. Resets ${resets}.`, { resetsAt: window.end.toISOString() });
      }
      const [post] = await tx
        .insert(posts)
        .values({
          userId,
          sourceId: input.sourceId ?? null,
          content: input.content,
          hook: input.hook || openingLine(input.content).slice(0, MAX_HOOK_CHARS),
          postOrder: input.postOrder,
          postType: input.postType,
          strategyExplanation: input.strategyExplanation,
          recommendedDay: input.recommendedDay ?? null,
          recommendedTime: input.recommendedTime ?? null,
          status: "draft",
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return post!;
    });
  }

  return { allowance, createDraft };
}

export type PostsService = ReturnType<typeof createPostsService>;

/** A post as the API shows it (no user id). */
export function postFields(post: typeof posts.$inferSelect) {
  const { userId: _u, ...rest } = post;
  return {
    ...rest,
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    postedAt: post.postedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
