import { addDays, addMonths } from "date-fns";
import type { users } from "../../../db/schema";
import { HttpError } from "../../http-error";
import { guardRedirect } from "../../shared/guard";

/**
 * The subscription's rules as pure functions of the user's billing fields and the time:
 * trial start, renewal, cancellation, what the demo clock advances, the weekly allowance
 * window, and whether API calls may proceed. Both billing providers go through these.
 */

export const TRIAL_DAYS = 7;
export const WEEKLY_POST_LIMIT = 7;
/** "We email you before charging": the trial-ending email goes this long before the first charge. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

type User = typeof users.$inferSelect;
export type BillingFields = Pick<
  User,
  "paymentMethodAdded" | "subscriptionStatus" | "trialEnd" | "subscriptionEndDate" | "billingPeriodStart" | "currentPeriodEnd" | "trialEndingNotifiedAt"
>;

/** A payment method was added: the 7-day trial starts now and the first charge is at its end. */
export function startTrial(now: Date): Partial<BillingFields> {
  const trialEnd = addDays(now, TRIAL_DAYS);
  return {
    paymentMethodAdded: true,
    subscriptionStatus: "trialing",
    trialEnd,
    billingPeriodStart: now,
    currentPeriodEnd: trialEnd,
    subscriptionEndDate: null,
    trialEndingNotifiedAt: null,
  };
}

/**
 * A returning subscriber (one trial per person): paid from today, no trial. The weekly allowance
 * keeps counting from the earlier anchor, so resubscribing never hands out a fresh week.
 */
export function startPaid(now: Date, previousAnchor: Date | null): Partial<BillingFields> {
  return {
    paymentMethodAdded: true,
    subscriptionStatus: "active",
    billingPeriodStart: previousAnchor ?? now,
    currentPeriodEnd: addMonths(now, 1),
    subscriptionEndDate: null,
    trialEndingNotifiedAt: null,
  };
}

/**
 * Cancel rules (SPEC.md section 4): a trial ends at once and access with it; an active
 * subscription runs to the end of the period it is paid for.
 */
export function cancel(user: BillingFields, now: Date): Partial<BillingFields> {
  const status = user.subscriptionStatus === "trial" ? "trialing" : user.subscriptionStatus;
  if (status === "trialing") return { subscriptionStatus: "cancelled", subscriptionEndDate: now, trialEnd: now };
  if (status === "active") return { subscriptionStatus: "pending_cancellation", subscriptionEndDate: user.currentPeriodEnd ?? now };
  throw new HttpError(409, "Only a trial or an active subscription can be cancelled.");
}

export type DemoStep = { changes: Partial<BillingFields>; event: "trial-ending" | "charged" | "ended" } | null;

/**
 * What the demo provider's clock does next for one user, or null: it stands in for the payment
 * provider charging at the end of the trial and each month, warning before the first charge,
 * and ending a cancelled subscription at its end date. Applied repeatedly until null.
 */
export function nextDemoStep(user: BillingFields, now: Date): DemoStep {
  const status = user.subscriptionStatus === "trial" ? "trialing" : user.subscriptionStatus;
  if (status === "trialing" && user.trialEnd) {
    if (user.trialEnd <= now) {
      return { event: "charged", changes: { subscriptionStatus: "active", billingPeriodStart: user.trialEnd, currentPeriodEnd: addMonths(user.trialEnd, 1) } };
    }
    const noticeAt = addDays(user.trialEnd, -TRIAL_ENDING_NOTICE_DAYS);
    if (noticeAt <= now && !user.trialEndingNotifiedAt) return { event: "trial-ending", changes: { trialEndingNotifiedAt: now } };
  }
  if (status === "active" && user.currentPeriodEnd && user.currentPeriodEnd <= now) {
    return { event: "charged", changes: { billingPeriodStart: user.currentPeriodEnd, currentPeriodEnd: addMonths(user.currentPeriodEnd, 1) } };
  }
  if (status === "pending_cancellation" && user.subscriptionEndDate && user.subscriptionEndDate <= now) {
    return { event: "ended", changes: { subscriptionStatus: "cancelled" } };
  }
  return null;
}

/**
 * The week the allowance counts in: 7-day windows from the start of the billing period (the
 * trial's start for trials), so it "resets each billing cycle" (PRODUCT.md).
 */
export function allowanceWindow(periodStart: Date, now: Date): { start: Date; end: Date } {
  const weekMs = 7 * 24 * 60 * 60 * 1000;
  const weeks = Math.max(0, Math.floor((now.getTime() - periodStart.getTime()) / weekMs));
  const start = new Date(periodStart.getTime() + weeks * weekMs);
  return { start, end: new Date(start.getTime() + weekMs) };
}

/**
 * API calls that need a live subscription answer 403 with the flag the islands' guard reads
 * (PRODUCT.md "Accounts and sessions").
 */
export function requireLiveSubscription(user: BillingFields, now: Date): void {
  const redirect = guardRedirect({ user }, now);
  if (redirect === "/payment-setup") {
    throw new HttpError(403, "Add a payment method to start your free trial.", { paymentRequired: true });
  }
  if (redirect === "/subscription-expired") {
    throw new HttpError(403, "Your subscription has expired. Resubscribe to continue.", { subscriptionExpired: true });
  }
}
