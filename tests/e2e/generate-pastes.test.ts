import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn } from "../support/browser";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Pastes as users make them (issue "Posts, not excerpts"): an email hard-wrapped at 72
 * characters and a podcast's show notes with its transcript each get a plan of whole posts
 * on the Generate page, with the local strategist, in Chromium.
 */

const lenient = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } };

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ queue: { pollIntervalMs: 20, backoffMs: () => 0 }, rateLimits: lenient }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function planFrom(text: string): Promise<{ page: Page; posts: string[]; errors: string[] }> {
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  const { page, errors } = await openSignedIn(browser, app.url, account.client.cookie, "/generate", { viewport: { width: 1280, height: 900 } });
  await page.getByLabel("Your content").fill(text);
  await page.getByRole("button", { name: /Create Strategic Plan/ }).click();
  await page.getByRole("heading", { name: /^Your Strategic Content Plan \(\d+ Posts?\)$/ }).waitFor();
  const posts = await page.locator("article[data-post-order] [data-post-content]").allTextContents();
  return { page, posts, errors };
}

/** Lines of a post as a reader sees them, hashtags left out. */
const linesOf = (post: string) =>
  post
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));

describe("pastes as users make them", () => {
  test("a hard-wrapped email gets whole sentences: no line cut mid-sentence, no header, no signature", async () => {
    const email = await readArticle("r5-hardwrapped-email.txt");
    // The paste really is hard-wrapped: every line at most 72 characters.
    expect(email.split("\n").every((line) => line.length <= 72)).toBe(true);
    const { posts, errors } = await planFrom(email);
    expect(posts.length).toBeGreaterThanOrEqual(5);
    expect(posts.length).toBeLessThanOrEqual(7);
    for (const post of posts) {
      const lines = linesOf(post);
      // A line that goes on in lower case is a sentence the paste broke; every opening line is a whole sentence.
      expect(lines.filter((line) => /^\p{Ll}/u.test(line))).toEqual([]);
      expect(lines[0]).toMatch(/[.!?…]$/);
      expect(post).not.toMatch(/^(?:From|To|Date|Subject):/m);
      expect(post).not.toContain("Co-founder & CEO, Gridlight");
      expect(post).not.toContain("555-0142");
    }
    expect(errors).toEqual([]);
  });

  test("a podcast's notes and transcript: the guest's words, without chapters, sponsor read, links or speaker labels in the openings", async () => {
    const notes = await readArticle("r5-podcast-notes.txt");
    const { posts, errors } = await planFrom(notes);
    expect(posts.length).toBeGreaterThanOrEqual(5);
    const everything = posts.join("\n");
    for (const furniture of ["00:0", "TIMESTAMPS", "TRANSCRIPT", "Pennant", "pennantpayroll", "meridiandock.example", "auto-generated", "welcome to the show"])
      expect(everything).not.toContain(furniture);
    const openings = posts.map((post) => linesOf(post)[0]!);
    // An opening line is a statement from the conversation, not a speaker's label; the interviewer's
    // questions open a post only where the answer has no line that could (at most one here).
    expect(openings.filter((first) => /^[\p{Lu}][\p{L} ]+:\s/u.test(first))).toEqual([]);
    expect(openings.filter((first) => first.endsWith("?")).length).toBeLessThanOrEqual(1);
    // The guest's story is in the week: the six of seven reps who left.
    expect(everything).toMatch(/six of (?:her )?seven/);
    expect(errors).toEqual([]);
  });
});
