import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { sources } from "../../db/schema";
import type { Plan } from "../../src/services/strategist/plan";
import { type Strategist, StrategistError } from "../../src/services/strategist/strategist";
import { signUp } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";

/** POST /api/posts/generate and GET /api/sources/:id through a started app, with the local strategist and with scripted ones. */

const fastQueue = { pollIntervalMs: 20, backoffMs: () => 0 };
const lenient = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } };

async function subscriber(app: TestApp) {
  const signed = await signUp(app.url);
  expect((await signed.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return signed;
}

describe("generating a plan with the local strategist", () => {
  let app: TestApp;
  let article: string;
  beforeAll(async () => {
    app = await startTestApp({ queue: fastQueue, rateLimits: lenient });
    article = await readArticle("sunsetting-create-react-app.md");
  });
  afterAll(async () => {
    await app.close();
  });

  test("answers the plan, and the source keeps it for later", async () => {
    const { client } = await subscriber(app);
    const { status, body } = await client.json("POST", "/api/posts/generate", {
      contentText: article,
      contentUrl: "https://react.dev/blog/2025/02/14/sunsetting-create-react-app",
      contentType: "blog",
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["posts", "sourceId", "strategyOverview"]);
    expect(body.posts.length).toBeGreaterThanOrEqual(5);
    expect(body.posts.length).toBeLessThanOrEqual(7);
    for (const post of body.posts) {
      expect(Object.keys(post).sort()).toEqual(["content", "hook", "postOrder", "postType", "recommendedDay", "recommendedTime", "strategyExplanation"]);
      expect(post.content).not.toContain("https://react.dev");
    }
    const source = await client.json("GET", `/api/sources/${body.sourceId}`);
    expect(source.status).toBe(200);
    expect(source.body).toMatchObject({ id: body.sourceId, status: "completed", contentType: "blog", contentUrl: "https://react.dev/blog/2025/02/14/sunsetting-create-react-app" });
    expect(source.body.plan.posts).toEqual(body.posts);
  });

  test("another user's source, or a made-up id, is a 404", async () => {
    const { client } = await subscriber(app);
    const { body } = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    const { client: other } = await subscriber(app);
    expect((await other.json("GET", `/api/sources/${body.sourceId}`)).status).toBe(404);
    expect((await other.json("GET", "/api/sources/not-an-id")).status).toBe(404);
    expect((await other.json("GET", "/api/sources/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  const bad: [string, unknown, RegExp][] = [
    ["blank text", { contentText: "   \n  ", contentType: "blog" }, /Paste the content/],
    ["text over 50,000 characters", { contentText: "word ".repeat(10_001), contentType: "blog" }, /at most 50,000 characters/],
    ["a relative URL", { contentText: "x", contentUrl: "/blog/post", contentType: "blog" }, /absolute URL/],
    ["a non-http URL", { contentText: "x", contentUrl: "javascript:alert(1)", contentType: "blog" }, /URL|http/],
    ["an unknown content type", { contentText: "x", contentType: "podcast" }, /blog, newsletter, thread or other/],
    ["text of the wrong type", { contentText: 42, contentType: "blog" }, /must be text/],
    ["a missing body", undefined, /required|not valid/],
    ["too little text to plan a week", { contentText: "We shipped a new feature. Users like it.", contentType: "blog" }, /at least 80 words/],
  ];
  for (const [what, body, message] of bad) {
    test(`400 for ${what}, and nothing stored`, async () => {
      const { client, user } = await subscriber(app);
      const response = await client.json("POST", "/api/posts/generate", body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      const stored = await app.database.db.select().from(sources).where(eq(sources.userId, user.id));
      expect(stored).toHaveLength(0);
    });
  }

  test("needs a live subscription", async () => {
    const { client } = await signUp(app.url);
    const response = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    expect(response.status).toBe(403);
    expect(response.body.paymentRequired).toBe(true);
  });

  test("signed out is a 401", async () => {
    const response = await fetch(`${app.url}/api/posts/generate`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(401);
  });
});

describe("fair use", () => {
  test("once the hourly allowance of plans is used up, the next one answers 429", async () => {
    const app = await startTestApp({ queue: fastQueue, rateLimits: { ...lenient, generation: { limit: 2, windowMs: 60 * 60 * 1000 } } });
    try {
      const article = await readArticle("introducing-react-dev.md");
      const { client } = await subscriber(app);
      for (let i = 0; i < 2; i++) expect((await client.json("POST", "/api/posts/generate", { contentText: article })).status).toBe(200);
      const refused = await client.json("POST", "/api/posts/generate", { contentText: article });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain("Please wait");
    } finally {
      await app.close();
    }
  });
});

/** A strategist the test controls: it waits for `release`, then answers or fails. */
function scriptedStrategist(behaviour: "plan" | "fail") {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const strategist: Strategist = {
    name: "local",
    async createPlan() {
      calls++;
      await released;
      if (behaviour === "fail") throw new StrategistError("The AI provider is overloaded right now.");
      return samplePlan;
    },
  };
  return { strategist, release, calls: () => calls };
}

const samplePlan: Plan = {
  strategyOverview: "A week that opens with the problem, teaches mid-week and closes with a question.",
  posts: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day, index) => ({
    content: `Line ${index + 1} that opens the post.\n\nThe body of the post with its point.`,
    hook: `Line ${index + 1} that opens the post.`,
    postOrder: String(index + 1),
    postType: ["hook", "value", "story", "data", "question"][index]!,
    strategyExplanation: `Post ${index + 1} has its reason.`,
    recommendedDay: day as Plan["posts"][number]["recommendedDay"],
    recommendedTime: "9:00 AM",
  })),
};

describe("when things go wrong", () => {
  test("a client that goes away loses nothing: the job finishes and the plan is on the source", async () => {
    const scripted = scriptedStrategist("plan");
    const app = await startTestApp({ queue: fastQueue, rateLimits: lenient, providers: { strategist: scripted.strategist } });
    try {
      const { client, user } = await subscriber(app);
      const article = await readArticle("react-canaries.md");
      const controller = new AbortController();
      const request = fetch(`${app.url}/api/posts/generate`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: client.cookie },
        body: JSON.stringify({ contentText: article, contentType: "blog" }),
        signal: controller.signal,
      }).catch((error: Error) => error);
      // Wait until the job has started, then leave.
      for (let i = 0; i < 200 && scripted.calls() === 0; i++) await Bun.sleep(10);
      controller.abort();
      expect(await request).toBeInstanceOf(Error);
      scripted.release();
      const [row] = await app.database.rows<{ id: string }>(sql`select id from sources where user_id = ${user.id}`);
      let source = await client.json("GET", `/api/sources/${row!.id}`);
      for (let i = 0; i < 200 && source.body.status === "pending"; i++) {
        await Bun.sleep(20);
        source = await client.json("GET", `/api/sources/${row!.id}`);
      }
      expect(source.body.status).toBe("completed");
      expect(source.body.plan.strategyOverview).toBe(samplePlan.strategyOverview);
    } finally {
      await app.close();
    }
  });

  test("a strategist that keeps failing ends in an error the generator can show", async () => {
    const scripted = scriptedStrategist("fail");
    scripted.release();
    const app = await startTestApp({ queue: fastQueue, rateLimits: lenient, providers: { strategist: scripted.strategist } });
    try {
      const { client, user } = await subscriber(app);
      const article = await readArticle("react-canaries.md");
      const response = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
      expect(response.status).toBe(502);
      expect(response.body.message).toContain("The AI provider is overloaded right now.");
      expect(scripted.calls()).toBe(3); // retried, then failed
      const [row] = await app.database.rows<{ id: string }>(sql`select id from sources where user_id = ${user.id}`);
      const source = await client.json("GET", `/api/sources/${row!.id}`);
      expect(source.body).toMatchObject({ status: "failed", plan: null });
      expect(source.body.error).toContain("overloaded");
    } finally {
      await app.close();
    }
  });
});
