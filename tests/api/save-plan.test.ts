import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { type ApiClient, apiClient, signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startedApp } from "../support/suite";

/**
 * Save All to Drafts (POST /api/sources/:id/drafts): a plan's posts saved in one transaction, as
 * many as the week has room for, never twice. The finding: a plan saved one request per
 * post was left half saved by a crash part-way.
 */

const clock = new ManualClock("2026-03-02T09:00:00Z");
const suite = startedApp({ clock, runJobs: false });

async function subscriber() {
  const signed = await signUp(suite.app.url);
  await signed.client.json("POST", "/api/stripe/create-checkout-session");
  expect((await signed.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  return signed;
}

async function sourceOf(userId: string) {
  const [source] = await suite.app.database.rows<{ id: string }>(
    sql`insert into sources (user_id, content_text, content_type) values (${userId}, 'An article worth planning from.', 'blog') returning id`,
  );
  return source!.id;
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const planPost = (order: number, content = `Post ${order}: the one idea from this week's article worth sharing.\n\nMore detail here.`) => ({
  content,
  hook: `Post ${order}: the one idea`,
  postOrder: String(order),
  postType: "value",
  strategyExplanation: "Shared mid-week when attention is highest.",
  recommendedDay: DAYS[order - 1],
  recommendedTime: "9:00 AM",
  status: "draft",
});
const plan = (count: number) => Array.from({ length: count }, (_, index) => planPost(index + 1));

async function savedOrders(userId: string) {
  const rows = await suite.app.database.rows<{ post_order: string }>(sql`select post_order from posts where user_id = ${userId} order by post_order`);
  return rows.map((row) => row.post_order);
}
const used = async (client: ApiClient) => (await client.json("GET", "/api/posts/allowance")).body.used as number;

describe("saving a plan", () => {
  test("every post saved as a draft of its source, in one answer", async () => {
    const { client, user } = await subscriber();
    const sourceId = await sourceOf(user.id);
    const response = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(6) });
    expect(response.status).toBe(201);
    expect(response.body.saved.map((post: { postOrder: string }) => post.postOrder)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(response.body).toMatchObject({ alreadySaved: [], unsaved: [] });
    expect(response.body.message).toBeUndefined();
    for (const post of response.body.saved) expect(post).toMatchObject({ sourceId, status: "draft", recommendedTime: "9:00 AM" });
    expect(response.body.saved[0].userId).toBeUndefined();
    expect(await savedOrders(user.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(await used(client)).toBe(6);
  });

  test("sent again (the first answer was lost), nothing is saved twice and nothing more is counted", async () => {
    const { client, user } = await subscriber();
    const sourceId = await sourceOf(user.id);
    expect((await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(5) })).status).toBe(201);
    const again = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(5) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ saved: [], alreadySaved: ["1", "2", "3", "4", "5"], unsaved: [] });
    expect(await savedOrders(user.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(await used(client)).toBe(5);
  });

  test("as many as the week has room for, in order; the rest named with the allowance's message", async () => {
    const { client, user } = await subscriber();
    const sourceId = await sourceOf(user.id);
    for (const order of [1, 2, 3, 4, 5]) expect((await client.json("POST", "/api/posts", planPost(order))).status).toBe(201);
    const response = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(7) });
    expect(response.status).toBe(201);
    expect(response.body.saved.map((post: { postOrder: string }) => post.postOrder)).toEqual(["1", "2"]);
    expect(response.body.unsaved).toEqual(["3", "4", "5", "6", "7"]);
    expect(response.body.message).toBe("Weekly limit reached: 7 posts per week. Resets Mar 9, 2026.");
    expect(response.body.resetsAt).toBe("2026-03-09T09:00:00.000Z");
    expect(await used(client)).toBe(7);

    // Nothing left: a 429 that writes nothing.
    const full = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(7).slice(2) });
    expect(full.status).toBe(429);
    expect(full.body.message).toBe("Weekly limit reached: 7 posts per week. Resets Mar 9, 2026.");
    expect(await used(client)).toBe(7);
  });

  test("a failure part-way saves none of the plan", async () => {
    const { client, user } = await subscriber();
    const sourceId = await sourceOf(user.id);
    // The database refuses the fourth post (as a full disk or a lost connection would), after three were written.
    const marker = "THIS POST MAKES THE DATABASE FAIL";
    await suite.app.database.rows(
      sql.raw(`
      create or replace function refuse_marked_post() returns trigger language plpgsql as $$
      begin
        if new.content like '%${marker}%' then raise exception 'refused by the test'; end if;
        return new;
      end $$`),
    );
    await suite.app.database.rows(sql.raw("create trigger refuse_marked_post before insert on posts for each row execute function refuse_marked_post()"));
    try {
      const posts = plan(6);
      posts[3] = planPost(4, `Post 4 with ${marker}, long enough to be a real post for the week.`);
      const response = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts });
      expect(response.status).toBe(500);
      expect(await savedOrders(user.id)).toEqual([]);
      expect(await used(client)).toBe(0);
    } finally {
      await suite.app.database.rows(sql.raw("drop trigger refuse_marked_post on posts"));
      await suite.app.database.rows(sql.raw("drop function refuse_marked_post()"));
    }
    expect((await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(6) })).status).toBe(201);
    expect(await savedOrders(user.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  test("two plans saved at once share the week: exactly 7 saved", async () => {
    const { client, user } = await subscriber();
    const [first, second] = [await sourceOf(user.id), await sourceOf(user.id)];
    const answers = await Promise.all([
      client.json("POST", `/api/sources/${first}/drafts`, { posts: plan(6) }),
      client.json("POST", `/api/sources/${second}/drafts`, { posts: plan(6) }),
    ]);
    const saved = answers.reduce((sum, answer) => sum + answer.body.saved.length, 0);
    expect(saved).toBe(7);
    expect((await savedOrders(user.id)).length).toBe(7);
    expect(await used(client)).toBe(7);
  });
});

describe("what is refused, and writes nothing", () => {
  const bad: [string, unknown, string][] = [
    ["no body", undefined, "A request body is required."],
    ["no posts", { posts: [] }, "posts must hold at least one post."],
    ["more than 7 posts", { posts: [...plan(7), planPost(1)] }, "posts must hold at most 7 posts (a plan's most)."],
    ["two posts with one postOrder", { posts: [planPost(1), planPost(1)] }, "Each post of a plan must have its own postOrder."],
    ["a post without content", { posts: [{ ...planPost(1), content: undefined }] }, "posts.0.content is required."],
    ["a post over 3,000 characters", { posts: [planPost(1, "x".repeat(3001))] }, "Content must be at most 3,000 characters (LinkedIn's limit)."],
    ["an unknown field", { posts: plan(2), sourceId: "x" }, "Send {posts: [...]} and nothing else."],
    ["posts that are not a list", { posts: "all of them" }, "posts must be a list of posts."],
  ];
  for (const [what, body, message] of bad) {
    test(`400 for ${what}`, async () => {
      const { client, user } = await subscriber();
      const sourceId = await sourceOf(user.id);
      const response = await client.json("POST", `/api/sources/${sourceId}/drafts`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(await used(client)).toBe(0);
    });
  }

  test("another user's source, or a source id that is not one, is a 404", async () => {
    const { user: owner } = await subscriber();
    const sourceId = await sourceOf(owner.id);
    const { client, user } = await subscriber();
    const theirs = await client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(5) });
    expect(theirs).toEqual({ status: 404, body: { message: "Source not found." } });
    expect((await client.json("POST", "/api/sources/not-an-id/drafts", { posts: plan(5) })).status).toBe(404);
    expect(await savedOrders(user.id)).toEqual([]);
    expect(await savedOrders(owner.id)).toEqual([]);
  });

  test("signed out is a 401; without a live subscription a 403 the guard reads", async () => {
    const { user } = await subscriber();
    const sourceId = await sourceOf(user.id);
    expect((await apiClient(suite.app.url).json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan(5) })).status).toBe(401);
    const { client, user: unpaid } = await signUp(suite.app.url);
    const response = await client.json("POST", `/api/sources/${await sourceOf(unpaid.id)}/drafts`, { posts: plan(5) });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ paymentRequired: true });
    expect(await savedOrders(unpaid.id)).toEqual([]);
  });
});
