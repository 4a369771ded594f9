import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createLogger } from "../../src/logger";
import { createOpenAiStrategist, type CompletionUsage } from "../../src/strategist/openai";
import { weekPlanJsonSchema } from "../../src/strategist/openai/answer-schema";
import { type Plan, parsePlan } from "../../src/strategist/plan";
import { StrategistError } from "../../src/strategist/types";
import { readArticle } from "../support/corpus";
import { startFakeOpenAi } from "../support/fake-openai";
import { rejectionOf } from "../support/rejection";

/**
 * The AI strategist pointed at a local Ollama (README "A local model with Ollama"): the real SDK
 * against a fake that answers in the shape Ollama's OpenAI-compatible endpoint uses.
 */

const ARTICLE = "02-activation-1200-trial-signups.md";
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let article: string;
let plan: Plan;

beforeAll(async () => {
  article = await readArticle(ARTICLE);
  plan = parsePlan(await Bun.file(`${import.meta.dir}/../fixtures/openai-plans/${ARTICLE.replace(/\.md$/, ".json")}`).json());
});
beforeEach(async () => {
  fake = await startFakeOpenAi({ shape: "ollama", models: ["qwen2.5:7b"] });
});
afterEach(async () => {
  await fake.stop();
});

const ollama = (model: string, onUsage?: (usage: CompletionUsage) => void) =>
  createOpenAiStrategist({ apiKey: "ollama", baseUrl: fake.baseUrl, model, logger: createLogger("silent"), maxRetries: 0, onUsage });

describe("the AI strategist on Ollama", () => {
  test("a plan from Ollama's answer shape, asked for with the plan-first JSON schema and the temperature", async () => {
    fake.reply({
      content: JSON.stringify({
        week: { ideas: ["The client's comment is activation"], posts: plan.posts.map((post) => ({ angle: post.postType, day: post.recommendedDay })) },
        strategyOverview: plan.strategyOverview,
        posts: plan.posts,
      }),
    });
    const usages: CompletionUsage[] = [];
    expect(
      await ollama("qwen2.5:7b", (usage) => usages.push(usage)).createPlan({ contentText: article, contentType: "blog", timezone: "Europe/London" }),
    ).toEqual(plan);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe("Bearer ollama");
    expect(request!.body).toMatchObject({
      model: "qwen2.5:7b",
      temperature: 0.7,
      response_format: { type: "json_schema", json_schema: { strict: true, schema: JSON.parse(JSON.stringify(weekPlanJsonSchema)) } },
    });
    expect(usages).toEqual([{ purpose: "plan", promptTokens: 3016, completionTokens: 2193 }]);
  });

  test("a model Ollama has not pulled fails at once with Ollama's words, not worth retrying", async () => {
    const error = await rejectionOf(ollama("llama3.1:8b").createPlan({ contentText: article, contentType: "blog", timezone: "Europe/London" }));
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toBe('The AI strategist refused the request (404): 404 model "llama3.1:8b" not found, try pulling it first');
    expect((error as StrategistError).retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  test("a rewrite works the same way", async () => {
    const post = plan.posts[2]!;
    const rewritten = post.content.replace(/^[^\n]+/, "Deleting our onboarding checklist did more for trials than anything we added.");
    fake.reply({ content: JSON.stringify({ content: rewritten }) });
    expect(await ollama("qwen2.5:7b").rewritePost({ sourceText: article, content: post.content, action: "hook", postType: post.postType })).toEqual({
      content: rewritten,
    });
  });
});
