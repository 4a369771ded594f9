import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { contactMessages, jobs } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  // The job runner stays off so each test can see exactly what was queued; the limit is raised
  // here and tested on its own below.
  app = await startTestApp({ runJobs: false, rateLimits: { contact: { limit: 1000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.database.db.delete(contactMessages);
  await app.database.db.delete(jobs);
});

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "support", message: "The calendar shows the wrong week." };
function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function stored() {
  const [messages] = await app.database.rows<{ n: number }>(sql`select count(*)::int as n from contact_messages`);
  const [queued] = await app.database.rows<{ n: number }>(sql`select count(*)::int as n from jobs`);
  return { messages: messages!.n, jobs: queued!.n };
}

describe("POST /api/contact", () => {
  test("stores the message and queues one email to support, in one go", async () => {
    const response = await post({ ...valid, name: "  Ada Lovelace  " });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Message sent!" });
    const [row] = await app.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", subject: "support", message: valid.message });
    const [job] = await app.database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: "send-email", status: "queued" });
    expect(job!.payload).toMatchObject({ kind: "contact", to: "support@cadence.app", props: { email: "ada@example.com" } });
  });

  test("the subject defaults to general", async () => {
    const { subject: _, ...withoutSubject } = valid;
    expect((await post(withoutSubject)).status).toBe(201);
    const [row] = await app.database.db.select().from(contactMessages);
    expect(row!.subject).toBe("general");
  });

  const bad: [string, unknown, RegExp][] = [
    ["missing name", { ...valid, name: undefined }, /Name is required/],
    ["blank name", { ...valid, name: "   " }, /Name is required/],
    ["name over 100 characters", { ...valid, name: "x".repeat(101) }, /at most 100 characters/],
    ["missing email", { ...valid, email: undefined }, /Email is required/],
    ["bad email", { ...valid, email: "ada-at-example" }, /valid email/],
    ["unknown subject", { ...valid, subject: "billing" }, /Subject must be/],
    ["missing message", { ...valid, message: undefined }, /Message is required/],
    ["message over 5,000 characters", { ...valid, message: "x".repeat(5001) }, /at most 5,000 characters/],
    ["name of the wrong type", { ...valid, name: 42 }, /Name is required/],
    ["message of the wrong type", { ...valid, message: ["hi"] }, /Message is required/],
    ["an array body", [valid], /Name is required/],
    ["a null body", null, /not valid/],
  ];
  for (const [what, body, message] of bad) {
    test(`400 for ${what}, and nothing stored`, async () => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = await response.json();
      expect(json.message).toMatch(message);
      expect(await stored()).toEqual({ messages: 0, jobs: 0 });
    });
  }

  test("400 for malformed JSON, and nothing stored", async () => {
    const response = await post('{"name": "Ada", ');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("The request body is not valid JSON.");
    expect(await stored()).toEqual({ messages: 0, jobs: 0 });
  });

  test("413 for a body over 1 MB, and nothing stored", async () => {
    const response = await post({ ...valid, message: "x".repeat(1_200_000) });
    expect(response.status).toBe(413);
    expect(await stored()).toEqual({ messages: 0, jobs: 0 });
  });

  test("403 for a cross-site post, and nothing stored", async () => {
    const response = await post(valid, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("Requests from other sites are not allowed.");
    expect(await stored()).toEqual({ messages: 0, jobs: 0 });
    expect((await post(valid, { origin: app.url })).status).toBe(201);
  });

  test("a browser without JavaScript gets a page back", async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(valid).toString(),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("Message sent!");
    const badForm = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, email: "nope" }).toString(),
    });
    expect(badForm.status).toBe(400);
    expect(await badForm.text()).toContain("Failed to send message");
    expect((await stored()).messages).toBe(1);
  });
});

describe("the contact rate limit", () => {
  test("the sixth message within an hour from one address is refused with 429, and not stored", async () => {
    const limited = await startTestApp({ runJobs: false });
    try {
      const send = () => fetch(`${limited.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(valid) });
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await refused.json()).message).toContain("Too many messages");
      const [row] = await limited.database.rows<{ n: number }>(sql`select count(*)::int as n from contact_messages`);
      expect(row!.n).toBe(5);
    } finally {
      await limited.close();
    }
  });
});
