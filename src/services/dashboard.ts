import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkedinConnections, posts } from "../../db/schema";
import type { Clock } from "../clock";
import { zonedWeek } from "../shared/zoned-time";
import type { UserRow } from "./accounts";
import { jsonDate, type Read, readOne, readTogether } from "./json-reads";
import { allowanceRead } from "./posts";
import { OPENING_CHARS } from "../strategist";
import { awaitingResultsRead, bestTimesFrom, resultsRead } from "./results";
import { firstContentLine } from "../shared/words";

/**
 * What the dashboard shows (SPEC.md "Dashboard", PRODUCT.md "Posts" stats rules): the three
 * counts and the next scheduled posts, for one user, as of the injected clock; and the whole
 * dashboard's data in one statement.
 */

// SPEC.md section 9: the upcoming list shows 5 posts.
export const UPCOMING_LIMIT = 5;

export type DashboardStats = { thisWeek: number; scheduled: number; total: number };
export type UpcomingPost = { id: string; firstLine: string; scheduledTime: string; status: string };

/**
 * thisWeek: scheduled posts whose time, and posted posts whose posting time (their scheduled
 * time when the posting time is unknown), fall in the current Monday-to-Sunday week of the
 * user's timezone. scheduled: status scheduled, whenever. total: every saved post. Each count
 * walks an index range of its own (posts_user_status_*), not every post of the user row by row.
 */
export function statsRead(user: { id: string; timezone: string }, now: Date): Read<DashboardStats> {
  const week = zonedWeek(now, user.timezone);
  const [start, end] = [week.start.toISOString(), week.end.toISOString()];
  // The posted list's sort key (the same expression as its index); a post with neither time is not in any week.
  const postedKey = sql`coalesce(${posts.postedAt}, ${posts.scheduledTime}, ${posts.createdAt})`;
  const mine = sql`${posts.userId} = ${user.id}`;
  return {
    query: sql`select json_build_object(
      'thisWeek',
        (select count(*) from ${posts} where ${mine} and ${posts.status} = 'scheduled' and ${posts.scheduledTime} >= ${start}::timestamptz and ${posts.scheduledTime} < ${end}::timestamptz)
        + (select count(*) from ${posts} where ${mine} and ${posts.status} = 'posted' and ${postedKey} >= ${start}::timestamptz and ${postedKey} < ${end}::timestamptz
            and (${posts.postedAt} is not null or ${posts.scheduledTime} is not null)),
      'scheduled', (select count(*) from ${posts} where ${mine} and ${posts.status} = 'scheduled'),
      'total', (select count(*) from ${posts} where ${mine}))`,
    parse: (value) => {
      const counts = value as Record<keyof DashboardStats, number | string>;
      return { thisWeek: Number(counts.thisWeek), scheduled: Number(counts.scheduled), total: Number(counts.total) };
    },
  };
}

/** Scheduled posts from `now` on, soonest first: the first `limit` of them, with only their opening read. */
export function upcomingRead(userId: string, now: Date, limit = UPCOMING_LIMIT): Read<UpcomingPost[]> {
  return {
    query: sql`select coalesce(json_agg(json_build_object('id', p.id, 'opening', left(p.content, ${OPENING_CHARS}), 'scheduledTime', p.scheduled_time, 'status', p.status) order by p.scheduled_time, p.id), '[]'::json)
      from (select ${posts.id}, ${posts.content}, ${posts.scheduledTime}, ${posts.status} from ${posts}
        where ${posts.userId} = ${userId} and ${posts.status} = 'scheduled' and ${posts.scheduledTime} >= ${now.toISOString()}::timestamptz
        order by ${posts.scheduledTime}, ${posts.id} limit ${limit}) p`,
    parse: (value) =>
      (value as { id: string; opening: string; scheduledTime: string; status: string }[]).map((row) => ({
        id: row.id,
        firstLine: firstContentLine(row.opening),
        scheduledTime: jsonDate(row.scheduledTime).toISOString(),
        status: row.status,
      })),
  };
}

/** Whether the user has a LinkedIn profile connected (the dashboard invites them to connect one when not). */
export function linkedinConnectedRead(userId: string): Read<boolean> {
  return {
    query: sql`select exists (select 1 from ${linkedinConnections} where ${linkedinConnections.userId} = ${userId})`,
    parse: (value) => value === true || value === "t",
  };
}

export function createDashboardService(deps: { database: Database; clock: Clock; linkedinAvailable: boolean }) {
  const { database, clock } = deps;

  const stats = (user: { id: string; timezone: string }) => readOne(database, statsRead(user, clock.now()));
  const upcoming = (userId: string, limit = UPCOMING_LIMIT) => readOne(database, upcomingRead(userId, clock.now(), limit));

  /**
   * Everything the dashboard shows, in one statement: the counts, the next posts, what is left
   * of the week, the posts waiting for their results, the results the best times learn from, and
   * whether to invite the user to connect LinkedIn.
   */
  async function overview(user: UserRow) {
    const now = clock.now();
    const read = await readTogether(database, {
      stats: statsRead(user, now),
      upcoming: upcomingRead(user.id, now),
      allowance: allowanceRead(user, now),
      awaiting: awaitingResultsRead(user.id, now),
      results: resultsRead(user.id),
      linkedinConnected: linkedinConnectedRead(user.id),
    });
    return {
      stats: read.stats,
      upcoming: read.upcoming,
      allowance: read.allowance,
      awaitingResults: read.awaiting,
      bestTimes: bestTimesFrom(read.results, user.timezone),
      // Without a LinkedIn app configured there is nothing to invite to.
      linkedinInvite: deps.linkedinAvailable && !read.linkedinConnected,
    };
  }

  return { stats, upcoming, overview };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
