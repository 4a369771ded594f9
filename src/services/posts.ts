import { and, asc, count, eq, gte, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Db, Tx } from "../../db/client";
import { postSaves, posts, sources, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import type { UserRow } from "./accounts";
import { allowanceWindow, requireLiveSubscription, WEEKLY_POST_LIMIT } from "./billing/subscription";
import { formatLongDate } from "../shared/format-date";
import { canEdit, canGoBackToDraft, canMarkNotPosted, canMarkPosted, canSchedule } from "../shared/post-status";
import { type Read, readOne } from "./json-reads";
import { DEFAULT_PAGE_SIZE, postListQuerySchema } from "./post-lists";
import type { SchedulePlanner } from "./schedule-planner";
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

export const PUBLISH_MODES = ["auto", "remind"] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

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

// Post ids are UUIDs; anything else cannot name a post (and PostgreSQL would refuse to compare it).
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const notFound = () => new HttpError(404, "Post not found.");

type PostRow = typeof posts.$inferSelect;

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
   * Changes one of the user's posts under a row lock, so two tabs cannot both move it past its
   * rules: `decide` checks the rule for the post as it is now and returns the new values;
   * `after` runs in the same transaction (the reminder follows the post).
   */
  async function changeLocked(
    user: UserRow,
    postId: string,
    decide: (post: PostRow, now: Date) => Partial<typeof posts.$inferInsert>,
    after: (tx: Tx, updated: PostRow, before: PostRow) => Promise<void>,
  ) {
    const now = clock.now();
    requireLiveSubscription(user, now);
    if (!UUID.test(postId)) throw notFound();
    return db.transaction(async (tx) => {
      const [post] = await tx.select().from(posts).where(and(eq(posts.id, postId), eq(posts.userId, user.id))).for("update");
      if (!post) throw notFound();
      if (isPublishing(post, now)) throw publishingNow();
      const [updated] = await tx
        .update(posts)
        .set({ ...decide(post, now), updatedAt: now })
        .where(eq(posts.id, post.id))
        .returning();
      await after(tx, updated!, post);
      return updated!;
    });
  }

  /** New content for a draft; the hook is its opening line, so it follows (View, /posts/:id). */
  function editDraft(user: UserRow, postId: string, content: string) {
    return changeLocked(
      user,
      postId,
      (post) => {
        if (!canEdit(post.status)) throw new HttpError(409, "Only drafts and failed posts can be edited.");
        return { content, hook: openingLine(content).slice(0, MAX_HOOK_CHARS) };
      },
      async () => {},
    );
  }

  /**
   * Schedules (or moves) a draft, scheduled or failed post; its reminder or publication moves with
   * it. Without a mode, a scheduled post keeps its own (the calendar's drag) and any other gets
   * "auto" when LinkedIn is connected, else "remind"; "auto" asked for without a connection is a 409.
   */
  async function schedulePost(user: UserRow, postId: string, scheduledTime: Date, publishMode?: PublishMode) {
    const connected = await canAutoPublish(user.id);
    if (publishMode === "auto" && !connected) throw new HttpError(409, "Connect LinkedIn in Settings to publish automatically, or choose Remind me.");
    return changeLocked(
      user,
      postId,
      (post, now) => {
        if (!canSchedule(post.status)) throw new HttpError(409, "Only drafts, scheduled and failed posts can be scheduled.");
        if (scheduledTime.getTime() <= now.getTime()) throw new HttpError(400, "The scheduled time must be in the future.");
        const kept = post.status === "scheduled" && (post.publishMode === "auto" || post.publishMode === "remind") ? post.publishMode : undefined;
        const wanted = publishMode ?? kept ?? (connected ? "auto" : "remind");
        // A new time is a new reminder, even if the old time's was sent.
        return { status: "scheduled", scheduledTime, reminderSentAt: null, failureReason: null, publishMode: wanted === "auto" && !connected ? "remind" : wanted };
      },
      (tx, updated) => reminders.plan(tx, updated, user),
    );
  }

  /** Marks a draft or scheduled post as posted (with its LinkedIn address, if given); its reminder is cancelled. */
  function markPosted(user: UserRow, postId: string, linkedinUrl: string | null) {
    return changeLocked(
      user,
      postId,
      (post, now) => {
        if (!canMarkPosted(post.status)) throw new HttpError(409, "Only drafts, scheduled and failed posts can be marked as posted.");
        return { status: "posted", postedAt: now, linkedinUrl, failureReason: null };
      },
      (tx, _updated, before) => reminders.cancel(tx, before.id),
    );
  }

  /**
   * Back to draft: a scheduled post loses its time ("Unschedule"); a posted one, marked by
   * mistake, loses its posting and the results recorded for it ("Mark as not posted").
   */
  function backToDraft(user: UserRow, postId: string) {
    return changeLocked(
      user,
      postId,
      (post) => {
        if (!canGoBackToDraft(post.status)) throw new HttpError(409, "This post is already a draft.");
        return {
          status: "draft",
          scheduledTime: null,
          reminderSentAt: null,
          ...(canMarkNotPosted(post.status) ? { postedAt: null, linkedinUrl: null, impressions: null, reactions: null, comments: null, resultsRecordedAt: null, resultsSkippedAt: null } : {}),
        };
      },
      (tx, _updated, before) => reminders.cancel(tx, before.id),
    );
  }

  /** The one change a PATCH /api/posts/:id asks for (parsePostChange), by its verb. */
  function changePost(user: UserRow, postId: string, change: PostChange) {
    if (change.kind === "edit") return editDraft(user, postId, change.content);
    if (change.kind === "schedule") return schedulePost(user, postId, change.scheduledTime, change.publishMode);
    if (change.kind === "markPosted") return markPosted(user, postId, change.linkedinUrl);
    return backToDraft(user, postId);
  }

  /** Deletes one of the user's posts. The allowance counts saves, so a delete gives nothing back. */
  async function deletePost(user: UserRow, postId: string) {
    requireLiveSubscription(user, clock.now());
    if (!UUID.test(postId)) throw notFound();
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(posts).where(and(eq(posts.id, postId), eq(posts.userId, user.id))).for("update");
      if (locked && isPublishing(locked, clock.now())) throw publishingNow();
      const deleted = await tx.delete(posts).where(and(eq(posts.id, postId), eq(posts.userId, user.id))).returning({ id: posts.id });
      if (deleted.length === 0) throw notFound();
      await reminders.cancel(tx, postId);
    });
  }

  return { allowance, createDraft, savePlan, getPost, upcomingPosts, editDraft, schedulePost, markPosted, backToDraft, changePost, deletePost };
}

export type PostsService = ReturnType<typeof createPostsService>;

/** A run is calling LinkedIn for this post right now: it cannot change under it. */
const isPublishing = (post: PostRow, now: Date) => post.publishLeaseUntil !== null && post.publishLeaseUntil.getTime() > now.getTime();
const publishingNow = () => new HttpError(409, "This post is being published on LinkedIn right now. Try again in a minute.");

/** A post as the API shows it (no user id, none of the publishing job's bookkeeping). */
export function postFields(post: typeof posts.$inferSelect) {
  // revision is the calendar feed's SEQUENCE, bookkeeping like the publishing fields.
  const { userId: _u, publishLeaseUntil: _l, publishAttemptAt: _a, publishFirstAttemptAt: _f, revision: _r, ...rest } = post;
  return {
    ...rest,
    publishMode: (post.publishMode === "auto" ? "auto" : "remind") as PublishMode,
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    postedAt: post.postedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
