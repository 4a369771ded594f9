import * as v from "valibot";
import type { BillingFields } from "./subscription";

/**
 * Stripe's webhook objects, checked with valibot and reduced to the changes Cadence applies.
 * Only the fields we read are described; Stripe may add more. Period dates moved from the
 * subscription onto its items in recent API versions, so both places are read.
 */

const unix = v.pipe(
  v.number(),
  v.transform((seconds) => new Date(seconds * 1000)),
);
const id = v.union([
  v.string(),
  v.pipe(
    v.object({ id: v.string() }),
    v.transform((o) => o.id),
  ),
]);

const period = v.object({ current_period_start: v.optional(v.nullable(unix)), current_period_end: v.optional(v.nullable(unix)) });

export const subscriptionObject = v.object({
  id: v.string(),
  customer: id,
  status: v.string(),
  trial_end: v.optional(v.nullable(unix)),
  cancel_at_period_end: v.optional(v.boolean(), false),
  cancel_at: v.optional(v.nullable(unix)),
  current_period_start: v.optional(v.nullable(unix)),
  current_period_end: v.optional(v.nullable(unix)),
  items: v.optional(v.object({ data: v.array(period) })),
  metadata: v.optional(v.record(v.string(), v.string()), {}),
});

export const checkoutSessionObject = v.object({
  customer: v.optional(v.nullable(id)),
  subscription: v.optional(v.nullable(id)),
  client_reference_id: v.optional(v.nullable(v.string())),
});

export const invoiceObject = v.object({
  customer: id,
  /** Why Stripe invoiced: "subscription_cycle" is a new period (a renewal, or the first charge after a trial). */
  billing_reason: v.optional(v.nullable(v.string())),
  lines: v.optional(v.object({ data: v.array(v.object({ period: v.optional(v.object({ start: unix, end: unix })) })) })),
});

export type SubscriptionObject = v.InferOutput<typeof subscriptionObject>;

/** Stripe's subscription status in Cadence's terms (SPEC.md section 4). */
export function subscriptionChanges(subscription: SubscriptionObject, deleted: boolean): Partial<BillingFields> & { billingSubscriptionId: string } {
  const item = subscription.items?.data[0];
  const periodStart = subscription.current_period_start ?? item?.current_period_start ?? null;
  const periodEnd = subscription.current_period_end ?? item?.current_period_end ?? null;
  const base = { billingSubscriptionId: subscription.id, trialEnd: subscription.trial_end ?? null };
  if (deleted || subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    return { ...base, subscriptionStatus: "cancelled", subscriptionEndDate: subscription.cancel_at ?? periodEnd };
  }
  if (subscription.cancel_at_period_end || (subscription.cancel_at && subscription.status !== "trialing")) {
    return {
      ...base,
      subscriptionStatus: "pending_cancellation",
      subscriptionEndDate: subscription.cancel_at ?? periodEnd,
      billingPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
    };
  }
  const status: Record<string, string> = { trialing: "trialing", active: "active", past_due: "past_due", unpaid: "unpaid" };
  const mapped = status[subscription.status];
  if (!mapped) return base; // incomplete: nothing is live yet
  return {
    ...base,
    subscriptionStatus: mapped,
    subscriptionEndDate: null,
    billingPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    paymentMethodAdded: true,
  };
}
