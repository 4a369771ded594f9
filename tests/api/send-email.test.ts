import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import { emailOutbox, jobs } from "../../db/schema";
import { loadConfig } from "../../src/config";
import { createQueue } from "../../src/jobs/queue";
import { SEND_EMAIL } from "../../src/jobs/kinds";
import { sendEmailJob } from "../../src/jobs/send-email";
import type { Logger } from "../../src/logger";
import type { EmailProvider } from "../../src/providers/email/email-provider";
import { createOutboxEmailProvider } from "../../src/providers/email/outbox";
import { createResendEmailProvider } from "../../src/providers/email/resend";
import { createEmailService } from "../../src/services/email";
import { type FakeResend, startFakeResend } from "../support/fake-resend";
import { ManualClock } from "../support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// A product name other than the default, to show every email takes it from config.
const config = loadConfig({
  NODE_ENV: "test",
  PRODUCT_NAME: "Quillmark",
  APP_URL: "https://quill.example",
  EMAIL_FROM: "Quillmark <hello@quill.example>",
  SUPPORT_EMAIL: "help@quill.example",
});

let testDb: TestDatabase;
let fake: FakeResend;
beforeAll(async () => {
  testDb = await createTestDatabase();
  fake = startFakeResend();
});
afterAll(async () => {
  await fake.stop();
  await testDb.drop();
});
beforeEach(async () => {
  await testDb.database.db.delete(jobs);
  await testDb.database.db.delete(emailOutbox);
  fake.requests.length = 0;
  fake.sent.length = 0;
});

type LogEntry = { level: string; message: string; fields: Record<string, unknown> };

/** A logger that keeps what it was told, so a test can read the log lines. */
function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      void entries.push({ level, message, fields });
  return { entries, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** The queue with only the send-email job, the email service on it, and a manual clock. */
function emailSystem(provider: EmailProvider, logger: Logger = recordingLogger()) {
  const clock = new ManualClock();
  const queue = createQueue({
    database: testDb.database,
    clock,
    logger,
    definitions: [sendEmailJob({ config, database: testDb.database, logger, providers: { email: provider } })],
    backoffMs: (attempt) => 1_000 * 2 ** (attempt - 1),
  });
  return { clock, queue, email: createEmailService({ queue }) };
}

const outboxRows = () => testDb.database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt));

describe("sending email through the queue, with the outbox provider", () => {
  test("sendEmail only enqueues; the job renders, stores the email and logs one line", async () => {
    const logger = recordingLogger();
    const { queue, email } = emailSystem(createOutboxEmailProvider({ logger }), logger);

    const jobId = await email.sendEmail("welcome", "priya@example.com", { name: "Priya Shah" });
    expect(await queue.get(jobId)).toMatchObject({
      kind: SEND_EMAIL,
      status: "queued",
      payload: { kind: "welcome", to: "priya@example.com", props: { name: "Priya Shah" } },
    });
    expect(await outboxRows()).toHaveLength(0);
    expect(logger.entries).toEqual([]);

    expect(await queue.runOnce()).toBe(true);
    expect(await queue.get(jobId)).toMatchObject({ status: "completed", attempts: 1, result: { provider: "outbox", providerMessageId: null } });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "welcome",
      toAddress: "priya@example.com",
      subject: "Welcome to Quillmark",
      provider: "outbox",
      providerMessageId: null,
    });
    expect(rows[0]!.html).toStartWith("<!DOCTYPE html");
    expect(rows[0]!.html).toContain("Welcome to Quillmark, Priya Shah");
    expect(rows[0]!.html).toContain('href="https://quill.example/payment-setup"');
    expect(rows[0]!.text).toContain("Welcome to Quillmark, Priya Shah".toUpperCase());
    expect(rows[0]!.text).not.toContain("<");
    expect(logger.entries.filter((entry) => entry.level === "info")).toEqual([
      // The log names the recipient's domain only, and never the subject (it can carry a name or a post).
      { level: "info", message: "email written to outbox", fields: { toDomain: "example.com" } },
    ]);
  });

  test("a job run again after a crash between recording its email and completing records (and delivers) it once", async () => {
    const logger = recordingLogger();
    const definition = sendEmailJob({ config, database: testDb.database, logger, providers: { email: createOutboxEmailProvider({ logger }) } });
    const message = { kind: "welcome" as const, to: "priya@example.com", props: { name: "Priya Shah" } };
    const jobId = crypto.randomUUID();
    await definition.run(message, { jobId, attempt: 1 } as never);
    await definition.run(message, { jobId, attempt: 2 } as never);
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.jobId).toBe(jobId);
    // Another job's email to the same address is its own.
    await definition.run(message, { jobId: crypto.randomUUID(), attempt: 1 } as never);
    expect(await outboxRows()).toHaveLength(2);
  });

  test("dates may be passed as Date objects; the email shows them on the user's calendar", async () => {
    const { queue, email } = emailSystem(createOutboxEmailProvider({ logger: recordingLogger() }));
    // 23:30 UTC on 8 March is already 9 March in Tokyo.
    const jobId = await email.sendEmail("trial-ending", "priya@example.com", {
      name: "Priya",
      chargeAt: new Date("2026-03-08T23:30:00Z"),
      timeZone: "Asia/Tokyo",
    });
    expect((await queue.get(jobId))!.payload).toMatchObject({ props: { chargeAt: "2026-03-08T23:30:00.000Z", timeZone: "Asia/Tokyo" } });
    await queue.runOnce();
    const [row] = await outboxRows();
    expect(row!.subject).toBe("Your Quillmark trial ends on Mar 9, 2026");
    expect(row!.text).toContain("You will be charged £6 on Mar 9, 2026.");
  });

  test("sendEmail inside a transaction that rolls back sends nothing", async () => {
    const sends: string[] = [];
    const provider: EmailProvider = {
      name: "outbox",
      send: async (message) => {
        sends.push(message.to);
        return { providerMessageId: null };
      },
    };
    const { queue, email } = emailSystem(provider);

    await expect(
      testDb.database.db.transaction(async (tx) => {
        await email.sendEmail("welcome", "priya@example.com", { name: "Priya" }, { on: tx });
        throw new Error("the signup failed after the email was asked for");
      }),
    ).rejects.toThrow("the signup failed");
    expect(await queue.counts()).toMatchObject({ queued: 0, running: 0, completed: 0, failed: 0 });
    expect(await queue.runOnce()).toBe(false);
    expect(sends).toEqual([]);
    expect(await outboxRows()).toHaveLength(0);

    // The same call in a transaction that commits does send.
    await testDb.database.db.transaction((tx) => email.sendEmail("welcome", "priya@example.com", { name: "Priya" }, { on: tx }));
    expect(await queue.runOnce()).toBe(true);
    expect(sends).toEqual(["priya@example.com"]);
  });

  test("props are checked per kind when enqueued", async () => {
    const { queue, email } = emailSystem(createOutboxEmailProvider({ logger: recordingLogger() }));
    // @ts-expect-error trial-started needs trialEndsAt
    await expect(email.sendEmail("trial-started", "priya@example.com", { name: "Priya" })).rejects.toThrow();
    await expect(email.sendEmail("welcome", "not an address", { name: "Priya" })).rejects.toThrow();
    await expect(
      email.sendEmail("trial-ending", "priya@example.com", { name: "Priya", chargeAt: new Date(), timeZone: "Mars/Olympus_Mons" }),
    ).rejects.toThrow();
    expect(await queue.counts()).toMatchObject({ queued: 0 });
  });
});

describe("when delivery fails", () => {
  test("a failing provider is retried with backoff, then the job ends failed with its error", async () => {
    let calls = 0;
    const provider: EmailProvider = {
      name: "resend",
      send: async () => {
        calls++;
        throw new Error(`connection reset (attempt ${calls})`);
      },
    };
    const { queue, email, clock } = emailSystem(provider);
    const jobId = await email.sendEmail("password-reset", "priya@example.com", { name: "Priya", token: "abc123" });

    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "queued", attempts: 1, lastError: "connection reset (attempt 1)" });
    expect(await queue.runOnce()).toBe(false); // not due before its backoff
    clock.advance(1_000);
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "queued", attempts: 2 });
    clock.advance(2_000);
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "failed", attempts: 3, lastError: "connection reset (attempt 3)" });
    clock.advance(60_000);
    expect(await queue.runOnce()).toBe(false);
    expect(calls).toBe(3);
    expect(await outboxRows()).toHaveLength(0);
  });

  test("through Resend: a server error is retried with the same idempotency key, then recorded once", async () => {
    const { queue, email, clock } = emailSystem(createResendEmailProvider({ apiKey: fake.apiKey, baseUrl: fake.url }));
    fake.failNext(500);
    const message = { name: "Tom Becker", email: "tom@example.com", subject: "sales", message: "Do you offer team plans?" } as const;
    const jobId = await email.sendEmail("contact", config.email.supportEmail, message);

    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await queue.get(jobId))!.lastError).toContain("internal_server_error");
    clock.advance(1_000);
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "completed", attempts: 2 });

    expect(fake.requests).toHaveLength(2);
    expect(new Set(fake.requests.map((request) => request.headers["idempotency-key"]))).toEqual(new Set([`send-email/${jobId}`]));
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.body).toMatchObject({
      from: "Quillmark <hello@quill.example>",
      to: "help@quill.example",
      reply_to: "tom@example.com",
      subject: "[Contact] Sales from Tom Becker",
    });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "contact", toAddress: "help@quill.example", provider: "resend", providerMessageId: fake.sent[0]!.id });
  });

  test("through Resend: a refused email (422) fails at once, without retries", async () => {
    const { queue, email } = emailSystem(createResendEmailProvider({ apiKey: fake.apiKey, baseUrl: fake.url }));
    fake.failNext(422, 1, "The quill.example domain is not verified.");
    const jobId = await email.sendEmail("welcome", "priya@example.com", { name: "Priya" });
    await queue.runOnce();
    const job = await queue.get(jobId);
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job!.lastError).toContain("The quill.example domain is not verified.");
    expect(fake.requests).toHaveLength(1);
    expect(await outboxRows()).toHaveLength(0);
  });
});

describe("a password reset token is kept only in the email", () => {
  const token = "tok_4f1c9a7e2b8d0e6c5a3b1f9d7e2c4a6b8d0f1e3c5a7";

  test("through Resend: the job payload and the stored copy no longer hold the token once sent", async () => {
    const { queue, email } = emailSystem(createResendEmailProvider({ apiKey: fake.apiKey, baseUrl: fake.url }));
    const jobId = await email.sendEmail("password-reset", "priya@example.com", { name: "Priya", token });
    await queue.runOnce();
    expect(JSON.stringify(fake.sent[0]!.body)).toContain(token); // the email itself carries the link
    const job = await queue.get(jobId);
    expect(job!.status).toBe("completed");
    expect(JSON.stringify(job!.payload)).not.toContain(token);
    const [row] = await outboxRows();
    expect(row!.html).not.toContain(token);
    expect(row!.text).not.toContain(token);
    expect(row!.text).toContain("[redacted]");
  });

  test("with the outbox provider the stored email is the delivery, so it keeps the link; the payload does not", async () => {
    const { queue, email } = emailSystem(createOutboxEmailProvider({ logger: recordingLogger() }));
    const jobId = await email.sendEmail("password-reset", "priya@example.com", { name: "Priya", token });
    await queue.runOnce();
    expect(JSON.stringify((await queue.get(jobId))!.payload)).not.toContain(token);
    const [row] = await outboxRows();
    expect(row!.text).toContain(token);
  });
});
