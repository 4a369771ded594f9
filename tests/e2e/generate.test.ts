import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { countWords } from "../../src/shared/words";
import type { Browser, Locator, Page } from "playwright-core";
import { posts, sources } from "../../db/schema";
import { createLocalStrategist } from "../../src/strategist/local";
import type { Strategist } from "../../src/strategist/types";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn, waitForIslands } from "../support/browser";
import { readArticle } from "../support/corpus";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/** The Generate page in Chromium (SPEC.md "Generate (LinkedIn Content Strategist)"), with the local strategist. */

const lenient = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } };
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const WHY = [
  "Why Post This First",
  "Why Post This Second",
  "Why Post This Third",
  "Why Post This #4",
  "Why Post This #5",
  "Why Post This #6",
  "Why Post This #7",
];

// The local strategist answers in milliseconds. A paste carrying HELD_URL waits until the test
// lets it go, to see a plan that outlasts its request.
const HELD_URL = "https://example.com/a-plan-that-takes-its-time";
const local = createLocalStrategist();
let releaseHeld: (() => void) | undefined;
const strategist: Strategist = {
  name: "local",
  async createPlan(input) {
    if (input.contentUrl === HELD_URL) await new Promise<void>((resolve) => (releaseHeld = resolve));
    return local.createPlan(input);
  },
  rewritePost: local.rewritePost,
};

// A plan's week starts on the next usable day (src/shared/plan-week.ts): Saturday 6:30 PM in New
// York, after Saturday's slot, starts it on Sunday, so the plans here do not change with the day the suite runs.
const clock = new ManualClock("2026-03-07T23:30:00Z");
let app: TestApp;
let browser: Browser;
let article: string;
let secondArticle: string;

beforeAll(async () => {
  [app, browser, article, secondArticle] = await Promise.all([
    // The Generate request waits 1.5 s instead of 10 s: the local strategist answers well within it; the held plan is followed on its source.
    startTestApp({ clock, queue: { pollIntervalMs: 20, backoffMs: () => 0 }, rateLimits: lenient, providers: { strategist }, generationWaitMs: 1_500 }),
    launchBrowser(),
    readArticle("sunsetting-create-react-app.md"),
    readArticle("react-compiler-1.md"),
  ]);
});
afterAll(async () => {
  releaseHeld?.();
  await browser?.close();
  await app?.close();
});

/** A fresh subscriber (the demo checkout starts their trial) on /generate, the clipboard allowed. */
async function subscriberOnGenerate(width = 1280) {
  const account = await signUp(app.url, { name: "Ada Lovelace" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return { ...account, ...(await openSignedIn(browser, app.url, account.client.cookie, "/generate", { viewport: { width, height: 900 }, clipboard: true })) };
}

const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");
const cards = (page: Page) => page.locator("article[data-post-order]");
const createButton = (page: Page) => page.getByRole("button", { name: /Create Strategic Plan|Your strategist is working/ });
const planHeading = (page: Page) => page.getByRole("heading", { name: /^Your Strategic Content Plan \(\d+ Posts?\)$/ });
const allowanceLine = (page: Page) => page.locator("[data-allowance]");
const contentOf = (card: Locator) => card.locator("[data-post-content]").textContent();

async function userSources(userId: string) {
  return app.database.db.select().from(sources).where(eq(sources.userId, userId));
}

/** Pastes the text (and URL), creates the plan, and waits for its list. */
async function createPlan(page: Page, text: string, url?: string) {
  await page.getByLabel("Your content").fill(text);
  if (url) await page.getByLabel(/Content URL/).fill(url);
  await createButton(page).click();
  await planHeading(page).waitFor();
  // The cards come with the heading; a loaded machine can paint the heading a frame before them.
  await cards(page).first().waitFor();
}

describe("the Generate page", () => {
  test("paste an article, review the plan (edit, delete, copy), keep it through a reload, save it all as drafts", async () => {
    const { page, errors, user, context } = await subscriberOnGenerate();
    expect(await page.locator("h1").textContent()).toBe("LinkedIn Content Strategist");
    expect(await page.getByRole("heading", { name: "No strategic plan yet" }).isVisible()).toBe(true);
    expect(await allowanceLine(page).textContent()).toContain("7 of 7 posts left this week");
    // The form as SPEC.md lists it.
    const type = page.getByLabel("Content type");
    expect(await type.inputValue()).toBe("blog");
    expect(await type.locator("option").evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]))).toEqual([
      ["blog", "Blog Post"],
      ["newsletter", "Newsletter"],
      ["thread", "Twitter Thread"],
      ["other", "Other"],
    ]);
    expect(await page.getByLabel(/Content URL/).getAttribute("type")).toBe("url");

    // Live counts while pasting.
    const textarea = page.getByLabel("Your content");
    await textarea.fill(article);
    const pasted = await textarea.inputValue();
    const counts = await page.locator("[data-counts]").textContent();
    expect(counts).toContain(`${pasted.length.toLocaleString("en-US")} / 100,000 characters`);
    expect(counts).toContain(`${countWords(pasted).toLocaleString("en-US")} words`);

    const url = "https://react.dev/blog/2025/02/14/sunsetting-create-react-app";
    await page.getByLabel(/Content URL/).fill(url);
    await createButton(page).click();
    await planHeading(page).waitFor();
    await toast(page).filter({ hasText: "Strategic Content Plan Created!" }).waitFor();
    // After a generate the text and URL are cleared; the plan is on screen with its overview.
    expect(await textarea.inputValue()).toBe("");
    expect(await page.getByLabel(/Content URL/).inputValue()).toBe("");
    expect(await createButton(page).isDisabled()).toBe(true);

    const [source] = await userSources(user.id);
    const plan = source!.plan as {
      posts: { content: string; postOrder: string; recommendedDay: string; recommendedTime: string; strategyExplanation: string; postType: string }[];
      strategyOverview: string;
    };
    const total = plan.posts.length;
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(7);
    expect(await planHeading(page).textContent()).toBe(`Your Strategic Content Plan (${total} Posts)`);
    expect(await page.getByRole("heading", { name: "Weekly Content Strategy" }).isVisible()).toBe(true);
    expect(await page.getByText(plan.strategyOverview).isVisible()).toBe(true);
    const firstComment = page.locator("[data-first-comment]");
    expect(await firstComment.textContent()).toContain("Link in first comment");
    expect(await firstComment.getByRole("link", { name: url }).getAttribute("href")).toBe(url);

    // Sorted by postOrder, each with its day, time, reasoning, type and counts.
    expect(await cards(page).evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.postOrder))).toEqual(
      plan.posts.map((_, index) => String(index + 1)),
    );
    for (const [index, post] of plan.posts.entries()) {
      const card = cards(page).nth(index);
      const heading = await card.locator("h3").textContent();
      expect(WEEKDAYS).toContain(post.recommendedDay);
      expect(heading).toContain(post.recommendedDay);
      expect(heading).toContain(post.recommendedTime);
      expect(await card.getByRole("heading", { name: WHY[index] }).count()).toBe(1);
      expect(await card.getByText(post.strategyExplanation).isVisible()).toBe(true);
      expect(await contentOf(card)).toBe(post.content);
      expect(await card.locator("[data-post-type]").getAttribute("data-post-type")).toBe(post.postType);
      expect(await card.locator("[data-char-count]").textContent()).toBe(`${post.content.length.toLocaleString("en-US")} characters`);
      expect(await card.locator("[data-read-time]").textContent()).toBe(`~${Math.ceil(post.content.trim().split(/\s+/).length / 200)} min read`);
    }

    // Edit the second post inline, then Save.
    const second = cards(page).nth(1);
    await second.getByRole("button", { name: "Edit" }).click();
    const editor = second.getByRole("textbox", { name: "Edit post 2" });
    expect(await editor.inputValue()).toBe(plan.posts[1]!.content);
    const edited = `A sharper opening line, in my own words.\n\n${plan.posts[1]!.content}`;
    await editor.fill("   ");
    expect(await second.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await editor.fill(edited);
    await second.getByRole("button", { name: "Save" }).click();
    await toast(page).filter({ hasText: "Updated" }).waitFor();
    expect(await contentOf(second)).toBe(edited);
    expect(await second.locator("[data-char-count]").textContent()).toBe(`${edited.length.toLocaleString("en-US")} characters`);

    // Delete the third from the list.
    await cards(page).nth(2).getByRole("button", { name: "Delete" }).click();
    await toast(page).filter({ hasText: "Deleted" }).waitFor();
    expect(await planHeading(page).textContent()).toBe(`Your Strategic Content Plan (${total - 1} Posts)`);
    expect(await page.locator("article[data-post-order='3']").count()).toBe(0);
    // The rest are numbered 1 to N again: the old fourth is now third, and says so.
    const renumbered = page.locator("article[data-post-order='4']");
    expect(await renumbered.getByRole("heading", { name: "Why Post This Third" }).count()).toBe(1);
    expect(await renumbered.locator("header span[aria-hidden=true]").first().textContent()).toBe("3");
    // Its reasoning was written for the whole plan, and says so.
    expect(await renumbered.locator("[data-explanation-note]").textContent()).toBe("Written for the whole plan: it may mention a post you have since removed.");

    // Copy the first.
    await cards(page).first().getByRole("button", { name: "Copy" }).click();
    await toast(page).filter({ hasText: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(plan.posts[0]!.content);

    // A reload brings back the unsaved plan as it was left: the edit kept, the deleted post gone.
    await page.reload();
    await waitForIslands(page);
    await planHeading(page).waitFor();
    expect(await planHeading(page).textContent()).toBe(`Your Strategic Content Plan (${total - 1} Posts)`);
    expect(await contentOf(page.locator("article[data-post-order='2']"))).toBe(edited);
    expect(await page.locator("article[data-post-order='3']").count()).toBe(0);
    expect(await firstComment.getByRole("link", { name: url }).count()).toBe(1);

    // Save All to Drafts: drafts carrying the source, the plan cleared, the allowance down.
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    await toast(page).filter({ hasText: "Saved to drafts" }).waitFor();
    await page.getByRole("heading", { name: "No strategic plan yet" }).waitFor();
    expect(await page.getByRole("heading", { name: "Weekly Content Strategy" }).count()).toBe(0);
    const left = 7 - (total - 1);
    await page.waitForFunction((text) => document.querySelector("[data-allowance]")?.textContent?.includes(text), `${left} of 7 posts left this week`);
    const saved = await app.database.db.select().from(posts).where(eq(posts.userId, user.id));
    expect(saved.map((row) => row.postOrder).sort()).toEqual(plan.posts.map((post) => post.postOrder).filter((order) => order !== "3"));
    for (const row of saved) {
      expect(row.sourceId).toBe(source!.id);
      expect(row.status).toBe("draft");
      const original = plan.posts.find((post) => post.postOrder === row.postOrder)!;
      expect(row.content).toBe(row.postOrder === "2" ? edited : original.content);
      expect(row.recommendedDay).toBe(original.recommendedDay);
      expect(row.strategyExplanation).toBe(original.strategyExplanation);
    }
    // The edited post's hook is its new first line.
    expect(saved.find((row) => row.postOrder === "2")!.hook).toBe("A sharper opening line, in my own words.");

    // Saved plans are not brought back.
    await page.reload();
    await waitForIslands(page);
    expect(await page.getByRole("heading", { name: "No strategic plan yet" }).isVisible()).toBe(true);
    expect(await allowanceLine(page).textContent()).toContain(`${left} of 7 posts left this week`);

    // A second plan meets the weekly limit: the server's message, the unsaved posts kept.
    await createPlan(page, secondArticle);
    const secondTotal = await cards(page).count();
    expect(await page.getByText(`Only ${left} of these ${secondTotal} posts fit`).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    const limited = toast(page).filter({ hasText: "Weekly limit reached: 7 posts per week. Resets" });
    await limited.waitFor();
    expect(await limited.getAttribute("role")).toBe("alert");
    expect(await limited.textContent()).toContain(`Saved ${left} of ${secondTotal} to drafts`);
    await page.locator("section[aria-labelledby=plan-heading] [role=alert]").filter({ hasText: "Weekly limit reached: 7 posts per week." }).waitFor();
    expect(await cards(page).count()).toBe(secondTotal - left);
    await page.waitForFunction(() => document.querySelector("[data-allowance]")?.textContent?.includes("0 of 7 posts left this week"));
    expect(await page.getByRole("button", { name: "Save All to Drafts" }).isDisabled()).toBe(true);
    expect(await app.database.db.select().from(posts).where(eq(posts.userId, user.id))).toHaveLength(7);

    expect(errors.filter((error) => !error.includes("429"))).toEqual([]);
    await context.close();
  });

  test("a paste too short to plan from: 'Generation failed' with the server's message, the text kept (375 px)", async () => {
    const { page, errors, context } = await subscriberOnGenerate(375);
    await page.getByLabel("Your content").fill("We shipped a new feature. Users like it.");
    await createButton(page).click();
    const failed = toast(page).filter({ hasText: "Generation failed" });
    await failed.waitFor();
    expect(await failed.getAttribute("role")).toBe("alert");
    expect(await failed.textContent()).toContain("at least 200 words");
    expect(await page.getByLabel("Your content").inputValue()).toBe("We shipped a new feature. Users like it.");
    expect(await page.getByRole("heading", { name: "No strategic plan yet" }).isVisible()).toBe(true);
    expect(await createButton(page).textContent()).toBe("Create Strategic Plan");
    expect(errors.filter((error) => !error.includes("400"))).toEqual([]);
    await context.close();
  });

  test("a network failure: 'Generation failed' with SPEC.md's sentence", async () => {
    const { page, context } = await subscriberOnGenerate();
    await page.route("**/api/posts/generate", (route) => route.abort());
    await page.getByLabel("Your content").fill(article);
    await createButton(page).click();
    const failed = toast(page).filter({ hasText: "Generation failed" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Could not generate posts. Please try again.");
    await context.close();
  });

  test("Save All whose answer is lost on the way back: the plan is kept, and saving again saves each post once", async () => {
    const { page, context, user } = await subscriberOnGenerate();
    await createPlan(page, article);
    const total = await cards(page).count();
    // The server saves the plan; the connection drops before its answer reaches the page.
    await page.route("**/api/sources/*/drafts", async (route) => {
      await route.fetch();
      await route.abort();
    });
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    const failed = toast(page).filter({ hasText: "Could not save to drafts" });
    await failed.waitFor();
    expect(await cards(page).count()).toBe(total);
    expect(await app.database.db.select().from(posts).where(eq(posts.userId, user.id))).toHaveLength(total);

    await page.unroute("**/api/sources/*/drafts");
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    await toast(page).filter({ hasText: "Saved to drafts" }).waitFor();
    await page.getByRole("heading", { name: "No strategic plan yet" }).waitFor();
    const saved = await app.database.db.select().from(posts).where(eq(posts.userId, user.id));
    expect(saved.map((row) => row.postOrder).sort()).toEqual(Array.from({ length: total }, (_, index) => String(index + 1)));
    await page.waitForFunction((text) => document.querySelector("[data-allowance]")?.textContent?.includes(text), `${7 - total} of 7 posts left this week`);
    await context.close();
  });

  test("the button is disabled for empty or whitespace-only text, and over the 100,000-character limit with the reason", async () => {
    const { page, context } = await subscriberOnGenerate();
    const textarea = page.getByLabel("Your content");
    expect(await createButton(page).isDisabled()).toBe(true);
    await textarea.fill("  \n\t  \n ");
    expect(await createButton(page).isDisabled()).toBe(true);
    await textarea.fill("Words.");
    expect(await createButton(page).isEnabled()).toBe(true);
    await textarea.fill("   ");
    expect(await createButton(page).isDisabled()).toBe(true);
    // Over the limit: the counter turns red and the button says why it is disabled.
    await textarea.fill("word ".repeat(20_001));
    expect(await createButton(page).isDisabled()).toBe(true);
    const reason = page.locator(`#${await createButton(page).getAttribute("aria-describedby")}`);
    expect(await reason.textContent()).toBe("That is 5 characters over the limit: paste a shorter part of the article.");
    expect(await page.locator("[data-counts]").textContent()).toContain("100,005 / 100,000 characters");
    await context.close();
  });

  test("a plan that outlasts its request (202) is followed on its source until ready, through a reload, with no timeout message", async () => {
    const { page, errors, context } = await subscriberOnGenerate();
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/posts/generate"));
    await page.getByLabel("Your content").fill(article);
    await page.getByLabel(/Content URL/).fill(HELD_URL);
    await createButton(page).click();
    const response = await answered;
    expect(response.status()).toBe(202);
    expect(await response.json()).toMatchObject({ pending: true, stage: "reading" });
    // The job is running: the page shows where it is, not a timeout.
    await page.locator("[data-plan-stage=reading]").waitFor();
    expect(await createButton(page).textContent()).toBe("Your strategist is working...");
    expect(await createButton(page).isDisabled()).toBe(true);
    expect(await page.getByLabel("Your content").inputValue()).toBe("");

    // Still pending after a reload: the page finds the source again and keeps asking.
    await page.reload();
    await waitForIslands(page);
    await page.getByRole("button", { name: "Your strategist is working..." }).waitFor();
    await page.locator("[data-plan-stage=reading]").waitFor();
    releaseHeld!();
    await planHeading(page).waitFor();
    await toast(page).filter({ hasText: "Strategic Content Plan Created!" }).waitFor();
    expect(await createButton(page).textContent()).toBe("Create Strategic Plan");
    expect(await page.locator("[data-first-comment]").getByRole("link", { name: HELD_URL }).count()).toBe(1);
    expect(await page.getByText(/longer than usual|timed out/i).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
