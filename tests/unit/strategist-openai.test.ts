import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { HttpError } from "../../src/http-error";
import { createLogger } from "../../src/logger";
import { planWeek } from "../../src/providers/strategist/local";
import { createOpenAiStrategist, type OpenAiStrategistOptions } from "../../src/providers/strategist/openai";
import { createStrategist } from "../../src/providers/strategist";
import { loadConfig } from "../../src/config";
import { type Plan, planJsonSchema } from "../../src/services/strategist/plan";
import { type StrategistInput, StrategistError } from "../../src/services/strategist/strategist";
import { readArticle } from "../support/corpus";
import { rateLimited, startFakeOpenAi } from "../support/fake-openai";

/**
 * The OpenAI strategist with the real `openai` SDK against a local server that speaks the
 * chat completions wire format (tests/support/fake-openai.ts).
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let input: StrategistInput;
let goodPlan: Plan;

beforeAll(async () => {
  const contentText = await readArticle("the-plan-for-react-18.md");
  input = { contentText, contentType: "blog", timezone: "Europe/London", contentUrl: "https://react.dev/blog/2021/06/08/the-plan-for-react-18" };
  // A plan that meets the contract, as a model would send it.
  goodPlan = planWeek(input);
});
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.stop();
});

function strategist(options: Partial<OpenAiStrategistOptions> = {}) {
  return createOpenAiStrategist({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4o-mini", logger: createLogger("silent"), maxRetries: 2, ...options });
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
};

describe("OpenAI strategist", () => {
  test("a good answer becomes the plan, asked for with the contract's JSON schema", async () => {
    fake.reply({ content: JSON.stringify(goodPlan) });
    const plan = await strategist().createPlan(input);
    expect(plan).toEqual(goodPlan);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe("Bearer sk-test");
    expect(request!.body.model).toBe("gpt-4o-mini");
    expect(request!.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "linkedin_week_plan", strict: true, schema: JSON.parse(JSON.stringify(planJsonSchema)) },
    });
    const [system, user] = request!.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Tuesday to Thursday mornings");
    expect(system.content).toContain("Wednesday 9:00 AM");
    expect(user.content).toContain("Europe/London");
    expect(user.content).toContain("The React team is excited to share a few updates");
    // The URL is never sent to be written into a post: the model is only told one exists.
    expect(user.content).not.toContain("https://react.dev");
  });

  test("an answer that needs only safe repairs is repaired, not re-asked", async () => {
    const messy = {
      strategyOverview: `  ${goodPlan.strategyOverview}  `,
      posts: [...goodPlan.posts].reverse().map((post, index) => ({
        ...post,
        postOrder: Number(goodPlan.posts.length - index),
        recommendedDay: post.recommendedDay.toLowerCase(),
        recommendedTime: post.recommendedTime.replace(/^(\d):/, "0$1:").toLowerCase(),
        postType: post.postType.toUpperCase(),
        content: `${post.content}\n\n\n`,
      })),
    };
    fake.reply({ content: JSON.stringify(messy) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(1);
  });

  test("malformed JSON is sent back once with what was wrong, and the corrected answer is used", async () => {
    fake.reply({ content: '{"posts": [{"content": "Half a plan' }, { content: JSON.stringify(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: "assistant", content: '{"posts": [{"content": "Half a plan' });
    expect(retry.at(-1).content).toContain("not valid JSON");
  });

  test("malformed JSON twice fails with a message, after exactly two answers", async () => {
    fake.reply({ content: "Sure! Here is your plan:" }, { content: "```json\n{}\n```" });
    const error = await failure(strategist().createPlan(input));
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toBe("The AI strategist returned an unusable plan twice: the answer is not valid JSON");
    expect((error as StrategistError).retryable).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  test("an answer that breaks the plan's rules is retried once, then reported with the broken rules", async () => {
    const threePosts = { ...goodPlan, posts: goodPlan.posts.slice(0, 3) };
    const sameDay = { ...goodPlan, posts: goodPlan.posts.map((post) => ({ ...post, recommendedDay: "Tuesday" })) };
    fake.reply({ content: JSON.stringify(threePosts) }, { content: JSON.stringify(sameDay) });
    const error = await failure(strategist().createPlan(input));
    expect(error.message).toContain("unusable plan twice");
    expect(error.message).toContain("every post needs a different recommendedDay");
    expect(fake.requests[1]!.body.messages.at(-1).content).toContain("a plan has 5 to 7 posts");
  });

  test("a schema-breaking answer followed by a good one succeeds", async () => {
    const linked = { ...goodPlan, posts: goodPlan.posts.map((post, index) => (index === 0 ? { ...post, content: `${post.content}\nhttps://example.com` } : post)) };
    fake.reply({ content: JSON.stringify(linked) }, { content: JSON.stringify(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests[1]!.body.messages.at(-1).content).toContain("must not contain a link");
  });

  test("a 429 is retried by the SDK with backoff, then the answer is used", async () => {
    fake.reply(rateLimited(), { content: JSON.stringify(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
  });

  test("rate limited past its retries: a retryable failure that says so", async () => {
    fake.reply(rateLimited(), rateLimited());
    const error = await failure(strategist({ maxRetries: 1 }).createPlan(input));
    expect(error.message).toBe("The AI strategist is rate limited (429); try again in a minute");
    expect((error as StrategistError).retryable).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  test("a 5xx is retried, then the answer is used", async () => {
    fake.reply({ status: 503, json: { error: { message: "overloaded", type: "server_error" } }, headers: { "retry-after-ms": "5" } }, { content: JSON.stringify(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
  });

  test("a server that never answers times out with a retryable failure", async () => {
    fake.reply({ hang: true });
    const error = await failure(strategist({ timeoutMs: 200, maxRetries: 0 }).createPlan(input));
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toBe("The AI strategist did not answer within 0.2 s");
    expect((error as StrategistError).retryable).toBe(true);
  });

  test("a rejected key fails at once and is not worth retrying", async () => {
    fake.reply({ status: 401, json: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } });
    const error = await failure(strategist().createPlan(input));
    expect(error.message).toContain("refused the request (401)");
    expect((error as StrategistError).retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  test("a refusal and a cut-off answer are failures, never a plan", async () => {
    fake.reply({ refusal: "I can't help with that." });
    expect((await failure(strategist().createPlan(input))).message).toContain("declined");
    fake.reply({ content: JSON.stringify(goodPlan).slice(0, 500), finishReason: "length" }, { content: "{", finishReason: "length" });
    expect((await failure(strategist().createPlan(input))).message).toContain("cut off");
  });

  test("too little text is a 400 before any request is made", async () => {
    const error = await failure(strategist().createPlan({ ...input, contentText: "Short and sweet. Two sentences." }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("choosing the strategist", () => {
  test("config picks OpenAI when a key is set, the local strategist otherwise", () => {
    const logger = createLogger("silent");
    expect(createStrategist({ config: loadConfig({}), logger }).name).toBe("local");
    expect(createStrategist({ config: loadConfig({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl }), logger }).name).toBe("openai");
  });
});
