import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { actionTokens, emailOutbox, jobs, posts, sources } from "../../db/schema";
import { type ApiClient, signUpSubscriber } from "../support/api-client";
import { appWithTwoSubscribers } from "../support/suite";
import { ManualClock } from "../support/manual-clock";

/**
 * The posting assistant's reminders through the real app: a keyed job per scheduled post,
 * moved and cancelled with it, one email per post at its time (less the lead chosen in
 * Settings), and the email's single-purpose Mark as posted link.
 */

const START = "2026-03-02T09:00:00Z";
const MINUTE = 60_000;
const clock = new ManualClock(START);
const suite = appWithTwoSubscribers({
  clock,
  runJobs: false,
  start: START,
  reset: async (app) => {
    await app.database.db.delete(emailOutbox);
    await app.database.db.delete(jobs);
    for (const account of [suite.ada, suite.bob]) await account.client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 0 });
  },
});

/** Runs every job that is due now, as the background runner would. */
async function drain() {
  while (await suite.app.queue.runOnce());
}

const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString();

async function scheduledPost(client: ApiClient, minutes: number, content = "We cut onboarding from 14 steps to 3.\n\nActivation doubled.") {
  const created = await client.json("POST", "/api/posts", { content });
  expect(created.status).toBe(201);
  const scheduled = await client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: inMinutes(minutes), status: "scheduled" });
  expect(scheduled.status).toBe(200);
  return created.body as { id: string; content: string };
}

const reminders = (to?: string) =>
  suite.app.database.db
    .select()
    .from(emailOutbox)
    .where(to ? and(eq(emailOutbox.kind, "post-reminder"), eq(emailOutbox.toAddress, to)) : eq(emailOutbox.kind, "post-reminder"));

/** The Mark as posted link's token, read from the email as the user would click it. */
async function tokenFromEmail(): Promise<string> {
  const [mail] = await reminders();
  const match = mail!.text.match(/\/posted\/([A-Za-z0-9_-]+)/);
  expect(match).not.toBeNull();
  return match![1]!;
}

const postRow = async (id: string) => (await suite.app.database.db.select().from(posts).where(eq(posts.id, id)))[0]!;

describe("reminder at the scheduled time", () => {
  test("a post scheduled a minute ahead gets exactly one reminder once the clock reaches its time", async () => {
    const post = await scheduledPost(suite.ada.client, 1);
    await drain();
    expect(await reminders()).toHaveLength(0);

    clock.advance(MINUTE);
    await drain();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.toAddress).toBe(suite.ada.user.email);
    expect(mail.subject).toBe("Time to post: We cut onboarding from 14 steps to 3.");
    // The whole post, LinkedIn's composer with the text filled in, and the Mark as posted link.
    expect(mail.text).toContain("Activation doubled.");
    expect(mail.html).toContain(`https://www.linkedin.com/feed/?shareActive=true&amp;text=${encodeURIComponent(post.content)}`);
    expect(mail.html).toContain("Post it on LinkedIn");
    expect(mail.text).toMatch(new RegExp(`${suite.app.url}/posted/[A-Za-z0-9_-]{43}`));
    expect(mail.text).toContain("Mar 2, 2026 at 4:01 AM (America/New_York)"); // 09:01 UTC where Ada lives
    expect(mail.text).toContain("We cut onboarding from 14 steps to 3.\n\nActivation doubled.");
    expect((await postRow(post.id)).reminderSentAt).not.toBeNull();

    // Each post is reminded once: more time, more runs, nothing more.
    clock.advance(60 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
  });

  test("the source's address goes in the first comment note when the post came from one", async () => {
    const [source] = await suite.app.database.db
      .insert(sources)
      .values({
        userId: suite.ada.user.id,
        contentText: "An article about onboarding.",
        contentUrl: "https://example.com/blog/onboarding",
        contentType: "blog",
      })
      .returning();
    const created = await suite.ada.client.json("POST", "/api/posts", {
      content: "A post from the article.\n\nWith a second paragraph.",
      sourceId: source!.id,
    });
    await suite.ada.client.json("PATCH", `/api/posts/${created.body.id}`, { scheduledTime: inMinutes(5), status: "scheduled" });
    clock.advance(5 * MINUTE);
    await drain();
    const [mail] = await reminders();
    expect(mail!.text).toContain("Put the link in the first comment");
    expect(mail!.text).toContain("https://example.com/blog/onboarding");
  });

  test("without a source address there is no first comment note", async () => {
    await scheduledPost(suite.ada.client, 1);
    clock.advance(MINUTE);
    await drain();
    const [mail] = await reminders();
    expect(mail!.text).not.toContain("first comment");
  });

  test("rescheduling moves the reminder to the new time", async () => {
    const post = await scheduledPost(suite.ada.client, 60);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: inMinutes(120), status: "scheduled" })).status).toBe(200);
    const waiting = await suite.app.database.db.select().from(jobs).where(eq(jobs.kind, "post-reminder"));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAt.toISOString()).toBe(inMinutes(120));

    clock.advance(60 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);
    clock.advance(60 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
  });

  test("a post moved after its reminder went is reminded again at its new time", async () => {
    const post = await scheduledPost(suite.ada.client, 1);
    clock.advance(MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: inMinutes(30), status: "scheduled" });
    clock.advance(30 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(2);
  });

  test("marking as posted or deleting before the time cancels the reminder", async () => {
    const posted = await scheduledPost(suite.ada.client, 10);
    const deleted = await scheduledPost(suite.ada.client, 10);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${posted.id}`, { status: "posted" })).status).toBe(200);
    expect((await suite.ada.client.json("DELETE", `/api/posts/${deleted.id}`)).status).toBe(200);
    expect(await suite.app.database.db.select().from(jobs).where(eq(jobs.kind, "post-reminder"))).toHaveLength(0);
    clock.advance(10 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);
  });

  test("unscheduling (back to draft) cancels the reminder; scheduling again plans a new one", async () => {
    const post = await scheduledPost(suite.ada.client, 10);
    const { status, body } = await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "draft", scheduledTime: null });
    expect(await suite.app.database.db.select().from(jobs).where(eq(jobs.kind, "post-reminder"))).toHaveLength(0);
    clock.advance(10 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);

    // Only a scheduled post can be unscheduled; a draft stays as it is.
    expect((await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" })).status).toBe(409);
    expect((await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft", scheduledTime: null })).status).toBe(400);
    expect((await suite.bob.client.json("PATCH", `/api/posts/${post.id}`, { status: "draft" })).status).toBe(404);

    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { scheduledTime: inMinutes(5), status: "scheduled" });
    clock.advance(5 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
  });

  test("a reminder job for a post changed behind its back sends nothing", async () => {
    const post = await scheduledPost(suite.ada.client, 1);
    // As if the job had been queued by an older version, or the post edited by hand.
    await suite.app.database.db.update(posts).set({ status: "posted" }).where(eq(posts.id, post.id));
    clock.advance(MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);
  });

  test("the lead in Settings sends it 15 or 60 minutes before, and re-plans posts already scheduled", async () => {
    const post = await scheduledPost(suite.ada.client, 120);
    const { status, body } = await suite.ada.client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 60 });
    expect(status).toBe(200);
    expect(body).toEqual({ remindersEnabled: true, reminderLeadMinutes: 60 });
    expect((await suite.ada.client.json("GET", "/api/user")).body).toMatchObject({ remindersEnabled: true, reminderLeadMinutes: 60 });

    clock.advance(59 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);
    clock.advance(MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
    expect((await postRow(post.id)).status).toBe("scheduled");

    await suite.ada.client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 15 });
    await scheduledPost(suite.ada.client, 30);
    clock.advance(14 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
    clock.advance(MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(2);
  });

  test("a lead longer than the time left sends the reminder at once", async () => {
    await suite.ada.client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 60 });
    await scheduledPost(suite.ada.client, 5);
    await drain();
    expect(await reminders()).toHaveLength(1);
  });

  test("reminders off: nothing is sent; turned back on, upcoming posts are reminded", async () => {
    await suite.ada.client.json("PATCH", "/api/user/reminders", { remindersEnabled: false, reminderLeadMinutes: 0 });
    await scheduledPost(suite.ada.client, 10);
    await scheduledPost(suite.ada.client, 20);
    clock.advance(10 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(0);
    await suite.ada.client.json("PATCH", "/api/user/reminders", { remindersEnabled: true, reminderLeadMinutes: 0 });
    await drain();
    // The one whose time passed while reminders were off is not chased; the coming one is reminded.
    expect(await reminders()).toHaveLength(0);
    clock.advance(10 * MINUTE);
    await drain();
    expect(await reminders()).toHaveLength(1);
  });

  test("bad reminder settings are a 400 and change nothing; signed out is a 401", async () => {
    for (const body of [
      { remindersEnabled: "yes", reminderLeadMinutes: 0 },
      { remindersEnabled: true, reminderLeadMinutes: 30 },
      { remindersEnabled: true, reminderLeadMinutes: -15 },
      { remindersEnabled: true },
      { remindersEnabled: true, reminderLeadMinutes: 0, extra: 1 },
      [],
      "off",
    ]) {
      const { status, body: answer } = await suite.ada.client.json("PATCH", "/api/user/reminders", body);
      expect(status).toBe(400);
      expect(answer.message).toBeString();
    }
    expect((await suite.ada.client.json("GET", "/api/user")).body).toMatchObject({ remindersEnabled: true, reminderLeadMinutes: 0 });
    const anonymous = await fetch(`${suite.app.url}/api/user/reminders`, { method: "PATCH", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
  });
});

describe("Mark as posted from the email", () => {
  async function remindedPost() {
    const post = await scheduledPost(suite.ada.client, 1);
    clock.advance(MINUTE);
    await drain();
    return { post, token: await tokenFromEmail() };
  }
  const open = (token: string) => fetch(`${suite.app.url}/posted/${token}`);
  const confirm = (token: string, origin = suite.app.url) =>
    fetch(`${suite.app.url}/posted/${token}`, { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: "" });

  test("the link opens a confirmation page that changes nothing; its button marks the post as posted", async () => {
    const { post, token } = await remindedPost();
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Did you post it?");
    expect(html).toContain("Yes, mark as posted");
    expect((await postRow(post.id)).status).toBe("scheduled");

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Marked as posted");
    const row = await postRow(post.id);
    expect(row.status).toBe("posted");
    expect(row.postedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  test("the confirmation can carry the LinkedIn post's address; a bad one is explained and changes nothing", async () => {
    const { post, token } = await remindedPost();
    const send = (body: string) =>
      fetch(`${suite.app.url}/posted/${token}`, {
        method: "POST",
        headers: { origin: suite.app.url, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    const refused = await send(new URLSearchParams({ linkedinUrl: "https://example.com/x" }).toString());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The LinkedIn post URL must be");
    expect((await postRow(post.id)).status).toBe("scheduled");
    const address = "https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000000/";
    expect((await send(new URLSearchParams({ linkedinUrl: address }).toString())).status).toBe(200);
    expect(await postRow(post.id)).toMatchObject({ status: "posted", linkedinUrl: address });
  });

  test("a used link does nothing the second time and says so", async () => {
    const { post, token } = await remindedPost();
    expect((await confirm(token)).status).toBe(200);
    // Back to scheduled by hand: a reused link must not mark it again.
    await suite.app.database.db.update(posts).set({ status: "scheduled", postedAt: null }).where(eq(posts.id, post.id));
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has already been used");
    expect((await postRow(post.id)).status).toBe("scheduled");
    expect((await open(token)).status).toBe(410);
  });

  test("forged, malformed and expired links are clear pages, never a 500, and change nothing", async () => {
    const { post, token } = await remindedPost();
    const forged = [
      token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
      "x".repeat(43),
      "short",
      "a".repeat(500),
      encodeURIComponent("../../api/posts"),
      encodeURIComponent("tok\u0000en-with-nul-and-more-chars"),
      encodeURIComponent("\ud83d\ude00".repeat(20)),
    ];
    for (const bad of forged) {
      const shown = await open(bad);
      expect(shown.status).toBe(404);
      expect(await shown.text()).toContain("This link is not valid");
      expect((await confirm(bad)).status).toBe(404);
    }
    expect((await postRow(post.id)).status).toBe("scheduled");

    clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
    const expired = await confirm(token);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired");
    expect((await postRow(post.id)).status).toBe("scheduled");
  });

  test("a POST from another site is refused", async () => {
    const { post, token } = await remindedPost();
    expect((await confirm(token, "https://evil.example")).status).toBe(403);
    expect((await postRow(post.id)).status).toBe("scheduled");
  });

  test("a post already marked in the app: the link says there is nothing left to do", async () => {
    const { post, token } = await remindedPost();
    await suite.ada.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
    const page = await confirm(token);
    expect(await page.text()).toContain("Nothing left to do");
  });

  test("after the trial is cancelled the link follows the API's rule: 403, the subscription named, nothing changed", async () => {
    const carol = await signUpSubscriber(suite.app.url, { name: "Carol" });
    const post = await scheduledPost(carol.client, 1);
    clock.advance(MINUTE);
    await drain();
    const [mail] = await reminders(carol.user.email);
    const token = mail!.text.match(/\/posted\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await carol.client.json("POST", "/api/stripe/cancel-subscription")).status).toBe(200);
    const api = await carol.client.json("PATCH", `/api/posts/${post.id}`, { status: "posted" });
    expect(api.status).toBe(403);
    for (const answer of [await open(token), await confirm(token)]) {
      expect(answer.status).toBe(403);
      const html = await answer.text();
      expect(html).toContain(api.body.message);
      expect(html).not.toContain("Yes, mark as posted");
      expect(html).toContain('href="/subscription-expired"');
    }
    expect((await postRow(post.id)).status).toBe("scheduled");
    const [row] = await suite.app.database.db.select().from(actionTokens).where(eq(actionTokens.postId, post.id));
    expect(row!.usedAt).toBeNull();
  });

  test("tokens are stored hashed, one per reminder, for one post and one action", async () => {
    const { post, token } = await remindedPost();
    const rows = await suite.app.database.db.select().from(actionTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ postId: post.id, userId: suite.ada.user.id, action: "mark-posted", usedAt: null });
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The send-email job no longer holds the token once the email went out.
    const sendJobs = await suite.app.database.db.select().from(jobs).where(eq(jobs.kind, "send-email"));
    expect(JSON.stringify(sendJobs.map((job) => job.payload))).not.toContain(token);
  });
});
