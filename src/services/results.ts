import { and, desc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Db } from "../../db/client";
import { posts } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";
import { notFound, UUID } from "./posts";
import { bestTimesSummary, learnTimes, MIN_RESULTS, type PostResult } from "./strategist/best-times";
import { openingLine } from "./strategist/plan";

/**
 * The user's own results (issue "best times learned from results"): two days after a post went
 * out, the dashboard asks how it did; the numbers feed the learned best times the strategists use.
 */

/** How long after posting the dashboard asks: LinkedIn posts gather most of their reach in two days. */
export const ASK_AFTER_DAYS = 2;
/** The dashboard asks about this many posts at a time. */
const ASK_AT_MOST = 5;
const MAX_COUNT = 100_000_000;

const count = (label: string) =>
  v.pipe(
    v.number(`${label} must be a whole number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(0, `${label} cannot be negative.`),
    v.maxValue(MAX_COUNT, `${label} must be at most ${MAX_COUNT.toLocaleString("en-GB")}.`),
  );

export const resultsSchema = v.strictObject(
  { impressions: count("Impressions"), reactions: count("Reactions"), comments: count("Comments") },
  "Send impressions, reactions and comments, nothing else.",
);


/** Every result the user has entered, as the model reads them. */
export async function resultsOf(db: Db, userId: string): Promise<PostResult[]> {
  const rows = await db
    .select({ postedAt: posts.postedAt, impressions: posts.impressions, reactions: posts.reactions, comments: posts.comments })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.status, "posted"), isNotNull(posts.resultsRecordedAt), isNotNull(posts.postedAt)));
  return rows.map((row) => ({ postedAt: row.postedAt!, impressions: row.impressions ?? 0, reactions: row.reactions ?? 0, comments: row.comments ?? 0 }));
}

export type AwaitingResult = { id: string; firstLine: string; postedAt: string; linkedinUrl: string | null };
export type BestTimes = { results: number; needed: number; best: { label: string; ratio: number; posts: number }[] };

export function createResultsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const db = database.db;

  /** Writes to one of the user's posted posts, under the subscription rule every write keeps. */
  async function update(user: UserRow, postId: string, values: Partial<typeof posts.$inferInsert>) {
    requireLiveSubscription(user, clock.now());
    if (!UUID.test(postId)) throw notFound();
    return db.transaction(async (tx) => {
      const [post] = await tx.select().from(posts).where(and(eq(posts.id, postId), eq(posts.userId, user.id))).for("update");
      if (!post) throw notFound();
      if (post.status !== "posted") throw new HttpError(409, "Results can be added only to posts marked as posted.");
      const [updated] = await tx.update(posts).set(values).where(eq(posts.id, post.id)).returning();
      return updated!;
    });
  }

  /** PUT /api/posts/:id/results: impressions, reactions and comments, as LinkedIn shows them. */
  async function record(user: UserRow, postId: string, body: unknown) {
    const results = parseInput(resultsSchema, body);
    const now = clock.now();
    return update(user, postId, { ...results, resultsRecordedAt: now, resultsSkippedAt: null, updatedAt: now });
  }

  /** POST /api/posts/:id/results/skip: the dashboard stops asking about this post. */
  async function skip(user: UserRow, postId: string) {
    const now = clock.now();
    return update(user, postId, { resultsSkippedAt: now, updatedAt: now });
  }

  /** Posts that went out at least two days ago with no results yet, newest first: the dashboard's "How did it do?". */
  async function awaiting(userId: string): Promise<AwaitingResult[]> {
    const before = new Date(clock.now().getTime() - ASK_AFTER_DAYS * 24 * 60 * 60_000);
    const rows = await db
      .select({ id: posts.id, content: posts.content, postedAt: posts.postedAt, linkedinUrl: posts.linkedinUrl })
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, "posted"), lte(posts.postedAt, before), isNull(posts.resultsRecordedAt), isNull(posts.resultsSkippedAt)))
      .orderBy(desc(posts.postedAt), desc(posts.id))
      .limit(ASK_AT_MOST);
    return rows.map((row) => ({ id: row.id, firstLine: openingLine(row.content), postedAt: row.postedAt!.toISOString(), linkedinUrl: row.linkedinUrl }));
  }

  /** The dashboard's "Your best times": what the user's numbers say once there are enough of them. */
  async function bestTimes(user: Pick<UserRow, "id" | "timezone">): Promise<BestTimes> {
    const results = await resultsOf(db, user.id);
    const learned = learnTimes(results, user.timezone);
    return { results: results.length, needed: Math.max(0, MIN_RESULTS - results.length), best: learned ? bestTimesSummary(learned) : [] };
  }

  return { record, skip, awaiting, bestTimes };
}

export type ResultsService = ReturnType<typeof createResultsService>;
