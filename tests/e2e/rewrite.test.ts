import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { posts, sources } from "../../db/schema";
import { createLocalStrategist } from "../../src/strategist/local";
import type { Plan } from "../../src/strategist/plan";
import type { RewriteAction } from "../../src/strategist/types";
import { signUp } from "../support/api-client";
import { openSignedIn, waitForIslands, openPostsTab } from "../support/browser";
import { readArticle } from "../support/corpus";
import { appAndBrowser } from "../support/suite";

/**
 * New hook, Shorter and Rewrite in Chromium: on a card of a plan made from a founder article,
 * undone step by step with Undo rewrite (through a reload), kept with the plan and saved with
 * it; then in the Edit dialog of the saved draft, where Undo rewrite also works after Save
 * Changes when the dialog is opened again. The app runs the local strategist, which is
 * deterministic, so the test knows what each press must show.
 */

const ARTICLE = "02-activation-1200-trial-signups.md";
const local = createLocalStrategist();

const suite = appAndBrowser({ queue: { pollIntervalMs: 20, backoffMs: () => 0 } });
let article: string;
beforeAll(async () => {
  article = await readArticle(ARTICLE);
});

const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");
const contentOf = (card: Locator) => card.locator("[data-post-content]").textContent();
const rewriteButton = (scope: Locator, name: string) => scope.getByRole("group", { name: /^Rewrite/ }).getByRole("button", { name, exact: true });
/** Waits until the card of this post shows exactly `text`. */
const cardShows = (page: Page, order: string, text: string) =>
  page.waitForFunction(([selector, expected]) => document.querySelector(selector!)?.textContent === expected, [
    `article[data-post-order="${order}"] [data-post-content]`,
    text,
  ] as const);
const dialogShows = (page: Page, text: string) =>
  page.waitForFunction((expected) => (document.querySelector("dialog[open] textarea") as HTMLTextAreaElement | null)?.value === expected, text);

/** What the server will answer: the same local strategist, which gives the same answer for the same input. */
async function expectedAfter(content: string, actions: RewriteAction[]): Promise<string[] | undefined> {
  const steps: string[] = [];
  for (const action of actions) {
    try {
      content = (await local.rewritePost({ sourceText: article, content, action })).content;
    } catch {
      return undefined; // the article has nothing to offer this post for that action
    }
    steps.push(content);
  }
  return steps;
}

async function subscriberOnGenerate() {
  const account = await signUp(suite.app.url, { name: "Priya Raman" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return { ...account, ...(await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/generate")) };
}

describe("rewriting posts", () => {
  test("New hook, Shorter, Rewrite and Undo rewrite on a plan card, kept with the plan and saved; then a rewrite and Undo rewrite in the Edit dialog of the draft, before and after Save Changes", async () => {
    const { page, errors, user, context } = await subscriberOnGenerate();
    await page.getByLabel("Your content").fill(article);
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    await page.getByRole("heading", { name: /^Your Strategic Content Plan/ }).waitFor();

    const [source] = await suite.app.database.db.select().from(sources).where(eq(sources.userId, user.id));
    const plan = source!.plan as Plan;
    // The first post, in the week's order, that all three can change one after the other.
    let chosen: { order: string; steps: string[] } | undefined;
    for (const post of plan.posts) {
      const steps = await expectedAfter(post.content, ["hook", "shorter", "rewrite"]);
      if (steps) {
        chosen = { order: post.postOrder, steps };
        break;
      }
    }
    expect(chosen).toBeDefined();
    const { order, steps } = chosen!;
    const original = plan.posts.find((post) => post.postOrder === order)!.content;
    const card = page.locator(`article[data-post-order="${order}"]`);
    expect(await contentOf(card)).toBe(original);

    // New hook, held back by the network for a moment: every rewrite button waits, the pressed one spins.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/posts/rewrite", async (route) => {
      await held;
      await route.continue();
    });
    await rewriteButton(card, "New hook").click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getAttribute("aria-busy") === "true",
      `article[data-post-order="${order}"] [data-rewrite] button:first-child`,
    );
    for (const name of ["New hook", "Shorter", "Rewrite"]) expect(await rewriteButton(card, name).isDisabled()).toBe(true);
    expect(await card.getByRole("button", { name: "Edit" }).isDisabled()).toBe(true);
    expect(await rewriteButton(card, "New hook").locator(".loading").count()).toBe(1);
    release(); // from here on the route lets every request straight through
    await toast(page).filter({ hasText: "opens with a new hook" }).waitFor();
    expect(await contentOf(card)).toBe(steps[0]!);
    expect(steps[0]!.split("\n")[0]).not.toBe(original.split("\n")[0]);
    // The explanation was written for the first text: the card says so once the post has changed.
    expect(await card.locator("[data-explanation-note]").textContent()).toContain("the day and time still hold");
    expect(await rewriteButton(card, "Shorter").isEnabled()).toBe(true);

    await rewriteButton(card, "Shorter").click();
    await toast(page).filter({ hasText: "is shorter now" }).waitFor();
    expect(await contentOf(card)).toBe(steps[1]!);
    expect(steps[1]!.length).toBeLessThan(steps[0]!.length);
    expect(await card.locator("[data-char-count]").textContent()).toBe(`${steps[1]!.length.toLocaleString("en-US")} characters`);

    await rewriteButton(card, "Rewrite").click();
    await toast(page).filter({ hasText: "is rewritten" }).waitFor();
    expect(await contentOf(card)).toBe(steps[2]!);
    expect(steps[2]).not.toBe(steps[1]);

    // Other cards are as they were, and have nothing to undo.
    for (const post of plan.posts.filter((post) => post.postOrder !== order)) {
      const other = page.locator(`article[data-post-order="${post.postOrder}"]`);
      expect(await contentOf(other)).toBe(post.content);
      expect(await rewriteButton(other, "Undo rewrite").count()).toBe(0);
    }

    // Undo rewrite steps back one rewrite at a time: Rewrite, then Shorter.
    await rewriteButton(card, "Undo rewrite").click();
    await cardShows(page, order, steps[1]!);
    await toast(page)
      .filter({ hasText: `Post ${order} is back to its text before the rewrite.` })
      .first()
      .waitFor();
    await rewriteButton(card, "Undo rewrite").click();
    await cardShows(page, order, steps[0]!);

    // Kept with the unsaved plan, like an edit: a reload brings it back, and the way back too.
    await page.reload();
    await waitForIslands(page);
    await page.getByRole("heading", { name: /^Your Strategic Content Plan/ }).waitFor();
    expect(await contentOf(card)).toBe(steps[0]!);
    await rewriteButton(card, "Undo rewrite").click();
    await cardShows(page, order, original);
    // Back to the strategist's text: nothing left to undo, and the explanation fits the post again.
    expect(await rewriteButton(card, "Undo rewrite").count()).toBe(0);
    expect(await card.locator("[data-explanation-note]").count()).toBe(0);

    // The same presses again give the same posts (the local strategist is deterministic).
    for (const [index, name] of (["New hook", "Shorter", "Rewrite"] as const).entries()) {
      await rewriteButton(card, name).click();
      await cardShows(page, order, steps[index]!);
    }

    // Save All: the draft is the rewritten post, its hook its new first line.
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    await toast(page).filter({ hasText: "Saved to drafts" }).waitFor();
    const saved = await suite.app.database.db.select().from(posts).where(eq(posts.userId, user.id));
    expect(saved).toHaveLength(plan.posts.length);
    const draft = saved.find((row) => row.postOrder === order)!;
    expect(draft.content).toBe(steps[2]!);
    expect(draft.hook).toBe(steps[2]!.split("\n")[0]!);
    expect(draft.sourceId).toBe(source!.id);

    // The draft's Edit dialog has the same buttons; what they write goes in the text, saved with Save Changes.
    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);
    await openPostsTab(page, "Drafts");
    await page.locator(`article[data-post-id="${draft.id}"]`).getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    const textarea = dialog.getByLabel("Post content");
    expect(await textarea.inputValue()).toBe(steps[2]!);

    // A failure is a toast with the server's words; the text stays.
    await page.route("**/api/posts/rewrite", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ message: "This article has no other opening line for this post." }),
      }),
    );
    await rewriteButton(dialog, "New hook").click();
    const refused = toast(page).filter({ hasText: "Could not write a new hook" });
    await refused.waitFor();
    expect(await refused.textContent()).toContain("This article has no other opening line for this post.");
    expect(await textarea.inputValue()).toBe(steps[2]!);
    await page.unroute("**/api/posts/rewrite");

    // New hook where the article has another opening for the post; otherwise Shorter.
    const [button, [inDialog]] = (await expectedAfter(steps[2]!, ["hook"]))
      ? ["New hook", (await expectedAfter(steps[2]!, ["hook"]))!]
      : ["Shorter", (await expectedAfter(steps[2]!, ["shorter"]))!];
    expect(await rewriteButton(dialog, "Undo rewrite").count()).toBe(0);
    await rewriteButton(dialog, button).click();
    await dialogShows(page, inDialog!);
    const kept = toast(page).filter({ hasText: "Save Changes to keep it" }).first();
    await kept.waitFor();
    // Undo rewrite puts the saved text back in the dialog; the same press again brings the rewrite back.
    await rewriteButton(dialog, "Undo rewrite").click();
    await dialogShows(page, steps[2]!);
    await toast(page).filter({ hasText: "The post is back to its text before the rewrite. Save Changes to keep it." }).first().waitFor();
    expect(await rewriteButton(dialog, "Undo rewrite").count()).toBe(0);
    await rewriteButton(dialog, button).click();
    await dialogShows(page, inDialog!);
    // A manual edit ends the way back (an undo would throw the typing away); the rewrite's own text brings it back.
    await textarea.fill(`${inDialog!} Edited by hand.`);
    expect(await rewriteButton(dialog, "Undo rewrite").count()).toBe(0);
    await textarea.fill(inDialog!);
    await rewriteButton(dialog, "Undo rewrite").waitFor();
    // The toast is above the open dialog (the browser's top layer), not hidden behind it: what is at its centre is the toast.
    expect(
      await kept.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      }),
    ).toBe(true);
    // Not saved until the dialog's own button says so.
    expect((await suite.app.database.db.select().from(posts).where(eq(posts.id, draft.id)))[0]!.content).toBe(steps[2]!);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page).filter({ hasText: "Post updated" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    const [edited] = await suite.app.database.db.select().from(posts).where(eq(posts.id, draft.id));
    expect(edited!.content).toBe(inDialog!);

    // Saved by mistake: the Edit dialog opened again still offers Undo rewrite, and Save Changes saves the text before it, as any edit.
    await page.locator(`article[data-post-id="${draft.id}"]`).getByRole("button", { name: "Edit", exact: true }).click();
    await dialog.waitFor();
    expect(await textarea.inputValue()).toBe(inDialog!);
    await rewriteButton(dialog, "Undo rewrite").click();
    await dialogShows(page, steps[2]!);
    expect((await suite.app.database.db.select().from(posts).where(eq(posts.id, draft.id)))[0]!.content).toBe(inDialog!);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    // The dialog closes once the edit is saved.
    await dialog.waitFor({ state: "detached" });
    const [undone] = await suite.app.database.db.select().from(posts).where(eq(posts.id, draft.id));
    expect(undone!.content).toBe(steps[2]!);

    expect(errors.filter((error) => !error.includes("422"))).toEqual([]);
    await context.close();
  });

  test("a draft written by hand (no plan behind it) has no rewrite buttons in its Edit dialog", async () => {
    const account = await signUp(suite.app.url);
    expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const saved = await account.client.json("POST", "/api/posts", {
      content: "A note of my own.\nNo article behind it.",
      status: "draft",
      postType: "value",
      postOrder: "1",
    });
    expect(saved.status).toBe(201);
    const { context, page } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/posts");
    await openPostsTab(page, "Drafts");
    await page.locator(`article[data-post-id="${saved.body.id}"]`).getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    await dialog.getByLabel("Post content").waitFor();
    expect(await dialog.getByRole("group", { name: /^Rewrite/ }).count()).toBe(0);
    await context.close();
  });
});
