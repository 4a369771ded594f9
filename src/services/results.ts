import { and, eq, isNotNull, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { posts } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";
import { jsonDate, type Read, readOne } from "./json-reads";
import { lockUserPost } from "./scheduling";
import { bestTimesSummary, learnTimes, MIN_RESULTS, type PostResult, OPENING_CHARS, openingLine } from "../strategist";

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

const resultsWhere = (userId: string) =>
  and(eq(posts.userId, userId), eq(posts.status, "posted"), isNotNull(posts.resultsRecordedAt), isNotNull(posts.postedAt));

/** Every result the user has entered, as the model reads them (alone, or in the dashboard's single statement). */
export function resultsRead(userId: string): Read<PostResult[]> {
  return {
    query: sql`select coalesce(json_agg(json_build_object('postedAt', ${posts.postedAt}, 'impressions', coalesce(${posts.impressions}, 0), 'reactions', coalesce(${posts.reactions}, 0), 'comments', coalesce(${posts.comments}, 0))), '[]'::json)
      from ${posts} where ${resultsWhere(userId)}`,
    parse: (value) =>
      (value as { postedAt: string; impressions: number; reactions: number; comments: number }[]).map((row) => ({ ...row, postedAt: jsonDate(row.postedAt) })),
  };
}

/** Posts that went out at least two days before `now` with no results yet, newest first: the dashboard's "How did it do?". */
export function awaitingResultsRead(userId: string, now: Date): Read<AwaitingResult[]> {
  const before = new Date(now.getTime() - ASK_AFTER_DAYS * 24 * 60 * 60_000);
  return {
    query: sql`select coalesce(json_agg(json_build_object('id', p.id, 'opening', left(p.content, ${OPENING_CHARS}), 'postedAt', p.posted_at, 'linkedinUrl', p.linkedin_url) order by p.posted_at desc, p.id desc), '[]'::json)
      from (select ${posts.id}, ${posts.content}, ${posts.postedAt}, ${posts.linkedinUrl} from ${posts}
        where ${posts.userId} = ${userId} and ${posts.status} = 'posted' and ${posts.postedAt} <= ${before.toISOString()}::timestamptz
          and ${posts.resultsRecordedAt} is null and ${posts.resultsSkippedAt} is null
        order by ${posts.postedAt} desc, ${posts.id} desc limit ${ASK_AT_MOST}) p`,
    parse: (value) =>
      (value as { id: string; opening: string; postedAt: string; linkedinUrl: string | null }[]).map((row) => ({
        id: row.id,
        firstLine: openingLine(row.opening),
        postedAt: jsonDate(row.postedAt).toISOString(),
        linkedinUrl: row.linkedinUrl,
      })),
  };
}

/** "Your best times": what the user's numbers say once there are enough of them. */
export function bestTimesFrom(results: PostResult[], timezone: string): BestTimes {
  const learned = learnTimes(results, timezone);
  return { results: results.length, needed: Math.max(0, MIN_RESULTS - results.length), best: learned ? bestTimesSummary(learned) : [] };
}

export type AwaitingResult = { id: string; firstLine: string; postedAt: string; linkedinUrl: string | null };
export type BestTimes = { results: number; needed: number; best: { label: string; ratio: number; posts: number }[] };

export function createResultsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const db = database.db;

  /** Writes to one of the user's posted posts, under the subscription rule every write keeps. */
  async function update(user: UserRow, postId: string, values: Partial<typeof posts.$inferInsert>) {
    requireLiveSubscription(user, clock.now());
    return db.transaction(async (tx) => {
      const post = await lockUserPost(tx, user.id, postId);
      if (post.status !== "posted") throw new HttpError(409, "Results can be added only to posts marked as posted.");
      const [updated] = await tx.update(posts).set(values).where(eq(posts.id, post.id)).returning();
      return updated!;
    });
  }

  /** PUT /api/posts/:id/results: impressions, reactions and comments, as LinkedIn shows them. */
  async function record(user: UserRow, postId: string, results: v.InferOutput<typeof resultsSchema>) {
    const now = clock.now();
    return update(user, postId, { ...results, resultsRecordedAt: now, resultsSkippedAt: null, updatedAt: now });
  }

  /** POST /api/posts/:id/results/skip: the dashboard stops asking about this post. */
  async function skip(user: UserRow, postId: string) {
    const now = clock.now();
    return update(user, postId, { resultsSkippedAt: now, updatedAt: now });
  }

  /** Posts that went out at least two days ago with no results yet, newest first: the dashboard's "How did it do?". */
  const awaiting = (userId: string) => readOne(database, awaitingResultsRead(userId, clock.now()));

  /** The dashboard's "Your best times". */
  const bestTimes = async (user: Pick<UserRow, "id" | "timezone">) => bestTimesFrom(await readOne(database, resultsRead(user.id)), user.timezone);

  return { record, skip, awaiting, bestTimes };
}

export type ResultsService = ReturnType<typeof createResultsService>;
