import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { signUpSubscriber } from "../support/api-client";
import { openSignedIn, waitForIslands } from "../support/browser";
import { readArticle } from "../support/corpus";
import { appAndBrowser } from "../support/suite";

/**
 * "Your voice" in Chromium: past posts pasted in Settings are kept; a plan generated afterwards
 * says in its overview that it was written in that voice; a post of it is rewritten (the request
 * names the post's place in the week, so the strategist knows its type and the other hooks).
 */

const suite = appAndBrowser({ queue: { pollIntervalMs: 20, backoffMs: () => 0 } });

const PAST = [
  "I shipped our pricing page on a Friday.\n\nNobody noticed for a week.\n\nThen churn dropped 12%.\n\n#Pricing",
  "I asked 30 customers why they stayed.\n\nNot one mentioned a feature.\n\nThey mentioned the support replies.\n\n#CustomerSuccess",
];

const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");

describe("your voice", () => {
  test("set a voice in Settings, generate, see the overview say so, rewrite a post", async () => {
    const { client } = await signUpSubscriber(suite.app.url, { name: "Ada Lovelace" });
    const { page, errors, context } = await openSignedIn(suite.browser, suite.app.url, client.cookie, "/settings");
    const card = page.locator("section[aria-labelledby=voice-heading]");
    expect(await card.getByRole("heading", { name: "Your voice" }).isVisible()).toBe(true);
    await card.getByLabel("Past post 1").fill(PAST[0]!);
    await card.getByRole("button", { name: "Add a past post" }).click();
    await card.getByLabel("Past post 2").fill(PAST[1]!);
    await card.getByRole("button", { name: "Save your voice" }).click();
    await toast(page).filter({ hasText: "Voice saved" }).waitFor();
    expect(await card.locator("[data-voice-count]").textContent()).toBe("2 of 10 past posts");

    // Kept: a reload shows the same posts, ready to edit.
    await page.reload();
    await waitForIslands(page);
    expect(await card.getByLabel("Past post 2").inputValue()).toBe(PAST[1]!);

    await page.goto(`${suite.app.url}/generate`);
    await waitForIslands(page);
    await page.getByLabel("Your content").fill(await readArticle("02-activation-1200-trial-signups.md"));
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    await page.getByRole("heading", { name: /^Your Strategic Content Plan \(\d+ Posts?\)$/ }).waitFor();
    await page.getByText(/Written in your voice, from the 2 past posts in Settings/).waitFor();

    const second = page.locator('article[data-post-order="2"]');
    const before = await second.locator("[data-post-content]").textContent();
    const asked = page.waitForRequest((request) => request.url().endsWith("/api/posts/rewrite"));
    await second
      .getByRole("group", { name: /^Rewrite/ })
      .getByRole("button", { name: "Rewrite", exact: true })
      .click();
    expect((await asked).postDataJSON()).toMatchObject({ action: "rewrite", postOrder: "2" });
    await toast(page).filter({ hasText: "Updated" }).waitFor();
    await page.waitForFunction((old) => document.querySelector('article[data-post-order="2"] [data-post-content]')?.textContent !== old, before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
