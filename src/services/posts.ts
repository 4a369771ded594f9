import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Db, Tx } from "../../db/client";
import { postSaves, posts, sources, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import type { UserRow } from "./accounts";
import { allowanceWindow, requireLiveSubscription, WEEKLY_POST_LIMIT } from "./billing/subscription";
import { formatLongDate } from "../shared/format-date";
import { canEdit, canGoBackToDraft, canMarkNotPosted, canMarkPosted, type PostStatus } from "../shared/post-status";
import { type Read, readOne } from "./json-reads";
import { DEFAULT_PAGE_SIZE, postListQuerySchema } from "./post-lists";
import type { SchedulePlanner } from "./schedule-planner";
import { createScheduling, lockUserPost, notFound, type PostRow, type PublishMode, publishModeFor, requireFuture, requireModeAvailable, requireNotPublishing, UUID } from "./scheduling";
import { MAX_CONTENT_CHARS, MAX_HOOK_CHARS, openingLine, WEEKDAYS } from "../strategist";

/**
 * Saving posts, within the weekly allowance (PRODUCT.md "The weekly allowance"): 7 saved posts
 * per 7-day window of the billing period. Editing, scheduling and deleting do not give one back.
 * Reading, scheduling, marking as posted, editing and deleting one user's posts, with the status
 * rules of PRODUCT.md "Posts" checked here, not only in the UI.
 */

const optionalText = (max: number, label: string) =>
  v.optional(v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`)), "");

export const newPostSchema = v.object({
  content: v.pipe(
    v.string("Content is required."),
    v.trim(),
    v.nonEmpty("Content is required."),
    v.maxLength(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters (LinkedIn's limit).`),
  ),
  hook: optionalText(MAX_HOOK_CHARS, "Hook"),
  postOrder: v.optional(v.pipe(v.string("postOrder must be a string."), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7.")), "1"),
  postType: v.optional(v.pipe(v.string("postType must be text."), v.trim(), v.nonEmpty("postType must not be blank."), v.maxLength(30, "postType must be at most 30 characters.")), "value"),
  strategyExplanation: optionalText(2_000, "strategyExplanation"),
  recommendedDay: v.optional(v.nullable(v.picklist(WEEKDAYS, "recommendedDay must be a day of the week."))),
  recommendedTime: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/, 'recommendedTime must look like "9:00 AM".')))),
  status: v.optional(v.literal("draft", "A new post is always saved as a draft."), "draft"),
  sourceId: v.optional(v.nullable(v.pipe(v.string(), v.uuid("sourceId must be an id.")))),
});

export type NewPost = v.InferOutput<typeof newPostSchema>;

/** GET /api/posts/upcoming?limit=: as many as a page of a list holds, unless asked for fewer. */
export const upcomingQuerySchema = v.object({ limit: postListQuerySchema.entries.limit });

/** POST /api/sources/:id/drafts (Save All to Drafts): the plan's posts, each as POST /api/posts takes it, without the source. */
export const planPostsSchema = v.strictObject(
  {
    posts: v.pipe(
      v.array(v.omit(newPostSchema, ["sourceId"]), "posts must be a list of posts."),
      v.minLength(1, "posts must hold at least one post."),
      v.maxLength(7, "posts must hold at most 7 posts (a plan's most)."),
      v.check((list) => new Set(list.map((post) => post.postOrder)).size === list.length, "Each post of a plan must have its own postOrder."),
    ),
  },
  "Send {posts: [...]} and nothing else.",
);
type PlanPost = Omit<NewPost, "sourceId">;

/** POST /api/sources/:id/save-and-schedule: the plan's posts and the slots the user confirmed, by postOrder. */
export const saveAndScheduleSchema = v.strictObject(
  {
    posts: planPostsSchema.entries.posts,
    slots: v.pipe(
      v.array(
        v.strictObject({
          postOrder: v.pipe(v.string("postOrder must be a string."), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7.")),
          scheduledTime: v.pipe(v.string("scheduledTime must be a date and time."), v.isoTimestamp("scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z.")),
        }),
        "slots must be a list.",
      ),
      v.maxLength(7, "slots must hold at most 7 posts (a plan's most)."),
      v.check((list) => new Set(list.map((slot) => slot.postOrder)).size === list.length, "Each post may appear once."),
    ),
    publishMode: v.optional(v.picklist(["auto", "remind"], "publishMode must be 'auto' or 'remind'.")),
  },
  "Send {posts: [...], slots: [{postOrder, scheduledTime}]} and nothing else.",
);

export const PUBLISH_MODES = ["auto", "remind"] as const satisfies readonly PublishMode[];
export type { PublishMode };

const ONE_CHANGE = "Send exactly one change: {scheduledTime, status: 'scheduled'}, {status: 'posted'} (with linkedinUrl if you like), {status: 'draft'} (unschedule, or mark as not posted) or {content}.";

/** PATCH /api/posts/:id (SPEC.md section 7): exactly one of three changes, nothing else beside it. */
export const scheduleSchema = v.strictObject(
  {
    scheduledTime: v.pipe(
      v.string("scheduledTime must be a date and time."),
      v.isoTimestamp("scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z."),
      v.transform((text) => new Date(text)),
      v.check((date) => !Number.isNaN(date.getTime()), "scheduledTime is not a real date."),
    ),
    status: v.literal("scheduled", "status must be 'scheduled' when scheduling."),
    // Auto-posting: publish on LinkedIn at the time, or remind (the posting assistant).
    publishMode: v.optional(v.picklist(PUBLISH_MODES, "publishMode must be 'auto' or 'remind'.")),
  },
  ONE_CHANGE,
);
const LINKEDIN_URL = "linkedinUrl must be the address of your post on linkedin.com (https://www.linkedin.com/...), or empty.";
/** The published post's address, given optionally on marking as posted; blank means none. */
export const linkedinUrlSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(LINKEDIN_URL),
      v.trim(),
      v.maxLength(500, "linkedinUrl must be at most 500 characters."),
      v.check((text) => text === "" || isLinkedinUrl(text), LINKEDIN_URL),
      v.transform((text) => (text === "" ? null : text)),
    ),
  ),
);

function isLinkedinUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && (url.hostname === "linkedin.com" || url.hostname.endsWith(".linkedin.com")) && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export const markPostedSchema = v.strictObject({ status: v.literal("posted", "status must be 'posted'."), linkedinUrl: linkedinUrlSchema }, ONE_CHANGE);
export const unscheduleSchema = v.strictObject({ status: v.literal("draft", "status must be 'draft'.") }, ONE_CHANGE);
export const editSchema = v.strictObject(
  {
    content: v.pipe(
      v.string("Content must be text."),
      v.trim(),
      v.nonEmpty("Content must not be blank."),
      v.maxLength(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters (LinkedIn's limit).`),
    ),
  },
  ONE_CHANGE,
);

export type PostChange =
  | { kind: "schedule"; scheduledTime: Date; publishMode?: PublishMode }
  | { kind: "markPosted"; linkedinUrl: string | null }
  | { kind: "unschedule" }
  | { kind: "edit"; content: string };

/** Picks the change a PATCH body asks for by its keys, then validates it whole (400 otherwise). */
export function parsePostChange(body: unknown): PostChange {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, ONE_CHANGE);
  const fields = body as Record<string, unknown>;
  if ("content" in fields) return { kind: "edit", content: parseInput(editSchema, body).content };
  if ("scheduledTime" in fields || fields.status === "scheduled") {
    const { scheduledTime, publishMode } = parseInput(scheduleSchema, body);
    return { kind: "schedule", scheduledTime, publishMode };
  }
  if (fields.status === "posted") return { kind: "markPosted", linkedinUrl: parseInput(markPostedSchema, body).linkedinUrl ?? null };
  if (fields.status === "draft") {
    parseInput(unscheduleSchema, body);
    return { kind: "unschedule" };
  }
  throw new HttpError(400, ONE_CHANGE);
}

export { notFound, UUID };

// Saves, not posts: a deleted post still used its place in the week.
const savedWithin = (userId: string, window: { start: Date; end: Date }) =>
  and(eq(postSaves.userId, userId), gte(postSaves.createdAt, window.start), lt(postSaves.createdAt, window.end));

type AllowanceUser = Pick<UserRow, "id" | "billingPeriodStart" | "createdAt">;

/** What is left of the week's allowance as of `now`, and when it resets (GET /api/posts/allowance, the dashboard). */
export function allowanceRead(user: AllowanceUser, now: Date): Read<{ limit: number; used: number; remaining: number; resetsAt: string }> {
  const window = allowanceWindow(user.billingPeriodStart ?? user.createdAt, now);
  return {
    query: sql`select count(*)::int from ${postSaves} where ${savedWithin(user.id, window)}`,
    parse: (value) => {
      const used = Number(value);
      return { limit: WEEKLY_POST_LIMIT, used, remaining: Math.max(0, WEEKLY_POST_LIMIT - used), resetsAt: window.end.toISOString() };
    },
  };
}


export function createPostsService(deps: {
  database: Database;
  clock: Clock;
  /** What happens at a scheduled post's time (src/services/schedule-planner.ts): a reminder or a publication. */
  reminders: SchedulePlanner;
  /** Whether the user can publish automatically now (LinkedIn configured and connected). */
  canAutoPublish: (userId: string) => Promise<boolean>;
}) {
  const { database, clock, reminders, canAutoPublish } = deps;
  const db = database.db;
  const scheduling = createScheduling({ planner: reminders });

  /** How much of this week's allowance is left, and when it resets. */
  const allowance = (user: AllowanceUser) => readOne(database, allowanceRead(user, clock.now()));

  /** Saves a draft. The user row is locked while counting, so two saves at once cannot both take the last slot. */
  async function createDraft(userId: string, input: NewPost) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { user, window } = await lockForSaving(tx, userId, input.sourceId ?? null, now);
      if ((await savesInWindow(tx, userId, window)) >= WEEKLY_POST_LIMIT) throw limitReached(user, window);
      return insertDraft(tx, userId, input.sourceId ?? null, input, now);
    });
  }

  /**
   * Save All to Drafts: a plan's posts saved in one transaction, in the order given, as many as
   * the week's allowance has room for; a stop part-way (a crash, a lost connection) leaves either
   * all of them or none. A post of this plan already saved (a retry after the answer was lost) is
   * not saved twice and costs nothing. Nothing saved and nothing to save is the allowance's 429.
   */
  async function savePlan(userId: string, sourceId: string, inputs: PlanPost[]) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const { user, window } = await lockForSaving(tx, userId, sourceId, now);
      const existing = await tx.select({ postOrder: posts.postOrder }).from(posts).where(and(eq(posts.userId, userId), eq(posts.sourceId, sourceId)));
      const savedBefore = new Set(existing.map((row) => row.postOrder));
      let room = WEEKLY_POST_LIMIT - (await savesInWindow(tx, userId, window));
      const saved: (typeof posts.$inferSelect)[] = [];
      const alreadySaved: string[] = [];
      const unsaved: string[] = [];
      for (const input of inputs) {
        if (savedBefore.has(input.postOrder)) alreadySaved.push(input.postOrder);
        else if (room <= 0) unsaved.push(input.postOrder);
        else {
          saved.push(await insertDraft(tx, userId, sourceId, input, now));
          room -= 1;
        }
      }
      const limit = unsaved.length > 0 ? limitReached(user, window) : undefined;
      if (limit && saved.length === 0) throw limit;
      return { saved, alreadySaved, unsaved, limit };
    });
  }

  /**
   * "Save and schedule as recommended", confirmed: the plan's posts saved and the confirmed slots
   * scheduled in one transaction, all or nothing, so Cancel (no call) or a failure leaves no
   * drafts and uses no allowance. A post of this plan saved before (a retry whose answer was
   * lost) is not saved twice. Posts without a slot are saved as drafts.
   */
  async function saveAndSchedule(user: UserRow, sourceId: string, input: v.InferOutput<typeof saveAndScheduleSchema>) {
    const orders = new Set(input.posts.map((post) => post.postOrder));
    if (input.slots.some((slot) => !orders.has(slot.postOrder))) throw new HttpError(400, "Each slot must name one of the posts sent.");
    const now = clock.now();
    const times = new Map(input.slots.map((slot) => [slot.postOrder, new Date(slot.scheduledTime)]));
    for (const time of times.values()) requireFuture(time, now);
    const connected = await canAutoPublish(user.id);
    requireModeAvailable(input.publishMode, connected);
    return db.transaction(async (tx) => {
      const { user: locked, window } = await lockForSaving(tx, user.id, sourceId, now);
      const existing = await tx.select().from(posts).where(and(eq(posts.userId, user.id), eq(posts.sourceId, sourceId))).for("update");
      const toSave = input.posts.filter((post) => !existing.some((row) => row.postOrder === post.postOrder));
      if ((await savesInWindow(tx, user.id, window)) + toSave.length > WEEKLY_POST_LIMIT) throw limitReached(locked, window);
      const saved: PostRow[] = [];
      for (const post of input.posts) {
        const row = existing.find((candidate) => candidate.postOrder === post.postOrder) ?? (await insertDraft(tx, user.id, sourceId, post, now));
        const time = times.get(post.postOrder);
        saved.push(time ? await scheduling.setTime(tx, locked, row, { scheduledTime: time, publishMode: publishModeFor(row, input.publishMode, connected), now }) : row);
      }
      return saved;
    });
  }

  async function lockForSaving(tx: Tx, userId: string, sourceId: string | null, now: Date) {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new HttpError(404, "Account not found.");
    requireLiveSubscription(user, now);
    if (sourceId) {
      const [source] = await tx.select({ id: sources.id }).from(sources).where(and(eq(sources.id, sourceId), eq(sources.userId, userId)));
      if (!source) throw new HttpError(404, "Source not found.");
    }
    return { user, window: allowanceWindow(user.billingPeriodStart ?? user.createdAt, now) };
  }

  async function savesInWindow(on: Db | Tx, userId: string, window: { start: Date; end: Date }) {
    const [row] = await on.select({ used: count() }).from(postSaves).where(savedWithin(userId, window));
    return Number(row?.used ?? 0);
  }

  function limitReached(user: UserRow, window: { end: Date }) {
    const resets = formatLongDate(window.end, user.timezone);
    return new HttpError(429, `Weekly limit reached: ${WEEKLY_POST_LIMIT} posts per week. Resets ${resets}.`, { resetsAt: window.end.toISOString() });
  }

  async function insertDraft(tx: Tx, userId: string, sourceId: string | null, input: PlanPost, now: Date) {
    const [post] = await tx
      .insert(posts)
      .values({
        userId,
        sourceId,
        content: input.content,
        hook: input.hook || openingLine(input.content).slice(0, MAX_HOOK_CHARS),
        postOrder: input.postOrder,
        postType: input.postType,
        strategyExplanation: input.strategyExplanation,
        recommendedDay: input.recommendedDay ?? null,
        recommendedTime: input.recommendedTime ?? null,
        status: "draft",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(postSaves).values({ userId, createdAt: now });
    return post!;
  }

  /** One of the user's posts; another user's id, or something that is not an id, is 404. */
  async function getPost(userId: string, postId: string) {
    if (!UUID.test(postId)) throw notFound();
    const [post] = await db.select().from(posts).where(and(eq(posts.id, postId), eq(posts.userId, userId)));
    if (!post) throw notFound();
    return post;
  }

  /** Scheduled posts from now on, soonest first (PRODUCT.md "Posts" upcoming), the first `limit` of them. */
  async function upcomingPosts(userId: string, limit = DEFAULT_PAGE_SIZE) {
    return db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, "scheduled"), gte(posts.scheduledTime, clock.now())))
      .orderBy(asc(posts.scheduledTime), asc(posts.id))
      .limit(limit);
  }

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
    const [updated] = await tx.update(posts).set({ ...values, updatedAt: now }).where(eq(posts.id, post.id)).returning();
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

  return { allowance, createDraft, savePlan, saveAndSchedule, getPost, upcomingPosts, editPost, schedulePost, markPosted, backToDraft, changePost, deletePost };
}

export type PostsService = ReturnType<typeof createPostsService>;

/** A post as the API shows it (no user id, none of the publishing job's bookkeeping). */
export function postFields(post: typeof posts.$inferSelect) {
  // revision is the calendar feed's SEQUENCE, bookkeeping like the publishing fields.
  const { userId: _u, publishLeaseUntil: _l, publishAttemptAt: _a, publishFirstAttemptAt: _f, revision: _r, ...rest } = post;
  return {
    ...rest,
    // As JSON sends it (islands get these as props too): statuses by name, times as ISO instants.
    status: post.status as PostStatus,
    publishMode: (post.publishMode === "auto" ? "auto" : "remind") as PublishMode,
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    postedAt: post.postedAt?.toISOString() ?? null,
    reminderSentAt: post.reminderSentAt?.toISOString() ?? null,
    resultsRecordedAt: post.resultsRecordedAt?.toISOString() ?? null,
    resultsSkippedAt: post.resultsSkippedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
