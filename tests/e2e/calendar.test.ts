import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page, Request } from "playwright-core";
import { posts, users } from "../../db/schema";
import { signUp } from "../support/api-client";
import { collectPageErrors, launchBrowser, waitForIslands } from "../support/browser";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/** The Calendar in Chromium (SPEC.md "Calendar"), with the clock at 11:00 AM, Tuesday March 10, 2026 in New York. */

const clock = new ManualClock("2026-03-10T15:00:00Z");
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ clock, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

type PostSeed = { content: string; scheduledTime: string; status?: string; postType?: string };

async function insertPosts(userId: string, seeds: PostSeed[]): Promise<string[]> {
  const rows = await app.database.db
    .insert(posts)
    .values(seeds.map((seed) => ({ userId, content: seed.content, postType: seed.postType ?? "value", status: seed.status ?? "scheduled", scheduledTime: new Date(seed.scheduledTime) })))
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

/** A fresh subscriber (the demo checkout starts their trial) with these posts, on /calendar{query}. */
async function subscriberOnCalendar(seeds: PostSeed[], { query = "", width = 1280, timezone }: { query?: string; width?: number; timezone?: string } = {}) {
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  if (timezone) await app.database.db.update(users).set({ timezone }).where(eq(users.id, account.user.id));
  const ids = seeds.length > 0 ? await insertPosts(account.user.id, seeds) : [];
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = account.client.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${app.url}/calendar${query}`);
  await waitForIslands(page);
  return { ...account, ids, context, page, errors };
}

const day = (page: Page, key: string) => page.locator(`[data-day="${key}"]`);
// A bar's first line (each bar also shows its time, checked on its own).
const bars = (page: Page, key: string) => day(page, key).locator("[data-post-bar] [data-bar-text]");
const panel = (page: Page) => page.locator("[data-day-panel]");
const monthHeading = (page: Page) => page.locator("[data-calendar-month]");
const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");
const storedTime = async (id: string) => (await app.database.db.select({ at: posts.scheduledTime }).from(posts).where(eq(posts.id, id)))[0]?.at;
const dayButton = (page: Page, key: string) => day(page, key).getByRole("button");

describe("the month grid", () => {
  test("scheduled posts on their days in the profile timezone, at most 2 bars and '+N more', the day panel", async () => {
    const { page, ids, errors, context } = await subscriberOnCalendar([
      { content: "Monday kickoff\nThe rest of the post", scheduledTime: "2026-03-09T14:30:00Z", postType: "hook" },
      { content: "Thursday first", scheduledTime: "2026-03-12T13:00:00Z", postType: "story" },
      { content: "Thursday second", scheduledTime: "2026-03-12T15:00:00Z", postType: "data" },
      { content: "Thursday third", scheduledTime: "2026-03-12T17:15:00Z", postType: "question" },
      { content: "A draft never shows", scheduledTime: "2026-03-12T18:00:00Z", status: "draft" },
      { content: "Posted never shows", scheduledTime: "2026-03-11T18:00:00Z", status: "posted" },
      // 03:30 UTC on the 14th is 11:30 PM on Friday the 13th in New York.
      { content: "Late Friday", scheduledTime: "2026-03-14T03:30:00Z" },
    ]);
    // Someone else's scheduled post is not on this calendar.
    const other = await signUp(app.url);
    await insertPosts(other.user.id, [{ content: "Not yours", scheduledTime: "2026-03-09T15:00:00Z" }]);
    await page.reload();
    await waitForIslands(page);

    expect(await monthHeading(page).textContent()).toBe("March 2026");
    // Sunday-first: the grid opens on Sunday March 1 (a Sunday) and the header says so.
    expect(await page.locator("[data-calendar-grid] [data-day]").first().getAttribute("data-day")).toBe("2026-03-01");
    expect(await page.locator("[data-calendar-grid] [data-day]").count()).toBe(35);

    expect(await bars(page, "2026-03-09").allTextContents()).toEqual(["Monday kickoff"]);
    expect(await bars(page, "2026-03-12").allTextContents()).toEqual(["Thursday first", "Thursday second"]);
    expect(await day(page, "2026-03-12").textContent()).toContain("+1 more");
    expect(await day(page, "2026-03-09").textContent()).not.toContain("more");
    expect(await bars(page, "2026-03-13").allTextContents()).toEqual(["Late Friday"]);
    expect(await bars(page, "2026-03-14").count()).toBe(0);
    expect(await bars(page, "2026-03-11").count()).toBe(0);
    expect(await page.locator("[data-post-bar]").count()).toBe(4);

    // The panel: nothing chosen, then a busy day, then an empty one.
    expect(await panel(page).textContent()).toContain("Click on a date to view scheduled posts");
    await day(page, "2026-03-12").click();
    expect(await panel(page).getByRole("heading").textContent()).toBe("Thursday, March 12, 2026");
    const items = panel(page).locator("[data-panel-post]");
    expect(await items.count()).toBe(3);
    expect(await items.locator("time").allTextContents()).toEqual(["9:00 AM", "11:00 AM", "1:15 PM"]);
    expect(await items.locator("a").allTextContents()).toEqual(["Thursday first", "Thursday second", "Thursday third"]);
    expect(await items.locator("a").first().getAttribute("href")).toBe(`/posts/${ids[1]}`);
    expect(await items.locator("[data-post-type]").allTextContents()).toEqual(["Story", "Data", "Question"]);
    expect(await dayButton(page, "2026-03-12").getAttribute("aria-pressed")).toBe("true");

    await dayButton(page, "2026-03-11").press("Enter");
    expect(await panel(page).textContent()).toContain("No posts scheduled for this day");
    expect(await panel(page).textContent()).not.toContain("Click on a date");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("days and times follow the profile timezone, not the browser's", async () => {
    const { page, context } = await subscriberOnCalendar([{ content: "Late Friday", scheduledTime: "2026-03-14T03:30:00Z" }], { timezone: "Asia/Tokyo" });
    expect(await bars(page, "2026-03-14").allTextContents()).toEqual(["Late Friday"]);
    expect(await bars(page, "2026-03-13").count()).toBe(0);
    await day(page, "2026-03-14").click();
    expect(await panel(page).locator("time").textContent()).toBe("12:30 PM");
    expect(await panel(page).textContent()).toContain("Times in Asia/Tokyo");
    await context.close();
  });

  test("previous month, next month and Today, with the month in the address", async () => {
    const { page, errors, context } = await subscriberOnCalendar([
      { content: "April fool", scheduledTime: "2026-04-01T13:00:00Z" },
      { content: "February post", scheduledTime: "2026-02-20T15:00:00Z" },
    ]);
    // The grid's trailing days show April 1 already.
    expect(await bars(page, "2026-04-01").allTextContents()).toEqual(["April fool"]);
    expect(await page.getByRole("link", { name: "Today" }).getAttribute("aria-current")).toBe("date");

    await page.getByRole("link", { name: "Next month" }).click();
    await waitForIslands(page);
    expect(new URL(page.url()).search).toBe("?month=2026-04");
    expect(await monthHeading(page).textContent()).toBe("April 2026");
    expect(await bars(page, "2026-04-01").allTextContents()).toEqual(["April fool"]);
    expect(await page.getByRole("link", { name: "Today" }).getAttribute("aria-current")).toBeNull();

    await page.getByRole("link", { name: "Previous month" }).click();
    await page.getByRole("link", { name: "Previous month" }).click();
    await waitForIslands(page);
    expect(await monthHeading(page).textContent()).toBe("February 2026");
    expect(await bars(page, "2026-02-20").allTextContents()).toEqual(["February post"]);

    await page.getByRole("link", { name: "Today" }).click();
    await waitForIslands(page);
    expect(await monthHeading(page).textContent()).toBe("March 2026");

    // A linked month, across the year end both ways; a month that is not one falls back to today's.
    await page.goto(`${app.url}/calendar?month=2025-12`);
    expect(await monthHeading(page).textContent()).toBe("December 2025");
    await page.getByRole("link", { name: "Next month" }).click();
    expect(await monthHeading(page).textContent()).toBe("January 2026");
    await page.goto(`${app.url}/calendar?month=2026-13`);
    expect(await monthHeading(page).textContent()).toBe("March 2026");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("moving a post", () => {
  const patches = (page: Page) => {
    const seen: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") seen.push(request);
    });
    return seen;
  };

  test("dropping a bar on another day keeps its time of day and schedules it there", async () => {
    const { page, ids, context } = await subscriberOnCalendar([{ content: "Move me", scheduledTime: "2026-03-12T13:30:00Z" }]);
    const [id] = ids as [string];
    const seen = patches(page);
    await bars(page, "2026-03-12").first().dragTo(day(page, "2026-03-17"));
    await toast(page).waitFor();
    expect(await toast(page).textContent()).toContain("Post scheduled");
    expect(seen.length).toBe(1);
    expect(new URL(seen[0]!.url()).pathname).toBe(`/api/posts/${id}`);
    // 9:30 AM on Thursday the 12th, to 9:30 AM on Tuesday the 17th, New York time.
    expect(seen[0]!.postDataJSON()).toEqual({ scheduledTime: "2026-03-17T13:30:00.000Z", status: "scheduled" });
    expect(await bars(page, "2026-03-17").allTextContents()).toEqual(["Move me"]);
    expect(await bars(page, "2026-03-12").count()).toBe(0);
    expect((await storedTime(id))?.toISOString()).toBe("2026-03-17T13:30:00.000Z");
    // The server renders it there too.
    await page.reload();
    expect(await bars(page, "2026-03-17").allTextContents()).toEqual(["Move me"]);
    await context.close();
  });

  test("a refused move shows the server's message and puts the bar back", async () => {
    const { page, ids, context } = await subscriberOnCalendar([{ content: "Stay put", scheduledTime: "2026-03-12T13:30:00Z" }]);
    const [id] = ids as [string];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Held on its way, to see the bar move before the answer; then the real server answers.
    await page.route(`**/api/posts/${id}`, async (route) => {
      await held;
      await route.continue();
    });
    // March 2 is in the past (the clock says March 10): the server says no.
    await bars(page, "2026-03-12").first().dragTo(day(page, "2026-03-02"));
    // Moved at once while the server thinks it over...
    expect(await bars(page, "2026-03-02").allTextContents()).toEqual(["Stay put"]);
    release();
    await toast(page).waitFor();
    expect(await toast(page).getAttribute("data-toast")).toBe("destructive");
    expect(await toast(page).textContent()).toContain("The scheduled time must be in the future.");
    // ...and back when it says no.
    expect(await bars(page, "2026-03-12").allTextContents()).toEqual(["Stay put"]);
    expect(await bars(page, "2026-03-02").count()).toBe(0);
    expect((await storedTime(id))?.toISOString()).toBe("2026-03-12T13:30:00.000Z");
    await context.close();
  });

  test("from the keyboard: the day panel's date input moves a post the same way", async () => {
    const { page, ids, context } = await subscriberOnCalendar([{ content: "Keyboard move", scheduledTime: "2026-03-13T02:05:00Z" }]);
    const [id] = ids as [string];
    const seen = patches(page);
    // 02:05 UTC on the 13th is 10:05 PM on the 12th in New York; moved, 10:05 PM on the 20th.
    await dayButton(page, "2026-03-12").focus();
    await page.keyboard.press("Enter");
    const move = panel(page).getByRole("button", { name: "Move" });
    expect(await move.isDisabled()).toBe(true);
    await panel(page).getByLabel("Move to date").fill("2026-03-20");
    await move.press("Enter");
    await toast(page).waitFor();
    expect(await toast(page).textContent()).toContain("Post scheduled");
    expect(seen.map((request) => request.postDataJSON())).toEqual([{ scheduledTime: "2026-03-21T02:05:00.000Z", status: "scheduled" }]);
    expect(await bars(page, "2026-03-20").allTextContents()).toEqual(["Keyboard move"]);
    expect(await panel(page).textContent()).toContain("No posts scheduled for this day");
    expect((await storedTime(id))?.toISOString()).toBe("2026-03-21T02:05:00.000Z");
    await context.close();
  });
  test("the day panel changes a post's time, opens it, and unschedules it; bars show the time and the full line on hover", async () => {
    const line = "A first line long enough that a day square cannot show all of it at once";
    const { page, ids, context, errors } = await subscriberOnCalendar([
      { content: `${line}\n\nThe rest.`, scheduledTime: "2026-03-12T14:00:00Z" },
      { content: "Stays on the calendar", scheduledTime: "2026-03-12T16:00:00Z" },
    ]);
    const [first, second] = ids as [string, string];
    // 14:00 UTC is 10:00 AM in New York: the bar shows it, the hover title has the whole line.
    const bar = day(page, "2026-03-12").locator(`[data-post-bar="${first}"]`);
    expect(await bar.locator("[data-bar-time]").textContent()).toBe("10 AM ");
    expect(await bar.getAttribute("title")).toBe(`10:00 AM · ${line}`);

    await dayButton(page, "2026-03-12").click();
    const item = panel(page).locator(`[data-panel-post="${first}"]`);
    expect(await item.getByRole("link", { name: line }).getAttribute("href")).toBe(`/posts/${first}`);
    // A new time on the same day.
    await item.getByLabel("Time").fill("15:45");
    await item.getByRole("button", { name: "Move" }).click();
    await toast(page).filter({ hasText: "Post scheduled" }).waitFor();
    expect((await storedTime(first))?.toISOString()).toBe("2026-03-12T19:45:00.000Z");
    expect(await panel(page).locator(`[data-panel-post="${first}"] time`).textContent()).toBe("3:45 PM");

    // Unschedule: off the calendar, back in Drafts.
    await panel(page).locator(`[data-panel-post="${second}"]`).getByRole("button", { name: "Unschedule" }).click();
    await toast(page).filter({ hasText: "Post unscheduled" }).waitFor();
    await day(page, "2026-03-12").locator(`[data-post-bar="${second}"]`).waitFor({ state: "detached" });
    const [row] = await app.database.db.select().from(posts).where(eq(posts.id, second));
    expect(row).toMatchObject({ status: "draft", scheduledTime: null });
    expect(errors).toEqual([]);
    await context.close();
  });
});
