import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { emailOutbox, jobs, passwordResetTokens, sessions, users } from "../../db/schema";
import { SESSION_COOKIE } from "../../src/plugins/session";
import { signUp } from "../support/api-client";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The accounts API from outside: input checking on every endpoint, sessions (tampered, expired,
 * revoked), password reset tokens, the origin check, rate limits, and that no answer leaks a
 * password hash or a token.
 */

const SESSION_SECRET = "auth-test-session-secret-of-at-least-32-characters";
const DAY = 24 * 60 * 60 * 1000;
const START = "2026-03-02T09:00:00Z";
const clock = new ManualClock(START);
const high = { limit: 1000, windowMs: 60_000 };
let app: TestApp;
// Every answer body this file sees, checked for secrets at the end.
const seenBodies: string[] = [];

beforeAll(async () => {
  app = await startTestApp({
    clock,
    runJobs: false,
    env: { SESSION_SECRET },
    rateLimits: { login: high, signup: high, forgotPassword: high, resetPassword: high },
  });
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  clock.set(START);
});

type Options = { cookie?: string; origin?: string; contentType?: string };

/** A request with a JSON body (a string body is sent as it is); answers the status, the JSON and the Set-Cookie. */
async function call(method: string, path: string, body?: unknown, options: Options = {}) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  seenBodies.push(text);
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json, setCookie: response.headers.get("set-cookie"), headers: response.headers };
}

const sessionCookie = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

async function counts() {
  const [row] = await app.database.rows<Record<string, number>>(sql`select
    (select count(*)::int from users) as users,
    (select count(*)::int from sessions) as sessions,
    (select count(*)::int from sessions where revoked_at is null) as live_sessions,
    (select count(*)::int from password_reset_tokens) as tokens,
    (select count(*)::int from jobs) as jobs`);
  return row!;
}

async function userByEmail(email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Runs queued jobs until none is left (the job runner is off in this file, so nothing runs behind a test's back). */
async function drainQueue() {
  while (await app.queue.runOnce()) {}
}

/** Asks for a reset link and reads its token from the email the queued jobs sent. */
async function resetTokenFor(email: string): Promise<string> {
  expect((await call("POST", "/api/auth/forgot-password", { email })).status).toBe(200);
  await drainQueue();
  const [mail] = await app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/reset-password\?token=([^\s"&)\]]+)/)?.[1];
  if (!token) throw new Error(`no reset email for ${email}`);
  return decodeURIComponent(token);
}

function signJwt(payload: Record<string, unknown>, secret: string, alg = "HS256"): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const head = `${encode({ alg, typ: "JWT" })}.${encode(payload)}`;
  if (alg === "none") return `${head}.`;
  return `${head}.${createHmac("sha256", secret).update(head).digest("base64url")}`;
}

const MB = 1024 * 1024;

describe("input checking: a bad body is a 400 {message} and writes nothing", () => {
  const valid = { name: "Grace Hopper", email: "grace@example.com", password: "correct horse" };
  const malformed = '{"email": "grace@example.com", ';

  const signupCases: [string, unknown][] = [
    ["no body", ""],
    ["malformed JSON", malformed],
    ["null", "null"],
    ["an array", [valid]],
    ["a string", '"grace"'],
    ["missing name", { ...valid, name: undefined }],
    ["blank name", { ...valid, name: "   " }],
    ["missing email", { ...valid, email: undefined }],
    ["missing password", { ...valid, password: undefined }],
    ["name a number", { ...valid, name: 42 }],
    ["email an array", { ...valid, email: ["grace@example.com"] }],
    ["password a number", { ...valid, password: 12345678 }],
    ["name over 100 characters", { ...valid, name: "x".repeat(101) }],
    ["email over 254 characters", { ...valid, email: `${"x".repeat(250)}@example.com` }],
    ["password over 200 characters", { ...valid, password: "x".repeat(201) }],
    ["an invalid email", { ...valid, email: "grace-at-example" }],
    ["a password under 6 characters", { ...valid, password: "12345" }],
  ];
  for (const [what, body] of signupCases) {
    test(`POST /api/auth/signup with ${what}`, async () => {
      const before = await counts();
      const answer = await call("POST", "/api/auth/signup", body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
      expect(answer.setCookie).toBeNull();
      expect(await counts()).toEqual(before);
    });
  }

  const loginCases: [string, unknown][] = [
    ["no body", ""],
    ["malformed JSON", malformed],
    ["an array", [valid]],
    ["missing email", { password: "x" }],
    ["missing password", { email: "grace@example.com" }],
    ["email a number", { email: 1, password: "x" }],
    ["password an object", { email: "grace@example.com", password: { $ne: "" } }],
    ["email over 254 characters", { email: `${"x".repeat(250)}@example.com`, password: "x" }],
    ["password over 200 characters", { email: "grace@example.com", password: "x".repeat(201) }],
  ];
  for (const [what, body] of loginCases) {
    test(`POST /api/auth/login with ${what}`, async () => {
      const before = await counts();
      const answer = await call("POST", "/api/auth/login", body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
      expect(answer.setCookie).toBeNull();
      expect(await counts()).toEqual(before);
    });
  }

  const forgotCases: [string, unknown][] = [
    ["no body", ""],
    ["malformed JSON", malformed],
    ["missing email", {}],
    ["blank email", { email: "  " }],
    ["email a number", { email: 7 }],
    ["email over 254 characters", { email: `${"x".repeat(250)}@example.com` }],
  ];
  for (const [what, body] of forgotCases) {
    test(`POST /api/auth/forgot-password with ${what}`, async () => {
      const before = await counts();
      const answer = await call("POST", "/api/auth/forgot-password", body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
      expect(await counts()).toEqual(before);
    });
  }

  const resetCases: [string, unknown][] = [
    ["no body", ""],
    ["malformed JSON", malformed],
    ["missing token", { password: "a new password" }],
    ["blank token", { token: "  ", password: "a new password" }],
    ["missing password", { token: "abc" }],
    ["token a number", { token: 5, password: "a new password" }],
    ["password an array", { token: "abc", password: ["a new password"] }],
    ["token over 200 characters", { token: "x".repeat(201), password: "a new password" }],
    ["password over 200 characters", { token: "abc", password: "x".repeat(201) }],
    ["a password under 8 characters", { token: "abc", password: "1234567" }],
  ];
  for (const [what, body] of resetCases) {
    test(`POST /api/auth/reset-password with ${what}`, async () => {
      const before = await counts();
      const answer = await call("POST", "/api/auth/reset-password", body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe("string");
      expect(await counts()).toEqual(before);
    });
  }

  test("signed-in endpoints: PATCH /api/user/profile and DELETE /api/user", async () => {
    const { client, user } = await signUp(app.url, { name: "Profile Person" });
    const row = async () => (await app.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const before = await row();
    const good = { name: "Profile Person", timezone: "Europe/London", linkedinHandle: "profile-person" };
    const profileCases: [string, unknown][] = [
      ["no body", ""],
      ["malformed JSON", malformed],
      ["an array", [good]],
      ["missing name", { ...good, name: undefined }],
      ["blank name", { ...good, name: " " }],
      ["missing timezone", { ...good, timezone: undefined }],
      ["name a number", { ...good, name: 3 }],
      ["timezone an object", { ...good, timezone: { zone: "Europe/London" } }],
      ["linkedinHandle a number", { ...good, linkedinHandle: 12345 }],
      ["name over 100 characters", { ...good, name: "x".repeat(101) }],
      ["linkedinHandle over 200 characters", { ...good, linkedinHandle: "x".repeat(201) }],
      ["an unknown timezone", { ...good, timezone: "Mars/Olympus_Mons" }],
      ["a handle with spaces", { ...good, linkedinHandle: "not a handle" }],
      ["a URL that is not a LinkedIn profile", { ...good, linkedinHandle: "https://example.com/in/someone" }],
    ];
    for (const [what, body] of profileCases) {
      const answer = await call("PATCH", "/api/user/profile", body, { cookie: client.cookie });
      expect([what, answer.status, typeof answer.body?.message]).toEqual([what, 400, "string"]);
    }
    expect(await row()).toEqual(before);

    const deleteCases: [string, unknown][] = [
      ["no body", ""],
      ["malformed JSON", malformed],
      ["missing email", {}],
      ["email a number", { email: 1 }],
      ["email over 254 characters", { email: `${"x".repeat(250)}@example.com` }],
      ["another address", { email: "someone-else@example.com" }],
    ];
    for (const [what, body] of deleteCases) {
      const answer = await call("DELETE", "/api/user", body, { cookie: client.cookie });
      expect([what, answer.status, typeof answer.body?.message]).toEqual([what, 400, "string"]);
    }
    expect(await row()).toEqual(before);
    expect((await call("GET", "/api/user", undefined, { cookie: client.cookie })).status).toBe(200);
  });

  test("a body over 1 MB is refused before it is read", async () => {
    const before = await counts();
    const answer = await call("POST", "/api/auth/signup", { ...valid, name: "x".repeat(2 * MB) });
    expect(answer.status).toBe(413);
    expect(await counts()).toEqual(before);
  });
});

describe("signup and login", () => {
  test("signup answers 201 with the user and a session cookie; login answers 200 with another session", async () => {
    const created = await call("POST", "/api/auth/signup", { name: "  Ada Lovelace ", email: " Ada@Example.com ", password: "analytical engine" });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", paymentMethodAdded: false, timezone: "America/New_York" });
    expect(created.setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(created.setCookie).toMatch(/HttpOnly/i);
    expect(created.setCookie).toMatch(/SameSite=Lax/i);
    const me = await call("GET", "/api/auth/me", undefined, { cookie: sessionCookie(created.setCookie) });
    expect(Object.keys(me.body).sort()).toEqual(["email", "id", "linkedinHandle", "name", "subscriptionEndDate", "subscriptionStatus", "timezone"]);
    const guard = await call("GET", "/api/user", undefined, { cookie: sessionCookie(created.setCookie) });
    expect(Object.keys(guard.body).sort()).toEqual(
      // The guard's fields (PRODUCT.md), then the posting assistant's: reminders and the calendar feed.
      [
        "email",
        "id",
        "linkedinHandle",
        "name",
        "paymentMethodAdded",
        "subscriptionEndDate",
        "subscriptionStatus",
        "timezone",
        "trialEnd",
        "remindersEnabled",
        "reminderLeadMinutes",
        "calendarFeedUrl",
      ].sort(),
    );

    const loggedIn = await call("POST", "/api/auth/login", { email: "ADA@example.com ", password: "analytical engine" });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.user.email).toBe("ada@example.com");
    expect(sessionCookie(loggedIn.setCookie)).not.toBe(sessionCookie(created.setCookie));
  });

  test("duplicate signup is a 409, whatever the case or spaces, and adds nothing", async () => {
    await signUp(app.url, { email: "twin@example.com" });
    for (const email of ["twin@example.com", "TWIN@Example.COM", "  twin@example.com  "]) {
      const before = await counts();
      const answer = await call("POST", "/api/auth/signup", { name: "Twin", email, password: "another password" });
      expect([email, answer.status]).toEqual([email, 409]);
      expect(answer.body.message).toBe("An account with this email already exists. Please sign in instead.");
      expect(answer.setCookie).toBeNull();
      expect(await counts()).toEqual(before);
    }
  });

  test("a wrong password and an unknown address get the same 401, and no session", async () => {
    await signUp(app.url, { email: "known@example.com", password: "right password" });
    const before = await counts();
    const wrong = await call("POST", "/api/auth/login", { email: "known@example.com", password: "wrong password" });
    const unknown = await call("POST", "/api/auth/login", { email: "nobody@example.com", password: "wrong password" });
    expect(wrong).toMatchObject({ status: 401, body: { message: "Invalid email or password." }, setCookie: null });
    expect(unknown).toMatchObject({ status: 401, body: { message: "Invalid email or password." }, setCookie: null });
    expect(await counts()).toEqual(before);
  });
});

describe("sessions", () => {
  test("signed out, every user endpoint answers 401 {message}", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/user"],
      ["GET", "/api/auth/me"],
      ["PATCH", "/api/user/profile", { name: "X", timezone: "Europe/London" }],
      ["GET", "/api/user/export"],
      ["DELETE", "/api/user", { email: "x@example.com" }],
    ] as [string, string, unknown?][]) {
      const answer = await call(method, path, body);
      expect([method, path, answer.status, typeof answer.body.message]).toEqual([method, path, 401, "string"]);
    }
  });

  test("a tampered, forged or foreign cookie is a 401", async () => {
    const { client } = await signUp(app.url);
    const token = client.cookie.split("=")[1]!;
    const [head, payload, signature] = token.split(".") as [string, string, string];
    const otherSid = (await app.database.db.select({ id: sessions.id }).from(sessions).limit(1))[0]!.id;
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const forgedPayload = Buffer.from(JSON.stringify({ sid: otherSid, exp: Math.floor(Date.now() / 1000) + 3600 })).toString("base64url");
    const liveSid = JSON.parse(Buffer.from(payload, "base64url").toString()).sid as string;
    const tampered: [string, string][] = [
      ["a changed signature", `${head}.${payload}.${flipped}`],
      ["another session's id under the old signature", `${head}.${forgedPayload}.${signature}`],
      ["signed with another key", signJwt({ sid: liveSid, exp: Math.floor(Date.now() / 1000) + 3600 }, "some other secret of at least 32 characters")],
      ["an unsigned token", signJwt({ sid: liveSid }, "", "none")],
      ["not a JWT at all", "hello"],
      ["an empty value", ""],
    ];
    for (const [what, value] of tampered) {
      const answer = await call("GET", "/api/user", undefined, { cookie: `${SESSION_COOKIE}=${value}` });
      expect([what, answer.status]).toEqual([what, 401]);
    }
    // Correctly signed, but naming no live session row: still signed out.
    for (const sid of [crypto.randomUUID(), "not-a-uuid"]) {
      const answer = await call("GET", "/api/user", undefined, {
        cookie: `${SESSION_COOKIE}=${signJwt({ sid, exp: Math.floor(Date.now() / 1000) + 3600 }, SESSION_SECRET)}`,
      });
      expect([sid, answer.status]).toEqual([sid, 401]);
    }
    // The untouched cookie still works.
    expect((await call("GET", "/api/user", undefined, { cookie: client.cookie })).status).toBe(200);
  });

  test("a session expires after 30 days (the injected clock, no waiting)", async () => {
    const { client } = await signUp(app.url);
    clock.advance(30 * DAY - 1000);
    expect((await call("GET", "/api/user", undefined, { cookie: client.cookie })).status).toBe(200);
    clock.advance(1000);
    expect((await call("GET", "/api/user", undefined, { cookie: client.cookie })).status).toBe(401);
  });

  test("logout revokes the session: the old cookie is refused afterwards", async () => {
    const { client } = await signUp(app.url);
    const cookie = client.cookie;
    const out = await call("POST", "/api/auth/logout", undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(new RegExp(`${SESSION_COOKIE}=;|Max-Age=0`, "i"));
    expect((await call("GET", "/api/user", undefined, { cookie })).status).toBe(401);
    expect((await call("GET", "/api/auth/me", undefined, { cookie })).status).toBe(401);
  });
});

describe("password reset", () => {
  test("forgot-password answers the same for any address, and emails only a real account", async () => {
    await signUp(app.url, { email: "real@example.com" });
    const real = await call("POST", "/api/auth/forgot-password", { email: "real@example.com" });
    const unknown = await call("POST", "/api/auth/forgot-password", { email: "ghost@example.com" });
    expect(real.status).toBe(200);
    expect(unknown).toEqual({ ...real, headers: unknown.headers });
    await drainQueue();
    const sentTo = (await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "password-reset"))).map((mail) => mail.toAddress);
    expect(sentTo).toContain("real@example.com");
    expect(sentTo).not.toContain("ghost@example.com");
  });

  test("a reset sets the new password, revokes every session, and the token works once", async () => {
    const { user, password } = await signUp(app.url, { email: "reset-me@example.com" });
    const phone = await call("POST", "/api/auth/login", { email: user.email, password });
    const laptop = await call("POST", "/api/auth/login", { email: user.email, password });
    const token = await resetTokenFor(user.email);
    // Only the hash is stored.
    const stored = await app.database.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const done = await call("POST", "/api/auth/reset-password", { token, password: "a brand new password" });
    expect(done.status).toBe(200);
    expect(typeof done.body.message).toBe("string");
    for (const session of [phone, laptop]) {
      expect((await call("GET", "/api/user", undefined, { cookie: sessionCookie(session.setCookie) })).status).toBe(401);
    }
    expect((await call("POST", "/api/auth/login", { email: user.email, password })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { email: user.email, password: "a brand new password" })).status).toBe(200);

    const again = await call("POST", "/api/auth/reset-password", { token, password: "yet another password" });
    expect(again.status).toBe(400);
    expect((await call("POST", "/api/auth/login", { email: user.email, password: "a brand new password" })).status).toBe(200);
  });

  test("a successful reset retires every other link the user was sent", async () => {
    const { user } = await signUp(app.url, { email: "two-links@example.com" });
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await call("POST", "/api/auth/reset-password", { token: second, password: "the second link's password" })).status).toBe(200);
    const older = await call("POST", "/api/auth/reset-password", { token: first, password: "the first link's password" });
    expect(older.status).toBe(400);
    expect((await call("POST", "/api/auth/login", { email: user.email, password: "the first link's password" })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { email: user.email, password: "the second link's password" })).status).toBe(200);
  });

  test("a bogus token is refused before any password is hashed", async () => {
    const hash = Bun.password.hash;
    let hashed = 0;
    Bun.password.hash = ((...args: Parameters<typeof hash>) => {
      hashed++;
      return hash(...args);
    }) as typeof hash;
    try {
      for (let i = 0; i < 5; i++)
        expect((await call("POST", "/api/auth/reset-password", { token: `bogus-${i}-${"A".repeat(40)}`, password: "whatever password" })).status).toBe(400);
      expect(hashed).toBe(0);
      const { user } = await signUp(app.url, { email: "hash-once@example.com" });
      const before = hashed;
      expect((await call("POST", "/api/auth/reset-password", { token: await resetTokenFor(user.email), password: "a real new password" })).status).toBe(200);
      expect(hashed - before).toBe(1);
    } finally {
      Bun.password.hash = hash;
    }
  });

  test("a token expires after 1 hour", async () => {
    const { user } = await signUp(app.url, { email: "slow@example.com" });
    const late = await resetTokenFor(user.email);
    clock.advance(60 * 60 * 1000);
    expect((await call("POST", "/api/auth/reset-password", { token: late, password: "too late password" })).status).toBe(400);

    clock.set(START);
    const inTime = await resetTokenFor(user.email);
    clock.advance(60 * 60 * 1000 - 1000);
    expect((await call("POST", "/api/auth/reset-password", { token: inTime, password: "just in time" })).status).toBe(200);
  });

  test("an unknown token is a 400 and changes nothing", async () => {
    const before = await counts();
    const answer = await call("POST", "/api/auth/reset-password", { token: "A".repeat(43), password: "whatever password" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/invalid or has expired/);
    expect(await counts()).toEqual(before);
  });
});

describe("password reset and the calendar feed", () => {
  test("a reset retires the calendar feed address; Settings shows the new one, which works", async () => {
    const { client, user } = await signUp(app.url, { email: `feed-reset-${crypto.randomUUID().slice(0, 8)}@example.com` });
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    const before = (await client.json("GET", "/api/user")).body.calendarFeedUrl as string;
    expect((await fetch(before)).status).toBe(200);

    // A reset is what someone does when the account may be in other hands: the old address stops working.
    expect((await call("POST", "/api/auth/reset-password", { token: await resetTokenFor(user.email), password: "a password after the feed" })).status).toBe(
      200,
    );
    expect((await fetch(before)).status).toBe(404);

    const signedIn = await call("POST", "/api/auth/login", { email: user.email, password: "a password after the feed" });
    const cookie = sessionCookie(signedIn.setCookie);
    const after = (await call("GET", "/api/user", undefined, { cookie })).body.calendarFeedUrl as string;
    expect(after).toStartWith(`${app.config.appUrl}/calendar-feed/`);
    expect(after).not.toBe(before);
    expect((await fetch(after)).status).toBe(200);
    const settings = await fetch(`${app.url}/settings`, { headers: { cookie } });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html).toContain(after);
    expect(html).not.toContain(before);
  });
});

describe("profile, export and deletion", () => {
  test("PATCH /api/user/profile saves and normalises; GET /api/user/export is a JSON download", async () => {
    const { client } = await signUp(app.url, { name: "Old Name" });
    const saved = await call(
      "PATCH",
      "/api/user/profile",
      { name: " New Name ", timezone: "Asia/Tokyo", linkedinHandle: "https://www.linkedin.com/in/new-name/" },
      { cookie: client.cookie },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "New Name", timezone: "Asia/Tokyo", linkedinHandle: "new-name" });
    expect((await call("GET", "/api/auth/me", undefined, { cookie: client.cookie })).body).toMatchObject({ name: "New Name", timezone: "Asia/Tokyo" });

    const exported = await call("GET", "/api/user/export", undefined, { cookie: client.cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    expect(exported.body.profile).toMatchObject({ name: "New Name", linkedinHandle: "new-name" });
    expect(Array.isArray(exported.body.posts)).toBe(true);
  });

  test("DELETE /api/user with the right email deletes the account and signs out", async () => {
    const { client, user, password } = await signUp(app.url);
    const answer = await call("DELETE", "/api/user", { email: ` ${user.email.toUpperCase()} ` }, { cookie: client.cookie });
    expect(answer.status).toBe(200);
    expect(await userByEmail(user.email)).toBeUndefined();
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await call("GET", "/api/user", undefined, { cookie: client.cookie })).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { email: user.email, password })).status).toBe(401);
  });
});

describe("the origin check: state-changing requests from another site are refused", () => {
  test("403 for every account endpoint, and nothing changes", async () => {
    const { client, user, password } = await signUp(app.url, { email: "victim@example.com" });
    const evil = "https://evil.example";
    const before = await counts();
    const attempts: [string, string, unknown, boolean][] = [
      ["POST", "/api/auth/signup", { name: "Eve", email: "eve@example.com", password: "password1" }, false],
      ["POST", "/api/auth/login", { email: user.email, password }, false],
      ["POST", "/api/auth/forgot-password", { email: user.email }, false],
      ["POST", "/api/auth/reset-password", { token: "abc", password: "password123" }, false],
      ["POST", "/api/auth/logout", undefined, true],
      ["PATCH", "/api/user/profile", { name: "Hacked", timezone: "Europe/London" }, true],
      ["DELETE", "/api/user", { email: user.email }, true],
    ];
    for (const [method, path, body, withCookie] of attempts) {
      const answer = await call(method, path, body, { origin: evil, cookie: withCookie ? client.cookie : undefined });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 403, "Requests from other sites are not allowed."]);
    }
    expect(await counts()).toEqual(before);
    expect((await userByEmail(user.email))!.name).toBe(user.name);
    // The same requests from the app's own origin pass.
    const own = await call("PATCH", "/api/user/profile", { name: "Still Me", timezone: "Europe/London" }, { origin: app.url, cookie: client.cookie });
    expect(own.status).toBe(200);
  });
});

describe("the timezone at signup", () => {
  test("the browser's IANA zone is kept; anything else leaves the default", async () => {
    const london = await call("POST", "/api/auth/signup", {
      name: "Zoe",
      email: "zone-london@example.com",
      password: "password123",
      timezone: "Europe/London",
    });
    expect(london.status).toBe(201);
    expect((await userByEmail("zone-london@example.com"))!.timezone).toBe("Europe/London");
    for (const [n, timezone] of [
      [1, "Mars/Olympus_Mons"],
      [2, "EST5EDT; drop table users"],
      [3, undefined],
    ] as const) {
      const answer = await call("POST", "/api/auth/signup", {
        name: "Zoe",
        email: `zone-${n}@example.com`,
        password: "password123",
        ...(timezone ? { timezone } : {}),
      });
      expect(answer.status).toBe(201);
      expect((await userByEmail(`zone-${n}@example.com`))!.timezone).toBe("America/New_York");
    }
    expect((await call("POST", "/api/auth/signup", { name: "Zoe", email: "zone-4@example.com", password: "password123", timezone: 42 })).status).toBe(400);
  });
});

describe("the origin check does not trust the Host header", () => {
  test("a page whose origin matches the Host it sent (a rebound DNS name) is still another site", async () => {
    const { client } = await signUp(app.url);
    const before = (await client.json("GET", "/api/user")).body.name;
    for (const host of ["evil.example", "evil.example:80", new URL(app.url).host.replace("localhost", "rebound.example")]) {
      const answer = await fetch(`${app.url}/api/user/profile`, {
        method: "PATCH",
        headers: { host, origin: `http://${host}`, cookie: client.cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "Rebound", timezone: "Europe/London" }),
      });
      expect([host, answer.status]).toEqual([host, 403]);
    }
    expect((await client.json("GET", "/api/user")).body.name).toBe(before);
  });

  test("the app's own origin passes, and outside production so does the other loopback name on its port", async () => {
    const { client } = await signUp(app.url);
    const loopback = app.url.replace("localhost", "127.0.0.1");
    for (const origin of [app.url, loopback]) {
      const answer = await call("PATCH", "/api/user/profile", { name: "Own Origin", timezone: "Europe/London" }, { origin, cookie: client.cookie });
      expect([origin, answer.status]).toEqual([origin, 200]);
    }
    const otherPort = await call(
      "PATCH",
      "/api/user/profile",
      { name: "Other Port", timezone: "Europe/London" },
      { origin: "http://localhost:1", cookie: client.cookie },
    );
    expect(otherPort.status).toBe(403);
  });
});

describe("no answer leaks a password hash or a token", () => {
  test("across every endpoint this file called", async () => {
    // One more full round, so each endpoint's success answer is in the list even if run alone.
    const { client, user, password } = await signUp(app.url, { email: "leak-check@example.com" });
    const cookie = client.cookie;
    await call("GET", "/api/user", undefined, { cookie });
    await call("GET", "/api/auth/me", undefined, { cookie });
    await call("PATCH", "/api/user/profile", { name: "Leak Check", timezone: "Europe/Paris" }, { cookie });
    await call("GET", "/api/user/export", undefined, { cookie });
    await call("POST", "/api/auth/login", { email: user.email, password });
    const token = await resetTokenFor(user.email);
    await call("POST", "/api/auth/reset-password", { token, password: "leak check password" });
    const fresh = await call("POST", "/api/auth/login", { email: user.email, password: "leak check password" });
    await call("POST", "/api/auth/logout", undefined, { cookie: sessionCookie(fresh.setCookie) });
    const last = await call("POST", "/api/auth/login", { email: user.email, password: "leak check password" });
    await call("DELETE", "/api/user", { email: user.email }, { cookie: sessionCookie(last.setCookie) });

    expect(seenBodies.length).toBeGreaterThan(20);
    const hashes = (await app.database.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);
    for (const body of seenBodies) {
      expect(body).not.toContain("passwordHash");
      expect(body).not.toContain("password_hash");
      expect(body).not.toContain("$argon2");
      expect(body).not.toContain(token);
      expect(body).not.toContain(SESSION_SECRET);
      for (const hash of hashes) expect(body).not.toContain(hash);
    }
  });
});

describe("rate limits (the defaults, on an app of their own)", () => {
  let limited: TestApp;
  const limitedClock = new ManualClock(START);
  beforeAll(async () => {
    limited = await startTestApp({ clock: limitedClock, runJobs: false });
  });
  afterAll(async () => {
    await limited.close();
  });

  async function hammer(path: string, body: (i: number) => unknown, limit: number) {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= limit; i++) {
      last = await fetch(`${limited.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body(i)) });
      statuses.push(last.status);
      seenBodies.push(await last.text());
    }
    return { statuses, retryAfter: last!.headers.get("retry-after") };
  }

  test("login: 10 tries per 15 minutes, then 429 with Retry-After; the window ends on the clock", async () => {
    // A different account each time: this is the per-address limit (per-account backoff: tests/api/rate-limits.test.ts).
    const { statuses, retryAfter } = await hammer("/api/auth/login", (i) => ({ email: `someone${i}@example.com`, password: "guess" }), 10);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    limitedClock.advance(15 * 60 * 1000);
    const after = await fetch(`${limited.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "guess" }),
    });
    expect(after.status).toBe(401);
  });

  test("signup: 10 per hour, then 429 and no 11th account", async () => {
    const { statuses } = await hammer("/api/auth/signup", (i) => ({ name: "Many", email: `many${i}@example.com`, password: "password1" }), 10);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const [row] = await limited.database.rows<{ n: number }>(sql`select count(*)::int as n from users where email like 'many%'`);
    expect(row!.n).toBe(10);
  });

  test("reset-password: 10 tries per 15 minutes from one address, then 429", async () => {
    const { statuses } = await hammer("/api/auth/reset-password", (i) => ({ token: `guess-${i}-${"A".repeat(40)}`, password: "password123" }), 10);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("forgot-password: 5 per hour, then 429 and nothing more queued", async () => {
    const { statuses } = await hammer("/api/auth/forgot-password", () => ({ email: "many0@example.com" }), 5);
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
    const queued = await limited.database.db.select().from(jobs).where(eq(jobs.kind, "request-password-reset"));
    expect(queued.length).toBe(5);
  });
});
