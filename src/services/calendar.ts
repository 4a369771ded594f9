import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkedinConnections, posts } from "../../db/schema";
import { type Month, gridRange } from "../shared/calendar-month";
import { firstContentLine } from "./dashboard";
import { OPENING_CHARS } from "../strategist";

/**
 * What the Calendar shows (SPEC.md "Calendar"): one user's scheduled posts on the days of a
 * month's grid, in their profile timezone. Drafts, posted and failed posts never appear.
 */

/** A scheduled post as the Calendar island takes it: plain data, the time as an ISO instant. */
export type CalendarPost = {
  id: string;
  firstLine: string;
  postType: string;
  scheduledTime: string;
  /** Set to publish automatically after the LinkedIn connection ends: flagged so it does not fail as a surprise. */
  afterLinkedinExpiry?: boolean;
};

export function createCalendarService(deps: { database: Database }) {
  const db = deps.database.db;

  /** The user's scheduled posts from the grid's first day to its last (neighbouring months' days included), soonest first. */
  async function scheduledInMonth(user: { id: string; timezone: string }, month: Month): Promise<CalendarPost[]> {
    const { start, end } = gridRange(month, user.timezone);
    const rows = await db
      // Only what a bar draws: the opening of the post (its first line is all that shows), not its body.
      .select({
        id: posts.id,
        content: sql<string>`left(${posts.content}, ${OPENING_CHARS})`,
        postType: posts.postType,
        scheduledTime: posts.scheduledTime,
        afterExpiry: sql<boolean>`coalesce(${posts.publishMode} = 'auto' and ${posts.scheduledTime} > ${linkedinConnections.expiresAt}, false)`,
      })
      .from(posts)
      .leftJoin(linkedinConnections, eq(linkedinConnections.userId, posts.userId))
      .where(and(eq(posts.userId, user.id), eq(posts.status, "scheduled"), gte(posts.scheduledTime, start), lt(posts.scheduledTime, end)))
      .orderBy(asc(posts.scheduledTime), asc(posts.id));
    return rows.map((row) => ({
      id: row.id,
      firstLine: firstContentLine(row.content),
      postType: row.postType,
      scheduledTime: row.scheduledTime!.toISOString(),
      ...(row.afterExpiry === true || (row.afterExpiry as unknown) === "t" ? { afterLinkedinExpiry: true } : {}),
    }));
  }

  return { scheduledInMonth };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
