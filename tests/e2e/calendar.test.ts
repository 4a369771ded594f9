import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page, Request } from "playwright-core";
import { posts, users } from "../../db/schema";
import { canEdit } from "../../src/shared/post-status";
import { signUp } from "../support/api-client";
import { axeViolations } from "../support/axe";
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

type PostSeed = { content: string; scheduledTime: string; status?: string; postType?: string; postedAt?: string };

async function insertPosts(userId: string, seeds: PostSeed[]): Promise<string[]> {
  const rows = await app.database.db
    .insert(posts)
    .values(
      seeds.map((seed) => ({
        userId,
        content: seed.content,
        postType: seed.postType ?? "value",
        status: seed.status ?? "scheduled",
        scheduledTime: new Date(seed.scheduledTime),
        postedAt: seed.postedAt ? new Date(seed.postedAt) : null,
      })),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}

/** A fresh subscriber (the demo checkout starts their trial) with these posts, on /calendar{query}. */
async function subscriberOnCalendar(
  seeds: PostSeed[],
  { query = "", width = 1280, timezone, colorScheme = "light" }: { query?: string; width?: number; timezone?: string; colorScheme?: "light" | "dark" } = {},
) {
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  if (timezone) await app.database.db.update(users).set({ timezone }).where(eq(users.id, account.user.id));
  const ids = seeds.length > 0 ? await insertPosts(account.user.id, seeds) : [];
  // bypassCSP: the accessibility checks inject axe-core.
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, bypassCSP: true });
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
  test("scheduled and posted posts on their days in the profile timezone, at most 2 bars and '+N more', the day panel", async () => {
    const { page, ids, errors, context } = await subscriberOnCalendar([
      { content: "Monday kickoff\nThe rest of the post", scheduledTime: "2026-03-09T14:30:00Z", postType: "hook" },
      { content: "Thursday first", scheduledTime: "2026-03-12T13:00:00Z", postType: "story" },
      { content: "Thursday second", scheduledTime: "2026-03-12T15:00:00Z", postType: "data" },
      { content: "Thursday third", scheduledTime: "2026-03-12T17:15:00Z", postType: "question" },
      { content: "A draft never shows", scheduledTime: "2026-03-12T18:00:00Z", status: "draft" },
      // Posted: on the day it went out (the 11th, not the 6th it was due), marked as posted.
      { content: "Posted on Wednesday", scheduledTime: "2026-03-06T18:00:00Z", postedAt: "2026-03-11T18:00:00Z", status: "posted" },
      { content: "A failed post never shows", scheduledTime: "2026-03-11T19:00:00Z", status: "failed" },
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
    expect(await bars(page, "2026-03-11").allTextContents()).toEqual(["Posted on Wednesday"]);
    expect(await bars(page, "2026-03-06").count()).toBe(0);
    const postedBar = day(page, "2026-03-11").locator("[data-post-bar]");
    expect(await postedBar.getAttribute("data-status")).toBe("posted");
    expect(await postedBar.getAttribute("draggable")).toBe("false");
    // "Posted:" for a screen reader, the tick for the eye.
    expect(await postedBar.textContent()).toBe("Posted: 2:00 PM✓✓\u00a0Posted on Wednesday");
    expect(await postedBar.locator("[aria-hidden=true]").allTextContents()).toEqual(["✓", "✓\u00a0"]);
    expect(await postedBar.getAttribute("title")).toBe("Posted · 2:00 PM · Posted on Wednesday");
    expect(await page.locator("[data-post-bar]").count()).toBe(5);

    // The panel: nothing chosen, then a busy day, then an empty one.
    expect(await panel(page).textContent()).toContain("Click on a date to view scheduled posts");
    await day(page, "2026-03-12").click();
    expect(await panel(page).getByRole("heading").textContent()).toBe("Thursday, Mar 12, 2026");
    const items = panel(page).locator("[data-panel-post]");
    expect(await items.count()).toBe(3);
    expect(await items.locator("time").allTextContents()).toEqual(["9:00 AM", "11:00 AM", "1:15 PM"]);
    expect(await items.locator('a[title="Open the post"]').allTextContents()).toEqual(["Thursday first", "Thursday second", "Thursday third"]);
    expect(await items.locator('a[title="Open the post"]').first().getAttribute("href")).toBe(`/posts/${ids[1]}`);
    expect(await items.locator("[data-post-type]").allTextContents()).toEqual(["Story", "Data", "Question"]);
    expect(await dayButton(page, "2026-03-12").getAttribute("aria-pressed")).toBe("true");

    // A posted post in the panel: its time, marked Posted, a way to open it, nothing that would move it.
    await dayButton(page, "2026-03-11").press("Enter");
    const posted = panel(page).locator("[data-panel-post]");
    expect(await posted.locator("time").allTextContents()).toEqual(["2:00 PM"]);
    expect(await posted.textContent()).toContain("Posted");
    expect(await posted.getByRole("link", { name: "Posted on Wednesday" }).getAttribute("href")).toBe(`/posts/${ids[5]}`);
    expect(await posted.getByRole("button").count()).toBe(0);
    expect(await posted.getByLabel("Move to date").count()).toBe(0);

    await dayButton(page, "2026-03-14").press("Enter");
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
    // The panel follows the post to its new day, and focus is on it, not lost to the page.
    expect(await panel(page).getByRole("heading").textContent()).toBe("Friday, Mar 20, 2026");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-panel-post"))).toBe(id);
    expect((await storedTime(id))?.toISOString()).toBe("2026-03-21T02:05:00.000Z");
    // Tab goes on from the moved post into its own controls.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[data-panel-post]")?.getAttribute("data-panel-post"))).toBe(id);
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
    expect(await bar.locator("[data-bar-time]").textContent()).toBe("10:00 AM");
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

describe("reading the calendar", () => {
  const seeds: PostSeed[] = [
    { content: "Most founders write for the algorithm. Write for one reader instead.", scheduledTime: "2026-03-11T12:15:00Z", postType: "hook" },
    { content: "Three numbers from our first year", scheduledTime: "2026-03-11T17:30:00Z", postType: "data" },
    { content: "Consistency beats intensity", scheduledTime: "2026-03-05T14:00:00Z", postedAt: "2026-03-05T14:00:00Z", status: "posted" },
  ];

  /** Whether an element shows all of its text: nothing cut by overflow, sideways or (for clamped lines) downwards. */
  const cut = (page: Page, selector: string) =>
    page.$$eval(selector, (elements) => elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent));

  for (const colorScheme of ["light", "dark"] as const) {
    test(`at 1280 px (${colorScheme}) a bar shows its whole time and the first words; the Move to date box shows the whole date`, async () => {
      const { page, context, errors } = await subscriberOnCalendar(seeds, { colorScheme });
      expect(await day(page, "2026-03-11").locator("[data-bar-time]").allTextContents()).toEqual(["8:15 AM", "1:30 PM"]);
      expect(await cut(page, "[data-post-bar] [data-bar-time]")).toEqual([]);
      // The first words are on screen, not only in the hover title: two lines of them.
      const words = day(page, "2026-03-11").locator("[data-post-bar] [data-bar-text]").first();
      expect(await words.isVisible()).toBe(true);
      const box = (await words.boundingBox())!;
      expect(box.height).toBeGreaterThan(20);
      expect(await page.locator("[data-lead=drag]").isVisible()).toBe(true);
      expect(await page.locator("[data-lead=tap]").isVisible()).toBe(false);

      await dayButton(page, "2026-03-11").click();
      const date = panel(page).getByLabel("Move to date").first();
      // "03/11/2026" and the picker icon need about 130 px; the old row left it 60.
      expect((await date.boundingBox())!.width).toBeGreaterThan(150);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/calendar-1280-${colorScheme}.png`, fullPage: true });
      // The bars, the posted marks and the open panel pass axe's WCAG A and AA rules (contrast included).
      expect(await axeViolations(page)).toEqual([]);
      await dayButton(page, "2026-03-05").click();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test(`at 375 px (${colorScheme}) bars hold the time, wrapped rather than cut, and the page says tap, not drag`, async () => {
      const { page, context, errors } = await subscriberOnCalendar(seeds, { width: 375, colorScheme });
      expect(await page.locator("[data-lead=tap]").innerText()).toBe("Tap a day to open, edit or move its posts.");
      expect(await page.locator("[data-lead=drag]").isVisible()).toBe(false);
      expect(await page.locator("main").innerText()).not.toMatch(/drag/i);
      // Wrapped onto two lines where the square is too narrow ("8:15" over "AM"), never cut.
      const times = await day(page, "2026-03-11").locator("[data-bar-time]").allInnerTexts();
      expect(times.map((time) => time.replace(/\s+/g, " "))).toEqual(["8:15 AM", "1:30 PM"]);
      expect(await cut(page, "[data-post-bar] [data-bar-time]")).toEqual([]);
      // The posted post is marked on a phone too.
      expect(await day(page, "2026-03-05").locator("[data-post-bar]").innerText()).toContain("✓");
      // The grid fits the screen: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await dayButton(page, "2026-03-11").click();
      const date = panel(page).getByLabel("Move to date").first();
      expect((await date.boundingBox())!.width).toBeGreaterThan(150);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/calendar-375-${colorScheme}.png`, fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test("the day panel opens a post", async () => {
    const { page, ids, context } = await subscriberOnCalendar(seeds);
    await dayButton(page, "2026-03-11").click();
    await panel(page).locator(`[data-panel-post="${ids[0]}"]`).getByRole("link", { name: "Open" }).click();
    await page.waitForURL(`${app.url}/posts/${ids[0]}`);
    await context.close();
  });

  // PRODUCT.md "Posts": scheduled posts can be edited until they go out (the server rule arrives with the scheduling work of issue 22).
  test.if(canEdit("scheduled"))("the day panel edits a scheduled post's text; the bar follows and focus returns to Edit", async () => {
    const { page, ids, context, errors } = await subscriberOnCalendar(seeds);
    const [id] = ids as [string];
    await dayButton(page, "2026-03-11").click();
    const item = panel(page).locator(`[data-panel-post="${id}"]`);
    await item.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    await dialog.getByLabel("Post content").fill("Write for one reader.\n\nEdited from the calendar.");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page).filter({ hasText: "Post updated" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await bars(page, "2026-03-11").first().textContent()).toBe("Write for one reader.");
    expect(await item.getByRole("link", { name: "Write for one reader." }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Edit");
    const [row] = await app.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ status: "scheduled", content: "Write for one reader.\n\nEdited from the calendar." });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a refused move from the panel puts the post back and keeps focus on it", async () => {
    const { page, ids, context } = await subscriberOnCalendar(seeds);
    const [id] = ids as [string];
    await dayButton(page, "2026-03-11").click();
    const item = panel(page).locator(`[data-panel-post="${id}"]`);
    // March 2 is in the past (the clock says March 10): the server says no.
    await item.getByLabel("Move to date").fill("2026-03-02");
    await item.getByRole("button", { name: "Move" }).press("Enter");
    await toast(page).filter({ hasText: "The scheduled time must be in the future." }).waitFor();
    expect(await panel(page).getByRole("heading").textContent()).toBe("Wednesday, Mar 11, 2026");
    expect(await bars(page, "2026-03-11").first().textContent()).toBe("Most founders write for the algorithm. Write for one reader instead.");
    await page.waitForFunction((postId) => document.activeElement?.getAttribute("data-panel-post") === postId, id);
    await context.close();
  });
});
