import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { posts } from "../../db/schema";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn, waitForIslands } from "../support/browser";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";

/** The plan library (/plans): an unsaved plan reopens in another browser, is saved, then scheduled from its page. */

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({
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

describe("the plan library", () => {
  test("a plan made in one browser reopens in another from /plans; saved and scheduled, each post shows its state", async () => {
    const account = await signUp(app.url, { name: "Ada Lovelace" });
    expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const first = await openSignedIn(browser, app.url, account.client.cookie, "/generate");
    await waitForIslands(first.page);
    await first.page.getByLabel("Your content").fill(await readArticle("founders/07-four-hires-i-got-wrong.md"));
    await first.page.getByRole("button", { name: "Create Strategic Plan" }).click();
    await first.page.locator("article[data-post-order]").first().waitFor();
    const total = await first.page.locator("article[data-post-order]").count();
    await first.context.close();

    // Another browser (a new context: no sessionStorage): the library has the plan.
    const { page, context, errors } = await openSignedIn(browser, app.url, account.client.cookie, "/generate");
    await waitForIslands(page);
    expect(await page.getByRole("heading", { name: "No strategic plan yet" }).isVisible()).toBe(true);
    await page.locator("#app-sidebar").getByRole("link", { name: "Plans" }).click();
    await page.waitForURL(`${app.url}/plans`);
    const entry = page.locator("[data-plan]");
    expect(await entry.count()).toBe(1);
    expect(await entry.locator("h2").textContent()).toBe("The 4 Hires I Got Wrong (and What Each One Cost)");
    expect(await entry.locator("[data-plan-progress]").textContent()).toBe(`0 of ${total} posts saved · 0 scheduled · 0 posted`);
    await entry.getByRole("link").click();
    await page.waitForURL(/\/plans\/[0-9a-f-]{36}$/);
    const planUrl = page.url();
    expect(await page.locator("[data-plan-post]").count()).toBe(total);
    expect(await page.locator("[data-plan-post-state]").allTextContents()).toEqual(Array(total).fill("Not saved"));

    await page.getByRole("link", { name: `Continue in the generator (${total} unsaved posts)` }).click();
    await page.waitForURL(`${app.url}/generate`);
    await waitForIslands(page);
    await page.getByRole("heading", { name: `Your Strategic Content Plan (${total} Posts)` }).waitFor();
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    await page.locator("section[aria-label=Notifications] [data-toast]").filter({ hasText: "Saved to drafts" }).waitFor();

    await page.goto(planUrl);
    await waitForIslands(page);
    expect(await page.locator("[data-plan-post-state]").allTextContents()).toEqual(Array(total).fill("Draft"));
    expect(await page.getByRole("link", { name: /Continue in the generator/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Schedule as recommended" }).click();
    await page
      .getByRole("dialog", { name: "Schedule as recommended" })
      .getByRole("button", { name: `Schedule ${total} posts` })
      .click();
    await page.waitForFunction(
      (n) => [...document.querySelectorAll("[data-plan-post-state]")].filter((state) => state.textContent?.startsWith("Scheduled")).length === n,
      total,
    );
    const rows = await app.database.db.select().from(posts).where(eq(posts.userId, account.user.id));
    expect(rows.every((row) => row.status === "scheduled")).toBe(true);

    await page.goto(`${app.url}/plans`);
    expect(await page.locator("[data-plan-progress]").textContent()).toBe(`${total} of ${total} posts saved · ${total} scheduled · 0 posted`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("another user's plan is the 404 page", async () => {
    const owner = await signUp(app.url);
    expect((await owner.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const plan = await owner.client.json("POST", "/api/posts/generate", {
      contentText: await readArticle("founders/02-activation-1200-trial-signups.md"),
      contentType: "blog",
    });
    const other = await signUp(app.url);
    expect((await other.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const answer = await fetch(`${app.url}/plans/${plan.body.sourceId}`, { headers: { cookie: other.client.cookie } });
    expect(answer.status).toBe(404);
    expect((await fetch(`${app.url}/plans/not-an-id`, { headers: { cookie: other.client.cookie } })).status).toBe(404);
    const source = await owner.client.json("GET", `/api/sources/${plan.body.sourceId}`);
    expect(source.body.savedPostOrders).toEqual([]);
  });
});
