import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/** Schedule as recommended: GET /api/sources/:id/schedule (the preview) and POST (the confirmed slots, one transaction). */

let app: TestApp;
// Wednesday 25 March 2026, noon in London (GMT): the clocks go forward on Sunday the 29th.
const clock = new ManualClock("2026-03-25T12:00:00Z");

beforeAll(async () => {
  app = await startTestApp({ clock, runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await app.close();
});

const DAYS = ["Thursday", "Friday", "Saturday", "Sunday", "Monday"];
async function subscriberWithPlan(timezone: string) {
  const signed = await signUp(app.url);
  expect((await signed.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  expect((await signed.client.json("PATCH", "/api/user/profile", { name: signed.user.name, timezone })).status).toBe(200);
  const [source] = await app.database.rows<{ id: string }>(
    sql`insert into sources (user_id, content_text, content_type) values (${signed.user.id}, 'An article.', 'blog') returning id`,
  );
  const posts = DAYS.map((day, index) => ({
    content: `Post ${index + 1} of the week, with something worth reading in it.`,
    postOrder: String(index + 1),
    postType: "value",
    recommendedDay: day,
    recommendedTime: "9:00 AM",
  }));
  const saved = await signed.client.json("POST", `/api/sources/${source!.id}/drafts`, { posts });
  expect(saved.status).toBe(201);
  return { ...signed, sourceId: source!.id, ids: saved.body.saved.map((post: { id: string }) => post.id) as string[] };
}

const statuses = async (ids: string[]) => {
  const rows = await app.database.rows<{ id: string; status: string; scheduled_time: Date | null }>(
    sql`select id, status, scheduled_time from posts where id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(",")})`)}`,
  );
  return ids.map((id) => rows.find((row) => row.id === id)!.status);
};

describe("the preview", () => {
  test("London: the coming Thursday to Monday at 9:00 AM on the user's clock, across the change to summer time", async () => {
    const { client, sourceId } = await subscriberWithPlan("Europe/London");
    const preview = await client.json("GET", `/api/sources/${sourceId}/schedule`);
    expect(preview.status).toBe(200);
    expect(preview.body.timezone).toBe("Europe/London");
    expect(preview.body.slots.map((slot: { scheduledTime: string }) => slot.scheduledTime)).toEqual([
      "2026-03-26T09:00:00.000Z",
      "2026-03-27T09:00:00.000Z",
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
    expect(preview.body.unplaced).toEqual([]);
  });

  test("New York: the same plan on New York's clock (already on summer time)", async () => {
    const { client, sourceId } = await subscriberWithPlan("America/New_York");
    const preview = await client.json("GET", `/api/sources/${sourceId}/schedule`);
    expect(preview.body.slots.map((slot: { scheduledTime: string }) => slot.scheduledTime)).toEqual([
      "2026-03-26T13:00:00.000Z",
      "2026-03-27T13:00:00.000Z",
      "2026-03-28T13:00:00.000Z",
      "2026-03-29T13:00:00.000Z",
      "2026-03-30T13:00:00.000Z",
    ]);
  });

  test("a day already holding a scheduled post is skipped, unless asked to keep it; the preview changes nothing", async () => {
    const { client, sourceId, ids } = await subscriberWithPlan("Europe/London");
    const other = await client.json("POST", "/api/posts", { content: "A post already on Friday." });
    expect((await client.json("PATCH", `/api/posts/${other.body.id}`, { scheduledTime: "2026-03-27T15:00:00Z", status: "scheduled" })).status).toBe(200);
    const skipped = await client.json("GET", `/api/sources/${sourceId}/schedule`);
    // Friday is taken: post 2 moves past the plan's Saturday, Sunday and Monday to Tuesday.
    expect(skipped.body.slots[1]).toMatchObject({ postOrder: "2", scheduledTime: "2026-03-31T08:00:00.000Z", moved: true });
    const kept = await client.json("GET", `/api/sources/${sourceId}/schedule?skipBusy=false`);
    expect(kept.body.slots[1]).toMatchObject({ scheduledTime: "2026-03-27T09:00:00.000Z", moved: false });
    expect(await statuses(ids)).toEqual(["draft", "draft", "draft", "draft", "draft"]);
  });
});

describe("scheduling the confirmed slots", () => {
  test("every draft scheduled at its slot in one go, each with its reminder", async () => {
    const { client, sourceId, ids } = await subscriberWithPlan("Europe/London");
    const preview = await client.json("GET", `/api/sources/${sourceId}/schedule`);
    const slots = preview.body.slots.map(({ postId, scheduledTime }: { postId: string; scheduledTime: string }) => ({ postId, scheduledTime }));
    const done = await client.json("POST", `/api/sources/${sourceId}/schedule`, { slots });
    expect(done.status).toBe(200);
    expect(done.body.map((post: { status: string }) => post.status)).toEqual(["scheduled", "scheduled", "scheduled", "scheduled", "scheduled"]);
    expect(done.body.map((post: { scheduledTime: string }) => post.scheduledTime)).toEqual(slots.map((slot: { scheduledTime: string }) => slot.scheduledTime));
    const [reminders] = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'post-reminder' and payload->>'postId' in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(",")})`)}`,
    );
    expect(reminders!.n).toBe(5);
    // Nothing left to place.
    expect((await client.json("GET", `/api/sources/${sourceId}/schedule`)).body.slots).toEqual([]);
  });

  test("all or nothing: a post that is no longer a draft, a past time or another plan's post schedules none", async () => {
    const { client, sourceId, ids } = await subscriberWithPlan("Europe/London");
    const preview = await client.json("GET", `/api/sources/${sourceId}/schedule`);
    const slots = preview.body.slots.map(({ postId, scheduledTime }: { postId: string; scheduledTime: string }) => ({ postId, scheduledTime }));
    expect((await client.json("PATCH", `/api/posts/${ids[4]}`, { status: "posted" })).status).toBe(200);
    const changed = await client.json("POST", `/api/sources/${sourceId}/schedule`, { slots });
    expect(changed.status).toBe(409);
    const past = await client.json("POST", `/api/sources/${sourceId}/schedule`, { slots: [{ ...slots[0], scheduledTime: "2026-03-25T11:00:00Z" }] });
    expect([past.status, past.body.message]).toEqual([400, "The scheduled time must be in the future."]);
    const other = await subscriberWithPlan("Europe/London");
    const foreign = await client.json("POST", `/api/sources/${sourceId}/schedule`, {
      slots: [...slots.slice(0, 2), { postId: other.ids[0], scheduledTime: slots[2].scheduledTime }],
    });
    expect(foreign.status).toBe(404);
    expect(await statuses(ids)).toEqual(["draft", "draft", "draft", "draft", "posted"]);
  });

  test("another user's source is a 404; bad bodies are 400s naming the problem", async () => {
    const { sourceId } = await subscriberWithPlan("Europe/London");
    const { client } = await subscriberWithPlan("Europe/London");
    expect((await client.json("GET", `/api/sources/${sourceId}/schedule`)).status).toBe(404);
    expect(
      (await client.json("POST", `/api/sources/${sourceId}/schedule`, { slots: [{ postId: crypto.randomUUID(), scheduledTime: "2026-04-01T09:00:00Z" }] }))
        .status,
    ).toBe(404);
    expect((await client.json("GET", "/api/sources/not-an-id/schedule")).status).toBe(404);
    const mine = await subscriberWithPlan("Europe/London");
    const bad: [unknown, string][] = [
      [{}, "Send {slots: [{postId, scheduledTime}]} and nothing else."],
      [{ slots: [] }, "slots must hold at least one post."],
      [{ slots: [{ postId: "x", scheduledTime: "2026-04-01T09:00:00Z" }] }, "postId must be an id."],
      [
        { slots: [{ postId: mine.ids[0], scheduledTime: "next week" }] },
        "scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z.",
      ],
      [
        {
          slots: [
            { postId: mine.ids[0], scheduledTime: "2026-04-01T09:00:00Z" },
            { postId: mine.ids[0], scheduledTime: "2026-04-02T09:00:00Z" },
          ],
        },
        "Each post may appear once.",
      ],
    ];
    for (const [body, message] of bad) {
      const answer = await mine.client.json("POST", `/api/sources/${mine.sourceId}/schedule`, body);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await statuses(mine.ids)).toEqual(["draft", "draft", "draft", "draft", "draft"]);
  });
});

describe("save and schedule as recommended: the dates first, then one transaction", () => {
  async function subscriberWithUnsavedPlan(timezone: string, count = 5) {
    const signed = await signUp(app.url);
    expect((await signed.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    expect((await signed.client.json("PATCH", "/api/user/profile", { name: signed.user.name, timezone })).status).toBe(200);
    const [source] = await app.database.rows<{ id: string }>(
      sql`insert into sources (user_id, content_text, content_type) values (${signed.user.id}, 'An article.', 'blog') returning id`,
    );
    const posts = [...DAYS, "Tuesday", "Wednesday"].slice(0, count).map((day, index) => ({
      content: `Post ${index + 1} of the week, with something worth reading in it.`,
      postOrder: String(index + 1),
      postType: "value",
      recommendedDay: day,
      recommendedTime: "9:00 AM",
    }));
    return { ...signed, sourceId: source!.id, posts };
  }
  const saved = async (userId: string) =>
    app.database.rows<{ status: string; scheduled_time: Date | null }>(
      sql`select status, scheduled_time from posts where user_id = ${userId} order by post_order`,
    );

  test("the preview saves nothing; the confirm saves and schedules every post at its slot, with its reminder", async () => {
    const { client, user, sourceId, posts } = await subscriberWithUnsavedPlan("Europe/London");
    const preview = await client.json("POST", `/api/sources/${sourceId}/schedule/preview`, { posts });
    expect(preview.status).toBe(200);
    expect(
      preview.body.slots.map((slot: { postId: string | null; postOrder: string; scheduledTime: string }) => [slot.postId, slot.postOrder, slot.scheduledTime]),
    ).toEqual([
      [null, "1", "2026-03-26T09:00:00.000Z"],
      [null, "2", "2026-03-27T09:00:00.000Z"],
      [null, "3", "2026-03-28T09:00:00.000Z"],
      [null, "4", "2026-03-29T08:00:00.000Z"],
      [null, "5", "2026-03-30T08:00:00.000Z"],
    ]);
    expect(await saved(user.id)).toEqual([]);
    expect((await client.json("GET", "/api/posts/allowance")).body.used).toBe(0);

    const slots = preview.body.slots.map(({ postOrder, scheduledTime }: { postOrder: string; scheduledTime: string }) => ({ postOrder, scheduledTime }));
    const done = await client.json("POST", `/api/sources/${sourceId}/save-and-schedule`, { posts, slots });
    expect(done.status).toBe(201);
    expect((await saved(user.id)).map((row) => [row.status, row.scheduled_time && new Date(row.scheduled_time).toISOString()])).toEqual(
      slots.map((slot: { scheduledTime: string }) => ["scheduled", slot.scheduledTime]),
    );
    const reminders = await app.database.rows<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'post-reminder' and status = 'queued' and payload->>'postId' in (select id::text from posts where user_id = ${user.id})`,
    );
    expect(reminders[0]!.n).toBe(5);
    expect((await client.json("GET", "/api/posts/allowance")).body.used).toBe(5);
    // Sent again (an answer lost on the way): nothing saved twice, no more allowance used.
    expect((await client.json("POST", `/api/sources/${sourceId}/save-and-schedule`, { posts, slots })).status).toBe(201);
    expect(await saved(user.id)).toHaveLength(5);
    expect((await client.json("GET", "/api/posts/allowance")).body.used).toBe(5);
  });

  test("all or nothing: a past slot is 400, more than the week has room for is 429, and nothing is saved", async () => {
    const { client, user, sourceId, posts } = await subscriberWithUnsavedPlan("America/Los_Angeles", 7);
    const slots = posts.map((post, index) => ({ postOrder: post.postOrder, scheduledTime: `2026-04-0${index + 1}T16:00:00Z` }));
    const past = await client.json("POST", `/api/sources/${sourceId}/save-and-schedule`, {
      posts,
      slots: [...slots.slice(1), { postOrder: "1", scheduledTime: "2026-03-25T11:00:00Z" }],
    });
    expect([past.status, past.body.message]).toEqual([400, "The scheduled time must be in the future."]);
    const stranger = await client.json("POST", `/api/sources/${sourceId}/save-and-schedule`, { posts: posts.slice(1), slots });
    expect([stranger.status, stranger.body.message]).toEqual([400, "Each slot must name one of the posts sent."]);
    expect(await saved(user.id)).toEqual([]);
    // One save used elsewhere leaves room for 6: a plan of 7 is refused whole.
    expect((await client.json("POST", "/api/posts", { content: "Something else." })).status).toBe(201);
    const full = await client.json("POST", `/api/sources/${sourceId}/save-and-schedule`, { posts, slots });
    expect(full.status).toBe(429);
    expect(full.body.message).toStartWith("Weekly limit reached: 7 posts per week.");
    expect(await saved(user.id)).toHaveLength(1);
    expect((await client.json("POST", `/api/sources/${crypto.randomUUID()}/save-and-schedule`, { posts, slots })).status).toBe(404);
  });
});
