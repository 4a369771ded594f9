import { and, eq, gt, isNull, lte } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Tx } from "../../../db/client";
import { carousels, linkedinConnections, posts, users } from "../../../db/schema";
import type { Clock } from "../../clock";
import { HttpError } from "../../http-error";
import { PUBLISH_POST } from "../../jobs/kinds";
import type { Queue } from "../../jobs/queue";
import type { Logger } from "../../logger";
import type { LinkedinProvider } from "../../providers/linkedin";
import { formatLongDate } from "../../shared/format-date";
import { guardRedirect } from "../../shared/guard";
import { canRetry } from "../../shared/post-status";
import type { UserRow } from "../accounts";
import { renderStored } from "../carousels";
import { requireLiveSubscription } from "../billing/subscription";
import type { EmailService } from "../email";
import { issueMarkPostedToken, lockDuePost, validUrl } from "../reminders";
import { createScheduling, lockUserPost } from "../scheduling";
import type { ConnectionStore } from "./connection-store";
import { type LinkedinFailure, linkedinFailure } from "./failure";

/**
 * Publishing a scheduled post on LinkedIn at its time (issue #15), exactly once:
 * - a keyed job waits for the post's time (moved or cancelled with the post, like a reminder);
 * - a run claims the post in a transaction (row lock, then a lease in `publish_lease_until`), so
 *   two workers, or a duplicate job, cannot both call LinkedIn for it;
 * - `publish_attempt_at` is written before the request and cleared when its outcome is known:
 *   found still set by a later run, the outcome is unknown, so LinkedIn is asked whether the post
 *   exists before anything is sent again; when LinkedIn will not say (no r_member_social), the
 *   post fails and the user decides (never a second post behind their back);
 * - 429, 5xx and "could not connect" are retried with growing delays for 30 minutes from the first
 *   attempt; 401, 426 and other refusals fail at once. A failure is the post's status `failed` with
 *   the reason, and an email with the post and Post it yourself, written in the same transaction.
 */

export const PUBLISH_LEASE_MS = 2 * 60_000;
export const RETRY_WINDOW_MS = 30 * 60_000;
const MIN_RETRY_MS = 60_000;
const MAX_RETRY_MS = 10 * 60_000;

export const publishPayload = v.object({
  postId: v.pipe(v.string(), v.uuid()),
  /** The time the run was planned for: a post moved (or retried) since is published by its new job. */
  scheduledTime: v.pipe(v.string(), v.isoTimestamp()),
});
export type PublishPayload = v.InferOutput<typeof publishPayload>;

const publishKey = (postId: string) => `${PUBLISH_POST}:${postId}`;

/** The wait before retry: about as long as it has failed so far (1, 2, 4, 8 minutes...), at most 10. */
export function retryDelayMs(sinceFirstAttemptMs: number, retryAfterSeconds: number | null): number {
  const base = Math.min(Math.max(sinceFirstAttemptMs, MIN_RETRY_MS), MAX_RETRY_MS);
  return retryAfterSeconds ? Math.max(base, Math.min(retryAfterSeconds * 1000, MAX_RETRY_MS)) : base;
}

export const REASONS = {
  notConnected: "LinkedIn is not connected to your account. Connect it in Settings, then retry.",
  expired: (date: string) => `Your LinkedIn connection expired on ${date}. Reconnect LinkedIn in Settings, then retry.`,
  unauthorized: (said: string) => `LinkedIn no longer accepts your connection (LinkedIn said: ${said}). Reconnect LinkedIn in Settings, then retry.`,
  versionRetired: "LinkedIn stopped supporting the version of its API this app uses. We have been alerted; post it yourself or retry later.",
  unconfirmed:
    "LinkedIn did not confirm whether this post was published, and does not let us check. Look at your LinkedIn profile before you retry, so it is not posted twice.",
  gaveUp: (said: string) => `LinkedIn kept failing for 30 minutes (LinkedIn said: ${said}).`,
  refused: (said: string) => `LinkedIn refused the post (LinkedIn said: ${said}).`,
  notLive: "Your subscription is not active, so the post was not published.",
  carouselFailed: "LinkedIn could not process the carousel's PDF, so the post was not published. Retry to upload it again, or post it yourself with the PDF.",
};

/** The transient failure a carousel LinkedIn is still processing counts as (retried like a 5xx, for 30 minutes). */
const CAROUSEL_PROCESSING = "LinkedIn is still processing the carousel PDF";

/** The title LinkedIn shows over the document: the cover's title. */
const pdfTitle = (carousel: { slides: unknown }) => ((carousel.slides as { title: string }[])[0]?.title ?? "Carousel").slice(0, 200);

type Failure = { reason: string; reconnect: boolean };
type PostRow = typeof posts.$inferSelect;

export function createPublishingService(deps: {
  database: Database;
  clock: Clock;
  logger: Logger;
  queue: Queue;
  email: EmailService;
  provider: LinkedinProvider | null;
  connections: ConnectionStore;
  /** LINKEDIN_VERSION, named in the operator's log line when LinkedIn retires it. */
  version: string;
}) {
  const { database, clock, logger, queue, email, provider, connections, version } = deps;
  const db = database.db;

  /** Whether this user's posts can be published automatically: LinkedIn configured and a profile connected. */
  async function canAutoPublish(userId: string, on: Tx | Database["db"] = db): Promise<boolean> {
    if (!provider) return false;
    const [row] = await on.select({ id: linkedinConnections.id }).from(linkedinConnections).where(eq(linkedinConnections.userId, userId));
    return Boolean(row);
  }

  /** Plans (or moves) a post's publication at its time, inside the caller's transaction. */
  async function plan(tx: Tx, post: { id: string; scheduledTime: Date | null }) {
    if (!post.scheduledTime) return cancel(tx, post.id);
    const now = clock.now();
    const runAt = post.scheduledTime.getTime() < now.getTime() ? now : post.scheduledTime;
    await queue.schedule(PUBLISH_POST, { postId: post.id, scheduledTime: post.scheduledTime.toISOString() }, { key: publishKey(post.id), runAt, on: tx });
  }

  async function cancel(tx: Tx, postId: string) {
    await queue.cancel(publishKey(postId), { on: tx });
  }

  // Retry goes through the one scheduling module; what waits for its time is this publication.
  const scheduling = createScheduling({ planner: { plan: (tx, post) => plan(tx, post) } });

  /** POST /api/posts/:id/retry: a failed post is published again now, through the same job. */
  async function retry(user: UserRow, postId: string): Promise<PostRow> {
    const now = clock.now();
    requireLiveSubscription(user, now);
    const updated = await db.transaction(async (tx) => {
      const post = await lockUserPost(tx, user.id, postId);
      if (!canRetry(post.status)) throw new HttpError(409, "Only a post whose publishing failed can be retried.");
      if (!(await canAutoPublish(user.id, tx))) throw new HttpError(409, "Connect LinkedIn in Settings to publish automatically.");
      // Published again now: the one path whose time is not in the future.
      return scheduling.setTime(tx, user, post, {
        scheduledTime: now,
        publishMode: "auto",
        now,
        immediate: true,
        reset: { publishAttemptAt: null, publishFirstAttemptAt: null, publishLeaseUntil: null },
      });
    });
    queue.wake();
    return updated;
  }

  type Claim =
    | { done: string }
    | {
        go: {
          post: PostRow;
          user: UserRow;
          sourceUrl: string | null;
          connection: NonNullable<Awaited<ReturnType<ConnectionStore["connectionOf"]>>>;
          check: boolean;
          attemptAt: Date;
          firstAttemptAt: Date;
        };
      };

  /** The job: claims the post, talks to LinkedIn, and records the outcome. */
  async function publishDue(payload: PublishPayload): Promise<{ outcome: string }> {
    const claim: Claim = await db.transaction(async (tx): Promise<Claim> => {
      const now = clock.now();
      const row = await lockDuePost(tx, payload.postId);
      if (!row) return { done: "the post was deleted" };
      const { post, user } = row;
      if (post.status !== "scheduled") return { done: `the post is ${post.status}` };
      if (post.publishMode !== "auto") return { done: "the post is reminded, not published" };
      if (post.scheduledTime?.toISOString() !== new Date(payload.scheduledTime).toISOString()) return { done: "the post was moved" };
      if (post.publishLeaseUntil && post.publishLeaseUntil.getTime() > now.getTime()) {
        // Another run holds it: look again when its lease ends, in case that run died.
        await queue.enqueue(PUBLISH_POST, payload, { on: tx, runAt: new Date(post.publishLeaseUntil.getTime() + 1_000) });
        return { done: "another run is publishing it" };
      }
      if (guardRedirect({ user }, now)) return failIn(tx, post, user, { reason: REASONS.notLive, reconnect: false }, false);
      const connection = provider ? await connections.connectionOf(user.id, tx) : undefined;
      if (!connection) return failIn(tx, post, user, { reason: REASONS.notConnected, reconnect: false });
      if (connection.expiresAt.getTime() <= now.getTime()) {
        return failIn(tx, post, user, { reason: REASONS.expired(formatLongDate(connection.expiresAt, user.timezone)), reconnect: true });
      }
      const check = post.publishAttemptAt !== null;
      const firstAttemptAt = post.publishFirstAttemptAt ?? now;
      await tx
        .update(posts)
        .set({
          publishLeaseUntil: new Date(now.getTime() + PUBLISH_LEASE_MS),
          publishFirstAttemptAt: firstAttemptAt,
          ...(check ? {} : { publishAttemptAt: now }),
        })
        .where(eq(posts.id, post.id));
      return { go: { post, user, sourceUrl: validUrl(row.sourceUrl), connection, check, attemptAt: post.publishAttemptAt ?? now, firstAttemptAt } };
    });
    if ("done" in claim) return { outcome: claim.done };
    const { post, user, connection, firstAttemptAt } = claim.go;
    const linkedin = provider!;
    let attemptAt = claim.go.attemptAt;
    const accessToken = await connections.accessToken(connection);
    const input = { accessToken, authorUrn: connection.personUrn, text: post.content };

    try {
      if (claim.go.check) {
        const found = await linkedin.findPublishedPost({ ...input, since: attemptAt });
        if (found.status === "found") return succeed(post, user, claim.go.sourceUrl, connection, accessToken, found.postUrn);
        if (found.status === "cannot_check") return fail(post, user, { reason: REASONS.unconfirmed, reconnect: false });
        // Not there: the earlier attempt did not go out, so this one may.
        attemptAt = clock.now();
        await db.update(posts).set({ publishAttemptAt: attemptAt }).where(eq(posts.id, post.id));
      }
      // A post with a carousel goes out as a document post, once LinkedIn has processed the PDF.
      const document = await carouselDocument(post, accessToken, connection.personUrn);
      if (document === "processing")
        return afterFailure(post, user, firstAttemptAt, { kind: "server", reason: CAROUSEL_PROCESSING, status: null, retryAfterSeconds: null }, false);
      if (document === "failed") return fail(post, user, { reason: REASONS.carouselFailed, reconnect: false });
      const { postUrn } = await linkedin.publish({ ...input, ...(document ? { document } : {}) });
      return succeed(post, user, claim.go.sourceUrl, connection, accessToken, postUrn);
    } catch (error) {
      const failure = linkedinFailure(error);
      if (!failure) {
        await db.update(posts).set({ publishLeaseUntil: null }).where(eq(posts.id, post.id));
        throw error;
      }
      if (failure.kind === "unknown_outcome")
        return afterUnknownOutcome(post, user, claim.go.sourceUrl, connection, accessToken, attemptAt, firstAttemptAt, failure);
      return afterFailure(post, user, firstAttemptAt, failure, false);
    }
  }

  /**
   * The post's carousel as a LinkedIn document: uploaded once per carousel version (a retry
   * reuses the URN stored on the carousel, so it is never uploaded twice), then ready only once
   * LinkedIn says AVAILABLE. "processing" waits for a later run; "failed" is LinkedIn refusing
   * the file after the upload (the URN is forgotten, so a retry by the user uploads it again).
   */
  async function carouselDocument(
    post: PostRow,
    accessToken: string,
    ownerUrn: string,
  ): Promise<{ urn: string; title: string } | "processing" | "failed" | undefined> {
    const [carousel] = await db.select().from(carousels).where(eq(carousels.postId, post.id));
    if (!carousel) return undefined;
    const linkedin = provider!;
    let urn = carousel.linkedinDocumentVersion === carousel.version ? carousel.linkedinDocumentUrn : null;
    const title = pdfTitle(carousel);
    if (!urn) {
      const { bytes } = await renderStored(carousel, post.hook || post.content);
      ({ documentUrn: urn } = await linkedin.uploadDocument({ accessToken, ownerUrn, pdf: bytes }));
      await db.update(carousels).set({ linkedinDocumentUrn: urn, linkedinDocumentVersion: carousel.version }).where(eq(carousels.id, carousel.id));
    }
    const status = await linkedin.documentStatus({ accessToken, documentUrn: urn });
    if (status === "AVAILABLE") return { urn, title };
    if (status === "PROCESSING_FAILED") {
      await db.update(carousels).set({ linkedinDocumentUrn: null, linkedinDocumentVersion: null }).where(eq(carousels.id, carousel.id));
      return "failed";
    }
    return "processing";
  }

  /** The publish may have gone out: ask LinkedIn now; only "not there" allows another try. */
  async function afterUnknownOutcome(
    post: PostRow,
    user: UserRow,
    sourceUrl: string | null,
    connection: Parameters<typeof succeed>[3],
    accessToken: string,
    attemptAt: Date,
    firstAttemptAt: Date,
    failure: LinkedinFailure,
  ) {
    logger.warn("linkedin publish outcome unknown", { postId: post.id, reason: failure.reason });
    try {
      const found = await provider!.findPublishedPost({ accessToken, authorUrn: connection.personUrn, text: post.content, since: attemptAt });
      if (found.status === "found") return succeed(post, user, sourceUrl, connection, accessToken, found.postUrn);
      if (found.status === "cannot_check") return fail(post, user, { reason: REASONS.unconfirmed, reconnect: false });
      return afterFailure(post, user, firstAttemptAt, failure, false);
    } catch (error) {
      const checkFailure = linkedinFailure(error);
      if (!checkFailure) throw error;
      // Still unknown: keep the attempt marked so the next run checks before posting.
      return afterFailure(
        post,
        user,
        firstAttemptAt,
        checkFailure.kind === "unauthorized" || checkFailure.kind === "version_retired" ? checkFailure : failure,
        true,
      );
    }
  }

  async function afterFailure(
    post: PostRow,
    user: UserRow,
    firstAttemptAt: Date,
    failure: LinkedinFailure,
    stillUnknown: boolean,
  ): Promise<{ outcome: string }> {
    const said = failure.reason;
    if (failure.kind === "unauthorized") return fail(post, user, { reason: REASONS.unauthorized(said), reconnect: true });
    if (failure.kind === "version_retired") {
      // For the operator: nothing a user can do fixes this.
      logger.error("LinkedIn retired the API version this app sends: raise LINKEDIN_VERSION", { LINKEDIN_VERSION: version, postId: post.id, reason: said });
      return fail(post, user, { reason: REASONS.versionRetired, reconnect: false });
    }
    if (failure.kind === "rejected") return fail(post, user, { reason: REASONS.refused(said), reconnect: false });
    // rate_limited, server, unreachable, unknown_outcome (not there, or not yet known): try again later.
    const now = clock.now();
    const elapsed = now.getTime() - firstAttemptAt.getTime();
    if (elapsed >= RETRY_WINDOW_MS) return fail(post, user, { reason: stillUnknown ? REASONS.unconfirmed : REASONS.gaveUp(said), reconnect: false });
    const runAt = new Date(now.getTime() + retryDelayMs(elapsed, failure.retryAfterSeconds));
    await db.transaction(async (tx) => {
      await tx
        .update(posts)
        .set({ publishLeaseUntil: null, ...(stillUnknown ? {} : { publishAttemptAt: null }) })
        .where(eq(posts.id, post.id));
      await queue.enqueue(PUBLISH_POST, { postId: post.id, scheduledTime: post.scheduledTime!.toISOString() }, { on: tx, runAt });
    });
    logger.warn("linkedin publish will be retried", { postId: post.id, kind: failure.kind, status: failure.status, runAt });
    return { outcome: `retry at ${runAt.toISOString()}` };
  }

  async function succeed(
    post: PostRow,
    user: UserRow,
    sourceUrl: string | null,
    connection: { personUrn: string },
    accessToken: string,
    postUrn: string,
  ): Promise<{ outcome: string }> {
    const linkedinUrl = provider!.postUrl(postUrn);
    await db.transaction(async (tx) => {
      const now = clock.now();
      await tx
        .update(posts)
        .set({
          status: "posted",
          postedAt: now,
          linkedinPostUrn: postUrn,
          linkedinUrl,
          failureReason: null,
          publishLeaseUntil: null,
          publishAttemptAt: null,
          publishFirstAttemptAt: null,
          updatedAt: now,
        })
        .where(eq(posts.id, post.id));
    });
    // After the post is recorded: a failure here must never lead to posting again.
    let commentFailure: string | null = null;
    if (sourceUrl) {
      try {
        await provider!.comment({ accessToken, actorUrn: connection.personUrn, postUrn, text: sourceUrl });
      } catch (error) {
        const failure = linkedinFailure(error);
        if (!failure) throw error;
        commentFailure = failure.reason;
        logger.warn("linkedin first comment refused", { postId: post.id, kind: failure.kind, status: failure.status });
      }
    }
    await email.sendEmail("linkedin-published", user.email, {
      name: user.name,
      content: post.content,
      postId: post.id,
      linkedinUrl,
      commentUrl: sourceUrl,
      commentFailure,
    });
    logger.info("linkedin post published", { postId: post.id, postUrn });
    return { outcome: "posted" };
  }

  async function fail(post: PostRow, user: UserRow, failure: Failure): Promise<{ outcome: string }> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, post.id)).for("update");
      if (!locked) return { outcome: "the post was deleted" };
      return failIn(tx, post, user, failure);
    });
  }

  /** Marks the post failed with its reason and emails the user, in the caller's transaction. */
  async function failIn(tx: Tx, post: PostRow, user: UserRow, failure: Failure, notify = true): Promise<{ done: string; outcome: string }> {
    const now = clock.now();
    await tx
      .update(posts)
      .set({ status: "failed", failureReason: failure.reason, publishLeaseUntil: null, publishAttemptAt: null, publishFirstAttemptAt: null, updatedAt: now })
      .where(eq(posts.id, post.id));
    if (notify) {
      const actionToken = await issueMarkPostedToken(tx, { userId: user.id, postId: post.id, now });
      const props = { name: user.name, content: post.content, postId: post.id, reason: failure.reason, actionToken };
      await email.sendEmail(failure.reconnect ? "linkedin-reconnect" : "linkedin-failed", user.email, props, { on: tx });
    }
    logger.warn("linkedin publish failed", { postId: post.id, reconnect: failure.reconnect });
    return { done: "failed", outcome: "failed" };
  }

  /** Posts set to publish automatically after the connection ends (flagged in the UI, counted in emails). */
  async function postsAfter(userId: string, expiresAt: Date): Promise<number> {
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, "scheduled"), eq(posts.publishMode, "auto"), gt(posts.scheduledTime, expiresAt)));
    return rows.length;
  }

  /** The recurring job: "ends in 7 days" and "ends tomorrow" emails, each once per token, whichever process runs it. */
  async function sendExpiryNotices(): Promise<{ sent: number }> {
    const now = clock.now();
    let sent = 0;
    for (const days of [1, 7] as const) {
      const column = days === 1 ? linkedinConnections.expiryNotice1SentAt : linkedinConnections.expiryNotice7SentAt;
      const horizon = new Date(now.getTime() + days * 24 * 60 * 60_000);
      const due = await db
        .select({ connection: linkedinConnections, user: users })
        .from(linkedinConnections)
        .innerJoin(users, eq(users.id, linkedinConnections.userId))
        .where(and(isNull(column), lte(linkedinConnections.expiresAt, horizon), gt(linkedinConnections.expiresAt, now)));
      for (const { connection, user } of due) {
        const count = await postsAfter(user.id, connection.expiresAt);
        const claimed = await db.transaction(async (tx) => {
          // The 1-day notice stands for the 7-day one when both are due (a late connection check).
          const set = days === 1 ? { expiryNotice1SentAt: now, expiryNotice7SentAt: connection.expiryNotice7SentAt ?? now } : { expiryNotice7SentAt: now };
          const [row] = await tx
            .update(linkedinConnections)
            .set(set)
            .where(and(eq(linkedinConnections.id, connection.id), isNull(column)))
            .returning({ id: linkedinConnections.id });
          if (!row) return false;
          await email.sendEmail(
            "linkedin-expiring",
            user.email,
            { name: user.name, expiresAt: connection.expiresAt, timeZone: user.timezone, days, postsAfterExpiry: count },
            { on: tx },
          );
          return true;
        });
        if (claimed) sent += 1;
      }
    }
    return { sent };
  }

  return { canAutoPublish, plan, cancel, retry, publishDue, sendExpiryNotices };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
