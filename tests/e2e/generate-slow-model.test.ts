import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { createLogger } from "../../src/logger";
import { createOpenAiStrategist } from "../../src/strategist/openai";
import { lintPlan } from "../../src/strategist/lint";
import { type Plan, parsePlan } from "../../src/strategist/plan";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn } from "../support/browser";
import { readArticle } from "../support/corpus";
import { startFakeOpenAi } from "../support/fake-openai";
import { startTestApp, type TestApp } from "../support/test-app";
import type { Browser } from "playwright-core";

/**
 * The Generate page with the AI strategist (the real SDK) against a slow fake model: each answer
 * is held until the test lets it go, standing in for the 40 s a model takes, and the Generate
 * request waits 200 ms instead of 10 s (the injected delays; nothing here waits 40 s). The page must
 * follow the plan through its stages, the first answer's lint finding and its repair, and show
 * the plan with no timeout message; a plan that truly fails says why and offers to try again.
 */

const ARTICLE = "02-activation-1200-trial-signups.md";
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let browser: Browser;
let article: string;
let plan: Plan;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  article = await readArticle(ARTICLE);
  plan = parsePlan(await Bun.file(`${import.meta.dir}/../fixtures/openai-plans/${ARTICLE.replace(/\.md$/, ".json")}`).json());
  const strategist = createOpenAiStrategist({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4o-mini", logger: createLogger("silent"), maxRetries: 0 });
  [app, browser] = await Promise.all([
    startTestApp({
      queue: { pollIntervalMs: 20, backoffMs: () => 3_600_000 },
      rateLimits: { generation: { limit: 1000, windowMs: 60_000 } },
      providers: { strategist },
      generationWaitMs: 200,
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fake?.stop();
});

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** The plan-first answer a model sends. */
const answer = (week: Plan) =>
  JSON.stringify({
    week: { ideas: week.posts.map((post) => post.hook), posts: week.posts.map((post) => ({ angle: post.postType, day: post.recommendedDay })) },
    strategyOverview: week.strategyOverview,
    posts: week.posts,
  });

async function subscriberOnGenerate() {
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return openSignedIn(browser, app.url, account.client.cookie, "/generate");
}

const createButton = (page: Page) => page.getByRole("button", { name: /Create Strategic Plan|Your strategist is working/ });
const planHeading = (page: Page) => page.getByRole("heading", { name: /^Your Strategic Content Plan \(\d+ Posts?\)$/ });
const stage = (page: Page, name: string) => page.locator(`[data-plan-stage=${name}]`);

describe("a slow model", () => {
  test("answers taking longer than the request's wait, with one repair: the page shows each stage and then the plan, never a timeout", async () => {
    // The first answer's post 2 ends on a stock line: the lint flags it and one repair carries only that post.
    const flawed: Plan = {
      ...plan,
      posts: plan.posts.map((post, index) => (index === 1 ? { ...post, content: post.content.replace(/\n\n(#[^\n]+)$/, "\n\nThoughts?\n\n$1") } : post)),
    };
    expect(lintPlan(flawed, { sourceText: article }).map((finding) => `${finding.post}:${finding.detector}`)).toEqual(["2:canned"]);
    const first = deferred();
    const repair = deferred();
    const repaired = JSON.stringify({
      posts: [{ postOrder: "2", content: plan.posts[1]!.content, strategyExplanation: plan.posts[1]!.strategyExplanation }],
      strategyOverview: null,
    });
    fake.reply({ after: first.promise, reply: { content: answer(flawed) } }, { after: repair.promise, reply: { content: repaired } });
    const before = fake.requests.length;

    const { page, errors, context } = await subscriberOnGenerate();
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/posts/generate"));
    await page.getByLabel("Your content").fill(article);
    await createButton(page).click();
    expect((await answered).status()).toBe(202);
    await stage(page, "writing").waitFor();
    expect(await createButton(page).isDisabled()).toBe(true);

    first.release();
    await stage(page, "checking").waitFor();
    // The repair is its own request, carrying the flagged post only.
    const repairRequest = await (async () => {
      for (;;) {
        if (fake.requests.length >= before + 2) return fake.requests[before + 1]!;
        await Bun.sleep(20);
      }
    })();
    expect(repairRequest.body.response_format.json_schema.name).toBe("linkedin_post_repair");
    expect(repairRequest.body.messages[1].content).toContain("Thoughts?");

    repair.release();
    await planHeading(page).waitFor();
    const second = await page.locator('article[data-post-order="2"] [data-post-content]').textContent();
    expect(second).not.toContain("Thoughts?");
    expect(await page.getByText(/longer than usual|timed out|took too long/i).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a plan that truly fails says why and offers to try again, which works", async () => {
    fake.reply({ status: 401, json: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } });
    const { page, context } = await subscriberOnGenerate();
    await page.getByLabel("Your content").fill(article);
    await createButton(page).click();
    const failed = page.getByRole("alert").filter({ hasText: "Your plan could not be written" });
    await failed.waitFor();
    expect(
      await page
        .getByText(/refused the request \(401\)/)
        .first()
        .isVisible(),
    ).toBe(true);

    fake.reply({ content: answer(plan) });
    await page.getByRole("button", { name: "Try again" }).click();
    await planHeading(page).waitFor();
    expect(await page.locator("article[data-post-order]").count()).toBe(plan.posts.length);
    await context.close();
  });
});
