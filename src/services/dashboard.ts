import { and, asc, count, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { posts } from "../../db/schema";
import type { Clock } from "../clock";
import { zonedWeek } from "../shared/zoned-time";

/**
 * What the dashboard shows (SPEC.md "Dashboard", PRODUCT.md "Posts" stats rules): the three
 * counts and the next scheduled posts, for one user, as of the injected clock.
 */

// SPEC.md section 9: the upcoming list shows 5 posts.
export const UPCOMING_LIMIT = 5;

export type DashboardStats = { thisWeek: number; scheduled: number; total: number };
export type UpcomingPost = { id: string; firstLine: string; scheduledTime: string; status: string };

/** The first line of a post that has any text, for one-line previews. */
export function firstContentLine(content: string): string {
  return content.split("\n").map((line) => line.trim()).find((line) => line !== "") ?? "";
}

export function createDashboardService(deps: { database: Database; clock: Clock }) {
  const db = deps.database.db;

  /**
   * thisWeek: scheduled posts whose time, and posted posts whose posting time (their scheduled
   * time when the posting time is unknown), fall in the current Monday-to-Sunday week of the
   * user's timezone. scheduled: status scheduled, whenever. total: every saved post.
   */
  async function stats(user: { id: string; timezone: string }): Promise<DashboardStats> {
    const week = zonedWeek(deps.clock.now(), user.timezone);
    const within = (column: typeof posts.scheduledTime | typeof posts.postedAt) => and(gte(column, week.start), lt(column, week.end));
    const thisWeek = or(
      and(eq(posts.status, "scheduled"), within(posts.scheduledTime)),
      and(eq(posts.status, "posted"), isNotNull(posts.postedAt), within(posts.postedAt)),
      and(eq(posts.status, "posted"), isNull(posts.postedAt), within(posts.scheduledTime)),
    );
    // One statement, one pass over the user's posts: the three counts as FILTER clauses.
    const [row] = await db
      .select({
        thisWeek: sql<number>`count(*) filter (where ${thisWeek})`.mapWith(Number),
        scheduled: sql<number>`count(*) filter (where ${posts.status} = 'scheduled')`.mapWith(Number),
        total: count(),
      })
      .from(posts)
      .where(eq(posts.userId, user.id));
    const [thisWeekCount, scheduled, total] = [row?.thisWeek ?? 0, row?.scheduled ?? 0, Number(row?.total ?? 0)];
    return { thisWeek: thisWeekCount, scheduled, total };
  }

  /** Scheduled posts from now on, soonest first: the first UPCOMING_LIMIT of them. */
  async function upcoming(userId: string, limit = UPCOMING_LIMIT): Promise<UpcomingPost[]> {
    const rows = await db
      .select({ id: posts.id, content: posts.content, scheduledTime: posts.scheduledTime, status: posts.status })
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, "scheduled"), gte(posts.scheduledTime, deps.clock.now())))
      .orderBy(asc(posts.scheduledTime), asc(posts.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      firstLine: firstContentLine(row.content),
      scheduledTime: row.scheduledTime!.toISOString(),
      status: row.status,
    }));
  }

  return { stats, upcoming };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
