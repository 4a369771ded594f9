import { describe, expect, test } from "bun:test";
import { type GuardUser, guardRedirect, normaliseStatus } from "../../src/shared/guard";

const now = new Date("2026-03-02T12:00:00Z");
const past = "2026-03-02T11:59:59Z";
const future = "2026-03-02T12:00:01Z";

const user = (overrides: Partial<GuardUser> = {}): GuardUser => ({
  paymentMethodAdded: true,
  subscriptionStatus: "trialing",
  subscriptionEndDate: null,
  trialEnd: future,
  ...overrides,
});

describe("guardRedirect: a failed user load (rules 1 and 2)", () => {
  const cases: [string, { message?: string; subscriptionExpired?: boolean }, string][] = [
    ["the subscriptionExpired flag", { message: "403: Forbidden", subscriptionExpired: true }, "/subscription-expired"],
    ["the flag with no message at all", { subscriptionExpired: true }, "/subscription-expired"],
    ["a message naming the subscription", { message: "403: Your Subscription has ended" }, "/subscription-expired"],
    ["a message saying expired", { message: "403: EXPIRED" }, "/subscription-expired"],
    ["a 401", { message: "401: You are not signed in." }, "/login"],
    ["a server error", { message: "500: Something went wrong on our side" }, "/login"],
    ["a failure with no message", {}, "/login"],
    ["a flag set to false and a plain message", { message: "Network error", subscriptionExpired: false }, "/login"],
  ];
  for (const [what, error, destination] of cases) {
    test(`${what} goes to ${destination}`, () => {
      expect(guardRedirect({ error }, now)).toBe(destination);
    });
  }
});

describe("guardRedirect: a loaded user (rules 2 to 7, in order)", () => {
  const cases: [string, GuardUser | null, string | null][] = [
    // 2. No user
    ["no user", null, "/login"],
    // 3. No payment method comes before anything the status says
    ["no payment method", user({ paymentMethodAdded: false }), "/payment-setup"],
    ["no payment method and no status (a new account)", user({ paymentMethodAdded: false, subscriptionStatus: null, trialEnd: null }), "/payment-setup"],
    ["no payment method, cancelled", user({ paymentMethodAdded: false, subscriptionStatus: "cancelled" }), "/payment-setup"],
    // 4. cancelled
    ["cancelled", user({ subscriptionStatus: "cancelled" }), "/subscription-expired"],
    ["cancelled with an end date still ahead", user({ subscriptionStatus: "cancelled", subscriptionEndDate: future }), "/subscription-expired"],
    // 5. pending_cancellation: only once its end date has passed
    ["pending_cancellation, end date ahead", user({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: future }), null],
    ["pending_cancellation, end date passed", user({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: past }), "/subscription-expired"],
    [
      "pending_cancellation, end date exactly now",
      user({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: now.toISOString() }),
      "/subscription-expired",
    ],
    ["pending_cancellation, no end date", user({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: null }), null],
    [
      "pending_cancellation, end date as a Date",
      user({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: new Date(past) }),
      "/subscription-expired",
    ],
    // 6. trialing: only once the trial has ended
    ["trialing, trial ahead", user({ subscriptionStatus: "trialing", trialEnd: future }), null],
    ["trialing, trial ended", user({ subscriptionStatus: "trialing", trialEnd: past }), "/subscription-expired"],
    ["trialing, no trial end", user({ subscriptionStatus: "trialing", trialEnd: null }), null],
    ["legacy trial reads as trialing: trial ahead", user({ subscriptionStatus: "trial", trialEnd: future }), null],
    ["legacy trial reads as trialing: trial ended", user({ subscriptionStatus: "trial", trialEnd: past }), "/subscription-expired"],
    // 7. past_due and unpaid
    ["past_due", user({ subscriptionStatus: "past_due" }), "/subscription-expired"],
    ["unpaid", user({ subscriptionStatus: "unpaid" }), "/subscription-expired"],
    // Allowed in
    ["active", user({ subscriptionStatus: "active", trialEnd: past }), null],
    ["active with an end date passed (only pending_cancellation reads it)", user({ subscriptionStatus: "active", subscriptionEndDate: past }), null],
    ["a payment method and no status yet", user({ subscriptionStatus: null, trialEnd: null }), null],
    ["an unknown status", user({ subscriptionStatus: "incomplete" }), null],
  ];
  for (const [what, input, destination] of cases) {
    test(`${what} -> ${destination ?? "let in"}`, () => {
      expect(guardRedirect({ user: input }, now)).toBe(destination);
    });
  }

  test("every status the spec names is covered above", () => {
    const covered = new Set(cases.map(([, input]) => input?.subscriptionStatus).filter(Boolean));
    for (const status of ["trial", "trialing", "active", "cancelled", "pending_cancellation", "past_due", "unpaid"]) expect(covered.has(status)).toBe(true);
  });
});

describe("normaliseStatus", () => {
  test("trial reads as trialing; everything else is kept", () => {
    expect(normaliseStatus("trial")).toBe("trialing");
    expect(normaliseStatus("active")).toBe("active");
    expect(normaliseStatus(null)).toBeNull();
  });
});
