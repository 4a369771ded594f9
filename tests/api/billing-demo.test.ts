import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { guardRedirect } from "../../src/shared/guard";
import { type ApiClient, signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startedApp } from "../support/suite";

/** The demo billing provider end to end through the API, with time moved by the injected clock. */

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = startedApp({ clock, runJobs: false });

async function emails(address: string, kind: string) {
  const [row] = await suite.app.database.rows<{ n: number }>(
    sql`select count(*)::int as n from jobs where kind = 'send-email' and payload->>'to' = ${address} and payload->>'kind' = ${kind}`,
  );
  return row!.n;
}

async function trialUser(email?: string) {
  const signed = await signUp(suite.app.url, email ? { email } : {});
  const checkout = await signed.client.json("POST", "/api/stripe/create-checkout-session");
  expect(checkout).toEqual({ status: 200, body: { sessionUrl: `${suite.app.config.appUrl}/demo-checkout` } });
  const completed = await signed.client.json("POST", "/api/demo-checkout/complete");
  expect(completed.status).toBe(200);
  return signed;
}

const user = async (client: ApiClient) => (await client.json("GET", "/api/user")).body;

const post = (n: number) => ({
  content: `Post number ${n}: the one idea from this week's article worth sharing.\n\nMore detail here.`,
  postType: "value",
  postOrder: String(((n - 1) % 7) + 1),
  strategyExplanation: "Shared mid-week when attention is highest.",
  recommendedDay: "Tuesday",
  recommendedTime: "9:00 AM",
  status: "draft",
});

describe("demo billing", () => {
  test("checkout starts a 7-day trial, queues the trial-started email, and the guard lets the user in", async () => {
    const { client, user: created } = await trialUser();
    const current = await user(client);
    expect(current).toMatchObject({
      paymentMethodAdded: true,
      subscriptionStatus: "trialing",
      trialEnd: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });
    expect(guardRedirect({ user: current }, clock.now())).toBeNull();
    expect(await emails(created.email, "trial-started")).toBe(1);
    // Already set up: a second checkout is refused.
    expect((await client.json("POST", "/api/stripe/create-checkout-session")).status).toBe(409);
  });

  test("the trial really ends: a warning 3 days before, then the first charge makes it active", async () => {
    const start = clock.now();
    const { client, user: created } = await trialUser();
    clock.set(new Date(start.getTime() + 4 * DAY + 60_000));
    expect((await user(client)).subscriptionStatus).toBe("trialing");
    expect(await emails(created.email, "trial-ending")).toBe(1);
    await user(client); // loading again does not send it twice
    expect(await emails(created.email, "trial-ending")).toBe(1);
    clock.set(new Date(start.getTime() + 7 * DAY + 60_000));
    const active = await user(client);
    expect(active.subscriptionStatus).toBe("active");
    expect(guardRedirect({ user: active }, clock.now())).toBeNull();
  });

  test("cancelling during the trial ends access at once", async () => {
    const { client, user: created } = await trialUser();
    const { status, body } = await client.json("POST", "/api/stripe/cancel-subscription");
    expect(status).toBe(200);
    expect(body.message).toBe("Subscription cancelled");
    expect(guardRedirect({ user: await user(client) }, clock.now())).toBe("/subscription-expired");
    expect(await emails(created.email, "cancellation")).toBe(1);
    // Resubscribing from /subscription-expired works: a new checkout, paid from today (one trial per person).
    expect((await client.json("POST", "/api/stripe/create-checkout-session")).status).toBe(200);
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    expect(guardRedirect({ user: await user(client) }, clock.now())).toBeNull();
  });

  test("ten cancels at once: each answers 200 with the cancelled state, one cancellation email", async () => {
    for (const when of ["trial", "paid"] as const) {
      clock.set("2026-03-02T09:00:00Z");
      const { client, user: created } = await trialUser();
      if (when === "paid") clock.set("2026-03-10T09:00:00Z");
      const answers = await Promise.all(Array.from({ length: 10 }, () => client.json("POST", "/api/stripe/cancel-subscription")));
      const expected = when === "trial" ? "cancelled" : "pending_cancellation";
      expect(answers.map((answer) => [answer.status, answer.body.user?.subscriptionStatus])).toEqual(Array.from({ length: 10 }, () => [200, expected]));
      expect({ when, emails: await emails(created.email, "cancellation") }).toEqual({ when, emails: 1 });
    }
  });

  test("an active subscription cancelled keeps access to the period end, then expires", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const start = clock.now();
    const { client, user: created, password } = await trialUser();
    clock.set(new Date(start.getTime() + 8 * DAY));
    expect((await user(client)).subscriptionStatus).toBe("active");
    const { body } = await client.json("POST", "/api/stripe/cancel-subscription");
    expect(body.user.subscriptionStatus).toBe("pending_cancellation");
    const periodEnd = new Date(body.user.subscriptionEndDate);
    expect(periodEnd.toISOString()).toBe("2026-04-09T09:00:00.000Z"); // trial end + 1 month
    expect(guardRedirect({ user: await user(client) }, clock.now())).toBeNull();
    clock.set(new Date(periodEnd.getTime() + 60_000));
    // More than 30 days on, the old session has expired: sign in again.
    expect((await client.json("GET", "/api/user")).status).toBe(401);
    expect((await client.json("POST", "/api/auth/login", { email: created.email, password })).status).toBe(200);
    const ended = await user(client);
    expect(ended.subscriptionStatus).toBe("cancelled");
    expect(guardRedirect({ user: ended }, clock.now())).toBe("/subscription-expired");
  });

  test("subscribing again while cancelling takes the cancellation back", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const { client } = await trialUser();
    clock.set("2026-03-10T09:00:00Z");
    expect((await client.json("POST", "/api/stripe/cancel-subscription")).body.user.subscriptionStatus).toBe("pending_cancellation");
    const resumed = await client.json("POST", "/api/demo-checkout/complete");
    expect(resumed.body.user).toMatchObject({ subscriptionStatus: "active", subscriptionEndDate: null });
  });

  test("only a trial or an active subscription can be cancelled", async () => {
    const { client } = await signUp(suite.app.url);
    const { status, body } = await client.json("POST", "/api/stripe/cancel-subscription");
    expect(status).toBe(409);
    expect(body.message).toBe("Only a trial or an active subscription can be cancelled.");
  });
});

describe("one trial per person", () => {
  test("cancel during the trial, check out again: paid from today, no second trial, no second trial email, the same week's allowance", async () => {
    const { client, user: created } = await trialUser();
    for (let n = 1; n <= 5; n++) expect((await client.json("POST", "/api/posts", post(n))).status).toBe(201);
    clock.advance(DAY);
    await client.json("POST", "/api/stripe/cancel-subscription");
    const page = await (await fetch(`${suite.app.url}/demo-checkout`, { headers: { cookie: client.cookie } })).text();
    expect(page).toContain("You have had your free trial");
    expect(page).toContain("Subscribe for £6/month");
    expect(page).not.toContain("7 days free");

    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const again = await user(client);
    expect(again.subscriptionStatus).toBe("active");
    expect(await emails(created.email, "trial-started")).toBe(1);
    // The week that started with the trial goes on: 5 saves used, 2 left, not a fresh 7.
    expect((await client.json("GET", "/api/posts/allowance")).body).toMatchObject({ used: 5, remaining: 2 });
    // Paid months renew on the demo clock like any subscription.
    clock.advance(31 * DAY);
    await suite.app.services.billing.advanceDemo(created.id);
    const [renewed] = await suite.app.database.rows<{ subscription_status: string; current_period_end: string }>(
      sql`select subscription_status, current_period_end from users where id = ${created.id}`,
    );
    expect(renewed!.subscription_status).toBe("active");
    expect(new Date(renewed!.current_period_end).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  test("deleting the account and signing up again with the same address gives no new trial", async () => {
    const { client, user: created } = await trialUser();
    expect((await client.json("DELETE", "/api/user", { email: created.email })).status).toBe(200);
    const returning = await signUp(suite.app.url, { email: created.email.toUpperCase() });
    const page = await (await fetch(`${suite.app.url}/demo-checkout`, { headers: { cookie: returning.client.cookie } })).text();
    expect(page).toContain("You have had your free trial");
    expect((await returning.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    expect((await user(returning.client)).subscriptionStatus).toBe("active");
    expect((await user(returning.client)).trialEnd).toBeNull();
    // Only a keyed hash of the address is kept, never the address.
    const claims = await suite.app.database.rows<{ email_key: string }>(sql`select email_key from trial_claims`);
    expect(claims.length).toBeGreaterThan(0);
    expect(JSON.stringify(claims)).not.toContain(created.email);
  });

  test("address variants of one mailbox share its trial: plus tags everywhere, dots and googlemail.com for Gmail", async () => {
    const local = `annlee${crypto.randomUUID().slice(0, 6).replace(/-/g, "")}`;
    await trialUser(`${local}@gmail.com`);
    const other = `bo${crypto.randomUUID().slice(0, 6)}`;
    await trialUser(`${other}@example.com`);
    const variants = [
      `${local}+1@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
      `${local}@googlemail.com`,
      `${local.toUpperCase()}+news@GMail.com`,
      `${other}+x@example.com`,
    ];
    for (const email of variants) {
      const returning = await signUp(suite.app.url, { email });
      const page = await (await fetch(`${suite.app.url}/demo-checkout`, { headers: { cookie: returning.client.cookie } })).text();
      expect({ email, hadTrial: page.includes("You have had your free trial") }).toEqual({ email, hadTrial: true });
      expect((await returning.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
      expect((await user(returning.client)).subscriptionStatus).toBe("active");
      expect(await emails(email, "trial-started")).toBe(0);
    }
    // Dots are part of the address outside Gmail: another mailbox, another trial.
    const { client } = await trialUser(`${other.slice(0, 1)}.${other.slice(1)}@example.com`);
    expect((await user(client)).subscriptionStatus).toBe("trialing");
  });

  test("a new address still gets its trial", async () => {
    const { client } = await trialUser();
    expect((await user(client)).subscriptionStatus).toBe("trialing");
  });
});

describe("the weekly allowance", () => {
  test("7 saves per week; the 8th answers 429 with resetsAt, and the next window allows more", async () => {
    clock.set("2026-03-02T09:00:00Z");
    const start = clock.now();
    const { client } = await trialUser();
    expect((await client.json("GET", "/api/posts/allowance")).body).toEqual({
      limit: 7,
      used: 0,
      remaining: 7,
      resetsAt: new Date(start.getTime() + 7 * DAY).toISOString(),
    });
    for (let n = 1; n <= 7; n++) expect((await client.json("POST", "/api/posts", post(n))).status).toBe(201);
    const refused = await client.json("POST", "/api/posts", post(8));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Weekly limit reached: 7 posts per week. Resets Mar 9, 2026.");
    expect(refused.body.resetsAt).toBe(new Date(start.getTime() + 7 * DAY).toISOString());
    expect((await client.json("GET", "/api/posts/allowance")).body).toMatchObject({ used: 7, remaining: 0 });

    clock.set(new Date(start.getTime() + 7 * DAY + 1000));
    expect((await client.json("POST", "/api/posts", post(8))).status).toBe(201);
    expect((await client.json("GET", "/api/posts/allowance")).body).toMatchObject({ used: 1, remaining: 6 });
  });

  test("saving needs a live subscription: 403 with the flag the guard reads", async () => {
    const { client } = await signUp(suite.app.url);
    const noCard = await client.json("POST", "/api/posts", post(1));
    expect(noCard.status).toBe(403);
    expect(noCard.body).toMatchObject({ paymentRequired: true });

    const { client: cancelled } = await trialUser();
    await cancelled.json("POST", "/api/stripe/cancel-subscription");
    const expired = await cancelled.json("POST", "/api/posts", post(1));
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ subscriptionExpired: true });
    expect(guardRedirect({ error: expired.body }, clock.now())).toBe("/subscription-expired");
  });

  const bad: [string, unknown][] = [
    ["no content", { ...post(1), content: undefined }],
    ["blank content", { ...post(1), content: "   " }],
    ["content over 3,000 characters", { ...post(1), content: "x".repeat(3001) }],
    ["a status other than draft", { ...post(1), status: "posted" }],
    ["a bad day", { ...post(1), recommendedDay: "Funday" }],
    ["a bad time", { ...post(1), recommendedTime: "25:00" }],
    ["a non-uuid sourceId", { ...post(1), sourceId: "../etc" }],
    ["a wrong-typed postOrder", { ...post(1), postOrder: 3 }],
  ];
  for (const [what, body] of bad) {
    test(`400 for ${what}, nothing saved`, async () => {
      const { client } = await trialUser();
      const response = await client.json("POST", "/api/posts", body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe("string");
      expect((await client.json("GET", "/api/posts/allowance")).body.used).toBe(0);
    });
  }

  test("another user's source id is a 404", async () => {
    const { client: owner, user: ownerUser } = await trialUser();
    const [source] = await suite.app.database.rows<{ id: string }>(
      sql`insert into sources (user_id, content_text, content_type) values (${ownerUser.id}, 'An article.', 'blog') returning id`,
    );
    expect((await owner.json("POST", "/api/posts", { ...post(1), sourceId: source!.id })).status).toBe(201);
    const { client: other } = await trialUser();
    expect((await other.json("POST", "/api/posts", { ...post(1), sourceId: source!.id })).status).toBe(404);
  });
});
