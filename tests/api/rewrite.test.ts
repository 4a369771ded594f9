import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sources } from "../../db/schema";
import { createLocalStrategist } from "../../src/strategist/local";
import { NO_OTHER_HOOK } from "../../src/strategist/local/rewrite";
import { openingLine } from "../../src/strategist/plan";
import { checkRewrittenPost } from "../../src/strategist/post-contract";
import { type RewriteInput, type Strategist, StrategistError } from "../../src/strategist/types";
import { signUp } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";
import { ACTIVATION_HASHTAGS, DEMO_PROJECT_SENTENCES } from "../support/sample-texts";

/** POST /api/posts/rewrite through a started app: New hook, Shorter and Rewrite for one post, with the local strategist. */

const fastQueue = { pollIntervalMs: 20, backoffMs: () => 0 };
const lenient = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } };
const ARTICLE = "02-activation-1200-trial-signups.md";
const HASHTAGS = ACTIVATION_HASHTAGS;

/** A post about the article's Finding 4, as a plan would tell it. */
const demoPost = [...DEMO_PROJECT_SENTENCES, "At minimum, the demo wasn't helping, so we took it out.", HASHTAGS].join("\n\n");

async function subscriber(app: TestApp) {
  const signed = await signUp(app.url);
  expect((await signed.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return signed;
}

/** A subscriber with a plan made from the founder article: their client and the plan's source id and posts. */
async function withPlan(app: TestApp, article: string) {
  const { client, user } = await subscriber(app);
  const generated = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
  expect(generated.status).toBe(200);
  return { client, user, sourceId: generated.body.sourceId as string, posts: generated.body.posts as { content: string }[] };
}

function expectContractPost(body: { content: string; hook: string }, original: string) {
  expect(Object.keys(body).sort()).toEqual(["content", "hook"]);
  const checked = checkRewrittenPost(body.content, original);
  if (!checked.ok) throw new Error(checked.problems.join("; "));
  expect(body.hook).toBe(openingLine(body.content));
  expect(body.content).not.toBe(original);
}

describe("rewriting a post with the local strategist", () => {
  let app: TestApp;
  let article: string;
  beforeAll(async () => {
    app = await startTestApp({ queue: fastQueue, rateLimits: lenient });
    article = await readArticle(ARTICLE);
  });
  afterAll(async () => {
    await app.close();
  });

  for (const action of ["hook", "shorter", "rewrite"] as const) {
    test(`"${action}" answers a post under the plan contract that differs from the one sent`, async () => {
      const { client, sourceId } = await withPlan(app, article);
      const response = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action });
      expect(response.status).toBe(200);
      expectContractPost(response.body, demoPost);
      // A new opening; the post's own lines all stay (the old opening among them: it sets the scene).
      if (action === "hook") for (const line of demoPost.split("\n").filter(Boolean)) expect(response.body.content).toContain(line);
      if (action === "shorter") expect(response.body.content.length).toBeLessThan(demoPost.length);
      if (action !== "rewrite") expect(response.body.content.endsWith(HASHTAGS)).toBe(true);
    });
  }

  test("works on the posts of the plan the user generated", async () => {
    const { client, sourceId, posts } = await withPlan(app, article);
    // The longest post New hook can open otherwise (it refuses, with a 422 that says so, a post whose every other line
    // leans on the one before it); then Shorter and Rewrite on what it gave.
    for (const post of [...posts].sort((a, b) => b.content.length - a.content.length)) {
      const hook = await client.json("POST", "/api/posts/rewrite", { sourceId, content: post.content, action: "hook" });
      if (hook.status === 422) {
        expect(hook.body.message).toBe(NO_OTHER_HOOK);
        continue;
      }
      expect(hook.status).toBe(200);
      expectContractPost(hook.body, post.content);
      let content = hook.body.content;
      for (const action of ["shorter", "rewrite"] as const) {
        const response = await client.json("POST", "/api/posts/rewrite", { sourceId, content, action });
        expect(response.status).toBe(200);
        expectContractPost(response.body, content);
        content = response.body.content;
      }
      return;
    }
    throw new Error("New hook refused every post of the plan");
  });

  test("a second New hook gives yet another opening", async () => {
    const { client, sourceId } = await withPlan(app, article);
    const first = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "hook" });
    const second = await client.json("POST", "/api/posts/rewrite", { sourceId, content: first.body.content, action: "hook" });
    expect(second.status).toBe(200);
    expect(new Set([openingLine(demoPost), first.body.hook, second.body.hook]).size).toBe(3);
  });

  test("nothing left to offer is a 422 that says so, and a post that would break the contract is a 422 naming why", async () => {
    const { client, user } = await subscriber(app);
    // Stored as a plan's source would be; too short to generate from, which is the point.
    const [source] = await app.database.db
      .insert(sources)
      .values({
        userId: user.id,
        contentText: "We raised our prices by twenty percent in March and lost almost no customers. It surprised us. Then churn fell.",
        contentType: "blog",
      })
      .returning({ id: sources.id });
    const post = `We raised our prices by twenty percent in March and lost almost no customers.\n\nIt surprised us.\n\n${HASHTAGS}`;
    const noHook = await client.json("POST", "/api/posts/rewrite", { sourceId: source!.id, content: post, action: "hook" });
    expect(noHook.status).toBe(422);
    expect(noHook.body.message).toBe("This article has no other opening line for this post.");
    const tooShort = await client.json("POST", "/api/posts/rewrite", { sourceId: source!.id, content: post, action: "shorter" });
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.message).toContain("already as short as it can be");

    const { client: other, sourceId } = await withPlan(app, article);
    const linked = await other.json("POST", "/api/posts/rewrite", {
      sourceId,
      content: `${demoPost}\n\nMore at https://redline.example.com/blog`,
      action: "hook",
    });
    expect(linked.status).toBe(422);
    expect(linked.body.message).toBe("Could not rewrite this post: content must not contain a link (it goes in the first comment).");
  });

  const bad: [string, (sourceId: string) => unknown, RegExp][] = [
    ["an unknown action", (sourceId) => ({ sourceId, content: demoPost, action: "funnier" }), /action must be "hook", "shorter" or "rewrite"/],
    ["a missing action", (sourceId) => ({ sourceId, content: demoPost }), /Action is required/],
    ["blank content", (sourceId) => ({ sourceId, content: "  \n\n ", action: "hook" }), /The post is empty/],
    [
      "content over 3,000 characters",
      (sourceId) => ({ sourceId, content: `${demoPost}\n\n${"Word ".repeat(600)}`, action: "shorter" }),
      /at most 3,000 characters/,
    ],
    ["content that is not text", (sourceId) => ({ sourceId, content: 42, action: "hook" }), /content must be text/],
    ["a sourceId that is not an id", () => ({ sourceId: "plan-1", content: demoPost, action: "hook" }), /sourceId must be the id of one of your plans/],
    ["a missing body", () => undefined, /required|not valid/],
  ];
  for (const [what, body, message] of bad) {
    test(`400 for ${what}`, async () => {
      const { client, sourceId } = await withPlan(app, article);
      const response = await client.json("POST", "/api/posts/rewrite", body(sourceId));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
    });
  }

  test("another user's source, or an unknown one, is a 404", async () => {
    const { sourceId } = await withPlan(app, article);
    const { client: other } = await subscriber(app);
    for (const id of [sourceId, "00000000-0000-4000-8000-000000000000"]) {
      const response = await other.json("POST", "/api/posts/rewrite", { sourceId: id, content: demoPost, action: "hook" });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("That plan does not exist.");
    }
  });

  test("needs a live subscription", async () => {
    const { client } = await signUp(app.url);
    const response = await client.json("POST", "/api/posts/rewrite", { sourceId: "00000000-0000-4000-8000-000000000000", content: demoPost, action: "hook" });
    expect(response.status).toBe(403);
    expect(response.body.paymentRequired).toBe(true);
  });

  test("signed out is a 401", async () => {
    const response = await fetch(`${app.url}/api/posts/rewrite`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: demoPost, action: "hook" }),
    });
    expect(response.status).toBe(401);
  });

  test("the source is read, never changed", async () => {
    const { client, sourceId } = await withPlan(app, article);
    const [before] = await app.database.db.select().from(sources).where(eq(sources.id, sourceId));
    expect((await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "rewrite" })).status).toBe(200);
    const [after] = await app.database.db.select().from(sources).where(eq(sources.id, sourceId));
    expect(after).toEqual(before!);
  });
});

describe("fair use, shared with generation", () => {
  const hourly = (limit: number) => ({ ...lenient, generation: { limit, windowMs: 60 * 60 * 1000 } });

  test("a plan uses up the hour's budget for rewrites too", async () => {
    const app = await startTestApp({ queue: fastQueue, rateLimits: hourly(1) });
    try {
      const { client, sourceId } = await withPlan(app, await readArticle(ARTICLE));
      const refused = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "hook" });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain("Please wait");
    } finally {
      await app.close();
    }
  });

  test("rewrites count a quarter of a plan each, against the same budget as plans", async () => {
    const app = await startTestApp({ queue: fastQueue, rateLimits: hourly(2) });
    try {
      const { client, sourceId } = await withPlan(app, await readArticle(ARTICLE));
      // One plan made; one plan's worth left: four rewrites, then no more, and no plan either.
      for (let i = 0; i < 4; i++) expect((await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "hook" })).status).toBe(200);
      const refused = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "hook" });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain("rewritten");
      const plan = await client.json("POST", "/api/posts/generate", { contentText: await readArticle(ARTICLE), contentType: "blog" });
      expect(plan.status).toBe(429);
    } finally {
      await app.close();
    }
  });

  test("a request refused as bad input costs nothing", async () => {
    const app = await startTestApp({ queue: fastQueue, rateLimits: hourly(1) });
    try {
      const { client } = await subscriber(app);
      for (let i = 0; i < 6; i++) expect((await client.json("POST", "/api/posts/rewrite", { sourceId: "x", content: "", action: "hook" })).status).toBe(400);
      expect((await client.json("POST", "/api/posts/generate", { contentText: await readArticle(ARTICLE), contentType: "blog" })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("when the strategist fails", () => {
  test("a strategist error is a 502 with its message; an answer breaking the contract is a 422", async () => {
    const local = createLocalStrategist();
    let answer: "fail" | "link" = "fail";
    const strategist: Strategist = {
      name: "openai",
      createPlan: (input) => local.createPlan(input),
      async rewritePost() {
        if (answer === "fail") throw new StrategistError("The AI strategist is rate limited (429); try again in a minute");
        return { content: "A new opening.\n\nRead it all at https://example.com/post" };
      },
    };
    const app = await startTestApp({ queue: fastQueue, rateLimits: lenient, providers: { strategist } });
    try {
      const { client, sourceId } = await withPlan(app, await readArticle(ARTICLE));
      const failed = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "rewrite" });
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe("Could not rewrite the post: The AI strategist is rate limited (429); try again in a minute");
      answer = "link";
      const broken = await client.json("POST", "/api/posts/rewrite", { sourceId, content: demoPost, action: "rewrite" });
      expect(broken.status).toBe(422);
      expect(broken.body.message).toContain("must not contain a link");
    } finally {
      await app.close();
    }
  });

  test("the post's place in its plan gives the strategist its type, the week's other hooks and the author's voice; a bad postOrder is a 400", async () => {
    const local = createLocalStrategist();
    const seen: RewriteInput[] = [];
    const strategist: Strategist = {
      name: "openai",
      createPlan: (input) => local.createPlan(input),
      async rewritePost(input) {
        seen.push(input);
        return local.rewritePost(input);
      },
    };
    const app = await startTestApp({ queue: fastQueue, rateLimits: lenient, providers: { strategist } });
    try {
      const { client, sourceId, posts } = await withPlan(app, await readArticle(ARTICLE));
      const voice = ["I shipped our pricing page on a Friday.\n\nNobody noticed for a week.\n\n#Pricing"];
      expect((await client.json("PUT", "/api/user/voice", { posts: voice })).status).toBe(200);
      const plan = posts as { content: string; hook: string; postType: string; postOrder: string }[];
      const answered = await client.json("POST", "/api/posts/rewrite", { sourceId, content: plan[1]!.content, action: "rewrite", postOrder: "2" });
      expect(answered.status).toBe(200);
      expect(seen.at(-1)).toMatchObject({ postType: plan[1]!.postType, otherHooks: plan.filter((_, index) => index !== 1).map((post) => post.hook), voice });
      // Without a place (an older client), the rewrite still works, without the week.
      expect((await client.json("POST", "/api/posts/rewrite", { sourceId, content: plan[1]!.content, action: "rewrite" })).status).toBe(200);
      expect(seen.at(-1)?.otherHooks).toBeUndefined();
      const bad = await client.json("POST", "/api/posts/rewrite", { sourceId, content: plan[1]!.content, action: "rewrite", postOrder: "9" });
      expect([bad.status, typeof bad.body.message]).toEqual([400, "string"]);
    } finally {
      await app.close();
    }
  });
});
