import { and, eq, gte, inArray } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { posts, sources } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";
import { UUID } from "./scheduling";
import { dateKey, planSlots, type Recommended, zonedDate } from "../shared/recommended-slots";
import { planPostsSchema } from "./posts";
import type { SchedulePlanner } from "./schedule-planner";
import { createScheduling, publishModeFor, requireFuture, requireModeAvailable } from "./scheduling";

/**
 * Schedule as recommended (a plan's drafts at their recommended days and times): a preview the
 * user confirms, then exactly those slots scheduled in one transaction, each with its reminder.
 */

export const scheduleSlotsSchema = v.strictObject(
  {
    slots: v.pipe(
      v.array(
        v.strictObject({
          postId: v.pipe(v.string("postId must be an id."), v.uuid("postId must be an id.")),
          scheduledTime: v.pipe(
            v.string("scheduledTime must be a date and time."),
            v.isoTimestamp("scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z."),
          ),
        }),
        "slots must be a list.",
      ),
      v.minLength(1, "slots must hold at least one post."),
      v.maxLength(7, "slots must hold at most 7 posts (a plan's most)."),
      v.check((list) => new Set(list.map((slot) => slot.postId)).size === list.length, "Each post may appear once."),
    ),
    // Auto-posting: as PATCH /api/posts/:id takes it; default "auto" when LinkedIn is connected.
    publishMode: v.optional(v.picklist(["auto", "remind"], "publishMode must be 'auto' or 'remind'.")),
  },
  "Send {slots: [{postId, scheduledTime}]} and nothing else.",
);

/** POST /api/sources/:id/schedule/preview: the plan's posts as Save All sends them, and whether to skip busy days. */
export const unsavedPreviewSchema = v.strictObject(
  { posts: planPostsSchema.entries.posts, skipBusy: v.optional(v.boolean("skipBusy must be true or false.")) },
  "Send {posts: [...], skipBusy} and nothing else.",
);

export function createPlanScheduleService(deps: {
  database: Database;
  clock: Clock;
  reminders: Pick<SchedulePlanner, "plan">;
  canAutoPublish: (userId: string) => Promise<boolean>;
}) {
  const { database, clock, reminders, canAutoPublish } = deps;
  const db = database.db;
  const scheduling = createScheduling({ planner: reminders });

  async function requireSource(userId: string, sourceId: string) {
    if (!UUID.test(sourceId)) throw new HttpError(404, "Source not found.");
    const [source] = await db
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, sourceId), eq(sources.userId, userId)));
    if (!source) throw new HttpError(404, "Source not found.");
  }

  /** Where the source's drafts would go, with days already holding a scheduled post skipped unless `skipBusy` is false. */
  async function preview(user: UserRow, sourceId: string, options: { skipBusy: boolean }) {
    await requireSource(user.id, sourceId);
    const drafts = await db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, user.id), eq(posts.sourceId, sourceId), eq(posts.status, "draft")));
    return slotsFor(user, drafts, options.skipBusy);
  }

  /**
   * "Save and schedule as recommended", before anything is saved: where the plan's posts (as
   * the generator holds them) would go. Nothing is written; the confirm saves and schedules.
   */
  async function previewUnsaved(user: UserRow, sourceId: string, input: v.InferOutput<typeof unsavedPreviewSchema>) {
    await requireSource(user.id, sourceId);
    const planned = input.posts.map((post) => ({
      id: post.postOrder,
      postOrder: post.postOrder,
      recommendedDay: post.recommendedDay ?? null,
      recommendedTime: post.recommendedTime ?? null,
    }));
    const preview = await slotsFor(user, planned, input.skipBusy ?? true);
    // Not saved yet: a slot is named by its postOrder alone.
    return { ...preview, slots: preview.slots.map((slot) => ({ ...slot, postId: null })) };
  }

  async function slotsFor(user: UserRow, drafts: Recommended[], skipBusy: boolean) {
    const now = clock.now();
    const scheduled = await db
      .select({ scheduledTime: posts.scheduledTime })
      .from(posts)
      .where(and(eq(posts.userId, user.id), eq(posts.status, "scheduled"), gte(posts.scheduledTime, now)));
    const busyDays = new Set(scheduled.map((row) => dateKey(zonedDate(row.scheduledTime!, user.timezone))));
    const slots = planSlots(drafts, { now, timeZone: user.timezone, busyDays, skipBusy });
    const placed = new Set(slots.map((slot) => slot.id));
    return {
      timezone: user.timezone,
      slots: slots.map((slot) => ({
        postId: slot.id as string | null,
        postOrder: slot.postOrder,
        scheduledTime: slot.scheduledTime.toISOString(),
        moved: slot.moved,
      })),
      // Drafts without a recommended day and time (written by hand, or edited in): scheduled one by one.
      unplaced: drafts.filter((draft) => !placed.has(draft.id)).map((draft) => draft.postOrder),
    };
  }

  /** Schedules exactly the confirmed slots, all or none: each a draft of this source, each in the future. */
  async function schedule(user: UserRow, sourceId: string, { slots, publishMode: asked }: v.InferOutput<typeof scheduleSlotsSchema>) {
    const now = clock.now();
    requireLiveSubscription(user, now);
    const connected = await canAutoPublish(user.id);
    requireModeAvailable(asked, connected);
    await requireSource(user.id, sourceId);
    const times = slots.map((slot) => new Date(slot.scheduledTime));
    for (const time of times) requireFuture(time, now);
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.userId, user.id),
            eq(posts.sourceId, sourceId),
            inArray(
              posts.id,
              slots.map((slot) => slot.postId),
            ),
          ),
        )
        .for("update");
      if (rows.length !== slots.length) throw new HttpError(404, "Post not found.");
      if (rows.some((row) => row.status !== "draft"))
        throw new HttpError(409, "Only drafts can be scheduled as recommended; one of these has changed since. Reload and try again.");
      const updated = [];
      for (const [index, slot] of slots.entries()) {
        const post = rows.find((row) => row.id === slot.postId)!;
        updated.push(await scheduling.setTime(tx, user, post, { scheduledTime: times[index]!, publishMode: publishModeFor(post, asked, connected), now }));
      }
      return updated;
    });
  }

  return { preview, previewUnsaved, schedule };
}

export type PlanScheduleService = ReturnType<typeof createPlanScheduleService>;
