import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { type ApiClient, signUp } from "../support/api-client";
import { type FakeStripe, startFakeStripe, startStripeTestApp } from "../support/fake-stripe";
import { ManualClock } from "../support/manual-clock";
import type { TestApp } from "../support/test-app";

const clock = new ManualClock("2026-03-02T09:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
let stripeFake: FakeStripe;

// On the Stripe provider the subscription changes only when Stripe says so (webhooks), so every
// state the guard knows can be stored and seen. (The demo provider charges a trial that has
// ended the moment the user is loaded: there a trialing user is never past trialEnd.)
beforeAll(async () => {
  stripeFake = startFakeStripe();
  app = await startStripeTestApp(stripeFake, {
    clock,
    runJobs: false,
    rateLimits: { signup: { limit: 1000, windowMs: 60_000 }, login: { limit: 1000, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await app.close();
  await stripeFake.stop();
});

const guardedPages = ["/dashboard", "/generate", "/calendar", "/posts", "/posts/5b0b3c47-3a8e-4c7e-9a52-1f0e8f4f2d10", "/settings"];

type UserState = Partial<Pick<typeof users.$inferInsert, "paymentMethodAdded" | "subscriptionStatus" | "trialEnd" | "subscriptionEndDate">>;

async function userWith(state: UserState): Promise<ApiClient> {
  const { client, user } = await signUp(app.url);
  if (Object.keys(state).length > 0) await app.database.db.update(users).set(state).where(eq(users.id, user.id));
  return client;
}

/** A page request as a browser makes it, without following redirects. */
async function visit(path: string, client?: ApiClient) {
  const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers: client?.cookie ? { cookie: client.cookie } : {} });
  const body = await response.text();
  return { status: response.status, location: response.headers.get("location"), body, cacheControl: response.headers.get("cache-control") };
}

const ahead = () => new Date(clock.now().getTime() + 3 * DAY);
const behind = () => new Date(clock.now().getTime() - 1000);

// Every rule of src/shared/guard.ts that a stored user can reach, and every status.
const cases: [string, () => UserState, string | null][] = [
  ["a new account (no payment method)", () => ({}), "/payment-setup"],
  ["no payment method but trialing", () => ({ subscriptionStatus: "trialing", trialEnd: ahead() }), "/payment-setup"],
  ["trialing, trial ahead", () => ({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: ahead() }), null],
  ["trialing, trial ended", () => ({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: behind() }), "/subscription-expired"],
  ["legacy trial, trial ended", () => ({ paymentMethodAdded: true, subscriptionStatus: "trial", trialEnd: behind() }), "/subscription-expired"],
  ["legacy trial, trial ahead", () => ({ paymentMethodAdded: true, subscriptionStatus: "trial", trialEnd: ahead() }), null],
  ["active", () => ({ paymentMethodAdded: true, subscriptionStatus: "active" }), null],
  [
    "pending_cancellation, period not over",
    () => ({ paymentMethodAdded: true, subscriptionStatus: "pending_cancellation", subscriptionEndDate: ahead() }),
    null,
  ],
  [
    "pending_cancellation, period over",
    () => ({ paymentMethodAdded: true, subscriptionStatus: "pending_cancellation", subscriptionEndDate: behind() }),
    "/subscription-expired",
  ],
  ["cancelled", () => ({ paymentMethodAdded: true, subscriptionStatus: "cancelled" }), "/subscription-expired"],
  ["past_due", () => ({ paymentMethodAdded: true, subscriptionStatus: "past_due" }), "/subscription-expired"],
  ["unpaid", () => ({ paymentMethodAdded: true, subscriptionStatus: "unpaid" }), "/subscription-expired"],
];

describe("the guard on every signed-in page, before any HTML", () => {
  test("signed out: 303 to /login, with no body", async () => {
    for (const path of guardedPages) {
      const answer = await visit(path);
      expect([path, answer.status, answer.location, answer.body]).toEqual([path, 303, "/login", ""]);
    }
  });

  for (const [what, state, destination] of cases) {
    test(`${what}: ${destination ? `303 to ${destination}` : "let in"}`, async () => {
      const client = await userWith(state());
      for (const path of guardedPages) {
        const answer = await visit(path, client);
        if (destination) {
          expect([path, answer.status, answer.location, answer.body]).toEqual([path, 303, destination, ""]);
        } else {
          // Let in: every page renders, except /posts/:id for an id that is not one of the user's posts, which is the 404 page.
          const built = path === "/dashboard" || path === "/generate" || path === "/calendar" || path === "/posts" || path === "/settings";
          expect([path, answer.status, answer.location]).toEqual([path, built ? 200 : 404, null]);
          expect(answer.body).toContain(built ? "Skip to content" : "404 Page Not Found");
          expect(answer.cacheControl).toBe("no-store");
        }
      }
    });
  }

  test("a trial ending while the session lives: let in, then sent to /subscription-expired once the clock passes trialEnd", async () => {
    const trialEnd = new Date(clock.now().getTime() + DAY);
    const client = await userWith({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd });
    expect((await visit("/dashboard", client)).status).toBe(200);
    clock.set(new Date(trialEnd.getTime() + 1));
    try {
      expect(await visit("/dashboard", client)).toMatchObject({ status: 303, location: "/subscription-expired" });
    } finally {
      clock.set("2026-03-02T09:00:00Z");
    }
  });

  test("a session ended by logout is signed out", async () => {
    const client = await userWith({ paymentMethodAdded: true, subscriptionStatus: "active" });
    const cookie = client.cookie;
    expect((await visit("/settings", client)).status).toBe(200);
    expect((await client.request("POST", "/api/auth/logout")).status).toBe(200);
    const stale = { cookie } as ApiClient;
    expect(await visit("/settings", stale)).toMatchObject({ status: 303, location: "/login" });
  });
});

describe("/login and /signup", () => {
  test("signed out: the pages", async () => {
    const login = await visit("/login");
    expect(login.status).toBe(200);
    expect(login.body).toContain("Welcome back");
    expect(login.body).toContain('data-island="LoginForm"');
    const signup = await visit("/signup");
    expect(signup.status).toBe(200);
    expect(signup.body).toContain("Start Your Free Trial");
    expect(signup.body).toContain("7 days free, then £6/month. Cancel anytime.");
  });

  test("signed in: 303 to /dashboard, whatever the subscription (the dashboard's guard decides what next)", async () => {
    for (const client of [await userWith({}), await userWith({ paymentMethodAdded: true, subscriptionStatus: "active" })]) {
      for (const path of ["/login", "/signup"]) expect(await visit(path, client)).toMatchObject({ status: 303, location: "/dashboard", body: "" });
    }
  });

  test("forgot and reset password are open to anyone", async () => {
    expect((await visit("/forgot-password")).status).toBe(200);
    const reset = await visit("/reset-password?token=abc");
    expect(reset.status).toBe(200);
    expect(reset.body).toContain('"token":"abc"');
    const noToken = await visit("/reset-password");
    expect(noToken.body).toContain('"token":null');
    expect(noToken.body).toContain("Invalid link");
  });
});

describe("the signed-in shell on the server", () => {
  test("navigation, the current page marked, the user, the product name and tagline", async () => {
    const client = await userWith({ paymentMethodAdded: true, subscriptionStatus: "active" });
    const html = (await visit("/settings", client)).body;
    for (const [href, label] of [
      ["/dashboard", "Dashboard"],
      ["/generate", "Generate Posts"],
      ["/calendar", "Calendar"],
      ["/posts", "My Posts"],
      ["/settings", "Settings"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>.*?${label}<`));
    }
    expect(html.match(/aria-current="page"/g)?.length).toBe(1);
    expect(html).toMatch(/href="\/settings" aria-current="page"/);
    expect(html).toContain("AI Content Scheduler");
    expect(html).toContain(`>${app.config.productName}<`);
    expect(html).toContain("Logout");
  });

  test("the sidebar_state cookie decides the first paint", async () => {
    const client = await userWith({ paymentMethodAdded: true, subscriptionStatus: "active" });
    const withCookie = (value: string) => ({ cookie: `${client.cookie}; sidebar_state=${value}` }) as ApiClient;
    expect((await visit("/dashboard", client)).body).toContain('data-state="expanded"');
    expect((await visit("/dashboard", withCookie("false"))).body).toContain('data-state="collapsed"');
    expect((await visit("/dashboard", withCookie("true"))).body).toContain('data-state="expanded"');
    expect((await visit("/dashboard", withCookie("nonsense"))).body).toContain('data-state="expanded"');
  });
});

describe("/generate on the server", () => {
  test("the strategist page in the shell: heading, empty plan, this week's allowance, the planner island", async () => {
    const client = await userWith({ paymentMethodAdded: true, subscriptionStatus: "active" });
    const html = (await visit("/generate", client)).body;
    expect(html).toContain("<h1");
    expect(html).toContain(">LinkedIn Content Strategist</h1>");
    expect(html).toMatch(/href="\/generate" aria-current="page"/);
    expect(html).toContain("No strategic plan yet");
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("7 of 7 posts left this week");
    expect(html).toContain('data-island="ContentPlanner"');
    expect(html).toContain('data-island="AllowanceMeter"');
    expect(html).toContain(`LinkedIn Content Strategist | ${app.config.productName}</title>`);
  });
});
