import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { users } from "../../db/schema";
import { guardRedirect } from "../../src/shared/guard";
import { type ApiClient, signUp } from "../support/api-client";
import { type FakeStripe, startFakeStripe, startStripeTestApp } from "../support/fake-stripe";
import { ManualClock } from "../support/manual-clock";
import type { TestApp } from "../support/test-app";

/** Billing through the real Stripe SDK against a local fake, and webhooks signed by the SDK's own helper. */

let stripeFake: FakeStripe;
let app: TestApp;
const clock = new ManualClock("2026-03-02T09:00:00Z");
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  stripeFake = startFakeStripe();
  app = await startStripeTestApp(stripeFake, { clock, runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await app.close();
  await stripeFake.stop();
});

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
let eventCounter = 0;

async function sendEvent(type: string, object: Record<string, unknown>, options: { id?: string; created?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${++eventCounter}`,
    object: "event",
    type,
    created: seconds(options.created ?? clock.now().toISOString()),
    data: { object },
  });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? stripeFake.webhookSecret });
  return fetch(`${app.url}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

async function userRow(id: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function emailsTo(address: string, kind: string) {
  const rows = await app.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs where kind = 'send-email' and payload->>'to' = ${address} and payload->>'kind' = ${kind}`,
  );
  return rows[0]!.n;
}

/** A signed-up user whose checkout has completed, with a Stripe customer id. */
async function subscribedUser(): Promise<{ client: ApiClient; user: { id: string; email: string }; customer: string }> {
  const { client, user } = await signUp(app.url);
  const checkout = await client.json("POST", "/api/stripe/create-checkout-session");
  expect(checkout.status).toBe(200);
  const customer = (await userRow(user.id)).billingCustomerId!;
  const completed = await sendEvent("checkout.session.completed", {
    object: "checkout.session",
    customer,
    subscription: `sub_for_${user.id}`,
    client_reference_id: user.id,
  });
  expect(completed.status).toBe(200);
  return { client, user, customer };
}

const subscription = (customer: string, fields: Record<string, unknown>) => ({
  id: `sub_${customer}`,
  object: "subscription",
  customer,
  status: "trialing",
  cancel_at_period_end: false,
  metadata: {},
  items: { data: [{ current_period_start: seconds("2026-03-02T09:00:00Z"), current_period_end: seconds("2026-03-09T09:00:00Z") }] },
  ...fields,
});

describe("checkout with Stripe", () => {
  test("creates a customer and a subscription-mode Checkout Session with a 7-day trial and the card always collected", async () => {
    const { client, user } = await signUp(app.url);
    const before = stripeFake.requests.length;
    const { status, body } = await client.json("POST", "/api/stripe/create-checkout-session");
    expect(status).toBe(200);
    expect(body.sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [customer, session] = stripeFake.requests.slice(before);
    expect(customer).toMatchObject({ method: "POST", path: "/v1/customers", params: { email: user.email, "metadata[userId]": user.id } });
    expect(session!.path).toBe("/v1/checkout/sessions");
    expect(session!.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": stripeFake.priceId,
      "line_items[0][quantity]": "1",
      payment_method_collection: "always",
      "subscription_data[trial_period_days]": "7",
      client_reference_id: user.id,
      success_url: `${app.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.config.appUrl}/payment-setup`,
    });
  });

  test("a returning subscriber's Checkout has no trial, and its completion starts a paid subscription without a trial email", async () => {
    const { client, user, customer } = await subscribedUser();
    // Cancelled during the trial, as Stripe reports it.
    await sendEvent("customer.subscription.deleted", subscription(customer, { status: "canceled", cancel_at: seconds("2026-03-03T09:00:00Z") }));
    expect((await userRow(user.id)).subscriptionStatus).toBe("cancelled");

    const before = stripeFake.requests.length;
    expect((await client.json("POST", "/api/stripe/create-checkout-session")).status).toBe(200);
    const session = stripeFake.requests.slice(before).find((request) => request.path === "/v1/checkout/sessions")!;
    expect(session.params["subscription_data[trial_period_days]"]).toBeUndefined();
    expect(session.params).toMatchObject({ mode: "subscription", payment_method_collection: "always", "subscription_data[metadata][userId]": user.id });

    await sendEvent(
      "checkout.session.completed",
      { object: "checkout.session", customer, subscription: `sub_again_${user.id}`, client_reference_id: user.id },
      { id: `evt_again_${user.id}` },
    );
    expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: "active", paymentMethodAdded: true });
    expect(await emailsTo(user.email, "trial-started")).toBe(1);
  });

  test("resubscribing keeps the week's allowance: the new subscription's events do not start a fresh week; a renewal does", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client, user, customer } = await subscribedUser();
    for (let n = 1; n <= 5; n++)
      expect((await client.json("POST", "/api/posts", { content: `Post ${n} of the trial week, with a real idea in it.` })).status).toBe(201);
    clock.set("2026-03-03T09:00:00Z");
    await sendEvent("customer.subscription.deleted", subscription(customer, { status: "canceled", cancel_at: seconds("2026-03-03T09:00:00Z") }));

    // Back the next day: checkout without a trial, then Stripe's events for the new subscription.
    clock.set("2026-03-04T09:00:00Z");
    const again = `sub_back_${user.id}`;
    await sendEvent("checkout.session.completed", { object: "checkout.session", customer, subscription: again, client_reference_id: user.id });
    const period = { start: seconds("2026-03-04T09:00:00Z"), end: seconds("2026-04-04T09:00:00Z") };
    await sendEvent(
      "customer.subscription.created",
      subscription(customer, { id: again, status: "active", items: { data: [{ current_period_start: period.start, current_period_end: period.end }] } }),
    );
    await sendEvent("invoice.paid", { object: "invoice", customer, billing_reason: "subscription_create", lines: { data: [{ period }] } });
    expect((await userRow(user.id)).subscriptionStatus).toBe("active");
    expect((await client.json("GET", "/api/posts/allowance")).body).toMatchObject({ used: 5, remaining: 2, resetsAt: "2026-03-09T09:00:00.000Z" });

    // The renewal a month on is a new period, and its week starts with it.
    const next = { start: seconds("2026-04-04T09:00:00Z"), end: seconds("2026-05-04T09:00:00Z") };
    await sendEvent("invoice.paid", { object: "invoice", customer, billing_reason: "subscription_cycle", lines: { data: [{ period: next }] } });
    await sendEvent(
      "customer.subscription.updated",
      subscription(customer, { id: again, status: "active", items: { data: [{ current_period_start: next.start, current_period_end: next.end }] } }),
    );
    expect(await userRow(user.id)).toMatchObject({ billingPeriodStart: new Date("2026-04-04T09:00:00Z"), currentPeriodEnd: new Date("2026-05-04T09:00:00Z") });
    clock.set("2026-03-02T09:00:00Z");
  });

  test("signed out, it answers 401", async () => {
    const response = await fetch(`${app.url}/api/stripe/create-checkout-session`, { method: "POST" });
    expect(response.status).toBe(401);
  });

  test("create-subscription returns the Payment Element's clientSecret, or {error: {message}}", async () => {
    const { client } = await signUp(app.url);
    const ok = await client.json("POST", "/api/create-subscription");
    expect(ok.status).toBe(200);
    expect(ok.body.clientSecret).toMatch(/^pi_sub_\w+_secret_/);
    const subscriptionCall = stripeFake.requests.findLast((r) => r.path === "/v1/subscriptions")!;
    expect(subscriptionCall.params).toMatchObject({ payment_behavior: "default_incomplete", "expand[0]": "latest_invoice.confirmation_secret" });

    const { client: other } = await signUp(app.url);
    stripeFake.failNext(400, "No such price: 'price_test_monthly_gbp6'");
    const failed = await other.json("POST", "/api/create-subscription");
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.body.error.message).toBeTruthy();
  });
});

describe("Stripe webhooks", () => {
  test("checkout.session.completed adds the payment method, starts the trial and queues the trial-started email", async () => {
    const { user } = await subscribedUser();
    const row = await userRow(user.id);
    expect(row).toMatchObject({ paymentMethodAdded: true, subscriptionStatus: "trialing" });
    expect(row.trialEnd!.toISOString()).toBe("2026-03-09T09:00:00.000Z");
    expect(await emailsTo(user.email, "trial-started")).toBe(1);
  });

  test("a bad signature is refused with 400 and changes nothing", async () => {
    const { user } = await signUp(app.url);
    const response = await sendEvent("checkout.session.completed", { customer: "cus_x", client_reference_id: user.id }, { secret: "whsec_wrong" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid webhook signature." });
    expect((await userRow(user.id)).paymentMethodAdded).toBe(false);
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
  });

  test("a duplicate event is applied once", async () => {
    const { user } = await signUp(app.url);
    const object = { object: "checkout.session", customer: null, client_reference_id: user.id };
    const first = await sendEvent("checkout.session.completed", object, { id: "evt_duplicate_1" });
    const again = await sendEvent("checkout.session.completed", object, { id: "evt_duplicate_1" });
    expect(await first.json()).toMatchObject({ received: true, applied: true });
    expect(await again.json()).toMatchObject({ received: true, applied: false });
    expect(await emailsTo(user.email, "trial-started")).toBe(1);
  });

  test("events out of order: an older state change arriving late does not undo a newer one", async () => {
    const { user, customer } = await subscribedUser();
    await sendEvent("customer.subscription.updated", subscription(customer, { status: "active" }), { created: "2026-03-09T09:00:05Z" });
    await sendEvent("customer.subscription.updated", subscription(customer, { status: "trialing" }), { created: "2026-03-02T09:00:05Z" });
    expect((await userRow(user.id)).subscriptionStatus).toBe("active");
  });

  test("unknown event types are acknowledged and ignored", async () => {
    const response = await sendEvent("customer.tax_id.created", { id: "txi_1", object: "tax_id" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, applied: true });
  });

  test("trial_will_end queues the 'you will be charged' email", async () => {
    const { user, customer } = await subscribedUser();
    await sendEvent("customer.subscription.trial_will_end", subscription(customer, { trial_end: seconds("2026-03-09T09:00:00Z") }));
    expect(await emailsTo(user.email, "trial-ending")).toBe(1);
  });

  // Every guard outcome, reached through billing events alone.
  const cases: [string, (customer: string) => [string, Record<string, unknown>][], string | null][] = [
    [
      "trialing with the trial running",
      (c) => [["customer.subscription.updated", subscription(c, { status: "trialing", trial_end: seconds("2026-03-09T09:00:00Z") })]],
      null,
    ],
    [
      "trialing with the trial over",
      (c) => [["customer.subscription.updated", subscription(c, { status: "trialing", trial_end: seconds("2026-03-01T09:00:00Z") })]],
      "/subscription-expired",
    ],
    [
      "active after the first invoice is paid",
      (c) => [
        [
          "invoice.paid",
          { object: "invoice", customer: c, lines: { data: [{ period: { start: seconds("2026-03-02T09:00:00Z"), end: seconds("2026-04-02T09:00:00Z") } }] } },
        ],
      ],
      null,
    ],
    [
      "cancelling with the paid period running",
      (c) => [
        [
          "customer.subscription.updated",
          subscription(c, {
            status: "active",
            cancel_at_period_end: true,
            items: { data: [{ current_period_start: seconds("2026-03-01T00:00:00Z"), current_period_end: seconds("2026-03-30T00:00:00Z") }] },
          }),
        ],
      ],
      null,
    ],
    [
      "cancelling with the paid period over",
      (c) => [
        [
          "customer.subscription.updated",
          subscription(c, {
            status: "active",
            cancel_at_period_end: true,
            items: { data: [{ current_period_start: seconds("2026-02-01T00:00:00Z"), current_period_end: seconds("2026-03-01T00:00:00Z") }] },
          }),
        ],
      ],
      "/subscription-expired",
    ],
    ["past_due after a failed payment", (c) => [["invoice.payment_failed", { object: "invoice", customer: c }]], "/subscription-expired"],
    ["unpaid", (c) => [["customer.subscription.updated", subscription(c, { status: "unpaid" })]], "/subscription-expired"],
    [
      "cancelled when the subscription is deleted",
      (c) => [["customer.subscription.deleted", subscription(c, { status: "canceled" })]],
      "/subscription-expired",
    ],
  ];
  for (const [what, events, redirect] of cases) {
    test(`guard: ${what} → ${redirect ?? "let in"}`, async () => {
      const { client, customer } = await subscribedUser();
      for (const [type, object] of events(customer)) expect((await sendEvent(type, object)).status).toBe(200);
      const { body } = await client.json("GET", "/api/user");
      expect(guardRedirect({ user: body }, clock.now())).toBe(redirect);
    });
  }
});

describe("cancelling with Stripe", () => {
  test("a trial is cancelled at Stripe at once and access ends", async () => {
    const { client, user } = await subscribedUser();
    const { status, body } = await client.json("POST", "/api/stripe/cancel-subscription");
    expect(status).toBe(200);
    expect(body.user.subscriptionStatus).toBe("cancelled");
    expect(stripeFake.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/v1/subscriptions/sub_for_${user.id}` });
    expect(guardRedirect({ user: body.user }, clock.now())).toBe("/subscription-expired");
    expect(await emailsTo(user.email, "cancellation")).toBe(1);
  });

  test("an active subscription is set to cancel at the period end and keeps access until then", async () => {
    const { client, user, customer } = await subscribedUser();
    await sendEvent("invoice.paid", {
      object: "invoice",
      customer,
      lines: { data: [{ period: { start: seconds("2026-03-02T09:00:00Z"), end: seconds("2026-04-02T09:00:00Z") } }] },
    });
    const { body } = await client.json("POST", "/api/stripe/cancel-subscription");
    expect(body.user).toMatchObject({ subscriptionStatus: "pending_cancellation", subscriptionEndDate: "2026-04-02T09:00:00.000Z" });
    expect(stripeFake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/subscriptions/sub_for_${user.id}`,
      params: { cancel_at_period_end: "true" },
    });
    expect(guardRedirect({ user: body.user }, clock.now())).toBeNull();
  });
});
