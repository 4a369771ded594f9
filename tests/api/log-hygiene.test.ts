import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq, sql } from "drizzle-orm";
import { emailOutbox, users } from "../../db/schema";
import { createLogger } from "../../src/logger";
import { apiClient, signUp } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The log of a whole run, at debug level, holds none of what it must never carry (hardening
 * issue, item 4): passwords, password hashes, reset tokens, session cookies, the emails of
 * failed requests, post and article text, contact messages, or a failed query's parameters.
 * The run goes through real HTTP with the queue running, as a user and an attacker would.
 */

const lines: string[] = [];
let app: TestApp;
const high = { limit: 100_000, windowMs: 60_000 };

beforeAll(async () => {
  app = await startTestApp({
    logger: createLogger("debug", {}, (line) => lines.push(line)),
    queue: { pollIntervalMs: 10, backoffMs: () => 0 },
    rateLimits: { login: high, loginAccount: high, signup: high, forgotPassword: high, resetPassword: high, contact: high, generation: high },
  });
});
afterAll(async () => {
  await app.close();
});

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 300; tries++) {
    const value = await read();
    if (value !== undefined) return value;
    await Bun.sleep(20);
  }
  throw new Error("timed out");
}

describe("the log of a full run", () => {
  test("carries no secret, no failed request's email and no content", async () => {
    const never: Record<string, string> = {};
    const unique = crypto.randomUUID().slice(0, 8);

    // An account, its session and its password hash.
    const password = `first password ${unique}`;
    const { client, user } = await signUp(app.url, { email: `owner-${unique}@example.com`, password });
    never.password = password;
    // Recipients are logged by their domain only (the outbox's line, in every mode).
    never.recipient = user.email;
    never.cookie = client.cookie.split("=")[1]!;

    // Failed requests: a signup refused for its password, logins with wrong details, a reset with a forged token.
    never.failedSignupEmail = `refused-${unique}@example.com`;
    expect((await apiClient(app.url).json("POST", "/api/auth/signup", { name: "Refused", email: never.failedSignupEmail, password: "x" })).status).toBe(400);
    never.unknownLoginEmail = `nobody-${unique}@example.com`;
    never.wrongPassword = `wrong password ${unique}`;
    expect((await apiClient(app.url).json("POST", "/api/auth/login", { email: never.unknownLoginEmail, password: never.wrongPassword })).status).toBe(401);
    expect((await apiClient(app.url).json("POST", "/api/auth/login", { email: user.email, password: never.wrongPassword })).status).toBe(401);
    never.forgedToken = `forged${unique}forged${unique}forged`;
    never.forgedTokenPassword = `forged reset ${unique}`;
    expect((await apiClient(app.url).json("POST", "/api/auth/reset-password", { token: never.forgedToken, password: never.forgedTokenPassword })).status).toBe(
      400,
    );
    // A reset asked for an address with no account answers like any other, and logs nothing of it.
    never.unknownResetEmail = `no-account-${unique}@example.com`;
    expect((await apiClient(app.url).json("POST", "/api/auth/forgot-password", { email: never.unknownResetEmail })).status).toBe(200);

    // A real reset: the token from the email, a new password.
    expect((await apiClient(app.url).json("POST", "/api/auth/forgot-password", { email: user.email })).status).toBe(200);
    const mail = await waitFor(async () => {
      const [row] = await app.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "password-reset")))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      return row;
    });
    never.resetToken = decodeURIComponent(mail.text.match(/\/reset-password\?token=([^\s"&)\]]+)/)![1]!);
    never.newPassword = `second password ${unique}`;
    expect((await apiClient(app.url).json("POST", "/api/auth/reset-password", { token: never.resetToken, password: never.newPassword })).status).toBe(200);
    const signedIn = apiClient(app.url);
    expect((await signedIn.json("POST", "/api/auth/login", { email: user.email, password: never.newPassword })).status).toBe(200);
    never.secondCookie = signedIn.cookie.split("=")[1]!;

    // A subscriber's work: a plan from an article, its posts saved and edited, a contact message.
    expect((await signedIn.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const article = await readArticle("founders/07-four-hires-i-got-wrong.md");
    never.articleSentence = article
      .split(/(?<=[.!?])\s+/)
      .find((sentence) => sentence.length > 60 && !sentence.includes("#"))!
      .trim();
    const plan = await signedIn.json("POST", "/api/posts/generate", { contentText: article, contentType: "blog" });
    expect(plan.status).toBe(200);
    never.planPost = plan.body.posts[1].content.split("\n").find((line: string) => line.length > 40);
    const saved = await signedIn.json("POST", `/api/sources/${plan.body.sourceId}/drafts`, { posts: plan.body.posts });
    expect(saved.status).toBe(201);
    never.editedPost = `An edited post that only its author should ever read ${unique}.`;
    expect((await signedIn.json("PATCH", `/api/posts/${saved.body.saved[0].id}`, { content: never.editedPost })).status).toBe(200);
    never.contactMessage = `A private question for support about my account ${unique}.`;
    never.contactEmail = `contact-${unique}@example.com`;
    expect(
      (await apiClient(app.url).json("POST", "/api/contact", { name: "Ada", email: never.contactEmail, subject: "general", message: never.contactMessage }))
        .status,
    ).toBe(201);

    // A failed query (the database refuses this post): the log keeps the SQL, not the values.
    never.refusedPost = `A post the database refuses ${unique}, with enough words to be a post.`;
    await app.database.rows(
      sql.raw(`create or replace function refuse_logged_post() returns trigger language plpgsql as $$
      begin if new.content like '%database refuses%' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await app.database.rows(sql.raw("create trigger refuse_logged_post before insert on posts for each row execute function refuse_logged_post()"));
    try {
      expect((await signedIn.json("POST", "/api/posts", { content: never.refusedPost })).status).toBe(500);
    } finally {
      await app.database.rows(sql.raw("drop trigger refuse_logged_post on posts"));
      await app.database.rows(sql.raw("drop function refuse_logged_post()"));
    }

    // Let the queue finish (emails), then read the log.
    await waitFor(async () => ((await app.queue.idle()) ? true : undefined));
    const [row] = await app.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    never.passwordHash = row!.hash;

    const log = lines.join("\n");
    // The log is a real one: it saw the run.
    expect(log).toContain('"message":"unhandled error"');
    expect(log).toContain('insert into \\"posts\\"');
    expect(log).toContain('"message":"email written to outbox"');
    expect(log).toContain('"toDomain":"example.com"');
    expect(log).toContain('"message":"plan generated"');
    for (const [what, value] of Object.entries(never)) {
      expect(value.length).toBeGreaterThan(10);
      expect([what, log.includes(value)]).toEqual([what, false]);
    }
    expect(log).not.toContain("$argon2");
    expect(log).not.toContain('params: [\\"');
  });
});
