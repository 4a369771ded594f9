import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { type ApiClient, signUp } from "../support/api-client";
import { type FakeStripe, startFakeStripe, startStripeTestApp } from "../support/fake-stripe";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/** The billing pages as a browser receives them, before any script runs: redirects, content, CSP. */

const clock = new ManualClock("2026-03-02T09:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const high = { limit: 1000, windowMs: 60_000 };
let demo: TestApp;
let stripe: TestApp;
let stripeFake: FakeStripe;

beforeAll(async () => {
  stripeFake = startFakeStripe();
  [demo, stripe] = await Promise.all([
    startTestApp({ clock, runJobs: false, rateLimits: { signup: high, login: high } }),
    startStripeTestApp(stripeFake, { clock, runJobs: false, rateLimits: { signup: high, login: high }, publishableKey: "pk_test_fake" }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo?.close(), stripe?.close()]);
  await stripeFake?.stop();
});

/** A page request as a browser makes it, without following redirects. */
async function visit(app: TestApp, path: string, client?: ApiClient) {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers: client?.cookie ? { cookie: client.cookie } : {} });
  return {
    status: response.status,
    location: response.headers.get("location"),
    csp: response.headers.get("content-security-policy") ?? "",
    cacheControl: response.headers.get("cache-control"),
    body: await response.text(),
  };
}

/** Visible text of a page, roughly: tags and the islands' JSON props gone, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

async function withTrial(app: TestApp) {
  const signed = await signUp(app.url);
  await app.database.db
    .update(users)
    .set({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: new Date(clock.now().getTime() + 7 * DAY), billingPeriodStart: clock.now() })
    .where(eq(users.id, signed.user.id));
  return signed;
}

describe("who may see the billing pages", () => {
  test("signed out: every page but the expired one sends the visitor to /login", async () => {
    for (const path of ["/payment-setup", "/demo-checkout", "/payment-success", "/subscribe"]) {
      const answer = await visit(demo, path);
      expect([path, answer.status, answer.location]).toEqual([path, 303, "/login"]);
    }
    const expired = await visit(demo, "/subscription-expired");
    expect(expired.status).toBe(200);
    expect(expired.cacheControl).toBe("no-store");
  });

  test("/subscription-expired sends someone whose subscription has not ended where the guard says", async () => {
    const { client: fresh } = await signUp(demo.url);
    expect((await visit(demo, "/subscription-expired", fresh)).location).toBe("/payment-setup");
    const { client: trialing } = await withTrial(demo);
    expect((await visit(demo, "/subscription-expired", trialing)).location).toBe("/dashboard");
    await trialing.json("POST", "/api/stripe/cancel-subscription");
    expect((await visit(demo, "/subscription-expired", trialing)).status).toBe(200);
  });

  test("/demo-checkout is the 404 page with Stripe billing, and takes a set-up user to the dashboard on demo billing", async () => {
    const { client } = await signUp(stripe.url);
    const answer = await visit(stripe, "/demo-checkout", client);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("404 Page Not Found");
    const { client: trialing } = await withTrial(demo);
    expect((await visit(demo, "/demo-checkout", trialing)).location).toBe("/dashboard");
  });
});

describe("/payment-setup", () => {
  test("the trial would end 7 days from the injected clock, in en-GB long format and the user's timezone", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await signUp(demo.url);
    const page = textOf((await visit(demo, "/payment-setup", client)).body);
    expect(page).toContain("Start your 7-day free trial");
    expect(page).toContain("Free until Mar 9, 2026");
    expect(page).toContain("£6 /month");
    // The promise to email before charging, 3 days ahead of the first charge.
    expect(page).toContain("Mar 6, 2026 We email you a reminder before your first charge.");
    expect(page).toContain("7 posts per week");
    expect(page).toContain("Continue to Payment");
    expect(page).toContain("Contact support");
    expect(page).not.toContain("Already set up");

    // Late on 2 March in Tokyo it is already 3 March there: the date follows the user's calendar.
    clock.set("2026-03-02T16:00:00Z");
    const { client: tokyo, user } = await signUp(demo.url);
    await demo.database.db.update(users).set({ timezone: "Asia/Tokyo" }).where(eq(users.id, user.id));
    expect(textOf((await visit(demo, "/payment-setup", tokyo)).body)).toContain("Free until Mar 10, 2026");
    clock.set("2026-03-02T09:00:00Z");
  });

  test("someone who has had their trial is offered a subscription from today, not a trial; so is the expired page", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await signUp(demo.url);
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    await client.json("POST", "/api/stripe/cancel-subscription");
    const page = textOf((await visit(demo, "/payment-setup", client)).body);
    expect(page).toContain(`Resubscribe to ${demo.config.productName} Pro`);
    expect(page).toContain("You have had your free trial, so your subscription starts today: £6 now, then monthly.");
    expect(page).toContain("Renews on Apr 2, 2026");
    expect(page).toContain("Today Your subscription starts and your first £6 is charged.");
    expect(page).toContain("Continue to Payment");
    expect(page).not.toContain("Start your free trial");
    expect(page).not.toContain("Free until");
    expect(page).not.toContain("Nothing is charged today");

    const expired = textOf((await visit(demo, "/subscription-expired", client)).body);
    expect(expired).toContain("£6/month, billed from today (you have had your free trial), Cancel anytime");
    expect(expired).not.toContain("7-day free trial");

    // Back from checkout, the success page names what started.
    expect(textOf((await visit(demo, "/payment-success", client)).body)).toContain(`Your ${demo.config.productName} Pro subscription has started.`);
    const { client: newcomer } = await signUp(demo.url);
    expect(textOf((await visit(demo, "/payment-success", newcomer)).body)).toContain(`Your 7-day free trial of ${demo.config.productName} Pro has started.`);
    expect((await newcomer.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    expect(textOf((await visit(demo, "/payment-success", newcomer)).body)).toContain(`Your 7-day free trial of ${demo.config.productName} Pro has started.`);
  });

  test("a user already set up is told so, and the page takes them to the dashboard", async () => {
    const { client } = await withTrial(demo);
    const page = textOf((await visit(demo, "/payment-setup", client)).body);
    expect(page).toContain("Already set up");
    expect(page).toContain("Taking you to your dashboard...");
    expect(page).not.toContain("Continue to Payment");
  });

  test("the secure-payment note names the provider that will take the card", async () => {
    const { client: onDemo } = await signUp(demo.url);
    expect(textOf((await visit(demo, "/payment-setup", onDemo)).body)).toContain("a demo checkout where no card is charged");
    const { client: onStripe } = await signUp(stripe.url);
    expect(textOf((await visit(stripe, "/payment-setup", onStripe)).body)).toContain("Secure payment through Stripe.");
  });
});

describe("the Content-Security-Policy", () => {
  const stripeSources = ["https://js.stripe.com", "https://api.stripe.com", "https://hooks.stripe.com"];

  test("/subscribe on Stripe billing allows Stripe.js, its API and its frames", async () => {
    const { client } = await signUp(stripe.url);
    const { status, csp } = await visit(stripe, "/subscribe", client);
    expect(status).toBe(200);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' https:\/\/js\.stripe\.com;/);
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  test("every other page, and /subscribe on demo billing, keeps the strict policy", async () => {
    const { client: onStripe } = await withTrial(stripe);
    const { client: onDemo } = await signUp(demo.url);
    const pages: [TestApp, string, ApiClient | undefined][] = [
      [stripe, "/payment-setup", onStripe],
      [stripe, "/payment-success", onStripe],
      [stripe, "/dashboard", onStripe],
      [stripe, "/settings", onStripe],
      [stripe, "/subscription-expired", undefined],
      [stripe, "/", undefined],
      [demo, "/subscribe", onDemo],
      [demo, "/demo-checkout", onDemo],
    ];
    for (const [app, path, client] of pages) {
      const { status, csp } = await visit(app, path, client);
      expect([path, status]).toEqual([path, 200]);
      for (const source of stripeSources) expect([path, csp.includes(source)]).toEqual([path, false]);
      expect(csp).toContain("script-src 'self' 'sha256-");
    }
  });
});

describe("pages that show the subscription", () => {
  test("/subscription-expired: the spec's words, 7 posts per week, the price note in pounds", async () => {
    const page = textOf((await visit(demo, "/subscription-expired")).body);
    expect(page).toContain("Subscription Expired");
    expect(page).toContain(`Your subscription has ended. Resubscribe to continue using ${demo.config.productName}.`);
    expect(page).toContain("7 posts per week");
    expect(page).not.toContain("5 posts per week");
    expect(page).toContain("£6/month, 7-day free trial, Cancel anytime");
    expect(page).toContain("Resubscribe Now");
    expect(page).toContain("Back to Home");
  });

  test("Settings: the Subscription card with its badge, date line and cancel button", async () => {
    const { client } = await withTrial(demo);
    const page = textOf((await visit(demo, "/settings", client)).body);
    expect(page).toContain("Subscription");
    expect(page).toMatch(/Trial\s+Trial ends on Mar 9, 2026/);
    expect(page).toContain("Cancel Subscription");
  });

  test("the dashboard shows what is left of the week's allowance and when it resets", async () => {
    const { client } = await withTrial(demo);
    const page = textOf((await visit(demo, "/dashboard", client)).body);
    expect(page).toContain("7 of 7 posts left this week");
    expect(page).toContain("Resets Mar 9, 2026");
  });

  test("the product name comes from the configuration", async () => {
    const named = await startTestApp({ clock, runJobs: false, env: { PRODUCT_NAME: "Tempo" } });
    try {
      const page = textOf((await visit(named, "/subscription-expired")).body);
      expect(page).toContain("Resubscribe to continue using Tempo.");
      expect(page).not.toContain("Cadence");
    } finally {
      await named.close();
    }
  });
});
