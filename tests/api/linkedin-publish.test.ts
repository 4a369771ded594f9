import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { makeSource } from "../../db/factories";
import { emailOutbox, linkedinConnections, posts } from "../../db/schema";
import { createLogger } from "../../src/logger";
import { escapeLittleText } from "../../src/providers/linkedin";
import { tokenCipher } from "../../src/services/linkedin/token-crypto";
import { type ApiClient, signUpSubscriber } from "../support/api-client";
import { eventually } from "../support/eventually";
import type { FakeLinkedin } from "../support/fake-linkedin";
import { connectLinkedin, startLinkedinTestApp } from "../support/linkedin-app";
import { ManualClock } from "../support/manual-clock";
import type { TestApp } from "../support/test-app";

/**
 * Publishing at the scheduled time (issue #15) against the fake LinkedIn, with a manual clock:
 * published once with the exact escaped text, the URN and URL stored; each kind of failure ends
 * as the issue says, with its email in the outbox; nothing is ever posted twice.
 */

const START = "2026-10-05T09:00:00Z";
const clock = new ManualClock(START);
const lines: string[] = [];
let app: TestApp;
let fake: FakeLinkedin;

beforeAll(async () => {
  ({ app, fake } = await startLinkedinTestApp({ clock, logger: createLogger("info", {}, (line) => lines.push(line)), queue: { pollIntervalMs: 10 } }));
});
afterAll(async () => {
  await app.close();
  await fake.stop();
});
beforeEach(() => {
  clock.set(START);
  fake.posts.length = 0;
  fake.comments.length = 0;
  fake.requests.length = 0;
});

const HOUR = 60 * 60_000;
const inAnHour = () => new Date(clock.now().getTime() + HOUR).toISOString();

type Account = { client: ApiClient; user: { id: string; email: string; name: string }; token: string };

async function connectedAccount(): Promise<Account> {
  const { client, user } = await signUpSubscriber(app.url, { name: "Ada Lovelace" });
  const { callback } = await connectLinkedin(app, client);
  expect(callback.status).toBe(303);
  return { client, user, token: fake.tokens().at(-1)! };
}

async function draft(client: ApiClient, content: string): Promise<string> {
  const created = await client.json("POST", "/api/posts", { content });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function scheduleAuto(client: ApiClient, content: string, body: Record<string, unknown> = {}) {
  const id = await draft(client, content);
  const scheduled = await client.json("PATCH", `/api/posts/${id}`, { scheduledTime: inAnHour(), status: "scheduled", ...body });
  expect(scheduled.status).toBe(200);
  return { id, post: scheduled.body };
}

async function postOf(client: ApiClient, id: string) {
  return (await client.json("GET", `/api/posts/${id}`)).body;
}

/** Waits until the post reaches `status` (the queue runs in the background). */
function settled(client: ApiClient, id: string, status: string) {
  return eventually(async () => {
    const post = await postOf(client, id);
    return post.status === status ? post : undefined;
  });
}

/** Waits until the job that is due has run: the post no longer holds a lease and nothing is due. */
async function idle() {
  await eventually(async () => ((await app.queue.idle()) ? true : undefined));
}

function emails(to: string, kind?: string) {
  return app.database.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to));
}
const emailOf = (to: string, kind: string) => eventually(async () => (await emails(to, kind))[0]);

describe("publish at the scheduled time", () => {
  test("connect, schedule (auto by default), the clock moves: published once with the exact escaped text, posted with its URL", async () => {
    const { client, user } = await connectedAccount();
    const content = "Shipping v2_final (finally): 50% faster.\n\nThanks @team & [everyone] #buildinpublic\n~fin~ <3 *really* a|b {x} \\o/";
    const { id, post } = await scheduleAuto(client, content);
    expect(post.publishMode).toBe("auto");

    clock.advance(HOUR - 60_000);
    await Bun.sleep(150);
    expect(fake.posts).toHaveLength(0);
    clock.advance(60_000);
    const posted = await settled(client, id, "posted");

    expect(fake.posts).toHaveLength(1);
    const [published] = fake.posts;
    expect(published!.author).toBe(fake.personUrn);
    expect(published!.commentary).toBe(escapeLittleText(content));
    // What LinkedIn shows is exactly what the user wrote: nothing cut at a reserved character.
    expect(published!.displayed).toBe(content);
    expect(published!.commentary).toContain("v2\\_final \\(finally\\)");
    expect(published!.commentary).toContain("\\@team & \\[everyone\\]");
    expect(fake.requests.filter((r) => r.endpoint === "publish")[0]!.headers["linkedin-version"]).toBe("202603");

    expect(posted.linkedinPostUrn).toBe(published!.urn);
    expect(posted.linkedinUrl).toBe(`https://www.linkedin.com/feed/update/${published!.urn}`);
    expect(posted.failureReason).toBeNull();
    expect(posted.postedAt).toBe(clock.now().toISOString());
    expect(posted).not.toHaveProperty("publishLeaseUntil");

    const success = await emailOf(user.email, "linkedin-published");
    expect(success.text).toContain(posted.linkedinUrl);
    // No "time to post" reminder for a post that publishes itself.
    await idle();
    expect(await emails(user.email, "post-reminder")).toHaveLength(0);
    // Later runs find it posted and post nothing more.
    clock.advance(HOUR);
    await idle();
    expect(fake.posts).toHaveLength(1);
  });

  test("the link of the post's article goes in the first comment; when LinkedIn refuses it, the success email says so", async () => {
    const { client, user } = await connectedAccount();
    const source = await makeSource(app.database.db, user, { contentUrl: "https://example.com/notes_(v2)" });
    const first = await scheduleAuto(client, "With its article in the first comment.");
    await app.database.db.update(posts).set({ sourceId: source.id }).where(eq(posts.id, first.id));
    clock.advance(HOUR);
    await settled(client, first.id, "posted");
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments[0]).toMatchObject({ postUrn: fake.posts[0]!.urn, actor: fake.personUrn, text: "https://example.com/notes_(v2)" });
    expect((await emailOf(user.email, "linkedin-published")).text).toContain("The link is in the first comment");

    clock.set(START);
    await app.database.db.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    fake.failNext("comment", 403, { message: "Not enough permissions to access: partnerApiSocialActions.CREATE" });
    const second = await scheduleAuto(client, "Its comment will be refused.");
    await app.database.db.update(posts).set({ sourceId: source.id }).where(eq(posts.id, second.id));
    clock.advance(HOUR);
    const posted = await settled(client, second.id, "posted");
    expect(posted.linkedinUrl).toContain("urn:li:share:");
    expect(fake.comments).toHaveLength(1);
    const text = (await emailOf(user.email, "linkedin-published")).text;
    expect(text).toContain("LinkedIn did not let us add the link in the first comment");
    expect(text).toContain("partnerApiSocialActions.CREATE");
    expect(text).toContain("https://example.com/notes_(v2)");
  });

  test("Remind me while connected keeps today's posting assistant: a reminder email, nothing published", async () => {
    const { client, user } = await connectedAccount();
    const { id, post } = await scheduleAuto(client, "Remind me about this one.", { publishMode: "remind" });
    expect(post.publishMode).toBe("remind");
    clock.advance(HOUR);
    await emailOf(user.email, "post-reminder");
    await idle();
    expect(fake.posts).toHaveLength(0);
    expect((await postOf(client, id)).status).toBe("scheduled");
  });

  test("dragging on the calendar (a new time, no mode) keeps the post's mode", async () => {
    const { client } = await connectedAccount();
    const { id } = await scheduleAuto(client, "Moved by drag and drop.", { publishMode: "remind" });
    const moved = await client.json("PATCH", `/api/posts/${id}`, {
      scheduledTime: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
      status: "scheduled",
    });
    expect(moved.body.publishMode).toBe("remind");
  });

  test("Publish automatically without a connection is a 409; without one the default is Remind me", async () => {
    const { client } = await signUpSubscriber(app.url);
    const id = await draft(client, "Not connected.");
    const refused = await client.json("PATCH", `/api/posts/${id}`, { scheduledTime: inAnHour(), status: "scheduled", publishMode: "auto" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Connect LinkedIn in Settings");
    expect((await postOf(client, id)).status).toBe("draft");
    const bad = await client.json("PATCH", `/api/posts/${id}`, { scheduledTime: inAnHour(), status: "scheduled", publishMode: "sometimes" });
    expect(bad.status).toBe(400);
    const scheduled = await client.json("PATCH", `/api/posts/${id}`, { scheduledTime: inAnHour(), status: "scheduled" });
    expect(scheduled.body.publishMode).toBe("remind");
  });

  test("over 3,000 characters is refused before anything can be scheduled", async () => {
    const { client } = await connectedAccount();
    const long = await client.json("POST", "/api/posts", { content: "x".repeat(3_001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("at most 3,000 characters");
    const id = await draft(client, "Short.");
    expect((await client.json("PATCH", `/api/posts/${id}`, { content: "y".repeat(3_001) })).status).toBe(400);
  });
});

describe("failures", () => {
  test("401 (token revoked): failed with LinkedIn's reason, the reconnect email with the post and Post it yourself; Retry after reconnecting publishes", async () => {
    const { client, user, token } = await connectedAccount();
    fake.revokeToken(token);
    const content = "Revoked token post.";
    const { id } = await scheduleAuto(client, content);
    clock.advance(HOUR);
    const failed = await settled(client, id, "failed");
    expect(failed.failureReason).toContain("revoked by the user");
    expect(failed.failureReason).toContain("Reconnect LinkedIn");
    const mail = await emailOf(user.email, "linkedin-reconnect");
    expect(mail.text).toContain(content);
    expect(mail.text).toContain("Post it yourself");
    expect(mail.html).toMatch(/\/posted\/[\w-]{20,}/);
    expect(fake.posts).toHaveLength(0);

    // The failed post waits with the drafts.
    const drafts = await client.json("GET", "/api/posts?status=draft,failed");
    expect(drafts.body.map((p: { id: string }) => p.id)).toContain(id);

    await connectLinkedin(app, client, "?replace=1");
    const retried = await client.json("POST", `/api/posts/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("scheduled");
    const posted = await settled(client, id, "posted");
    expect(fake.posts).toHaveLength(1);
    expect(posted.failureReason).toBeNull();
    // A post that is not failed cannot be retried; another user's is 404.
    expect((await client.json("POST", `/api/posts/${id}/retry`)).status).toBe(409);
    const other = await signUpSubscriber(app.url);
    expect((await other.client.json("POST", `/api/posts/${id}/retry`)).status).toBe(404);
  });

  test("an expired token (LinkedIn's 401) and a connection past its end date both fail with the reconnect email", async () => {
    const { client, user, token } = await connectedAccount();
    fake.expireToken(token);
    const first = await scheduleAuto(client, "Expired at LinkedIn.");
    clock.advance(HOUR);
    expect((await settled(client, first.id, "failed")).failureReason).toContain("The token used in the request has expired");
    await emailOf(user.email, "linkedin-reconnect");

    // Our side knows the end date: no call is made with a token past it.
    await connectLinkedin(app, client, "?replace=1");
    await app.database.db
      .update(linkedinConnections)
      .set({ expiresAt: new Date(clock.now().getTime() + 30 * 60_000) })
      .where(eq(linkedinConnections.userId, user.id));
    const second = await scheduleAuto(client, "Due after the connection ends.");
    const before = fake.requests.length;
    clock.advance(HOUR);
    const failed = await settled(client, second.id, "failed");
    expect(failed.failureReason).toContain("Your LinkedIn connection expired on");
    expect(fake.requests.length).toBe(before);
    // The email is queued with the failure and sent by its own job: wait for the second one.
    const both = await eventually(async () => {
      const sent = await emails(user.email, "linkedin-reconnect");
      return sent.length >= 2 ? sent : undefined;
    });
    expect(both).toHaveLength(2);
  });

  test("426 (version retired): failed, an operator log line naming LINKEDIN_VERSION, the failure email", async () => {
    const { client, user } = await connectedAccount();
    const restore = fake.retireVersion("202603");
    try {
      const { id } = await scheduleAuto(client, "Version retired.");
      clock.advance(HOUR);
      const failed = await settled(client, id, "failed");
      expect(failed.failureReason).toContain("stopped supporting the version of its API");
      const mail = await emailOf(user.email, "linkedin-failed");
      expect(mail.text).toContain("Version retired.");
      const line = lines.find((entry) => entry.includes("raise LINKEDIN_VERSION"));
      expect(line).toBeDefined();
      expect(line).toContain("202603");
    } finally {
      restore();
    }
  });

  test("429 then 500 are retried with backoff, then it publishes once", async () => {
    const { client, user } = await connectedAccount();
    fake.failNext("publish", 429);
    fake.failNext("publish", 500);
    const { id } = await scheduleAuto(client, "Retried until it works.");
    clock.advance(HOUR);
    await eventually(async () => (fake.requests.filter((r) => r.endpoint === "publish").length === 1 ? true : undefined));
    await idle();
    expect((await postOf(client, id)).status).toBe("scheduled");
    clock.advance(60_000);
    await eventually(async () => (fake.requests.filter((r) => r.endpoint === "publish").length === 2 ? true : undefined));
    await idle();
    expect((await postOf(client, id)).status).toBe("scheduled");
    clock.advance(2 * 60_000);
    await settled(client, id, "posted");
    expect(fake.posts).toHaveLength(1);
    expect(fake.requests.filter((r) => r.endpoint === "publish")).toHaveLength(3);
    expect(await emails(user.email, "linkedin-failed")).toHaveLength(0);
  });

  test("5xx for over 30 minutes: failed with LinkedIn's reason and the failure email", async () => {
    const { client, user } = await connectedAccount();
    fake.failNext("publish", 503, { times: 50 });
    try {
      const { id } = await scheduleAuto(client, "LinkedIn is down.");
      clock.advance(HOUR);
      let failed: any;
      for (let step = 0; step < 12 && !failed; step++) {
        await idle();
        const post = await postOf(client, id);
        if (post.status === "failed") failed = post;
        else clock.advance(10 * 60_000);
      }
      expect(failed).toBeDefined();
      expect(failed.failureReason).toContain("LinkedIn kept failing for 30 minutes");
      expect(failed.failureReason).toContain("Service Unavailable");
      expect(fake.requests.filter((r) => r.endpoint === "publish").length).toBeGreaterThan(3);
      expect((await emailOf(user.email, "linkedin-failed")).text).toContain("LinkedIn is down.");
      expect(fake.posts).toHaveLength(0);
    } finally {
      fake.requests.length = 0;
      // Whatever is left of the scripted failures must not leak into the next test.
      for (let i = 0; i < 50; i++) if (!(await drainPublishFailure())) break;
    }
  });

  test("an unknown outcome when LinkedIn will not let us check: failed, never posted twice", async () => {
    const { client, user } = await connectedAccount();
    fake.dropNextPublish();
    const { id } = await scheduleAuto(client, "Did it go out?");
    clock.advance(HOUR);
    const failed = await settled(client, id, "failed");
    expect(failed.failureReason).toContain("LinkedIn did not confirm whether this post was published");
    expect(fake.requests.filter((r) => r.endpoint === "findPosts")).toHaveLength(1);
    expect(fake.posts).toHaveLength(1);
    expect((await emailOf(user.email, "linkedin-failed")).text).toContain("Look at your LinkedIn profile before you retry");
    clock.advance(2 * HOUR);
    await idle();
    expect(fake.posts).toHaveLength(1);
  });

  test("an unknown outcome with read permission: LinkedIn finds the post, so it is posted with that URN and not sent again", async () => {
    const { client, user } = await connectedAccount();
    // An app LinkedIn approved for r_member_social: the member's token can read their posts.
    const reader = fake.issueToken(["openid", "profile", "w_member_social", "r_member_social"]);
    const cipher = await tokenCipher(app.database, undefined);
    await app.database.db
      .update(linkedinConnections)
      .set({ accessTokenEncrypted: cipher.encrypt(reader) })
      .where(eq(linkedinConnections.userId, user.id));
    fake.dropNextPublish();
    const { id } = await scheduleAuto(client, "Found after the connection dropped.");
    clock.advance(HOUR);
    const posted = await settled(client, id, "posted");
    expect(fake.posts).toHaveLength(1);
    expect(posted.linkedinPostUrn).toBe(fake.posts[0]!.urn);
  });
});

describe("the 60-day token", () => {
  test("emails 7 days and 1 day before it ends, each once; posts due after it are flagged on the calendar", async () => {
    const { client, user } = await connectedAccount();
    const [connection] = await app.database.db.select().from(linkedinConnections).where(eq(linkedinConnections.userId, user.id));
    const expiresAt = connection!.expiresAt;
    const DAY = 24 * HOUR;
    const late = await draft(client, "Due after the connection ends.");
    const lateTime = new Date(expiresAt.getTime() + DAY);
    expect((await client.json("PATCH", `/api/posts/${late}`, { scheduledTime: lateTime.toISOString(), status: "scheduled" })).body.publishMode).toBe("auto");
    const early = await scheduleAuto(client, "Due well before it ends.");

    // The calendar flags the late post's bar, not the early one's (read now: the trial ends before the token does).
    const month = (instant: Date) => instant.toISOString().slice(0, 7);
    const lateMonth = await (await client.request("GET", `/calendar?month=${month(lateTime)}`)).text();
    expect(lateMonth).toMatch(new RegExp(`data-post-bar="${late}"[^>]*data-after-expiry|data-after-expiry[^>]*data-post-bar="${late}"`));
    const earlyMonth = await (await client.request("GET", `/calendar?month=${month(new Date(START))}`)).text();
    expect(earlyMonth).toContain(`data-post-bar="${early.id}"`);
    expect(earlyMonth).not.toContain("data-after-expiry=");
    // The hourly job is registered with the app.
    expect(await app.database.rows<{ kind: string }>(sql`select kind from jobs where kind = 'linkedin-expiry' and status = 'queued'`)).toHaveLength(1);

    clock.set(new Date(expiresAt.getTime() - 8 * DAY));
    await app.services.publishing.sendExpiryNotices();
    expect(await emails(user.email, "linkedin-expiring")).toHaveLength(0);
    clock.set(new Date(expiresAt.getTime() - 7 * DAY + 60_000));
    await app.services.publishing.sendExpiryNotices();
    await app.services.publishing.sendExpiryNotices();
    const week = await eventually(async () => {
      const sent = await emails(user.email, "linkedin-expiring");
      return sent.length > 0 ? sent : undefined;
    });
    expect(week).toHaveLength(1);
    expect(week[0]!.text).toContain("YOUR LINKEDIN CONNECTION ENDS IN 7 DAYS");
    expect(week[0]!.text).toContain("1 post is set to publish automatically after that date.");
    clock.set(new Date(expiresAt.getTime() - 23 * HOUR));
    await app.services.publishing.sendExpiryNotices();
    await app.services.publishing.sendExpiryNotices();
    const both = await eventually(async () => {
      const sent = await emails(user.email, "linkedin-expiring");
      return sent.length === 2 ? sent : undefined;
    });
    expect(both.some((mail) => mail.text.includes("YOUR LINKEDIN CONNECTION ENDS TOMORROW"))).toBe(true);
    await Bun.sleep(200);
    expect(await emails(user.email, "linkedin-expiring")).toHaveLength(2);
  });
});

/** Spends one scripted publish failure left over, if any, by a publish that is refused anyway (no token). */
async function drainPublishFailure(): Promise<boolean> {
  const response = await fetch(`${fake.url}/rest/posts`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${fake.issueToken()}`,
      "linkedin-version": "202603",
      "x-restli-protocol-version": "2.0.0",
      "content-type": "application/json",
    },
    body: "{}",
  });
  return response.status === 503;
}
