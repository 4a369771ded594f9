import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { posts, users } from "../../db/schema";
import { firstContentLine } from "../../src/shared/words";
import { type ApiClient, signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

// Monday 2 March 2026, 09:00 UTC: 18:00 on Monday in Tokyo, 01:00 on Monday in Los Angeles.
const clock = new ManualClock("2026-03-02T09:00:00Z");
let app: TestApp;
let client: ApiClient;
let userId: string;

beforeAll(async () => {
  app = await startTestApp({ clock, runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } });
  const account = await signUp(app.url, { name: "Kenji Sato" });
  client = account.client;
  userId = account.user.id;
  // Past the guard, so /dashboard renders.
  await app.database.db
    .update(users)
    .set({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: new Date("2026-03-09T09:00:00Z") })
    .where(eq(users.id, userId));
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  clock.set("2026-03-02T09:00:00Z");
  await app.database.db.delete(posts);
});

async function setTimezone(timezone: string) {
  await app.database.db.update(users).set({ timezone }).where(eq(users.id, userId));
}

type PostSeed = { status: string; scheduledTime?: string; postedAt?: string; content?: string; userId?: string };
async function seed(...rows: PostSeed[]) {
  await app.database.db.insert(posts).values(
    rows.map((row, i) => ({
      userId: row.userId ?? userId,
      content: row.content ?? `Post ${i + 1}`,
      status: row.status,
      scheduledTime: row.scheduledTime ? new Date(row.scheduledTime) : null,
      postedAt: row.postedAt ? new Date(row.postedAt) : null,
    })),
  );
}

const stats = (timezone: string) => app.services.dashboard.stats({ id: userId, timezone });

describe("dashboard stats: the Monday-to-Sunday week is the user's, not UTC's", () => {
  test("in Tokyo (UTC+9) the week is 2026-03-01T15:00Z to 2026-03-08T15:00Z", async () => {
    await seed(
      { status: "scheduled", scheduledTime: "2026-03-01T14:59:59Z" }, // Sunday 23:59:59 Tokyo: last week
      { status: "scheduled", scheduledTime: "2026-03-01T15:00:00Z" }, // Monday 00:00 Tokyo: this week
      { status: "scheduled", scheduledTime: "2026-03-08T14:59:59Z" }, // Sunday 23:59:59 Tokyo: this week
      { status: "scheduled", scheduledTime: "2026-03-08T15:00:00Z" }, // next Monday 00:00 Tokyo: next week
      { status: "posted", postedAt: "2026-03-02T01:00:00Z" }, // posted this week
      { status: "posted", postedAt: "2026-03-01T14:00:00Z" }, // posted last week
      { status: "posted", scheduledTime: "2026-03-03T00:00:00Z" }, // posted, time unknown: its scheduled time counts
      { status: "draft", scheduledTime: "2026-03-03T00:00:00Z" }, // drafts never count this week
      { status: "failed", scheduledTime: "2026-03-03T00:00:00Z" },
    );
    expect(await stats("Asia/Tokyo")).toEqual({ thisWeek: 4, scheduled: 4, total: 9 });
  });

  test("the same posts give another answer in Los Angeles (UTC-8), where it is still Monday 01:00", async () => {
    await seed(
      { status: "scheduled", scheduledTime: "2026-03-01T20:00:00Z" }, // Monday 05:00 Tokyo; Sunday in UTC and Los Angeles
      { status: "scheduled", scheduledTime: "2026-03-02T07:59:59Z" }, // Sunday 23:59:59 LA: last week there
      { status: "scheduled", scheduledTime: "2026-03-02T08:00:00Z" }, // Monday 00:00 LA: this week
      { status: "scheduled", scheduledTime: "2026-03-09T06:59:59Z" }, // Sunday 23:59:59 PDT (clocks went forward on 8 March): this week
      { status: "scheduled", scheduledTime: "2026-03-09T07:00:00Z" }, // Monday 00:00 PDT: next week
    );
    expect(await stats("America/Los_Angeles")).toEqual({ thisWeek: 2, scheduled: 5, total: 5 });
    // Tokyo's week is 2026-03-01T15:00Z to 2026-03-08T15:00Z; UTC's is 2 to 9 March, midnight to midnight.
    expect((await stats("Asia/Tokyo")).thisWeek).toBe(3);
    expect((await stats("UTC")).thisWeek).toBe(2);
  });

  test("late on Sunday in UTC it is already next week in Tokyo", async () => {
    clock.set("2026-03-08T16:00:00Z"); // Monday 01:00 in Tokyo, Sunday 16:00 in UTC
    await seed({ status: "scheduled", scheduledTime: "2026-03-08T14:00:00Z" }, { status: "scheduled", scheduledTime: "2026-03-09T00:00:00Z" });
    expect((await stats("Asia/Tokyo")).thisWeek).toBe(1);
    expect((await stats("UTC")).thisWeek).toBe(1);
    expect((await stats("Europe/London")).thisWeek).toBe(1);
  });

  test("another user's posts are not counted", async () => {
    const other = await signUp(app.url);
    await seed({ status: "scheduled", scheduledTime: "2026-03-03T00:00:00Z", userId: other.user.id });
    expect(await stats("Asia/Tokyo")).toEqual({ thisWeek: 0, scheduled: 0, total: 0 });
  });
});

describe("upcoming posts", () => {
  test("scheduled from now on, soonest first, the first 5", async () => {
    await seed(
      { status: "scheduled", scheduledTime: "2026-03-02T08:59:59Z", content: "Already past" },
      { status: "scheduled", scheduledTime: "2026-03-06T09:00:00Z", content: "Fourth" },
      { status: "scheduled", scheduledTime: "2026-03-02T09:00:00Z", content: "\n\n  First, right now  \nsecond line" },
      { status: "draft", scheduledTime: "2026-03-03T09:00:00Z", content: "A draft" },
      { status: "scheduled", scheduledTime: "2026-03-04T09:00:00Z", content: "Third" },
      { status: "scheduled", scheduledTime: "2026-03-03T09:00:00Z", content: "Second" },
      { status: "scheduled", scheduledTime: "2026-03-08T09:00:00Z", content: "Sixth" },
      { status: "scheduled", scheduledTime: "2026-03-07T09:00:00Z", content: "Fifth" },
    );
    const upcoming = await app.services.dashboard.upcoming(userId);
    expect(upcoming.map((post) => post.firstLine)).toEqual(["First, right now", "Second", "Third", "Fourth", "Fifth"]);
    expect(upcoming[0]).toMatchObject({ status: "scheduled", scheduledTime: "2026-03-02T09:00:00.000Z" });
  });

  test("firstContentLine skips blank lines and trims", () => {
    expect(firstContentLine("\n  \n Hello there \nmore")).toBe("Hello there");
    expect(firstContentLine("")).toBe("");
  });
});

describe("GET /dashboard", () => {
  test("shows the stats, and the upcoming posts in the user's timezone with links to each", async () => {
    await setTimezone("Asia/Tokyo");
    await seed(
      { status: "scheduled", scheduledTime: "2026-03-03T00:30:00Z", content: "Why most LinkedIn advice fails\nBody" },
      { status: "posted", postedAt: "2026-03-02T02:00:00Z" },
      { status: "draft" },
    );
    const response = await client.request("GET", "/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Welcome back, Kenji Sato!");
    const stat = (label: string) => html.match(new RegExp(`${label}</h2><p[^>]*>(\\d+)</p>`))?.[1];
    expect([stat("Posts This Week"), stat("Scheduled Posts"), stat("Total Generated")]).toEqual(["2", "1", "3"]);
    const [post] = await app.database.db.select().from(posts).where(eq(posts.status, "scheduled"));
    expect(html).toContain(`href="/posts/${post!.id}"`);
    expect(html).toContain("Why most LinkedIn advice fails");
    expect(html).toContain("Mar 3, 2026 at 9:30 AM"); // 00:30 UTC is 09:30 in Tokyo
    expect(html).not.toContain("No upcoming posts");
    for (const [label, href] of [
      ["View All", "/posts"],
      ["Generate New Posts", "/generate"],
      ["View Calendar", "/calendar"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>(<svg.*?</svg>)?${label}`));
    }
  });

  test("with nothing scheduled: the empty state and its Generate Posts button", async () => {
    await setTimezone("Asia/Tokyo");
    const html = await (await client.request("GET", "/dashboard")).text();
    expect(html).toContain("No upcoming posts");
    expect(html).toMatch(/href="\/generate"[^>]*>Generate Posts</);
  });

  test("a user without a name is welcomed as 'there'", async () => {
    await app.database.db.update(users).set({ name: " " }).where(eq(users.id, userId));
    const html = await (await client.request("GET", "/dashboard")).text();
    expect(html).toMatch(/Welcome( back)?, there!/);
    await app.database.db.update(users).set({ name: "Kenji Sato" }).where(eq(users.id, userId));
  });

  test("a brand-new account is welcomed, not welcomed back", async () => {
    const fresh = await signUp(app.url, { name: "Mae Jemison" });
    await app.database.db
      .update(users)
      .set({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: new Date(clock.now().getTime() + 5 * 24 * 3600_000) })
      .where(eq(users.id, fresh.user.id));
    const html = await (await fresh.client.request("GET", "/dashboard")).text();
    expect(html).toContain("Welcome, Mae Jemison!");
    expect(html).not.toContain("Welcome back");
  });
});
