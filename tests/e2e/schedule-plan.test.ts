import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { posts } from "../../db/schema";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn, waitForIslands, openPostsTab } from "../support/browser";
import { readArticle } from "../support/corpus";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Schedule as recommended in Chromium: a saved plan's drafts from My Posts, in London, New York
 * and Los Angeles across each one's change to summer time, and a fresh plan straight from the
 * generator (the dates shown before anything is saved).
 */

const clock = new ManualClock("2026-03-25T12:00:00Z");
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({
      clock,
      queue: { pollIntervalMs: 20, backoffMs: () => 0 },
      rateLimits: { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } },
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const DAYS = ["Friday", "Saturday", "Sunday", "Monday"];
/** A subscriber in `timezone` with a saved plan of four drafts, Friday to Monday at 9:00 AM. */
async function plannedSubscriber(timezone: string) {
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  expect((await account.client.json("PATCH", "/api/user/profile", { name: "Grace Hopper", timezone })).status).toBe(200);
  const [source] = await app.database.rows<{ id: string }>(
    sql`insert into sources (user_id, content_text, content_type) values (${account.user.id}, 'An article.', 'blog') returning id`,
  );
  const plan = DAYS.map((day, index) => ({
    content: `Plan post ${index + 1}: a line worth reading on ${day}.\n\nAnd the rest of it.`,
    postOrder: String(index + 1),
    postType: "value",
    recommendedDay: day,
    recommendedTime: "9:00 AM",
  }));
  expect((await account.client.json("POST", `/api/sources/${source!.id}/drafts`, { posts: plan })).status).toBe(201);
  return account;
}

const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");

async function scheduleFromMyPosts(page: Page, expected: string[]) {
  await waitForIslands(page);
  await openPostsTab(page, "Drafts");
  const group = page.locator("[data-plan-group]").first();
  // Drafts of a plan in the plan's order, each with its suggested slot.
  expect(await group.locator("[data-suggested]").allTextContents()).toEqual(DAYS.map((day) => `Suggested: ${day} 9:00 AM`));
  await group.getByRole("button", { name: "Schedule as recommended" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule as recommended" });
  await dialog.locator("[data-slot]").first().waitFor();
  expect(await dialog.locator("[data-slot-time]").allTextContents()).toEqual(expected);
  await dialog.getByRole("button", { name: "Schedule 4 posts" }).click();
  await toast(page).filter({ hasText: "Scheduled 4 posts" }).waitFor();
  await page.getByRole("tab", { name: /Scheduled/, selected: true }).waitFor();
  // The tab's list loads after the switch: read it once it is there.
  await page
    .locator("[data-post-time]")
    .nth(expected.length - 1)
    .waitFor();
  expect(await page.locator("[data-post-time]").allTextContents()).toEqual(expected);
}

describe("Schedule as recommended", () => {
  test("London: Friday to Monday at 9:00 AM on the user's clock, across the clocks going forward (29 March)", async () => {
    clock.set("2026-03-25T12:00:00Z");
    const { user, client } = await plannedSubscriber("Europe/London");
    const { page, context, errors } = await openSignedIn(browser, app.url, client.cookie, "/posts");
    await scheduleFromMyPosts(page, ["Mar 27, 2026 at 9:00 AM", "Mar 28, 2026 at 9:00 AM", "Mar 29, 2026 at 9:00 AM", "Mar 30, 2026 at 9:00 AM"]);
    const rows = await app.database.db.select().from(posts).where(eq(posts.userId, user.id)).orderBy(posts.postOrder);
    expect(rows.map((row) => row.scheduledTime!.toISOString())).toEqual([
      "2026-03-27T09:00:00.000Z",
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("New York: the same plan across its own change (8 March), at 375 px", async () => {
    clock.set("2026-03-05T12:00:00Z");
    const { user, client } = await plannedSubscriber("America/New_York");
    const { page, context, errors } = await openSignedIn(browser, app.url, client.cookie, "/posts", { viewport: { width: 375, height: 800 } });
    await scheduleFromMyPosts(page, ["Mar 6, 2026 at 9:00 AM", "Mar 7, 2026 at 9:00 AM", "Mar 8, 2026 at 9:00 AM", "Mar 9, 2026 at 9:00 AM"]);
    const rows = await app.database.db.select().from(posts).where(eq(posts.userId, user.id)).orderBy(posts.postOrder);
    expect(rows.map((row) => row.scheduledTime!.toISOString())).toEqual([
      "2026-03-06T14:00:00.000Z",
      "2026-03-07T14:00:00.000Z",
      "2026-03-08T13:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Los Angeles: the spring-forward Sunday (8 March 2026) lands at 9:00 AM local, 16:00 UTC", async () => {
    clock.set("2026-03-05T20:00:00Z");
    const { user, client } = await plannedSubscriber("America/Los_Angeles");
    const { page, context, errors } = await openSignedIn(browser, app.url, client.cookie, "/posts");
    await scheduleFromMyPosts(page, ["Mar 6, 2026 at 9:00 AM", "Mar 7, 2026 at 9:00 AM", "Mar 8, 2026 at 9:00 AM", "Mar 9, 2026 at 9:00 AM"]);
    const rows = await app.database.db.select().from(posts).where(eq(posts.userId, user.id)).orderBy(posts.postOrder);
    expect(rows.map((row) => row.scheduledTime!.toISOString())).toEqual([
      "2026-03-06T17:00:00.000Z",
      "2026-03-07T17:00:00.000Z",
      "2026-03-08T16:00:00.000Z",
      "2026-03-09T16:00:00.000Z",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("from the generator: Save and schedule as recommended shows the dates first; Cancel saves nothing and gives focus back; the confirm saves and schedules every post", async () => {
    clock.set("2026-03-25T12:00:00Z");
    const account = await signUp(app.url, { name: "Ada Lovelace" });
    expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const { page, context, errors } = await openSignedIn(browser, app.url, account.client.cookie, "/generate");
    await waitForIslands(page);
    await page.getByLabel("Your content").fill(await readArticle("founders/07-four-hires-i-got-wrong.md"));
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    const cards = page.locator("article[data-post-order]");
    await cards.first().waitFor();
    const total = await cards.count();
    const opener = page.getByRole("button", { name: "Save and schedule as recommended" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Schedule as recommended" });
    await dialog.locator("[data-slot]").first().waitFor();
    expect(await dialog.locator("[data-slot]").count()).toBe(total);
    // The dates are shown before anything is saved: no drafts, no allowance used.
    expect(await app.database.db.select().from(posts).where(eq(posts.userId, account.user.id))).toHaveLength(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await app.database.db.select().from(posts).where(eq(posts.userId, account.user.id))).toHaveLength(0);
    expect((await account.client.json("GET", "/api/posts/allowance")).body.used).toBe(0);
    // Escape closes it the same way.
    await opener.click();
    await dialog.locator("[data-slot]").first().waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.locator("[data-slot]").first().waitFor();
    await dialog.getByRole("button", { name: `Save and schedule ${total} posts` }).click();
    await toast(page)
      .filter({ hasText: `Scheduled ${total} posts` })
      .waitFor();
    await page.getByRole("heading", { name: "No strategic plan yet" }).waitFor();
    const rows = await app.database.db.select().from(posts).where(eq(posts.userId, account.user.id));
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row.status === "scheduled" && row.scheduledTime!.getTime() > clock.now().getTime())).toBe(true);
    // In the plan's order, one a day.
    const times = rows.sort((a, b) => Number(a.postOrder) - Number(b.postOrder)).map((row) => row.scheduledTime!.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the Schedule dialog of a draft from a plan opens on its recommended slot", async () => {
    clock.set(new Date());
    const { client } = await plannedSubscriber("Europe/London");
    const { page, context } = await openSignedIn(browser, app.url, client.cookie, "/posts");
    await waitForIslands(page);
    await openPostsTab(page, "Drafts");
    await page.locator("[data-plan-group] article").first().getByRole("button", { name: "Schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    expect(await dialog.locator("[data-recommended]").textContent()).toBe(". Recommended: Friday 9:00 AM");
    const value = await dialog.getByLabel("Date and time").inputValue();
    expect(value).toMatch(/T09:00$/);
    expect(new Date(`${value}:00Z`).getUTCDay()).toBe(5);
    await context.close();
  });
});
