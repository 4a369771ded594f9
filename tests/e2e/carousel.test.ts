import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { carousels, posts, sources } from "../../db/schema";
import type { Slide } from "../../src/shared/carousel";
import type { Plan } from "../../src/strategist/plan";
import { signUp } from "../support/api-client";
import { openPostsTab, openSignedIn, toastOf, waitForIslands } from "../support/browser";
import { readArticle } from "../support/corpus";
import { appAndBrowser } from "../support/suite";

/**
 * The carousel journey in Chromium (issue 25): generate a plan, save it, make a carousel from
 * the list post on its My Posts card, edit a slide, move one, change the design (a brand colour
 * that fails the contrast check, then one that passes; the square size), download the PDF and
 * read it back with poppler: the slides' text in order (pdftotext) and the page size (pdfinfo).
 */

const suite = appAndBrowser({ queue: { pollIntervalMs: 20, backoffMs: () => 0 } });

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe("making a carousel", () => {
  test("from the list post of a new plan: edit, reorder, design, download; the PDF has the slides' text in order at 1080 x 1080", async () => {
    const account = await signUp(suite.app.url, { name: "Priya Raman" });
    expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const { page, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/generate");
    await page.getByLabel("Your content").fill(await readArticle("r5-bulleted-lessons.md"));
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    await page.getByRole("heading", { name: /^Your Strategic Content Plan/ }).waitFor();
    await page.getByRole("button", { name: "Save All to Drafts" }).click();
    // Save All is one transaction and its toast comes after its answer. (An async waitForFunction predicate is not
    // awaited by Playwright: its promise counts as true at once, which let the check below race the save on PostgreSQL.)
    await toastOf(page).filter({ hasText: "Saved to drafts" }).waitFor();

    // The list post: the plan's post with the most "→" items.
    const db = suite.app.database.db;
    const [source] = await db.select().from(sources).where(eq(sources.userId, account.user.id));
    const listPost = (source!.plan as Plan).posts.toSorted((a, b) => b.content.split("→").length - a.content.split("→").length)[0]!;
    const [saved] = await db.select().from(posts).where(eq(posts.content, listPost.content));

    await page.goto(`${suite.app.url}/posts`);
    await waitForIslands(page);
    await openPostsTab(page, "Drafts");
    const card = page.locator(`article[data-post-id="${saved!.id}"]`);
    await card.getByRole("link", { name: "Make a carousel" }).click();
    await page.waitForURL(`**/posts/${saved!.id}/carousel`);
    await waitForIslands(page);
    const slides = page.locator("li[data-slide]");
    await slides.first().waitFor();
    const count = await slides.count();
    expect(count).toBeGreaterThanOrEqual(5);
    expect(count).toBeLessThanOrEqual(10);
    // The cover is the post's hook, shown on its preview.
    expect(await slides.nth(0).locator('[data-role="title"]').textContent()).toBe(listPost.hook);

    // Edit slide 2's title: the preview follows as it is typed.
    const slide2 = page.getByRole("listitem", { name: "Slide 2", exact: true });
    await slide2.getByLabel("Title").fill("Charge for the project, never the hour");
    expect(await slide2.locator('[data-role="title"]').textContent()).toBe("Charge for the project, never the hour");
    // Move slide 3 above it.
    const third = (await page.getByRole("listitem", { name: "Slide 3", exact: true }).getByLabel("Title").inputValue()).trim();
    await page.getByRole("listitem", { name: "Slide 3", exact: true }).getByRole("button", { name: "Move up" }).click();
    expect(await page.getByRole("listitem", { name: "Slide 2", exact: true }).getByLabel("Title").inputValue()).toBe(third);

    // The design: dark, then brand colours that cannot be read (refused), then ones that can; square.
    await page.getByRole("radio", { name: "Dark" }).check();
    expect(
      await page
        .locator("[data-slide-preview] > div")
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe("rgb(15, 23, 42)");
    await page.getByRole("radio", { name: "Brand colour" }).check();
    await page.getByLabel("Brand background colour").fill("#fde047");
    await page.getByLabel("Brand text colour").fill("#ffffff");
    await page.getByText(/too low to read/).waitFor();
    expect(await page.getByRole("button", { name: "Download PDF" }).isDisabled()).toBe(true);
    await page.getByLabel("Brand text colour").fill("#1f2937");
    await page.getByText(/^Contrast \d+\.\d:1$/).waitFor();
    await page.getByRole("radio", { name: "Square (1080 × 1080)" }).check();
    expect(
      await page
        .locator("[data-slide-preview]")
        .first()
        .evaluate((el) => [el.clientWidth, el.clientHeight]),
    ).toEqual([260, 260]);

    // Download PDF saves first, then the browser downloads the file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    const dir = mkdtempSync(join(tmpdir(), "cadence-carousel-"));
    try {
      const file = join(dir, download.suggestedFilename());
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await download.saveAs(file);
      const [row] = await db.select().from(carousels).where(eq(carousels.postId, saved!.id));
      const stored = row!.slides as Slide[];
      expect(row!.version).toBe(2);
      expect(stored[2]!.title).toBe("Charge for the project, never the hour");
      expect(stored[1]!.title).toBe(third);
      expect(row!.design).toEqual({ theme: "brand", size: "square", brandBackground: "#fde047", brandText: "#1f2937" });

      const info = Bun.spawnSync(["pdfinfo", file]).stdout.toString();
      expect(info).toMatch(/Page size:\s+1080 x 1080 pts/);
      expect(info).toMatch(new RegExp(`Pages:\\s+${stored.length}\\b`));
      // Every slide's title, in the slides' order, one page each (pages are split by form feeds).
      const pages = Bun.spawnSync(["pdftotext", "-layout", file, "-"])
        .stdout.toString()
        .split("\f")
        .filter((text) => text.trim());
      expect(pages).toHaveLength(stored.length);
      stored.forEach((slide, i) => {
        expect(squash(pages[i]!)).toContain(`${i + 1}/${stored.length}`);
        expect(squash(pages[i]!)).toContain(squash(slide.title));
        expect(squash(pages[i]!)).toContain("Priya Raman");
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });

  test("from a plan card: the post is saved as a draft and its carousel opens, made from it", async () => {
    const account = await signUp(suite.app.url, { name: "Priya Raman" });
    expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const { page, errors } = await openSignedIn(suite.browser, suite.app.url, account.client.cookie, "/generate");
    await page.getByLabel("Your content").fill(await readArticle("r5-bulleted-lessons.md"));
    await page.getByRole("button", { name: "Create Strategic Plan" }).click();
    await page.getByRole("heading", { name: /^Your Strategic Content Plan/ }).waitFor();
    const [source] = await suite.app.database.db.select().from(sources).where(eq(sources.userId, account.user.id));
    const first = (source!.plan as Plan).posts[0]!;
    await page.locator(`article[data-post-order="${first.postOrder}"]`).getByRole("button", { name: "Make a carousel" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]+\/carousel$/);
    await waitForIslands(page);
    await page.locator("li[data-slide]").first().waitFor();
    expect(await page.locator("li[data-slide]").first().locator('[data-role="title"]').textContent()).toBe(first.hook);
    // One draft, from this plan: Save All later knows it is saved.
    const saved = await suite.app.database.db.select().from(posts).where(eq(posts.userId, account.user.id));
    expect(saved.map((post) => [post.sourceId, post.postOrder, post.status])).toEqual([[source!.id, first.postOrder, "draft"]]);
    expect(errors).toEqual([]);
  });
});
