import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { jobs, sources } from "../../db/schema";
import type { Plan } from "../../src/strategist/plan";
import { type Strategist, StrategistError } from "../../src/strategist/types";
import { signUp } from "../support/api-client";
import { corpusArticles, readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";
import { proseWords } from "../../src/strategist/input";

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
    expect(source.body).toMatchObject({
      id: body.sourceId,
      status: "completed",
      contentType: "blog",
      contentUrl: "https://react.dev/blog/2025/02/14/sunsetting-create-react-app",
    });
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
    ["text over 100,000 characters", { contentText: "word ".repeat(20_001), contentType: "blog" }, /at most 100,000 characters/],
    ["a relative URL", { contentText: "x", contentUrl: "/blog/post", contentType: "blog" }, /absolute URL/],
    ["a non-http URL", { contentText: "x", contentUrl: "javascript:alert(1)", contentType: "blog" }, /URL|http/],
    ["an unknown content type", { contentText: "x", contentType: "podcast" }, /blog, newsletter, thread or other/],
    ["text of the wrong type", { contentText: 42, contentType: "blog" }, /must be text/],
    ["a missing body", undefined, /required|not valid/],
    ["too little text to plan a week", { contentText: "We shipped a new feature. Users like it.", contentType: "blog" }, /at least 200 words/],
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

  test("a paste of the same few sentences repeated is a 400 that says what a plan needs, and writes neither a source nor a job", async () => {
    const { client, user } = await subscriber(app);
    const paste = await fixture("en-pathological.txt", PATHOLOGICAL);
    const jobsBefore = (await app.database.db.select().from(jobs)).length;
    const response = await client.json("POST", "/api/posts/generate", { contentText: paste, contentType: "newsletter" });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(
      /needs at least 200 words of prose in at least 6 different sentences, and this text has .*(a repeated sentence counts once)/,
    );
    expect(await app.database.db.select().from(sources).where(eq(sources.userId, user.id))).toHaveLength(0);
    expect(await app.database.db.select().from(jobs)).toHaveLength(jobsBefore);
  });

  test("enough words but too little connected prose for five posts (a short update): a 400 from the strategist, and nothing stored", async () => {
    const { client, user } = await subscriber(app);
    const update = await Bun.file(join(import.meta.dir, "..", "fixtures", "articles", "en-short-update.txt")).text();
    const jobsBefore = (await app.database.db.select().from(jobs)).length;
    const response = await client.json("POST", "/api/posts/generate", { contentText: update, contentType: "newsletter" });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(
      /^Paste a little more: this text has \d+ words in \d+ different sentences, not enough connected prose for five posts/,
    );
    expect(await app.database.db.select().from(sources).where(eq(sources.userId, user.id))).toHaveLength(0);
    expect(await app.database.db.select().from(jobs)).toHaveLength(jobsBefore);
  });

  test("a 10,000-word article (over 70,000 characters) is accepted and planned", async () => {
    const { client } = await subscriber(app);
    const parts: string[] = [];
    for (const path of corpusArticles()) {
      if (parts.join("\n\n").length >= 70_000) break;
      parts.push(await Bun.file(path).text());
    }
    const long = parts.join("\n\n");
    expect(long.length).toBeGreaterThan(70_000);
    expect(long.length).toBeLessThanOrEqual(100_000);
    expect(proseWords(long)).toBeGreaterThan(9_000);
    const response = await client.json("POST", "/api/posts/generate", { contentText: long, contentType: "blog" });
    expect(response.status).toBe(200);
    expect(response.body.posts.length).toBeGreaterThanOrEqual(5);
  });

  test("a 1,500-character Japanese essay is accepted and planned: its words are not counted by spaces", async () => {
    const { client } = await subscriber(app);
    const essay = await fixture("ja-short-essay.txt", JAPANESE_ESSAY);
    expect(essay.length).toBeGreaterThan(1_000);
    const response = await client.json("POST", "/api/posts/generate", { contentText: essay, contentType: "blog" });
    expect(response.body.message).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.body.posts.length).toBeGreaterThanOrEqual(5);
  });

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

/** A shared fixture article when it exists, else the text written here. */
async function fixture(name: string, fallback: string): Promise<string> {
  const file = Bun.file(join(import.meta.dir, "..", "fixtures", "articles", name));
  return (await file.exists()) ? file.text() : fallback;
}

// Enough words, three different sentences: what a page copied with its repeated sign-up box looks like.
const PATHOLOGICAL = Array.from(
  { length: 25 },
  () =>
    "Subscribe to our weekly newsletter for founders who build in public. Every issue brings one practical idea you can use on Monday morning. Join thousands of readers and never miss an issue again.",
).join("\n\n");

const JAPANESE_ESSAY = `# 毎週書き続けるために私たちが変えたこと

三年前、私たちのチームは五人しかいませんでした。製品の開発に追われ、ブログの更新は半年も止まっていました。顧客からは「最近何をしているのか分からない」と言われることが増えました。発信が止まると、信頼も少しずつ減っていくのだと気づきました。

最初に試したのは、毎週月曜日に全員で記事のテーマを決める会議でした。しかし、会議は毎回一時間以上かかり、結局誰も書きませんでした。問題は時間ではなく、書く前の決断が多すぎることでした。何を書くか、誰に向けるか、どこまで詳しく書くかを、毎回ゼロから考えていたのです。

そこで私たちは方法を変えました。月に一本だけ、長くて深い記事を書くことにしました。その記事には、顧客との会話で学んだことや、失敗した実験の数字をすべて入れました。そして、その一本を一週間分の短い投稿に分けて配信しました。

最初の一か月は、正直に言って苦労しました。長い記事を書くこと自体に慣れていなかったからです。私たちは、顧客との打ち合わせの後に、学んだことを三行だけメモする習慣を始めました。月末には、そのメモが三十件以上たまっていました。記事の材料は、すでに手元にあったのです。

月曜日には、記事の中心となる問題を一文で示しました。火曜日には、失敗した実験の話を時系列で紹介しました。水曜日には、読者がすぐに使える三つの手順をまとめました。木曜日には、実験で得た数字を一つだけ取り上げました。金曜日には、記事の最後に書いた問いを読者に投げかけました。

分けるときに気をつけたことが三つあります。一つ目は、各投稿の最初の一行で読者の注意を引くことです。二つ目は、一つの投稿に一つの考えだけを入れることです。三つ目は、記事にない事実や数字を決して付け加えないことです。この三つを守るだけで、投稿の質は大きく変わりました。

結果は予想以上でした。三か月後、サイトへの訪問者は以前の二倍になりました。問い合わせの半分以上が、投稿を読んだ人からのものでした。何より、チームの誰もが「次は何を書こうか」と話すようになりました。

投稿の時間帯も試しました。朝の八時と夕方の六時では、反応の数が大きく違いました。火曜日から木曜日の朝に出した投稿は、週末の投稿の三倍以上読まれました。そのため、一番伝えたい投稿を火曜日の朝に置くようにしました。

読者からの反応にも変化がありました。以前は「いいね」が数件つくだけでしたが、今ではコメントで具体的な質問が届きます。ある読者は、私たちの手順をそのまま自分の会社で試したと教えてくれました。別の読者は、失敗した実験の数字を自分のチームの会議で共有したそうです。こうした声が、次の記事のテーマになっています。

もちろん、うまくいかなかったこともあります。長い記事を短く分けると、文脈が失われることがありました。前の投稿を読んでいない人には、意味が伝わらない文もありました。そのため、各投稿は単独で読んでも分かるように書き直す必要がありました。

この方法は、特別な道具や予算を必要としません。必要なのは、月に一度じっくり考える時間と、それを分けて届ける少しの工夫だけです。小さなチームほど、この方法の効果は大きいと私は感じています。実際、同じ方法を始めた知り合いの会社でも、半年で読者の数が増えたと聞きました。

今では、一本の記事を書くのに二日、分けるのに半日かけています。週に一度の発信は、もはや負担ではなく習慣になりました。大切なのは、書く量を増やすことではなく、一度書いたものを丁寧に使い切ることです。あなたのチームでは、一本の記事をどこまで活かしていますか。`;

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
    rewritePost: () => Promise.reject(new StrategistError("This test strategist only writes plans.")),
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
