import { and, eq, gt, isNull } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Tx } from "../../db/client";
import { actionTokens, carousels, posts, sources, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { Queue } from "../jobs/queue";
import { guardRedirect } from "../shared/guard";
import type { EmailService } from "./email";
import { hashToken, newToken, tokenMatches } from "./tokens";
import { POST_REMINDER } from "../jobs/kinds";
import { canMarkPosted } from "../shared/post-status";
import { requireLiveSubscription } from "./billing/subscription";

/** The same rule as PATCH /api/posts/:id: marking a post needs a live subscription. */
function inactive(user: Parameters<typeof requireLiveSubscription>[0], now: Date): Extract<MarkPostedLink, { state: "inactive" }> | undefined {
  try {
    requireLiveSubscription(user, now);
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return { state: "inactive", message: error.message, paymentRequired: error.extra.paymentRequired === true };
    throw error;
  }
}

/**
 * The posting assistant's reminders (issue "Scheduled means it gets posted"): when a post is
 * scheduled, a keyed job waits for its time (less the lead the user chose); moving the post
 * moves the job, unscheduling or posting cancels it. When it runs it checks the post is still
 * scheduled for that same time and not yet reminded, then, in one transaction, marks it
 * reminded, stores a single-purpose Mark as posted token and queues the email: so each post is
 * reminded once, whichever process runs the job and however often it is retried.
 */

/** How long before the post's time the reminder goes: at the time, 15 or 60 minutes before. */
export const REMINDER_LEADS = [0, 15, 60] as const;
/** A Mark as posted link works for a week after the reminder. */
export const ACTION_TOKEN_DAYS = 7;

const reminderKey = (postId: string) => `${POST_REMINDER}:${postId}`;

export const reminderPayload = v.object({
  postId: v.pipe(v.string(), v.uuid()),
  /** The time the reminder was planned for: a post moved since is reminded by its new job. */
  scheduledTime: v.pipe(v.string(), v.isoTimestamp()),
});
export type ReminderPayload = v.InferOutput<typeof reminderPayload>;

export const reminderSettingsSchema = v.strictObject(
  {
    remindersEnabled: v.boolean("remindersEnabled must be true or false."),
    reminderLeadMinutes: v.picklist(REMINDER_LEADS, "reminderLeadMinutes must be 0, 15 or 60."),
  },
  "Send remindersEnabled and reminderLeadMinutes, nothing else.",
);
export type ReminderSettings = v.InferOutput<typeof reminderSettingsSchema>;

type UserSettings = { remindersEnabled: boolean; reminderLeadMinutes: number };

/** The reminder choice as GET /api/user and Settings show it. */
export const reminderFields = (user: UserSettings): ReminderSettings => ({
  remindersEnabled: user.remindersEnabled,
  reminderLeadMinutes: (REMINDER_LEADS as readonly number[]).includes(user.reminderLeadMinutes)
    ? (user.reminderLeadMinutes as ReminderSettings["reminderLeadMinutes"])
    : 0,
});
type ScheduledPost = { id: string; scheduledTime: Date | null };

/** What a Mark as posted link leads to: the confirmation page shows one of these. */
export type MarkPostedLink =
  | { state: "valid"; post: { id: string; content: string; scheduledTime: string | null; sourceUrl: string | null }; timezone: string }
  | { state: "done"; post: { id: string } }
  | { state: "used" | "expired" | "closed" | "invalid" }
  /** The owner's subscription is not live: the API's own 403 message. */
  | { state: "inactive"; message: string; paymentRequired: boolean };

/**
 * A post whose time has come (for its reminder or its publication), locked for the job that
 * acts on it, with its owner and the article it came from.
 */
export async function lockDuePost(tx: Tx, postId: string) {
  const [row] = await tx
    .select({ post: posts, user: users, sourceUrl: sources.contentUrl })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(sources, eq(sources.id, posts.sourceId))
    .where(eq(posts.id, postId))
    .for("update", { of: posts });
  return row;
}

export function createRemindersService(deps: { database: Database; clock: Clock; queue: Queue; email: EmailService }) {
  const { database, clock, queue, email } = deps;
  const db = database.db;

  /** Plans (or moves) the reminder of a post just scheduled, inside the caller's transaction. */
  async function plan(tx: Tx, post: ScheduledPost, user: UserSettings) {
    if (!user.remindersEnabled || !post.scheduledTime) return cancel(tx, post.id);
    const due = new Date(post.scheduledTime.getTime() - user.reminderLeadMinutes * 60_000);
    const runAt = due.getTime() < clock.now().getTime() ? clock.now() : due;
    await queue.schedule(POST_REMINDER, { postId: post.id, scheduledTime: post.scheduledTime.toISOString() }, { key: reminderKey(post.id), runAt, on: tx });
  }

  /** Cancels a post's waiting reminder (posted, deleted, reminders turned off). */
  async function cancel(tx: Tx, postId: string) {
    await queue.cancel(reminderKey(postId), { on: tx });
  }

  /** Settings → Reminders: saves the choice and re-plans every upcoming reminder to match. */
  async function updateSettings(userId: string, settings: ReminderSettings): Promise<ReminderSettings> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ ...settings, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!user) throw new HttpError(404, "Account not found.");
      const upcoming = await tx
        .select({ id: posts.id, scheduledTime: posts.scheduledTime })
        .from(posts)
        .where(
          and(
            eq(posts.userId, userId),
            eq(posts.status, "scheduled"),
            eq(posts.publishMode, "remind"),
            gt(posts.scheduledTime, now),
            isNull(posts.reminderSentAt),
          ),
        );
      for (const post of upcoming) await plan(tx, post, settings);
    });
    queue.wake();
    return settings;
  }

  /** The job: sends the reminder if the post is still scheduled for that time and not yet reminded. */
  async function sendReminder(payload: ReminderPayload): Promise<{ sent: boolean; reason?: string }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await lockDuePost(tx, payload.postId);
      if (!row) return { sent: false, reason: "the post was deleted" };
      const { post, user } = row;
      if (post.status !== "scheduled") return { sent: false, reason: `the post is ${post.status}` };
      // A post LinkedIn publishes by itself needs no "time to post" email.
      if (post.publishMode === "auto") return { sent: false, reason: "the post is published automatically" };
      if (post.scheduledTime?.toISOString() !== new Date(payload.scheduledTime).toISOString()) return { sent: false, reason: "the post was moved" };
      if (post.reminderSentAt) return { sent: false, reason: "already reminded" };
      if (!user.remindersEnabled) return { sent: false, reason: "reminders are off" };
      // No email for an account that cannot use the product any more; its posts are kept.
      if (guardRedirect({ user }, now)) return { sent: false, reason: "no live subscription" };

      const token = await issueMarkPostedToken(tx, { userId: user.id, postId: post.id, now });
      await tx.update(posts).set({ reminderSentAt: now }).where(eq(posts.id, post.id));
      await email.sendEmail(
        "post-reminder",
        user.email,
        {
          name: user.name,
          content: post.content,
          scheduledTime: post.scheduledTime,
          timeZone: user.timezone,
          sourceUrl: validUrl(row.sourceUrl),
          postId: post.id,
          actionToken: token,
          hasCarousel: (await tx.select({ id: carousels.id }).from(carousels).where(eq(carousels.postId, post.id))).length > 0,
        },
        { on: tx },
      );
      return { sent: true };
    });
  }

  /** Finds the token's row (by its hash, then compared in constant time); undefined for anything else. */
  async function findToken(tx: Tx | Database["db"], token: string, lock: boolean) {
    if (token.length < 20 || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const query = tx
      .select()
      .from(actionTokens)
      .where(and(eq(actionTokens.tokenHash, hashToken(token)), eq(actionTokens.action, "mark-posted")));
    const [row] = lock ? await query.for("update") : await query;
    return row && tokenMatches(token, row.tokenHash) ? row : undefined;
  }

  /** What the link's confirmation page shows (a GET: nothing changes). */
  async function inspectMarkPosted(token: string): Promise<MarkPostedLink> {
    const found = await findToken(db, token, false);
    if (!found) return { state: "invalid" };
    if (found.usedAt) return { state: "used" };
    if (found.expiresAt.getTime() <= clock.now().getTime()) return { state: "expired" };
    const [row] = await db
      .select({ post: posts, user: users, sourceUrl: sources.contentUrl })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(sources, eq(sources.id, posts.sourceId))
      .where(and(eq(posts.id, found.postId), eq(posts.userId, found.userId)));
    if (!row) return { state: "invalid" };
    if (!canMarkPosted(row.post.status)) return { state: "closed" };
    const refused = inactive(row.user, clock.now());
    if (refused) return refused;
    return {
      state: "valid",
      timezone: row.user.timezone,
      post: { id: row.post.id, content: row.post.content, scheduledTime: row.post.scheduledTime?.toISOString() ?? null, sourceUrl: validUrl(row.sourceUrl) },
    };
  }

  /** The confirmation's POST: marks the post as posted and spends the token, in one transaction. */
  async function confirmMarkPosted(token: string, linkedinUrl: string | null = null): Promise<MarkPostedLink> {
    const now = clock.now();
    return db.transaction(async (tx): Promise<MarkPostedLink> => {
      const found = await findToken(tx, token, true);
      if (!found) return { state: "invalid" };
      if (found.usedAt) return { state: "used" };
      if (found.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
      const [locked] = await tx
        .select({ post: posts, user: users })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(posts.id, found.postId), eq(posts.userId, found.userId)))
        .for("update", { of: posts });
      if (!locked) return { state: "invalid" };
      const { post } = locked;
      if (!canMarkPosted(post.status)) return { state: "closed" };
      const refused = inactive(locked.user, now);
      if (refused) return refused;
      await tx.update(posts).set({ status: "posted", postedAt: now, linkedinUrl, updatedAt: now }).where(eq(posts.id, post.id));
      await tx.update(actionTokens).set({ usedAt: now }).where(eq(actionTokens.id, found.id));
      await cancel(tx, post.id);
      return { state: "done", post: { id: post.id } };
    });
  }

  return { plan, cancel, updateSettings, sendReminder, inspectMarkPosted, confirmMarkPosted };
}

export type RemindersService = ReturnType<typeof createRemindersService>;

/**
 * A single-purpose Mark as posted link's token for one post (a reminder, or a failed auto-post's
 * Post it yourself): only its hash is stored; the email carries the token.
 */
export async function issueMarkPostedToken(tx: Tx, input: { userId: string; postId: string; now: Date }): Promise<string> {
  const token = newToken();
  await tx.insert(actionTokens).values({
    userId: input.userId,
    postId: input.postId,
    action: "mark-posted",
    tokenHash: hashToken(token),
    expiresAt: new Date(input.now.getTime() + ACTION_TOKEN_DAYS * 24 * 60 * 60_000),
    createdAt: input.now,
  });
  return token;
}

/** A source address fit for an email link (sources keep what the user typed). */
export function validUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
