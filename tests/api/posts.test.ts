import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { jobs, posts, users } from "../../db/schema";
import { type ApiClient, signUp } from "../support/api-client";
import { appWithTwoSubscribers } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/** The posts API (SPEC.md section 7, PRODUCT.md "Posts"): reads, the status rules, validation, scoping. */

// Monday 2 March 2026, 09:00 UTC.
const START = "2026-03-02T09:00:00Z";
const HOUR = 60 * 60 * 1000;
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({ clock, runJobs: false, start: START });

async function draft(client: ApiClient, content = "A draft about shipping small.\nSecond line.") {
  const { status, body } = await client.json("POST", "/api/posts", { content, status: "draft" });
  expect(status).toBe(201);
  return body as { id: string; status: string; content: string };
}

const row = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

describe("reading posts", () => {
  test("GET /api/posts lists the user's own posts, newest first, without user ids", async () => {
    const first = await draft(suite.ada.client, "First");
    clock.advance(60_000);
    const second = await draft(suite.ada.client, "Second");
    await draft(suite.bob.client, "Bob's");
    const { status, body } = await suite.ada.client.json("GET", "/api/posts");
    expect(status).toBe(200);
    expect(body.map((post: { id: string }) => post.id)).toEqual([second.id, first.id]);
    expect(body[0]).toMatchObject({ content: "Second", status: "draft", scheduledTime: null, postedAt: null });
    expect(body[0].userId).toBeUndefined();
  });

  test("GET /api/posts/:id answers the post; another user's id, an unknown id and a malformed id are 404", async () => {
    const mine = await draft(suite.ada.client);
    const theirs = await draft(suite.bob.client);
    expect((await suite.ada.client.json("GET", `/api/posts/${mine.id}`)).body).toMatchObject({ id: mine.id, content: mine.content });
    for (const id of [theirs.id, crypto.randomUUID(), "not-an-id", "1"]) {
      const { status, body } = await suite.ada.client.json("GET", `/api/posts/${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe("Post not found.");
    }
  });

  test("stats and upcoming: scheduled from now on, soonest first, only the user's", async () => {
    const [a, b, c] = [await draft(suite.ada.client, "A"), await draft(suite.ada.client, "B"), await draft(suite.ada.client, "C")];
    await draft(suite.ada.client, "D");
    const theirs = await draft(suite.bob.client);
    expect((await suite.bob.client.json("PATCH", `/api/posts/${theirs.id}`, { scheduledTime: inHours(2), status: "scheduled" })).status).toBe(200);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${a.id}`, { scheduledTime: inHours(30), status: "scheduled" })).status).toBe(200);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${b.id}`, { scheduledTime: inHours(3), status: "scheduled" })).status).toBe(200);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${c.id}`, { status: "posted" })).status).toBe(200);

    const upcoming = await suite.ada.client.json("GET", "/api/posts/upcoming");
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.map((post: { id: string }) => post.id)).toEqual([b.id, a.id]);
    // Monday 09:00 New York week: both scheduled posts and the one posted now fall in it.
    expect((await suite.ada.client.json("GET", "/api/posts/stats")).body).toEqual({ thisWeek: 3, scheduled: 2, total: 4 });

    // Four hours on, b's time has passed: it is no longer upcoming.
    clock.advance(4 * HOUR);
    expect((await suite.ada.client.json("GET", "/api/posts/upcoming")).body.map((post: { id: string }) => post.id)).toEqual([a.id]);
  });

  test("signed out, every call is 401", async () => {
    const mine = await draft(suite.ada.client);
    for (const [method, path] of [
      ["GET", "/api/posts"],
      ["GET", "/api/posts/stats"],
      ["GET", "/api/posts/upcoming"],
      ["GET", `/api/posts/${mine.id}`],
      ["PATCH", `/api/posts/${mine.id}`],
      ["DELETE", `/api/posts/${mine.id}`],
    ] as const) {
      const response = await fetch(`${suite.app.url}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: suite.app.url },
        body: method === "PATCH" ? JSON.stringify({ status: "posted" }) : undefined,
      });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 401`);
    }
    expect((await row(mine.id)).status).toBe("draft");
  });
});

describe("changing a post", () => {
  test("marking as posted takes the LinkedIn post's address, optionally; anything else is a 400 and changes nothing", async () => {
    const post = await draft(suite.ada.client);
    for (const linkedinUrl of [
      "https://example.com/post",
      "http://www.linkedin.com/feed/update/urn:li:activity:1/",
      "javascript:alert(1)",
      "https://www.linkedin.com.evil.example/x",
      "https://user:pass@www.linkedin.com/x",
      `https://www.linkedin.com/${"a".repeat(500)}`,
      "not a url",
      42,
      ["https://www.linkedin.com/x"],
    ]) {
      const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted", linkedinUrl });
      expect(status).toBe(400);
      expect(body.message).toBeString();
    }
    expect((await row(post.id)).status).toBe("draft");

    const address = "https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/";
    const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted", linkedinUrl: `  ${address} ` });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "posted", linkedinUrl: address });
    expect((await suite.bob.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted", linkedinUrl: address })).status).toBe(404);

    const plain = await draft(suite.ada.client);
    for (const none of ["", null]) {
      const again = await draft(suite.ada.client);
      expect((await suite.ada.client.json("PATCH", `/api/posts/${again.id}`, { status: "posted", linkedinUrl: none })).body).toMatchObject({
        status: "posted",
        linkedinUrl: null,
      });
    }
    expect((await suite.ada.client.json("PATCH", `/api/posts/${plain.id}`, { status: "posted" })).body).toMatchObject({ status: "posted", linkedinUrl: null });
  });

  test("schedule a draft, then move it: 200 with the post, stored as the same instant", async () => {
    const post = await draft(suite.ada.client);
    const when = "2026-03-03T14:30:00.000Z";
    const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: when, status: "scheduled" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: post.id, status: "scheduled", scheduledTime: when, updatedAt: clock.now().toISOString() });
    // An offset is the same instant.
    const moved = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: "2026-03-04T09:15:00-05:00", status: "scheduled" });
    expect(moved.body.scheduledTime).toBe("2026-03-04T14:15:00.000Z");
    expect((await row(post.id)).scheduledTime?.toISOString()).toBe("2026-03-04T14:15:00.000Z");
  });

  test("a scheduled time must be in the future: now or earlier is 400 and nothing changes", async () => {
    const post = await draft(suite.ada.client);
    for (const when of [clock.now().toISOString(), inHours(-1)]) {
      const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: when, status: "scheduled" });
      expect(status).toBe(400);
      expect(body.message).toBe("The scheduled time must be in the future.");
    }
    expect(await row(post.id)).toMatchObject({ status: "draft", scheduledTime: null });
  });

  test("back to draft: a posted post (marked by mistake) loses its posting and results; a draft is a 409", async () => {
    const post = await draft(suite.ada.client);
    expect(
      (
        await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, {
          status: "posted",
          linkedinUrl: "https://www.linkedin.com/feed/update/urn:li:activity:7/",
        })
      ).status,
    ).toBe(200);
    await suite.app.database.db
      .update(posts)
      .set({ impressions: 900, reactions: 12, comments: 3, resultsRecordedAt: clock.now() })
      .where(eq(posts.id, post.id));
    const back = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      status: "draft",
      postedAt: null,
      linkedinUrl: null,
      impressions: null,
      reactions: null,
      comments: null,
      resultsRecordedAt: null,
      scheduledTime: null,
    });
    const again = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" });
    expect([again.status, again.body.message]).toEqual([409, "This post is already a draft."]);
  });

  test("un-posting a post still due in the future returns it to Scheduled at its time, with its reminder planned again", async () => {
    const post = await draft(suite.ada.client);
    const time = inHours(6);
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: time, status: "scheduled" });
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
    const reminder = () =>
      suite.app.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, `post-reminder:${post.id}`), inArray(jobs.status, ["queued", "running"])));
    expect(await reminder()).toHaveLength(0);
    const back = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: "scheduled", scheduledTime: new Date(time).toISOString(), postedAt: null, linkedinUrl: null });
    const [job] = await reminder();
    expect(job?.runAt.toISOString()).toBe(new Date(time).toISOString());
    // Its time gone by, an un-posted post goes back to Drafts: a past time cannot be scheduled.
    clock.advance(7 * HOUR);
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
    const late = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" });
    expect(late.body).toMatchObject({ status: "draft", scheduledTime: null });
  });

  test("mark as posted from draft, scheduled or failed (by hand, after auto-posting failed) sets postedAt; a posted post is 409", async () => {
    const fromDraft = await draft(suite.ada.client);
    const fromScheduled = await draft(suite.ada.client);
    await suite.ada.client.json("PATCH", `/api/posts/${fromScheduled.id}`, { scheduledTime: inHours(5), status: "scheduled" });
    clock.advance(HOUR);
    for (const post of [fromDraft, fromScheduled]) {
      const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: "posted", postedAt: clock.now().toISOString() });
    }
    const again = await suite.ada.client.json("PATCH", `/api/posts/${fromDraft.id}`, { status: "posted" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only drafts, scheduled and failed posts can be marked as posted.");

    const failed = await draft(suite.ada.client);
    await suite.app.database.db.update(posts).set({ status: "failed", failureReason: "LinkedIn refused the post." }).where(eq(posts.id, failed.id));
    const byHand = await suite.ada.client.json("PATCH", `/api/posts/${failed.id}`, { status: "posted" });
    expect(byHand.status).toBe(200);
    expect(byHand.body).toMatchObject({ status: "posted", failureReason: null });
  });

  test("posted posts cannot be scheduled (409); a failed one can be scheduled again", async () => {
    const posted = await draft(suite.ada.client);
    await suite.ada.client.json("PATCH", `/api/posts/${posted.id}`, { status: "posted" });
    const failed = await draft(suite.ada.client);
    await suite.app.database.db.update(posts).set({ status: "failed" }).where(eq(posts.id, failed.id));
    const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${posted.id}`, { scheduledTime: inHours(2), status: "scheduled" });
    expect(status).toBe(409);
    expect(body.message).toBe("Only drafts, scheduled and failed posts can be scheduled.");
    expect((await row(posted.id)).scheduledTime).toBeNull();
    const again = await suite.ada.client.json("PATCH", `/api/posts/${failed.id}`, { scheduledTime: inHours(2), status: "scheduled" });
    expect(again.status).toBe(200);
    // No LinkedIn app on this server: scheduled again, it is reminded.
    expect(again.body).toMatchObject({ status: "scheduled", publishMode: "remind", failureReason: null });
  });

  test("content edits on drafts and scheduled posts until they go out (409 once posted); the content is trimmed", async () => {
    const post = await draft(suite.ada.client);
    const edited = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { content: "  Rewritten opening.\n\nAnd more.  " });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe("Rewritten opening.\n\nAnd more.");
    // The hook follows the new opening line, so View and the post's page show what was written.
    expect(edited.body.hook).toBe("Rewritten opening.");
    expect((await row(post.id)).hook).toBe("Rewritten opening.");

    const time = inHours(2);
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: time, status: "scheduled" });
    const scheduled = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { content: "Fixed a typo.\n\nAnd more." });
    expect(scheduled.status).toBe(200);
    // Still scheduled at its time: an edit is not a reschedule.
    expect([scheduled.body.status, scheduled.body.scheduledTime, scheduled.body.hook]).toEqual(["scheduled", new Date(time).toISOString(), "Fixed a typo."]);
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
    const posted = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { content: "Too late" });
    expect([posted.status, posted.body.message]).toEqual([409, "A posted post can no longer be edited."]);
    expect((await row(post.id)).content).toBe("Fixed a typo.\n\nAnd more.");
  });

  test("bad bodies are 400 with a message, and nothing is written", async () => {
    const post = await draft(suite.ada.client);
    const cases: [unknown, string][] = [
      [{}, "Send exactly one change"],
      [[], "Send exactly one change"],
      ["null", "Send exactly one change"],
      [{ status: "draft", extra: true }, "Send exactly one change"],
      [{ status: "failed" }, "Send exactly one change"],
      [{ scheduledTime: inHours(2) }, "Send exactly one change"],
      [{ status: "scheduled" }, "Send exactly one change"],
      [{ scheduledTime: "tomorrow", status: "scheduled" }, "scheduledTime must be an ISO date and time"],
      [{ scheduledTime: 1772500000000, status: "scheduled" }, "scheduledTime must be a date and time."],
      [{ scheduledTime: inHours(2), status: "posted" }, "status must be 'scheduled' when scheduling."],
      [{ status: "posted", content: "x" }, "Send exactly one change"],
      [{ content: "   \n " }, "Content must not be blank."],
      [{ content: 42 }, "Content must be text."],
      [{ content: "x".repeat(3001) }, "Content must be at most 3,000 characters"],
      [{ content: "New", scheduledTime: inHours(2), status: "scheduled" }, "Send exactly one change"],
      [{ status: "posted", extra: true }, "Send exactly one change"],
    ];
    for (const [body, message] of cases) {
      const answer = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, body);
      expect(`${JSON.stringify(body).slice(0, 80)} ${answer.status}`).toBe(`${JSON.stringify(body).slice(0, 80)} 400`);
      expect(answer.body.message).toContain(message);
    }
    const stored = await row(post.id);
    expect(stored).toMatchObject({ status: "draft", content: post.content, scheduledTime: null, postedAt: null });
  });

  test("another user's post, an unknown id and a malformed id are 404 for PATCH and DELETE, and stay as they were", async () => {
    const theirs = await draft(suite.bob.client);
    for (const id of [theirs.id, crypto.randomUUID(), "nope"]) {
      expect((await suite.ada.client.json("PATCH", `/api/posts/${id}`, { status: "posted" })).status).toBe(404);
      expect((await suite.ada.client.json("PATCH", `/api/posts/${id}`, { content: "Mine now" })).status).toBe(404);
      expect((await suite.ada.client.json("DELETE", `/api/posts/${id}`)).status).toBe(404);
    }
    expect(await row(theirs.id)).toMatchObject({ status: "draft", content: theirs.content });
  });
});

describe("deleting a post", () => {
  test("deletes it (then 404) and gives no allowance back", async () => {
    const post = await draft(suite.ada.client);
    expect((await suite.ada.client.json("GET", "/api/posts/allowance")).body.used).toBe(1);
    const { status, body } = await suite.ada.client.json("DELETE", `/api/posts/${post.id}`);
    expect(status).toBe(200);
    expect(body.message).toBe("Post deleted");
    expect((await suite.ada.client.json("GET", `/api/posts/${post.id}`)).status).toBe(404);
    expect((await suite.ada.client.json("DELETE", `/api/posts/${post.id}`)).status).toBe(404);
    // The allowance counts saves: the deleted post still used its slot this week.
    expect((await suite.ada.client.json("GET", "/api/posts/allowance")).body).toMatchObject({ used: 1, remaining: 6 });
  });
});

describe("writes need a live subscription", () => {
  test("once the subscription is cancelled, PATCH and DELETE are 403 with subscriptionExpired and change nothing; reads still work", async () => {
    const carol = await signUp(suite.app.url, { name: "Carol" });
    expect((await carol.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const post = await draft(carol.client);
    // Cancelling a trial ends it, and access, at once (PRODUCT.md "Billing").
    expect((await carol.client.json("POST", "/api/stripe/cancel-subscription")).status).toBe(200);
    for (const [method, body] of [
      ["PATCH", { status: "posted" }],
      ["PATCH", { content: "Changed" }],
      ["PATCH", { scheduledTime: inHours(2), status: "scheduled" }],
      ["DELETE", undefined],
    ] as const) {
      const answer = await carol.client.json(method, `/api/posts/${post.id}`, body);
      expect(answer.status).toBe(403);
      expect(answer.body.subscriptionExpired).toBe(true);
    }
    expect(await row(post.id)).toMatchObject({ status: "draft", content: post.content });
    expect((await carol.client.json("GET", `/api/posts/${post.id}`)).status).toBe(200);
  });

  test("without a payment method, a write is 403 with paymentRequired", async () => {
    const dan = await signUp(suite.app.url, { name: "Dan" });
    const [post] = await suite.app.database.db.insert(posts).values({ userId: dan.user.id, content: "Seeded" }).returning();
    const answer = await dan.client.json("PATCH", `/api/posts/${post!.id}`, { status: "posted" });
    expect(answer.status).toBe(403);
    expect(answer.body.paymentRequired).toBe(true);
    expect((await row(post!.id)).status).toBe("draft");
    expect((await suite.app.database.db.select().from(users).where(eq(users.id, dan.user.id)))[0]!.paymentMethodAdded).toBe(false);
  });
});
