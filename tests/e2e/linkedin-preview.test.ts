import { beforeAll, describe, expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import { previewParts } from "../../src/shared/linkedin-preview";
import { signUp } from "../support/api-client";
import { openSignedIn } from "../support/browser";
import { readArticle } from "../support/corpus";
import { appAndBrowser } from "../support/suite";

/**
 * The LinkedIn preview in Chromium: the post cut at '…see more' where the feed cuts it, on a
 * phone and on desktop, with the ghostwriter's warnings, in the Edit dialog and under the
 * generator's cards, following the text as it is edited.
 */

const suite = appAndBrowser({ queue: { pollIntervalMs: 20, backoffMs: () => 0 } });
let article: string;
beforeAll(async () => {
  article = await readArticle("sunsetting-create-react-app.md");
});

const LONG_HOOK_POST =
  "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off for their whole team before lunch.\n\nHere is what we learned about listening to customers before we build anything at all.\n\nMore at https://example.com/post\n\n#product #startups #saas #listening";

async function subscriber() {
  const account = await signUp(suite.app.url, { name: "Ada Lovelace" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return account;
}

const shownText = (preview: Locator) => preview.locator("[data-preview-text]").textContent();
const warningCodes = async (preview: Locator) =>
  (await preview.locator("[data-warning]").evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.warning))).sort();

describe("LinkedIn preview", () => {
  test("in the Edit dialog: cut at the phone's and desktop's fold, see more, warnings that follow the edit", async () => {
    const account = await subscriber();
    const created = await account.client.json("POST", "/api/posts", { content: LONG_HOOK_POST });
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, `/posts/${created.body.id}`);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Post" });
    const preview = dialog.locator("[data-linkedin-preview]");
    await preview.waitFor();

    // Phone first: three lines, about 140 characters, cut before a word; the hook does not fit.
    expect(await shownText(preview)).toBe(previewParts(LONG_HOOK_POST, "mobile").visible);
    expect(await shownText(preview)).toBe(
      "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off",
    );
    expect(await preview.getByRole("button", { name: "…see more" }).isVisible()).toBe(true);
    expect(await preview.getByText("Ada Lovelace", { exact: true }).isVisible()).toBe(true);
    expect(await warningCodes(preview)).toEqual(["hashtags", "hook-below-fold", "link"]);

    // Desktop: five lines or about 210 characters; the hook shows whole.
    await preview.getByRole("button", { name: "Desktop" }).click();
    expect(await preview.getByRole("button", { name: "Desktop" }).getAttribute("aria-pressed")).toBe("true");
    expect(await shownText(preview)).toBe(
      "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off for their whole team before lunch.\n\nHere is what we learned about",
    );
    await preview.getByRole("button", { name: "…see more" }).click();
    expect(await shownText(preview)).toBe(LONG_HOOK_POST);
    expect(await preview.getByRole("button", { name: "…see more" }).count()).toBe(0);

    // Editing: a short hook, no link, three hashtags: the warnings go as the text changes.
    await dialog
      .getByLabel("Post content")
      .fill("We shipped a feature nobody asked for.\n\nOur biggest customer asked us to turn it off.\n\n#product #startups #saas");
    await preview.locator("[data-warning=none]").waitFor();
    expect(await warningCodes(preview)).toEqual(["none"]);
    await dialog.getByLabel("Post content").fill(`Short hook.\n\n${"x".repeat(3_000)}`);
    await preview.locator("[data-warning=too-long]").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("under the generator's cards, on a phone-sized screen, and live while a card is edited", async () => {
    const account = await subscriber();
    const { page, context, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/generate", {
      viewport: { width: 375, height: 800 },
    });
    await page.getByLabel("Your content").fill(article);
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    const card = page.locator("article[data-post-order]").first();
    await card.waitFor({ timeout: 30_000 });
    const content = (await card.locator("[data-post-content]").textContent())!;
    const preview = card.locator("[data-linkedin-preview]");
    await preview.getByText("Preview on LinkedIn").click();
    const expected = previewParts(content, "mobile");
    expect(await shownText(preview)).toBe(expected.visible);
    expect(await preview.getByRole("button", { name: "…see more" }).count()).toBe(expected.truncated ? 1 : 0);

    await card.getByRole("button", { name: "Edit", exact: true }).click();
    await card.getByRole("textbox").fill(`${content}\n\nhttps://example.com/source`);
    await preview.locator("[data-warning=link]").waitFor();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/generate-preview-375.png`, fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
