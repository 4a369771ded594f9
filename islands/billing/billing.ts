import { formatLongDate } from "../../src/shared/format-date";

/**
 * How billing reads on screen, shared by the billing pages, the Settings card and the dashboard
 * (server views and islands alike): the date line and the status badge. The price lives in
 * src/shared/pricing.ts, date formats in src/shared/format-date.ts.
 */

type Badge = { label: string; className: string };

// SPEC.md section 4: trial and trialing both read 'Trial'; any other status gets a neutral badge.
// Light theme: deeper text than daisyUI's soft badges, whose coloured text on its own tint is under 4.5:1.
const tone = {
  info: "border-sky-300 bg-sky-50 text-sky-800 dark:border-info/30 dark:bg-info/15 dark:text-info",
  success: "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-success/30 dark:bg-success/15 dark:text-success",
  error: "border-red-300 bg-red-50 text-red-800 dark:border-error/30 dark:bg-error/15 dark:text-error",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-warning/30 dark:bg-warning/15 dark:text-warning",
};
const badges: Record<string, Badge> = {
  trialing: { label: "Trial", className: tone.info },
  trial: { label: "Trial", className: tone.info },
  active: { label: "Active", className: tone.success },
  cancelled: { label: "Cancelled", className: tone.error },
  pending_cancellation: { label: "Cancelling", className: tone.warning },
};

/** The subscription status as a badge's label and daisyUI classes. */
export function subscriptionBadge(status: string | null): Badge {
  if (status && badges[status]) return badges[status];
  // past_due -> 'Past due': still say what it is, just without a colour that means something.
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ") : "No subscription";
  return { label, className: "badge-ghost" };
}

export type SubscriptionDates = {
  subscriptionStatus: string | null;
  trialEnd: string | null;
  subscriptionEndDate: string | null;
  /** The end of the paid period, when the next charge is due (active subscriptions). */
  renewsAt: string | null;
};

/** The card's date line: when the trial ends, the plan renews, or access ends; null when there is no date to tell. */
export function subscriptionDateLine(dates: SubscriptionDates, timeZone: string): string | null {
  const on = (instant: string | null, text: string) => (instant ? `${text} ${formatLongDate(instant, timeZone)}` : null);
  switch (dates.subscriptionStatus) {
    case "trialing":
    case "trial":
      return on(dates.trialEnd, "Trial ends on");
    case "active":
      return on(dates.renewsAt, "Renews on");
    case "pending_cancellation":
      return on(dates.subscriptionEndDate, "Access ends on");
    case "cancelled":
      return on(dates.subscriptionEndDate, "Ended on");
    default:
      return null;
  }
}
