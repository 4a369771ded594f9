import { describe, expect, test } from "bun:test";
import { subscriptionBadge, subscriptionDateLine } from "../../islands/billing/billing";
import { formatLongDate } from "../../src/shared/format-date";

/** How the subscription reads on screen (SPEC.md section 4's labels; dates in the user's timezone). */

describe("subscriptionBadge", () => {
  test("the spec's labels, and a neutral badge for anything else", () => {
    const labels = ["trial", "trialing", "active", "cancelled", "pending_cancellation", "past_due", "unpaid", null].map(
      (status) => subscriptionBadge(status).label,
    );
    expect(labels).toEqual(["Trial", "Trial", "Active", "Cancelled", "Cancelling", "Past due", "Unpaid", "No subscription"]);
    expect(subscriptionBadge("past_due").className).toBe("badge-ghost");
    expect(subscriptionBadge("active").className).not.toBe("badge-ghost");
  });
});

describe("subscriptionDateLine", () => {
  const dates = { trialEnd: "2026-03-09T03:00:00Z", subscriptionEndDate: "2026-04-09T09:00:00Z", renewsAt: "2026-04-09T09:00:00Z" };
  test("one line per status, the date being the user's calendar date", () => {
    expect(subscriptionDateLine({ ...dates, subscriptionStatus: "trialing" }, "America/New_York")).toBe("Trial ends on Mar 8, 2026");
    expect(subscriptionDateLine({ ...dates, subscriptionStatus: "trialing" }, "Europe/London")).toBe("Trial ends on Mar 9, 2026");
    expect(subscriptionDateLine({ ...dates, subscriptionStatus: "active" }, "Europe/London")).toBe("Renews on Apr 9, 2026");
    expect(subscriptionDateLine({ ...dates, subscriptionStatus: "pending_cancellation" }, "Europe/London")).toBe("Access ends on Apr 9, 2026");
    expect(subscriptionDateLine({ ...dates, subscriptionStatus: "past_due" }, "Europe/London")).toBeNull();
    expect(subscriptionDateLine({ ...dates, renewsAt: null, subscriptionStatus: "active" }, "Europe/London")).toBeNull();
  });

  test("formatLongDate is en-GB long", () => {
    expect(formatLongDate("2026-12-25T12:00:00Z", "Asia/Tokyo")).toBe("Dec 25, 2026");
  });
});
