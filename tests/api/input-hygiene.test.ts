import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { findUnstorableText } from "../../src/http-error";
import { type ApiClient, apiClient, signUp } from "../support/api-client";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * One rule for every text field (hardening issue, finding 5): a NUL or a lone surrogate is a 400
 * naming the field, never a 500, and nothing is written; error messages never echo the input;
 * out-of-range months are refused without an error.
 */

const high = { limit: 100_000, windowMs: 60_000 };
let app: TestApp;
let ada: { client: ApiClient };

beforeAll(async () => {
  app = await startTestApp({
    runJobs: false,
    rateLimits: { login: high, signup: high, forgotPassword: high, resetPassword: high, contact: high, generation: high },
  });
  ada = await signUp(app.url, { name: "Ada" });
  expect((await ada.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

async function rowCounts() {
  const [row] = await app.database.rows<Record<string, number>>(sql`select
    (select count(*)::int from users) as users,
    (select count(*)::int from posts) as posts,
    (select count(*)::int from sources) as sources,
    (select count(*)::int from contact_messages) as contact,
    (select count(*)::int from jobs) as jobs`);
  return row;
}

const NUL = "a\u0000b";
const LONE = "broken \ud800 emoji";
const ARTICLE = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} about shipping software in small steps, with its own detail ${i * 7}.`).join(" ");

describe("text that cannot be stored", () => {
  const cases: [string, string, string, (bad: string) => unknown, boolean][] = [
    ["signup name", "POST", "/api/auth/signup", (bad) => ({ name: bad, email: "nul@example.com", password: "password123" }), false],
    ["login email", "POST", "/api/auth/login", (bad) => ({ email: `x${bad}@example.com`, password: "password123" }), false],
    ["forgot email", "POST", "/api/auth/forgot-password", (bad) => ({ email: `x${bad}@example.com` }), false],
    ["contact message", "POST", "/api/contact", (bad) => ({ name: "Ada", email: "ada@example.com", subject: "general", message: bad }), false],
    ["post content", "POST", "/api/posts", (bad) => ({ content: bad }), true],
    ["profile name", "PATCH", "/api/user/profile", (bad) => ({ name: bad, timezone: "Europe/London", linkedinHandle: "" }), true],
    ["generate text", "POST", "/api/posts/generate", (bad) => ({ contentText: `${ARTICLE} ${bad}`, contentType: "blog" }), true],
    ["generate URL", "POST", "/api/posts/generate", (bad) => ({ contentText: ARTICLE, contentUrl: `https://example.com/${bad}`, contentType: "blog" }), true],
  ];
  for (const [what, method, path, body, signedIn] of cases) {
    for (const [kind, bad] of [
      ["a NUL", NUL],
      ["a lone surrogate", LONE],
    ] as const) {
      test(`${kind} in the ${what}: 400 naming the field, nothing written`, async () => {
        const client = signedIn ? ada.client : apiClient(app.url);
        const before = await rowCounts();
        const { status, body: answer } = await client.json(method, path, body(bad));
        expect(status).toBe(400);
        expect(answer.message).toContain("contains a character that cannot be stored");
        expect(answer.message).not.toContain(bad);
        expect(await rowCounts()).toEqual(before);
      });
    }
  }

  test("the rule finds the field, however deep", () => {
    expect(findUnstorableText({ a: "fine", b: { c: ["ok", NUL] } })).toBe("b.c.1");
    expect(findUnstorableText(LONE)).toBe("");
    expect(findUnstorableText({ name: "an emoji \ud83d\ude00 is fine" })).toBeUndefined();
  });
});

describe("names that could turn text around", () => {
  // U+202E (right-to-left override) makes "Ada\u202Egnp.exe" read as "Adaexe.png"; the others embed, isolate or mark direction.
  const controls = ["\u202E", "\u202D", "\u202A", "\u202B", "\u202C", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"];
  const cases: [string, string, string, (name: string) => unknown, boolean][] = [
    ["signup", "POST", "/api/auth/signup", (name) => ({ name, email: `bidi-${crypto.randomUUID()}@example.com`, password: "password123" }), false],
    ["profile", "PATCH", "/api/user/profile", (name) => ({ name, timezone: "Europe/London", linkedinHandle: "" }), true],
    ["contact", "POST", "/api/contact", (name) => ({ name, email: "ada@example.com", subject: "general", message: "Hello there, a message." }), false],
  ];
  for (const [what, method, path, body, signedIn] of cases) {
    test(`the ${what} name refuses bidi controls with a 400, nothing written`, async () => {
      const client = signedIn ? ada.client : apiClient(app.url);
      const before = await rowCounts();
      for (const control of controls) {
        const { status, body: answer } = await client.json(method, path, body(`Ada${control}gnp.exe`));
        expect([what, control.codePointAt(0)!.toString(16), status]).toEqual([what, control.codePointAt(0)!.toString(16), 400]);
        expect(answer.message).toBe("Name cannot contain characters that change the direction of text.");
      }
      expect(await rowCounts()).toEqual(before);
      // Right-to-left scripts themselves are names like any other.
      expect((await client.json(method, path, body("\u0639\u0627\u0626\u0634\u0629 Ada"))).status).toBeLessThan(300);
    });
  }
});

describe("messages and parameters", () => {
  test("a huge JSON string body is refused without echoing it", async () => {
    const huge = JSON.stringify("x".repeat(900_000));
    const response = await ada.client.request("POST", "/api/posts", huge);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(500);
    expect(text).not.toContain("xxxxxxxxxx");
  });

  test("GET /calendar with a month out of range shows the current month, not an error", async () => {
    for (const month of ["9999-12", "0001-01", "1969-12", "3000-01", "2026-13"]) {
      const response = await fetch(`${app.url}/calendar?month=${month}`, { headers: { cookie: ada.client.cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
    }
  });
});

describe("content types and sizes", () => {
  test("JSON endpoints answer 415 to form and multipart bodies, and nothing is written", async () => {
    const before = await rowCounts();
    const form = new URLSearchParams({ content: "A post sent as a form" });
    const asForm = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: { cookie: ada.client.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(asForm.status).toBe(415);
    expect((await asForm.json()).message).toContain("as JSON");
    const multipart = new FormData();
    multipart.set("content", "A post sent as multipart");
    const asMultipart = await fetch(`${app.url}/api/posts`, { method: "POST", headers: { cookie: ada.client.cookie }, body: multipart });
    expect(asMultipart.status).toBe(415);
    expect(asMultipart.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await rowCounts()).toEqual(before);
  });

  test("bytes that are not UTF-8 are a 400, not text rewritten with U+FFFD and stored", async () => {
    const before = await rowCounts();
    const encode = (text: string) => new TextEncoder().encode(text);
    // 0xC3 0x28 is a two-byte sequence with a broken second byte; 0xFF never appears in UTF-8.
    const broken = (prefix: string, suffix: string): Uint8Array<ArrayBuffer> => new Uint8Array([...encode(prefix), 0xc3, 0x28, 0xff, ...encode(suffix)]);
    const sends: [string, string, Uint8Array<ArrayBuffer>, boolean][] = [
      ["POST", "/api/posts", broken('{"content":"A post with ', ' in it"}'), true],
      ["POST", "/api/auth/signup", broken('{"name":"Ada ', '","email":"bytes@example.com","password":"password123"}'), false],
      ["POST", "/api/contact", broken('{"name":"Ada","email":"ada@example.com","subject":"general","message":"Hello ', '"}'), false],
    ];
    for (const [method, path, body, signedIn] of sends) {
      const response = await fetch(`${app.url}${path}`, {
        method,
        headers: { "content-type": "application/json", ...(signedIn ? { cookie: ada.client.cookie } : {}) },
        body,
      });
      expect([path, response.status, (await response.json()).message]).toEqual([path, 400, "The request body is not valid UTF-8 text."]);
    }
    expect(await rowCounts()).toEqual(before);

    // Real UTF-8 (accents, an emoji) is stored exactly as sent.
    const text = "Café crème: the 🚀 launch, naïvely planned.";
    const saved = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ada.client.cookie },
      body: encode(JSON.stringify({ content: text })),
    });
    expect(saved.status).toBe(201);
    expect((await saved.json()).content).toBe(text);
    const malformed = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ada.client.cookie },
      body: '{"content": ',
    });
    expect([malformed.status, (await malformed.json()).message]).toEqual([400, "The request body is not valid JSON."]);
  });

  test("a body over 1 MB is a 413 answered as JSON with the usual headers", async () => {
    const response = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: { cookie: ada.client.cookie, "content-type": "application/json" },
      body: JSON.stringify({ content: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await response.json()).message).toContain("too large");
  });

  test("a chunked body (no Content-Length) is counted as it arrives: past 1 MB a 413, nothing written", async () => {
    const before = await rowCounts();
    // 2 MB in 64 KB pieces, under Bun's own 4 MB: only counting the bytes as they arrive refuses it.
    const chunked = (prefix: string, suffix: string) => {
      const piece = new TextEncoder().encode("x".repeat(64 * 1024));
      let sent = -1;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === -1) controller.enqueue(new TextEncoder().encode(prefix));
          else if (sent < 32) controller.enqueue(piece);
          else {
            controller.enqueue(new TextEncoder().encode(suffix));
            controller.close();
          }
          sent++;
        },
      });
    };
    const sends: [string, string, string, string, boolean][] = [
      ["/api/posts", "application/json", '{"content":"', '"}', true],
      ["/api/contact", "application/json", '{"name":"Ada","email":"ada@example.com","subject":"general","message":"', '"}', false],
      ["/api/contact", "application/x-www-form-urlencoded", "name=Ada&email=ada%40example.com&subject=general&message=", "", false],
      ["/api/stripe/webhook", "application/json", '{"id":"', '"}', false],
    ];
    for (const [path, type, prefix, suffix, signedIn] of sends) {
      const response = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": type, ...(signedIn ? { cookie: ada.client.cookie } : {}) },
        body: chunked(prefix, suffix),
      });
      expect([path, type, response.status]).toEqual([path, type, 413]);
      expect((await response.json()).message).toContain("too large");
    }
    expect(await rowCounts()).toEqual(before);
    // A small chunked body is read as usual.
    const small = await fetch(`${app.url}/api/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: ada.client.cookie },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"content":"A post sent '));
          controller.enqueue(new TextEncoder().encode('in two pieces"}'));
          controller.close();
        },
      }),
    });
    expect(small.status).toBe(201);
    expect((await small.json()).content).toBe("A post sent in two pieces");
  });

  test("the contact form still accepts a plain form post (no JavaScript)", async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "general", message: "Hello from a form." }),
    });
    expect(response.status).toBeLessThan(400);
  });
});
