import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { makePost } from "../../db/factories";
import { posts } from "../../db/schema";
import type { ApiClient } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { appWithTwoSubscribers } from "../support/suite";

/**
 * GET /api/posts a page at a time (keyset pagination): still an array, the next page's cursor in
 * X-Next-Cursor; status filters with each list's own order; a page that stays put while posts are
 * saved in front of it; cursors that only walk the list (and the user) they came from.
 */

const START = "2026-03-02T09:00:00Z";
const MINUTE = 60_000;
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({ clock, runJobs: false, start: START });

type Listed = { id: string; status: string; content: string; scheduledTime: string | null; postedAt: string | null };

async function page(client: ApiClient, query: Record<string, string>) {
  const response = await client.request("GET", `/api/posts?${new URLSearchParams(query)}`);
  const body = await response.json();
  return { status: response.status, body: body as Listed[] & { message?: string }, next: response.headers.get("x-next-cursor") };
}

/** Every page of a list, following the cursors; `between` runs after each page (to change the list while it is walked). */
async function walk(client: ApiClient, query: Record<string, string>, between?: (pageNumber: number) => Promise<void>) {
  const seen: Listed[] = [];
  let cursor: string | null = null;
  for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
    const answer = await page(client, cursor ? { ...query, cursor } : query);
    expect(answer.status).toBe(200);
    seen.push(...answer.body);
    cursor = answer.next;
    if (!cursor) return seen;
    await between?.(pageNumber);
  }
  throw new Error("the list never ended");
}

/** n posts for a user, saved a minute apart from `from` on (so the newest is the last made). */
async function posted(userId: string, n: number, status: "draft" | "scheduled" | "posted", from = new Date(START)) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(from.getTime() + i * MINUTE);
    made.push(
      await makePost(
        suite.app.database.db,
        { id: userId },
        {
          status,
          content: `${status} ${i}`,
          now: at,
          scheduledTime: status === "scheduled" ? new Date(from.getTime() + (n - i) * 60 * MINUTE + 86_400_000) : undefined,
          postedAt: status === "posted" ? new Date(from.getTime() - (n - i) * 60 * MINUTE) : undefined,
        },
      ),
    );
  }
  return made;
}

describe("GET /api/posts pages", () => {
  test("without a limit a page holds 50, newest saved first; the cursor walks the rest once each", async () => {
    const made = await posted(suite.ada.user.id, 120, "draft");
    const first = await page(suite.ada.client, {});
    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(50);
    expect(first.body[0]!.content).toBe("draft 119");
    expect(first.next).toBeTruthy();

    const all = await walk(suite.ada.client, {});
    expect(all).toHaveLength(120);
    expect(new Set(all.map((post) => post.id)).size).toBe(120);
    expect(all.map((post) => post.id)).toEqual(made.map((post) => post.id).reverse());
  });

  test("posts saved within the same millisecond (PostgreSQL keeps microseconds) each come once", async () => {
    const made = await posted(suite.ada.user.id, 4, "draft");
    await suite.app.database.db.execute(
      sql`update ${posts} set created_at = timestamptz '2026-03-02 09:00:00.000100+00' + (content = 'draft 1')::int * interval '1 microsecond' + (content = 'draft 2')::int * interval '2 microseconds'`,
    );
    const walked = await walk(suite.ada.client, { limit: "1" });
    expect(walked).toHaveLength(4);
    expect(new Set(walked.map((post) => post.id))).toEqual(new Set(made.map((post) => post.id)));
    expect(walked[0]!.content).toBe("draft 2");
  });

  test("limit picks the page size (1 to 200); the last page has no cursor", async () => {
    await posted(suite.ada.user.id, 5, "draft");
    const two = await page(suite.ada.client, { limit: "2" });
    expect(two.body).toHaveLength(2);
    const rest = await page(suite.ada.client, { limit: "3", cursor: two.next! });
    expect(rest.body).toHaveLength(3);
    expect(rest.next).toBeNull();
    const exact = await page(suite.ada.client, { limit: "5" });
    expect(exact.body).toHaveLength(5);
    expect(exact.next).toBeNull();
  });

  test("status filters, each list in its own order: scheduled soonest first, posted latest first, drafts and failed newest saved first", async () => {
    await posted(suite.ada.user.id, 7, "scheduled");
    await posted(suite.ada.user.id, 6, "posted");
    await posted(suite.ada.user.id, 5, "draft");
    await makePost(suite.app.database.db, suite.bob.user, { status: "scheduled" });

    const scheduled = await walk(suite.ada.client, { status: "scheduled", limit: "3" });
    expect(scheduled.map((post) => post.status)).toEqual(Array(7).fill("scheduled"));
    const times = scheduled.map((post) => Date.parse(post.scheduledTime!));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const postedList = await walk(suite.ada.client, { status: "posted", limit: "4" });
    expect(postedList).toHaveLength(6);
    const postedTimes = postedList.map((post) => Date.parse(post.postedAt!));
    expect(postedTimes).toEqual([...postedTimes].sort((a, b) => b - a));

    // A failed post (auto-posting's) waits with the drafts.
    await suite.app.database.db.execute(sql`update ${posts} set status = 'failed' where content = 'draft 0'`);
    const drafts = await walk(suite.ada.client, { status: "failed,draft", limit: "2" });
    expect(drafts.map((post) => post.content)).toEqual(["draft 4", "draft 3", "draft 2", "draft 1", "draft 0"]);
    expect(drafts.at(-1)!.status).toBe("failed");
    expect((await walk(suite.ada.client, { status: "draft" })).map((post) => post.content)).toEqual(["draft 4", "draft 3", "draft 2", "draft 1"]);

    const counts = await suite.ada.client.json("GET", "/api/posts/counts");
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ draft: 4, scheduled: 7, posted: 6, failed: 1 });
  });

  test("posts saved (or scheduled) while the list is walked never repeat or shift what comes next", async () => {
    const made = await posted(suite.ada.user.id, 9, "draft");
    clock.set(new Date(Date.parse(START) + 60 * MINUTE));
    const walked = await walk(suite.ada.client, { limit: "4" }, async (pageNumber) => {
      // New posts go on top of the list, ahead of where the cursor stands.
      await makePost(suite.app.database.db, suite.ada.user, { content: `saved during page ${pageNumber}`, now: clock.now() });
    });
    expect(walked.map((post) => post.id)).toEqual(made.map((post) => post.id).reverse());

    // Scheduled list: a post scheduled later than the cursor's position shows up once, in its place.
    await suite.app.database.db.delete(posts);
    const scheduled = await posted(suite.ada.user.id, 6, "scheduled");
    const late = { body: await makePost(suite.app.database.db, suite.ada.user, { content: "scheduled last of all", now: clock.now() }) };
    const walkedScheduled = await walk(suite.ada.client, { status: "scheduled", limit: "2" }, async (pageNumber) => {
      if (pageNumber !== 1) return;
      const moved = await suite.ada.client.json("PATCH", `/api/posts/${late.body.id}`, { scheduledTime: "2026-12-31T12:00:00Z", status: "scheduled" });
      expect(moved.status).toBe(200);
    });
    expect(walkedScheduled.map((post) => post.id)).toEqual([...scheduled.map((post) => post.id).reverse(), late.body.id]);
  });

  test("a cursor walks only the list and the user it came from; bad input is a 400 that shows nothing", async () => {
    await posted(suite.ada.user.id, 3, "draft");
    await posted(suite.bob.user.id, 3, "draft");
    const adas = await page(suite.ada.client, { limit: "1" });
    expect(adas.next).toBeTruthy();

    const stolen = await page(suite.bob.client, { limit: "1", cursor: adas.next! });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe("This cursor belongs to another list. Ask for the first page again, without a cursor.");
    const otherList = await page(suite.ada.client, { status: "scheduled", cursor: adas.next! });
    expect(otherList.status).toBe(400);

    for (const [query, message] of [
      [{ limit: "0" }, "limit must be a whole number from 1 to 200."],
      [{ limit: "201" }, "limit must be at most 200."],
      [{ limit: "ten" }, "limit must be a whole number from 1 to 200."],
      [{ status: "archived" }, "status must be one or more of draft, scheduled, posted, failed, separated by commas."],
      [{ status: "" }, "status must be one or more of draft, scheduled, posted, failed, separated by commas."],
      [{ cursor: "not-a-cursor" }, "cursor is not one this list gave."],
      [
        { cursor: Buffer.from(JSON.stringify({ list: "all", owner: "x", key: "'; drop table posts; --", id: crypto.randomUUID() })).toString("base64url") },
        "cursor is not one this list gave.",
      ],
    ] as const) {
      const answer = await page(suite.ada.client, query);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await walk(suite.ada.client, {})).length).toBe(3);
  });

  test("a forged cursor whose key is not a time PostgreSQL reads is a 400 that says so", async () => {
    await posted(suite.ada.user.id, 3, "draft");
    const real = await page(suite.ada.client, { limit: "1" });
    const decoded = JSON.parse(Buffer.from(real.next!, "base64url").toString("utf8"));
    // Each passes Date.parse, none is a timestamptz PostgreSQL accepts (or a time this list ever wrote).
    for (const key of [
      "2026-02-30",
      "June 31, 2026",
      "0",
      "0000-01-01",
      "2026-02-30 10:00:00+00",
      "2026-04-31 09:00:00.5+00",
      "2026-13-01 00:00:00+00",
      "2026-01-01 24:00:00+00",
      "0000-06-01 00:00:00+00",
      "1",
      "2026",
    ]) {
      const forged = Buffer.from(JSON.stringify({ ...decoded, key })).toString("base64url");
      const answer = await page(suite.ada.client, { limit: "1", cursor: forged });
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      expect(answer.body.message).toBe("cursor is not one this list gave.");
    }
    // The real key still walks on, and a leap day is a time.
    expect((await page(suite.ada.client, { limit: "1", cursor: real.next! })).status).toBe(200);
    const leap = Buffer.from(JSON.stringify({ ...decoded, key: "2028-02-29 09:00:00.123456+00" })).toString("base64url");
    expect((await page(suite.ada.client, { limit: "1", cursor: leap })).status).toBe(200);
  });

  test("upcoming takes a limit too; signed out, counts are 401", async () => {
    await posted(suite.ada.user.id, 60, "scheduled");
    expect((await suite.ada.client.json("GET", "/api/posts/upcoming")).body).toHaveLength(50);
    expect((await suite.ada.client.json("GET", "/api/posts/upcoming?limit=3")).body).toHaveLength(3);
    expect((await suite.ada.client.json("GET", "/api/posts/upcoming?limit=999")).status).toBe(400);
    expect((await fetch(`${suite.app.url}/api/posts/counts`)).status).toBe(401);
  });
});

describe("GET /api/user/export streams every post", () => {
  test("more posts than one read holds come out once each, oldest first, in one JSON document", async () => {
    const made = await posted(suite.ada.user.id, 1_203, "draft");
    const response = await suite.ada.client.request("GET", "/api/user/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("attachment;");
    const data = (await response.json()) as { profile: { email: string }; posts: { id: string; userId?: string }[] };
    expect(data.profile.email).toBe(suite.ada.user.email);
    expect(data.posts.map((post) => post.id)).toEqual(made.map((post) => post.id));
    expect(data.posts.some((post) => "userId" in post)).toBe(false);
  });
});
