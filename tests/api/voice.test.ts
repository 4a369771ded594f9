import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sources, users } from "../../db/schema";
import { signUp, signUpSubscriber } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { startedApp } from "../support/suite";

/** "Your voice" through real HTTP: kept, edited, validated, exported, deleted with the account, and used by generation and rewrites. */

const suite = startedApp({ queue: { pollIntervalMs: 20, backoffMs: () => 0 } });

const PAST = [
  "I shipped our pricing page on a Friday.\n\nNobody noticed for a week.\n\nThen churn dropped 12%.\n\n#Pricing",
  "I asked 30 customers why they stayed.\n\nNot one mentioned a feature.\n\nThey mentioned the support replies.\n\n#CustomerSuccess",
];

describe("your voice", () => {
  test("kept, edited and replaced; read back as saved", async () => {
    const { client } = await signUp(suite.app.url);
    expect(await client.json("GET", "/api/user/voice")).toEqual({ status: 200, body: { posts: [] } });
    expect(await client.json("PUT", "/api/user/voice", { posts: [...PAST, "  "].slice(0, 2).map((post) => `  ${post}  `) })).toEqual({
      status: 200,
      body: { posts: PAST },
    });
    expect((await client.json("GET", "/api/user/voice")).body.posts).toEqual(PAST);
    const edited = [PAST[1]!, "My first hire was a mistake.\n\nI fixed it by writing the job first."];
    expect((await client.json("PUT", "/api/user/voice", { posts: edited })).body.posts).toEqual(edited);
    expect((await client.json("PUT", "/api/user/voice", { posts: [] })).body.posts).toEqual([]);
  });

  test("bad input is a 400 with a message and changes nothing; signed out is a 401", async () => {
    const { client } = await signUp(suite.app.url);
    await client.json("PUT", "/api/user/voice", { posts: PAST });
    for (const body of [
      { posts: Array.from({ length: 11 }, (_, index) => `Post ${index}`) },
      { posts: ["   "] },
      { posts: ["x".repeat(3_001)] },
      { posts: "one" },
      { posts: [42] },
      {},
      { posts: PAST, extra: true },
    ]) {
      const answer = await client.json("PUT", "/api/user/voice", body);
      expect([answer.status, typeof answer.body.message]).toEqual([400, "string"]);
    }
    expect((await client.json("GET", "/api/user/voice")).body.posts).toEqual(PAST);
    const signedOut = await fetch(`${suite.app.url}/api/user/voice`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ posts: PAST }),
    });
    expect(signedOut.status).toBe(401);
    expect((await fetch(`${suite.app.url}/api/user/voice`)).status).toBe(401);
  });

  test("in the data export, and gone with the account", async () => {
    const { client, user } = await signUp(suite.app.url);
    await client.json("PUT", "/api/user/voice", { posts: PAST });
    const exported = await client.json("GET", "/api/user/export");
    expect(exported.body.voicePosts).toEqual(PAST);
    expect((await client.json("DELETE", "/api/user", { email: user.email })).status).toBe(200);
    expect(await suite.app.database.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  test("a plan generated with a voice says so in its overview; one without does not", async () => {
    const { client, user } = await signUpSubscriber(suite.app.url);
    const article = await readArticle("02-activation-1200-trial-signups.md");
    const plain = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    expect(plain.status).toBe(200);
    expect(plain.body.strategyOverview).not.toContain("Written in your voice");
    await client.json("PUT", "/api/user/voice", { posts: PAST });
    const voiced = await client.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    expect(voiced.status).toBe(200);
    expect(voiced.body.strategyOverview).toContain("Written in your voice, from the 2 past posts in Settings");
    // The local strategist took the measurable habits: one hashtag per post, like the past posts.
    expect(voiced.body.posts.every((post: { content: string }) => (post.content.match(/#\w+/g)?.length ?? 0) <= 1)).toBe(true);
    const stored = await suite.app.database.db.select().from(sources).where(eq(sources.userId, user.id));
    expect(stored).toHaveLength(2);
  });
});
