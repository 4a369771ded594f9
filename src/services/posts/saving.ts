import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client";
import { postSaves, posts } from "../../../db/schema";
import type { Clock } from "../../clock";
import type * as v from "valibot";
import { HttpError } from "../../http-error";
import { MAX_HOOK_CHARS, openingLine } from "../../strategist";
import type { UserRow } from "../accounts";
import { WEEKLY_POST_LIMIT } from "../billing/subscription";
import { type PostRow, publishModeFor, requireFuture, requireModeAvailable, type Scheduling } from "../scheduling";
import { limitReached, lockForSaving, savesInWindow } from "./allowance";
import type { NewPost, PlanPost, saveAndScheduleSchema } from "./post-input";

/** Saving posts, within the weekly allowance: one draft, a plan's posts, or a plan's posts saved and scheduled at once. */
export function createPostSaving(deps: {
  database: Database;
  clock: Clock;
  scheduling: Scheduling;
  /** Whether the user can publish automatically now (LinkedIn configured and connected). */
  canAutoPublish: (userId: string) => Promise<boolean>;
}) {
  const { database, clock, scheduling, canAutoPublish } = deps;
  const db = database.db;

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
      const existing = await tx
        .select({ postOrder: posts.postOrder })
        .from(posts)
        .where(and(eq(posts.userId, userId), eq(posts.sourceId, sourceId)));
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
      const existing = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.userId, user.id), eq(posts.sourceId, sourceId)))
        .for("update");
      const toSave = input.posts.filter((post) => !existing.some((row) => row.postOrder === post.postOrder));
      if ((await savesInWindow(tx, user.id, window)) + toSave.length > WEEKLY_POST_LIMIT) throw limitReached(locked, window);
      const saved: PostRow[] = [];
      for (const post of input.posts) {
        const row = existing.find((candidate) => candidate.postOrder === post.postOrder) ?? (await insertDraft(tx, user.id, sourceId, post, now));
        const time = times.get(post.postOrder);
        saved.push(
          time ? await scheduling.setTime(tx, locked, row, { scheduledTime: time, publishMode: publishModeFor(row, input.publishMode, connected), now }) : row,
        );
      }
      return saved;
    });
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

  return { createDraft, savePlan, saveAndSchedule };
}
