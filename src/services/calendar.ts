import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkedinConnections, posts } from "../../db/schema";
import { type Month, gridRange } from "../shared/calendar-month";
import { firstContentLine } from "../shared/words";
import { OPENING_CHARS } from "../strategist";

/**
 * What the Calendar shows (SPEC.md "Calendar"): one user's scheduled posts on the days of a
 * month's grid, in their profile timezone, and the posted ones on the day they went out, so the
 * month is also a record of what was published (issue 22). Drafts and failed posts never appear.
 */

/** A post as the Calendar island takes it: plain data, the time as an ISO instant. */
export type CalendarPost = {
  id: string;
  firstLine: string;
  postType: string;
  status: "scheduled" | "posted";
  /** When it is due; for a posted post, when it went out (the time marked, else the time it was due). */
  scheduledTime: string;
  /** Set to publish automatically after the LinkedIn connection ends: flagged so it does not fail as a surprise. */
  afterLinkedinExpiry?: boolean;
};

export function createCalendarService(deps: { database: Database }) {
  const db = deps.database.db;

  /** The user's scheduled and posted posts from the grid's first day to its last (neighbouring months' days included), soonest first. */
  async function postsInMonth(user: { id: string; timezone: string }, month: Month): Promise<CalendarPost[]> {
    const { start, end } = gridRange(month, user.timezone);
    // The posted list's own order (and index, posts_user_status_posted_idx); a scheduled post has no posted_at.
    const at = sql<Date>`coalesce(${posts.postedAt}, ${posts.scheduledTime}, ${posts.createdAt})`.mapWith(posts.scheduledTime);
    const rows = await db
      // Only what a bar draws: the opening of the post (its first line is all that shows), not its body.
      .select({
        id: posts.id,
        content: sql<string>`left(${posts.content}, ${OPENING_CHARS})`,
        postType: posts.postType,
        status: posts.status,
        at,
        afterExpiry: sql<boolean>`coalesce(${posts.status} = 'scheduled' and ${posts.publishMode} = 'auto' and ${posts.scheduledTime} > ${linkedinConnections.expiresAt}, false)`,
      })
      .from(posts)
      .leftJoin(linkedinConnections, eq(linkedinConnections.userId, posts.userId))
      // An instant beside a raw expression goes as ISO text with a cast: postgres.js takes no Date there.
      .where(
        and(
          eq(posts.userId, user.id),
          inArray(posts.status, ["scheduled", "posted"]),
          sql`${at} >= ${start.toISOString()}::timestamptz`,
          sql`${at} < ${end.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(at), asc(posts.id));
    return rows.map((row) => ({
      id: row.id,
      firstLine: firstContentLine(row.content),
      postType: row.postType,
      status: row.status === "posted" ? "posted" : "scheduled",
      scheduledTime: row.at.toISOString(),
      ...(row.afterExpiry === true || (row.afterExpiry as unknown) === "t" ? { afterLinkedinExpiry: true } : {}),
    }));
  }

  return { postsInMonth };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
