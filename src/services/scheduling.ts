import { and, eq, gt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { posts, type users } from "../../db/schema";
import { HttpError } from "../http-error";
import { canSchedule } from "../shared/post-status";
import { wallTime, zonedTimeToInstant } from "../shared/zoned-time";

/**
 * The one way a post gets a time (issue 22): the Schedule dialog's PATCH, the calendar's move,
 * Schedule as recommended (with or without saving first), Retry, a timezone change and
 * un-posting a future post all come through here. It checks the rules (a time in the future,
 * the status, no publish in flight), writes the time and plans what waits for it (the reminder
 * or the publication), inside the caller's transaction, with the same errors for every path.
 */

export type PostRow = typeof posts.$inferSelect;
type UserRow = typeof users.$inferSelect;
export type PublishMode = "auto" | "remind";

// Post ids are UUIDs; anything else cannot name a post (and PostgreSQL would refuse to compare it).
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const notFound = () => new HttpError(404, "Post not found.");

/** One of the user's posts, locked for this transaction; another user's id, or a non-id, is 404. */
export async function lockUserPost(tx: Tx, userId: string, postId: string): Promise<PostRow> {
  if (!UUID.test(postId)) throw notFound();
  const [post] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .for("update");
  if (!post) throw notFound();
  return post;
}

/** A run is calling LinkedIn for this post right now (its lease is held): it cannot change under it. */
export const isPublishing = (post: Pick<PostRow, "publishLeaseUntil">, now: Date) =>
  post.publishLeaseUntil !== null && post.publishLeaseUntil.getTime() > now.getTime();
export function requireNotPublishing(post: Pick<PostRow, "publishLeaseUntil">, now: Date) {
  if (isPublishing(post, now)) throw new HttpError(409, "This post is being published on LinkedIn right now. Try again in a minute.");
}

export const SCHEDULING_ERRORS = {
  past: "The scheduled time must be in the future.",
  status: "Only drafts, scheduled and failed posts can be scheduled.",
  needsLinkedin: "Connect LinkedIn in Settings to publish automatically, or choose Remind me.",
} as const;

/** A time a post can be given: a real instant, after `now`. */
export function requireFuture(time: Date, now: Date) {
  if (Number.isNaN(time.getTime()) || time.getTime() <= now.getTime()) throw new HttpError(400, SCHEDULING_ERRORS.past);
}

/** "auto" asked for without a LinkedIn connection is refused before anything is locked. */
export function requireModeAvailable(asked: PublishMode | undefined, connected: boolean) {
  if (asked === "auto" && !connected) throw new HttpError(409, SCHEDULING_ERRORS.needsLinkedin);
}

/**
 * How a post is published at its time: the mode asked for; else a scheduled post keeps its own
 * (a move is not a change of mind); else "auto" when LinkedIn is connected, "remind" otherwise.
 */
export function publishModeFor(post: Pick<PostRow, "status" | "publishMode">, asked: PublishMode | undefined, connected: boolean): PublishMode {
  const kept = post.status === "scheduled" && (post.publishMode === "auto" || post.publishMode === "remind") ? post.publishMode : undefined;
  const wanted = asked ?? kept ?? (connected ? "auto" : "remind");
  return wanted === "auto" && !connected ? "remind" : wanted;
}

/**
 * What waits for a post's time, planned again after every change: the schedule planner
 * (schedule-planner.ts: a reminder or a publication). Named here so this module needs no other service.
 */
export type TimePlanner = { plan(tx: Tx, post: PostRow, user: UserRow): Promise<void> };

export function createScheduling(deps: { planner: TimePlanner }) {
  const { planner } = deps;

  /**
   * Gives a locked post its time, after every check. `immediate` is Retry's "publish again
   * now", the one path whose time is not in the future; `reset` clears what a path leaves
   * behind. Extra status rules a path has (Schedule as recommended takes drafts only) are
   * checked by it before calling.
   */
  async function setTime(
    tx: Tx,
    user: UserRow,
    post: PostRow,
    change: { scheduledTime: Date; publishMode: PublishMode; now: Date; immediate?: boolean; reset?: Partial<typeof posts.$inferInsert> },
  ): Promise<PostRow> {
    const { scheduledTime, publishMode, now } = change;
    requireNotPublishing(post, now);
    if (!canSchedule(post.status)) throw new HttpError(409, SCHEDULING_ERRORS.status);
    if (!change.immediate) requireFuture(scheduledTime, now);
    const [updated] = await tx
      .update(posts)
      // A new time is a new reminder, even if the old time's was sent.
      .set({ status: "scheduled", scheduledTime, publishMode, reminderSentAt: null, failureReason: null, ...change.reset, updatedAt: now })
      .where(eq(posts.id, post.id))
      .returning();
    await planner.plan(tx, updated!, user);
    return updated!;
  }

  /**
   * A timezone change that keeps the user's scheduled posts at their times of day (8:15 AM in
   * London becomes 8:15 AM in New York), inside the caller's transaction, which also writes the
   * new zone. `user` is the account before the change. A post whose time of day has already
   * passed in the new zone, or that is being published right now, keeps its moment.
   */
  async function keepTimesOfDay(tx: Tx, user: UserRow, toZone: string, now: Date): Promise<{ moved: number; kept: number }> {
    const scheduled = await tx.select().from(posts).where(upcomingScheduled(user.id, now)).orderBy(posts.scheduledTime).for("update");
    let moved = 0;
    let kept = 0;
    for (const post of scheduled) {
      const next = zonedTimeToInstant(wallTime(post.scheduledTime!, user.timezone), toZone);
      // Zones that agree on that day (London and Lisbon): its time of day is already kept.
      if (next.getTime() === post.scheduledTime!.getTime()) {
        moved += 1;
        continue;
      }
      if (isPublishing(post, now) || next.getTime() <= now.getTime()) {
        kept += 1;
        continue;
      }
      const publishMode = post.publishMode === "auto" ? "auto" : "remind";
      await setTime(tx, { ...user, timezone: toZone }, post, { scheduledTime: next, publishMode, now });
      moved += 1;
    }
    return { moved, kept };
  }

  return { setTime, keepTimesOfDay };
}

/** The user's scheduled posts still ahead: the ones a timezone change asks about. */
export const upcomingScheduled = (userId: string, now: Date) => and(eq(posts.userId, userId), eq(posts.status, "scheduled"), gt(posts.scheduledTime, now));

export type Scheduling = ReturnType<typeof createScheduling>;
