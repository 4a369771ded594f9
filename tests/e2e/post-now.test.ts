import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { emailOutbox, posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { collectPageErrors, openSignedIn } from "../support/browser";
import { appAndBrowser } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/**
 * Post now in Chromium: one click copies the post and opens LinkedIn's composer in a new tab with
 * the text filled in; "Did you post it?" then marks it posted (with the LinkedIn address when
 * given), or, with Not yet, leaves it as it was. On My Posts, /posts/:id and the reminder
 * email's landing page. linkedin.com is answered by a local stub: this machine has no internet.
 */

const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

const CONTENT = "We cut onboarding from 14 steps to 3.\n\nActivation went from 22% to 41% & support tickets fell by a third.\n\n#onboarding";
const composer = (text: string) => `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(text)}`;

async function subscriberWithPost(status: "draft" | "scheduled") {
  const account = await signUpSubscriber(suite.app.url);
  const created = await account.client.json("POST", "/api/posts", { content: CONTENT });
  if (status === "scheduled") {
    expect((await account.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: "2026-03-03T09:00:00Z", status: "scheduled" })).status).toBe(
      200,
    );
  }
  return { ...account, postId: created.body.id as string };
}

/** Answers linkedin.com locally, and hands back the next tab the page opens. */
async function stubLinkedin(context: BrowserContext) {
  await context.route("https://www.linkedin.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>LinkedIn (stub)</title>" }),
  );
}

async function clickPostNow(page: Page, context: BrowserContext, button = page.getByRole("button", { name: "Post now", exact: true })) {
  const [tab] = await Promise.all([context.waitForEvent("page"), button.click()]);
  await tab.waitForLoadState("domcontentloaded");
  return tab;
}

const row = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;

describe("Post now", () => {
  test("on My Posts: opens the composer with the text, copies it, and marks the post as posted with its LinkedIn address", async () => {
    const { client, postId } = await subscriberWithPost("scheduled");
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, client.cookie, "/posts", { clipboard: true });
    await stubLinkedin(context);
    const card = page.locator(`article[data-post-id="${postId}"]`);
    const tab = await clickPostNow(page, context, card.getByRole("button", { name: "Post now", exact: true }));
    expect(tab.url()).toBe(composer(CONTENT));
    expect(new URL(tab.url()).searchParams.get("text")).toBe(CONTENT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CONTENT);

    const dialog = page.getByRole("dialog", { name: "Did you post it?" });
    await dialog.waitFor();
    // A wrong address is explained in the dialog and changes nothing.
    await dialog.getByLabel("LinkedIn post URL (optional)").fill("https://example.com/not-linkedin");
    await dialog.getByRole("button", { name: "Yes, mark as posted" }).click();
    await dialog.getByRole("alert").filter({ hasText: "linkedin.com" }).waitFor();
    expect((await row(postId)).status).toBe("scheduled");

    const address = "https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/";
    await dialog.getByLabel("LinkedIn post URL (optional)").fill(address);
    await dialog.getByRole("button", { name: "Yes, mark as posted" }).click();
    await dialog.waitFor({ state: "detached" });
    await card.waitFor({ state: "detached" }); // it left the Scheduled tab
    const saved = (await client.json("GET", `/api/posts/${postId}`)).body;
    expect(saved).toMatchObject({ status: "posted", linkedinUrl: address });
    // The one refused request above, and nothing else.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await context.close();
  });

  test("on /posts/:id: Not yet leaves the post as it was", async () => {
    const { client, postId } = await subscriberWithPost("draft");
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, client.cookie, `/posts/${postId}`, { clipboard: true });
    await stubLinkedin(context);
    const tab = await clickPostNow(page, context);
    expect(tab.url()).toBe(composer(CONTENT));
    const dialog = page.getByRole("dialog", { name: "Did you post it?" });
    await dialog.getByRole("button", { name: "Not yet" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await row(postId)).status).toBe("draft");

    await clickPostNow(page, context);
    await page.getByRole("dialog", { name: "Did you post it?" }).getByRole("button", { name: "Yes, mark as posted" }).click();
    await page
      .locator("[data-post-time]")
      .filter({ hasText: /^Posted / })
      .waitFor();
    expect(await row(postId)).toMatchObject({ status: "posted", linkedinUrl: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("on the reminder email's page, signed out: Post now opens the composer, and the form marks it posted with the address", async () => {
    const { user, postId } = await subscriberWithPost("draft");
    await suite.app.database.db
      .update(posts)
      .set({ status: "scheduled", scheduledTime: new Date(clock.now().getTime() + 60_000) })
      .where(eq(posts.id, postId));
    await suite.app.services.reminders.sendReminder({ postId, scheduledTime: new Date(clock.now().getTime() + 60_000).toISOString() });
    while (await suite.app.queue.runOnce());
    const [mail] = await suite.app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "post-reminder")));
    const link = mail!.text.match(/http:\/\/\S+\/posted\/[A-Za-z0-9_-]+/)![0];

    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.url });
    await stubLinkedin(context);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(link);
    await page.locator("[data-island][data-hydrated=true]").first().waitFor({ state: "attached" });
    const tab = await clickPostNow(page, context, page.getByRole("button", { name: "Post now on LinkedIn" }));
    expect(tab.url()).toBe(composer(CONTENT));
    await page.locator("p[role=status]").filter({ hasText: "LinkedIn opened in a new tab" }).waitFor();

    const address = "https://www.linkedin.com/posts/grace-hopper_onboarding-activity-7300000000000000000-abcd";
    await page.getByLabel("LinkedIn post URL (optional)").fill(address);
    await page.getByRole("button", { name: "Yes, mark as posted" }).click();
    await page.getByRole("heading", { name: "Marked as posted" }).waitFor();
    expect(await row(postId)).toMatchObject({ status: "posted", linkedinUrl: address });
    expect(errors).toEqual([]);
    await context.close();
  });
});
