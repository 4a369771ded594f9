import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { makePost } from "../../db/factories";
import { posts } from "../../db/schema";
import { signUpSubscriber } from "../support/api-client";
import { collectPageErrors, toastOf, waitForIslands, openPostsTab } from "../support/browser";
import { appAndBrowser } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/** My Posts and /posts/:id in Chromium (SPEC.md "My Posts", PRODUCT.md "Posts"). */

// The server's "now" is fixed; the times chosen below lie well after it.
const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = appAndBrowser({ clock, runJobs: false });

/** A subscriber in Tokyo (not the browser's zone) with three drafts saved through the API, on /posts. */
async function subscriberOnPosts() {
  const account = await signUpSubscriber(suite.app.url, { timezone: "Asia/Tokyo" });
  const drafts: { id: string; content: string }[] = [];
  for (const content of [
    "Ship small, ship often.\nWhy small releases win.",
    "Debugging is a story.\nHere is mine.",
    "What is your team's review rule?\nTell me below.",
  ]) {
    const saved = await account.client.json("POST", "/api/posts", { content, status: "draft", postType: "value", postOrder: String(drafts.length + 1) });
    expect(saved.status).toBe(201);
    drafts.push(saved.body);
  }
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, timezoneId: "America/Los_Angeles" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.url });
  const [name, value] = account.client.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: suite.app.url }]);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${suite.app.url}/posts`);
  await waitForIslands(page);
  return { ...account, drafts, context, page, errors };
}

const toast = toastOf;
const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
const card = (page: Page, postId: string) => page.locator(`article[data-post-id="${postId}"]`);
const action = (page: Page, postId: string, name: string) => card(page, postId).getByRole("button", { name, exact: true });
const statusOf = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0];

describe("My Posts", () => {
  test("schedule, edit, mark as posted, export, delete, and open a post's own page", async () => {
    const { page, drafts, errors, context } = await subscriberOnPosts();
    const [first, second, third] = drafts as [(typeof drafts)[0], (typeof drafts)[0], (typeof drafts)[0]];
    expect(await page.locator("h1").textContent()).toBe("My Posts");

    // Scheduled is the default tab, empty; each tab has its count.
    expect(await tab(page, "Scheduled").getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("heading", { name: "No scheduled posts" }).isVisible()).toBe(true);
    expect(await tab(page, "Scheduled").locator("[data-count]").textContent()).toBe("0");
    expect(await tab(page, "Drafts").locator("[data-count]").textContent()).toBe("3");
    expect(await tab(page, "Posted").locator("[data-count]").textContent()).toBe("0");
    await openPostsTab(page, "Posted");
    expect(await page.getByRole("heading", { name: "No posted content" }).isVisible()).toBe(true);
    await openPostsTab(page, "Drafts");
    expect(await page.locator("article[data-post-id]").count()).toBe(3);
    expect(await card(page, first.id).locator("[data-post-time]").textContent()).toBe("Not scheduled");

    // Schedule: the dialog needs a date-time, read in the profile's zone (Tokyo), not the browser's (Los Angeles).
    await action(page, first.id, "Schedule").click();
    const scheduleDialog = page.getByRole("dialog", { name: "Schedule Post" });
    await scheduleDialog.waitFor();
    expect(await scheduleDialog.getByRole("button", { name: "Schedule Post" }).isDisabled()).toBe(true);
    expect(await scheduleDialog.getByText("Times in Asia/Tokyo").isVisible()).toBe(true);
    await scheduleDialog.getByLabel("Date and time").fill("2027-06-15T09:30");
    await scheduleDialog.getByRole("button", { name: "Schedule Post" }).click();
    await toast(page).filter({ hasText: "Post scheduled" }).waitFor();
    await scheduleDialog.waitFor({ state: "detached" });
    expect(await statusOf(first.id)).toMatchObject({ status: "scheduled", scheduledTime: new Date("2027-06-15T00:30:00Z") });
    // It leaves Drafts for Scheduled, its time shown in Tokyo's clock.
    await card(page, first.id).waitFor({ state: "detached" });
    expect(await tab(page, "Scheduled").locator("[data-count]").textContent()).toBe("1");
    await openPostsTab(page, "Scheduled");
    expect(await card(page, first.id).locator("[data-post-time]").textContent()).toBe("Jun 15, 2027 at 9:30 AM");
    // A scheduled post can still be edited (until it goes out) and marked as posted.
    expect(await action(page, first.id, "Edit").isVisible()).toBe(true);
    expect(await action(page, first.id, "Mark as Posted").isVisible()).toBe(true);

    // Edit a draft: the count follows the text; a blank post cannot be saved.
    await openPostsTab(page, "Drafts");
    await action(page, second.id, "Edit").click();
    const editDialog = page.getByRole("dialog", { name: "Edit Post" });
    const textarea = editDialog.getByLabel("Post content");
    expect(await textarea.inputValue()).toBe(second.content);
    await textarea.fill("   ");
    expect(await editDialog.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
    const rewritten = "Debugging is a story with a twist.\nHere is mine.";
    await textarea.fill(rewritten);
    expect(await editDialog.locator("[data-char-count]").textContent()).toContain(`${rewritten.length} / 3,000 characters`);
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page).filter({ hasText: "Post updated" }).waitFor();
    await editDialog.waitFor({ state: "detached" });
    expect(await card(page, second.id).locator("[data-post-content]").textContent()).toBe(rewritten);
    expect((await statusOf(second.id))?.content).toBe(rewritten);

    // Mark as posted, confirmed in its dialog (the LinkedIn address is optional): it moves to Posted.
    await action(page, third.id, "Mark as Posted").click();
    await page.getByRole("dialog", { name: "Mark as Posted" }).getByRole("button", { name: "Yes, mark as posted" }).click();
    await toast(page).filter({ hasText: "Post marked as posted" }).waitFor();
    await card(page, third.id).waitFor({ state: "detached" });
    await openPostsTab(page, "Posted");
    expect(await card(page, third.id).locator("[data-post-time]").textContent()).toBe("Posted Mar 2, 2026 at 6:00 PM");
    expect(await action(page, third.id, "Mark as Posted").count()).toBe(0);
    expect(await action(page, third.id, "Schedule").isDisabled()).toBe(true);
    expect((await statusOf(third.id))?.postedAt?.toISOString()).toBe(clock.now().toISOString());

    // Export the scheduled one: linkedin-post-{timestamp}.txt with the content, '---' and its time.
    await openPostsTab(page, "Scheduled");
    const [download] = await Promise.all([page.waitForEvent("download"), action(page, first.id, "Export").click()]);
    expect(download.suggestedFilename()).toMatch(/^linkedin-post-\d{13}\.txt$/);
    expect(await Bun.file((await download.path())!).text()).toBe(`${first.content}\n---\nScheduled: Jun 15, 2027 at 9:30 AM\n`);
    await toast(page).filter({ hasText: "Post exported" }).waitFor();

    // Copy, and View with its own Copy to Clipboard and Export Post.
    await action(page, first.id, "Copy").click();
    await toast(page).filter({ hasText: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.content);
    await action(page, first.id, "View").click();
    const viewDialog = page.getByRole("dialog", { name: "View Post" });
    expect(await viewDialog.locator("[data-post-content]").textContent()).toBe(first.content);
    expect(await viewDialog.getByText("Ship small, ship often.", { exact: true }).isVisible()).toBe(true);
    expect(await viewDialog.getByRole("button", { name: "Copy to Clipboard" }).isVisible()).toBe(true);
    const [viewDownload] = await Promise.all([page.waitForEvent("download"), viewDialog.getByRole("button", { name: "Export Post" }).click()]);
    expect(viewDownload.suggestedFilename()).toMatch(/^linkedin-post-\d{13}\.txt$/);
    await page.keyboard.press("Escape");
    await viewDialog.waitFor({ state: "detached" });

    // Mark as not posted: the posted one goes back to Drafts, its posting undone.
    await openPostsTab(page, "Posted");
    await action(page, third.id, "Mark as not posted").click();
    await toast(page).filter({ hasText: "Marked as not posted" }).waitFor();
    await card(page, third.id).waitFor({ state: "detached" });
    expect(await statusOf(third.id)).toMatchObject({ status: "draft", postedAt: null, linkedinUrl: null });

    // Delete the edited draft: a confirm that says the week's slot is not given back; Cancel keeps it.
    await openPostsTab(page, "Drafts");
    await action(page, second.id, "Delete").click();
    const confirm = page.getByRole("dialog", { name: "Delete this post?" });
    expect(await confirm.textContent()).toContain("Its place in this week's allowance is not given back");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await statusOf(second.id)).toBeDefined();
    await action(page, second.id, "Delete").click();
    await confirm.getByRole("button", { name: "Delete post" }).click();
    await toast(page).filter({ hasText: "Post deleted" }).waitFor();
    await card(page, second.id).waitFor({ state: "detached" });
    await action(page, third.id, "Delete").click();
    await confirm.getByRole("button", { name: "Delete post" }).click();
    await card(page, third.id).waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No drafts" }).waitFor();
    expect(await statusOf(second.id)).toBeUndefined();

    // The scheduled post's own page: its content, time and the card's actions.
    await page.goto(`${suite.app.url}/posts/${first.id}`);
    await waitForIslands(page);
    expect(await page.locator("h1").textContent()).toBe("View Post");
    expect(await page.locator("[data-post-content]").textContent()).toBe(first.content);
    expect(await page.locator("[data-post-time]").textContent()).toBe("Jun 15, 2027 at 9:30 AM");
    for (const name of ["Copy", "Export", "Mark as Posted", "Schedule", "Unschedule", "Delete"])
      expect(await page.getByRole("button", { name, exact: true }).isVisible()).toBe(true);
    // Unschedule, then schedule again (the dialog remembers nothing of the old time).
    await page.getByRole("button", { name: "Unschedule", exact: true }).click();
    await toast(page).filter({ hasText: "Post unscheduled" }).waitFor();
    await page.locator("[data-post-time]").filter({ hasText: "Not scheduled" }).waitFor();
    expect(await statusOf(first.id)).toMatchObject({ status: "draft", scheduledTime: null });
    await page.getByRole("button", { name: "Mark as Posted", exact: true }).click();
    await page.getByRole("dialog", { name: "Mark as Posted" }).getByRole("button", { name: "Yes, mark as posted" }).click();
    await toast(page).filter({ hasText: "Post marked as posted" }).waitFor();
    await page.locator("[data-post-time]").filter({ hasText: "Posted Mar 2, 2026 at 6:00 PM" }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  test("the tabs move with the arrow keys, Home and End", async () => {
    const { page, context } = await subscriberOnPosts();
    const selectedTab = () => page.locator("[role=tab][aria-selected=true]").getAttribute("id");
    await page.getByRole("tab", { name: /Scheduled/ }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab()).toBe("posts-tab-draft");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("posts-tab-draft");
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab()).toBe("posts-tab-posted");
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab()).toBe("posts-tab-scheduled");
    await page.keyboard.press("ArrowLeft");
    expect(await selectedTab()).toBe("posts-tab-posted");
    await page.keyboard.press("Home");
    expect(await selectedTab()).toBe("posts-tab-scheduled");
    await page.keyboard.press("End");
    expect(await selectedTab()).toBe("posts-tab-posted");
    // One tab in the Tab order: the selected one.
    expect(await page.locator("[role=tab][tabindex='0']").count()).toBe(1);
    await context.close();
  });

  test("another user's post is the 404 page", async () => {
    const { drafts, context } = await subscriberOnPosts();
    const { page } = await subscriberOnPosts();
    const answer = await page.goto(`${suite.app.url}/posts/${drafts[0]!.id}`);
    expect(answer?.status()).toBe(404);
    expect(await page.content()).toContain("404 Page Not Found");
    expect(await page.content()).not.toContain(drafts[0]!.content.split("\n")[0]!);
    await context.close();
    await page.context().close();
  });

  test("a long history comes a page at a time: the first from the server, the next as the list's end scrolls into view", async () => {
    const { page, drafts, user, context } = await subscriberOnPosts();
    // 130 posts scheduled over the coming months (saved straight in the database: the weekly allowance would stop the API).
    const first = new Date("2026-03-10T09:00:00Z").getTime();
    for (let n = 0; n < 130; n++)
      await makePost(suite.app.database.db, user, {
        status: "scheduled",
        content: `Scheduled post ${n + 1}`,
        scheduledTime: new Date(first + n * 86_400_000),
        now: clock.now(),
      });
    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);

    // The counts are the whole history's; the page holds the first 50, soonest first.
    expect(await tab(page, "Scheduled").locator("[data-count]").textContent()).toBe("130");
    expect(await tab(page, "Drafts").locator("[data-count]").textContent()).toBe(String(drafts.length));
    const cards = page.locator("article[data-post-id]");
    expect(await cards.count()).toBe(50);
    expect(await cards.first().locator("[data-post-content]").textContent()).toBe("Scheduled post 1");

    // Scrolling to the end loads the next page, and the next, until all 130 are there, each once.
    for (const expected of [100, 130]) {
      await page.locator("[data-more-posts]").scrollIntoViewIfNeeded();
      await page.waitForFunction((count) => document.querySelectorAll("article[data-post-id]").length === count, expected);
    }
    expect(await page.locator("[data-more-posts]").count()).toBe(0);
    const texts = await cards.locator("[data-post-content]").allTextContents();
    expect(texts).toEqual(Array.from({ length: 130 }, (_, n) => `Scheduled post ${n + 1}`));

    // A write refreshes the counts and the lists: unscheduling one moves it to Drafts.
    await cards.first().getByRole("button", { name: "Unschedule", exact: true }).click();
    await page.waitForFunction(() => document.querySelector("#posts-tab-scheduled [data-count]")?.textContent === "129");
    expect(await tab(page, "Drafts").locator("[data-count]").textContent()).toBe(String(drafts.length + 1));
    await context.close();
  });
});
