import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { launchBrowser, openSignedIn, toastOf, waitForIslands, openPostsTab } from "../support/browser";
import { eventually } from "../support/eventually";
import type { FakeLinkedin } from "../support/fake-linkedin";
import { startLinkedinTestApp } from "../support/linkedin-app";
import { ManualClock } from "../support/manual-clock";
import type { TestApp } from "../support/test-app";

/**
 * Auto-posting in Chromium (issue #15), against the fake LinkedIn: connect from Settings through
 * LinkedIn's consent redirect, schedule a draft with Publish automatically, move the clock, and
 * find the post in Posted with its LinkedIn link; a failed post shows LinkedIn's reason and Retry.
 */

// The server's clock starts at the real now (the schedule dialog's input is bounded by the
// browser's clock) and only moves when the test says.
const clock = new ManualClock(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000));
let app: TestApp;
let fake: FakeLinkedin;
let browser: Browser;
let base: string;

beforeAll(async () => {
  [{ app, fake }, browser] = await Promise.all([startLinkedinTestApp({ clock, queue: { pollIntervalMs: 20 } }), launchBrowser()]);
  base = app.config.appUrl;
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fake?.stop();
});

/** The value a datetime-local input takes for `instant` in UTC (the account's zone here). */
const localInput = (instant: Date) => instant.toISOString().slice(0, 16);
const card = (page: Page, id: string) => page.locator(`article[data-post-id="${id}"]`);
const rowOf = async (id: string) => (await app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;

describe("auto-posting in the browser", () => {
  test("connect from Settings, schedule with Publish automatically, the clock moves: Posted with its LinkedIn link; a failure shows its reason and Retry", async () => {
    const { client } = await signUpSubscriber(base, { name: "Ada Lovelace", timezone: "UTC" });
    const content = "Auto-posted (really) at its time: #shipping v2_final";
    const first = (await client.json("POST", "/api/posts", { content })).body;

    const { page, errors } = await openSignedIn(browser, base, client.cookie, "/settings");
    const linkedinCard = page.locator("section[aria-labelledby=linkedin-heading]");
    await linkedinCard.getByRole("link", { name: "Connect LinkedIn" }).click();
    // LinkedIn's consent (the fake's) redirects straight back to our callback, then to Settings.
    await page.waitForURL(/\/settings/);
    await waitForIslands(page);
    await linkedinCard.locator("[data-linkedin-name]").filter({ hasText: "Priya Shah" }).waitFor();
    expect(await linkedinCard.locator("[data-linkedin-expiry]").textContent()).toMatch(/^Connected until [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await toastOf(page).filter({ hasText: "LinkedIn connected" }).waitFor();

    // Schedule the draft: Publish automatically is the default choice.
    await page.goto(`${base}/posts`);
    await waitForIslands(page);
    await openPostsTab(page, "Drafts");
    await card(page, first.id).getByRole("button", { name: "Schedule", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Post" });
    await dialog.waitFor();
    const when = new Date(clock.now().getTime() + 2 * 3_600_000);
    await dialog.getByLabel("Date and time").fill(localInput(when));
    const auto = dialog.getByRole("radio", { name: /Publish automatically/ });
    await auto.waitFor();
    expect(await auto.isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: /Remind me/ }).isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Schedule Post" }).click();
    await toastOf(page).filter({ hasText: "It will be published on LinkedIn at that time." }).waitFor();
    expect(await rowOf(first.id)).toMatchObject({ status: "scheduled", publishMode: "auto", scheduledTime: when });
    await openPostsTab(page, "Scheduled");
    await card(page, first.id).locator("[data-publish-auto]").waitFor();

    // The clock reaches the post's time: published once, with the exact text.
    clock.set(when);
    await eventually(async () => ((await rowOf(first.id)).status === "posted" ? true : undefined));
    expect(fake.posts).toHaveLength(1);
    expect(fake.posts[0]!.displayed).toBe(content);
    await page.reload();
    await waitForIslands(page);
    await openPostsTab(page, "Posted");
    const link = card(page, first.id).locator("[data-linkedin-link]");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`https://www.linkedin.com/feed/update/${fake.posts[0]!.urn}`);

    // A failure: LinkedIn refuses the next post; the card says why and offers Retry and Post it yourself.
    const second = (await client.json("POST", "/api/posts", { content: "Refused the first time." })).body;
    const later = new Date(clock.now().getTime() + 3_600_000).toISOString();
    expect((await client.json("PATCH", `/api/posts/${second.id}`, { scheduledTime: later, status: "scheduled" })).body.publishMode).toBe("auto");
    fake.failNext("publish", 422, { message: "ERROR :: /commentary :: duplicate post" });
    clock.set(later);
    await eventually(async () => ((await rowOf(second.id)).status === "failed" ? true : undefined));
    await page.reload();
    await waitForIslands(page);
    await openPostsTab(page, "Drafts");
    const failedCard = card(page, second.id);
    await failedCard.locator("[data-failure-reason]").waitFor();
    expect(await failedCard.locator("[data-failure-reason]").textContent()).toContain(
      "LinkedIn refused the post (LinkedIn said: ERROR :: /commentary :: duplicate post).",
    );
    expect(await failedCard.getByText("Failed", { exact: true }).isVisible()).toBe(true);
    expect(await failedCard.getByRole("button", { name: "Post it yourself" }).isVisible()).toBe(true);
    await failedCard.getByRole("button", { name: "Retry", exact: true }).click();
    await toastOf(page).filter({ hasText: "Publishing again" }).waitFor();
    await eventually(async () => ((await rowOf(second.id)).status === "posted" ? true : undefined));
    expect(fake.posts).toHaveLength(2);
    // The member's picture is on LinkedIn's media host, which this test machine cannot resolve.
    expect(errors.filter((error) => !error.includes("ERR_NAME_NOT_RESOLVED"))).toEqual([]);
  });
});
