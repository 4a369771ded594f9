import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { postSaves, sources, users } from "../../../db/schema";
import { HttpError } from "../../http-error";
import { formatLongDate } from "../../shared/format-date";
import type { UserRow } from "../accounts";
import { allowanceWindow, requireLiveSubscription, WEEKLY_POST_LIMIT } from "../billing/subscription";
import type { Read } from "../json-reads";

/**
 * The weekly allowance (PRODUCT.md "The weekly allowance"): 7 saved posts per 7-day window of
 * the billing period. Editing, scheduling and deleting do not give one back.
 */

// Saves, not posts: a deleted post still used its place in the week.
const savedWithin = (userId: string, window: { start: Date; end: Date }) =>
  and(eq(postSaves.userId, userId), gte(postSaves.createdAt, window.start), lt(postSaves.createdAt, window.end));

export type AllowanceUser = Pick<UserRow, "id" | "billingPeriodStart" | "createdAt">;

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

/** Locks the user's row for a save (so two saves at once cannot both take the last slot), checks the subscription and the source; answers the user and the week's window. */
export async function lockForSaving(tx: Tx, userId: string, sourceId: string | null, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new HttpError(404, "Account not found.");
  requireLiveSubscription(user, now);
  if (sourceId) {
    const [source] = await tx
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, sourceId), eq(sources.userId, userId)));
    if (!source) throw new HttpError(404, "Source not found.");
  }
  return { user, window: allowanceWindow(user.billingPeriodStart ?? user.createdAt, now) };
}

export async function savesInWindow(on: Db | Tx, userId: string, window: { start: Date; end: Date }) {
  const [row] = await on.select({ used: count() }).from(postSaves).where(savedWithin(userId, window));
  return Number(row?.used ?? 0);
}

export function limitReached(user: UserRow, window: { end: Date }) {
  const resets = formatLongDate(window.end, user.timezone);
  return new HttpError(429, `Weekly limit reached: ${WEEKLY_POST_LIMIT} posts per week. Resets ${resets}.`, { resetsAt: window.end.toISOString() });
}
