import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, gte, lt } from "drizzle-orm";
import { BILLING_STATES, makePost, makeSource, makeUser } from "../../db/factories";
import { postSaves, posts, sources, users } from "../../db/schema";
import { seedDemoAccount } from "../../scripts/seed-demo-account";
import { allowanceWindow } from "../../src/services/billing/subscription";
import { guardRedirect } from "../../src/shared/guard";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/** The factories (db/factories.ts) make the states they name, and `bun run seed` (scripts/seed-demo-account.ts) makes a usable demo month. */

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const now = new Date("2026-11-24T10:00:00Z");
const article = (name: string) => readFileSync(join(import.meta.dir, "..", "fixtures", "articles", name), "utf8");

describe("factories", () => {
  test("a user in each billing state is where SPEC.md's guard sends that state", async () => {
    const expected = {
      new: "/payment-setup",
      trialing: null,
      active: null,
      cancelling: null,
      expired: "/subscription-expired",
      past_due: "/subscription-expired",
    };
    for (const billing of BILLING_STATES) {
      const user = await makeUser(testDb.database.db, { billing, now });
      expect([billing, guardRedirect({ user }, now)]).toEqual([billing, expected[billing]]);
    }
  });

  test("a post in each status, its save counted; a source keeps its plan", async () => {
    const db = testDb.database.db;
    const user = await makeUser(db, { now });
    const source = await makeSource(db, user, { contentText: "The article." });
    const draft = await makePost(db, user, { source, now });
    const scheduled = await makePost(db, user, { status: "scheduled", now });
    const posted = await makePost(db, user, { status: "posted", now, results: { impressions: 900, reactions: 12, comments: 3 } });
    expect(draft).toMatchObject({ status: "draft", sourceId: source.id, scheduledTime: null, postedAt: null });
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.scheduledTime!.getTime()).toBeGreaterThan(now.getTime());
    expect(posted).toMatchObject({ status: "posted", impressions: 900, reactions: 12, comments: 3 });
    expect(posted.postedAt!.getTime()).toBeLessThan(now.getTime());
    expect(await db.select().from(postSaves).where(eq(postSaves.userId, user.id))).toHaveLength(3);
  });
});

describe("the demo seed", () => {
  test("a demo account with a month of posts, that can sign in, with its allowance free; run again, it is replaced", async () => {
    const { database } = testDb;
    const articles = ["review4-a-pricing-lessons.md", "review-a-story.md", "review-d-howto.md", "review-c-data.md"].map((name) => ({ text: article(name) }));
    const first = await seedDemoAccount(database, { articles, email: "demo@example.com", password: "try-cadence", now });
    const seeded = await seedDemoAccount(database, { articles, email: "demo@example.com", password: "try-cadence", now });
    const accounts = await database.db.select().from(users).where(eq(users.email, "demo@example.com"));
    expect(accounts.map((user) => user.id)).toEqual([seeded.user.id]);
    expect(seeded.user.id).not.toBe(first.user.id);
    const user = accounts[0]!;
    expect(await Bun.password.verify("try-cadence", user.passwordHash)).toBe(true);
    expect(guardRedirect({ user }, now)).toBeNull();

    expect(await database.db.select().from(sources).where(eq(sources.userId, user.id))).toHaveLength(4);
    const rows = await database.db.select().from(posts).where(eq(posts.userId, user.id));
    expect(rows.length).toBeGreaterThanOrEqual(20); // four plans of 5 to 7 posts
    const posted = rows.filter((post) => post.status === "posted");
    const scheduled = rows.filter((post) => post.status === "scheduled");
    const drafts = rows.filter((post) => post.status === "draft");
    expect(posted.length).toBeGreaterThanOrEqual(15);
    expect(posted.every((post) => post.postedAt!.getTime() < now.getTime())).toBe(true);
    expect(posted.filter((post) => post.resultsRecordedAt !== null).length).toBeGreaterThanOrEqual(10);
    expect(scheduled.length + drafts.length).toBeGreaterThanOrEqual(5);
    expect(scheduled.every((post) => post.scheduledTime!.getTime() > now.getTime())).toBe(true);
    // A month back: the oldest post went out about three weeks ago.
    const oldest = Math.min(...posted.map((post) => post.postedAt!.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(18 * 24 * 60 * 60 * 1000);
    // The demo can save a plan today: nothing counted in this week's allowance.
    const window = allowanceWindow(user.billingPeriodStart!, now);
    const counted = await database.db
      .select()
      .from(postSaves)
      .where(and(eq(postSaves.userId, user.id), gte(postSaves.createdAt, window.start), lt(postSaves.createdAt, window.end)));
    expect(counted).toHaveLength(0);
  });
});
