import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client";
import { posts } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import { canEdit, canGoBackToDraft, canMarkNotPosted, canMarkPosted } from "../../shared/post-status";
import { MAX_HOOK_CHARS, openingLine } from "../../strategist";
import type { UserRow } from "../accounts";
import { requireLiveSubscription } from "../billing/subscription";
import type { SchedulePlanner } from "../schedule-planner";
import {
  lockUserPost,
  notFound,
  type PostRow,
  type PublishMode,
  publishModeFor,
  requireModeAvailable,
  requireNotPublishing,
  type Scheduling,
  UUID,
} from "../scheduling";
import type { PostChange } from "./post-input";

/**
 * Changing one user's saved posts: editing, scheduling, marking as posted, back to draft and
 * deleting, with the status rules of PRODUCT.md "Posts" checked here, not only in the UI.
 */
export function createPostChanges(deps: {
  database: Database;
  clock: Clock;
  scheduling: Scheduling;
  /** What happens at a scheduled post's time (src/services/schedule-planner.ts): a reminder or a publication. */
  reminders: SchedulePlanner;
  /** Whether the user can publish automatically now (LinkedIn configured and connected). */
  canAutoPublish: (userId: string) => Promise<boolean>;
}) {
  const { database, clock, scheduling, reminders, canAutoPublish } = deps;
  const db = database.db;

  /**
   * Changes one of the user's posts under a row lock (lockUserPost), so two tabs cannot both move
   * it past its rules, and never while a publish is in flight.
   */
  async function changeLocked(user: UserRow, postId: string, change: (tx: Tx, post: PostRow, now: Date) => Promise<PostRow>) {
    const now = clock.now();
    requireLiveSubscription(user, now);
    if (!UUID.test(postId)) throw notFound();
    return db.transaction(async (tx) => {
      const post = await lockUserPost(tx, user.id, postId);
      requireNotPublishing(post, now);
      return change(tx, post, now);
    });
  }

  async function write(tx: Tx, post: PostRow, values: Partial<typeof posts.$inferInsert>, now: Date) {
    const [updated] = await tx
      .update(posts)
      .set({ ...values, updatedAt: now })
      .where(eq(posts.id, post.id))
      .returning();
    return updated!;
  }

  /**
   * New content for a draft, scheduled or failed post (edit until it goes out): the reminder and
   * the publisher read the post when they run, so they carry the latest text. The hook is its
   * opening line, so it follows (View, /posts/:id).
   */
  function editPost(user: UserRow, postId: string, content: string) {
    return changeLocked(user, postId, (tx, post, now) => {
      if (!canEdit(post.status)) throw new HttpError(409, "A posted post can no longer be edited.");
      return write(tx, post, { content, hook: openingLine(content).slice(0, MAX_HOOK_CHARS) }, now);
    });
  }

  /**
   * Schedules (or moves: the calendar's drag) a draft, scheduled or failed post through the one
   * scheduling module; its reminder or publication moves with it. Without a mode, a scheduled
   * post keeps its own and any other gets "auto" when LinkedIn is connected, else "remind".
   */
  async function schedulePost(user: UserRow, postId: string, scheduledTime: Date, publishMode?: PublishMode) {
    const connected = await canAutoPublish(user.id);
    requireModeAvailable(publishMode, connected);
    return changeLocked(user, postId, (tx, post, now) =>
      scheduling.setTime(tx, user, post, { scheduledTime, publishMode: publishModeFor(post, publishMode, connected), now }),
    );
  }

  /** Marks a draft or scheduled post as posted (with its LinkedIn address, if given); its reminder is cancelled. */
  function markPosted(user: UserRow, postId: string, linkedinUrl: string | null) {
    return changeLocked(user, postId, async (tx, post, now) => {
      if (!canMarkPosted(post.status)) throw new HttpError(409, "Only drafts, scheduled and failed posts can be marked as posted.");
      const updated = await write(tx, post, { status: "posted", postedAt: now, linkedinUrl, failureReason: null }, now);
      await reminders.cancel(tx, post.id);
      return updated;
    });
  }

  /**
   * Back: a scheduled post loses its time ("Unschedule"); a posted one, marked by mistake, loses
   * its posting and the results recorded for it ("Mark as not posted"), and goes back to
   * Scheduled at its time when that is still ahead (a slot is not lost to a slip), else to Drafts.
   */
  async function backToDraft(user: UserRow, postId: string) {
    const connected = await canAutoPublish(user.id);
    return changeLocked(user, postId, async (tx, post, now) => {
      if (!canGoBackToDraft(post.status)) throw new HttpError(409, "This post is already a draft.");
      const unposted = canMarkNotPosted(post.status)
        ? { postedAt: null, linkedinUrl: null, impressions: null, reactions: null, comments: null, resultsRecordedAt: null, resultsSkippedAt: null }
        : {};
      if (canMarkNotPosted(post.status) && post.scheduledTime && post.scheduledTime.getTime() > now.getTime()) {
        const publishMode = publishModeFor({ status: "scheduled", publishMode: post.publishMode }, undefined, connected);
        return scheduling.setTime(tx, user, { ...post, status: "draft" }, { scheduledTime: post.scheduledTime, publishMode, now, reset: unposted });
      }
      const updated = await write(tx, post, { status: "draft", scheduledTime: null, reminderSentAt: null, ...unposted }, now);
      await reminders.cancel(tx, post.id);
      return updated;
    });
  }

  /** The one change a PATCH /api/posts/:id asks for (parsePostChange), by its verb. */
  function changePost(user: UserRow, postId: string, change: PostChange) {
    if (change.kind === "edit") return editPost(user, postId, change.content);
    if (change.kind === "schedule") return schedulePost(user, postId, change.scheduledTime, change.publishMode);
    if (change.kind === "markPosted") return markPosted(user, postId, change.linkedinUrl);
    return backToDraft(user, postId);
  }

  /** Deletes one of the user's posts. The allowance counts saves, so a delete gives nothing back. */
  async function deletePost(user: UserRow, postId: string) {
    requireLiveSubscription(user, clock.now());
    if (!UUID.test(postId)) throw notFound();
    await db.transaction(async (tx) => {
      const post = await lockUserPost(tx, user.id, postId);
      requireNotPublishing(post, clock.now());
      await tx.delete(posts).where(eq(posts.id, post.id));
      await reminders.cancel(tx, postId);
    });
  }

  return { editPost, schedulePost, markPosted, backToDraft, changePost, deletePost };
}
