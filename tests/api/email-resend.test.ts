import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { EmailDeliveryError, type OutgoingEmail } from "../../src/providers/email/email-provider";
import { createResendEmailProvider } from "../../src/providers/email/resend";
import { type FakeResend, startFakeResend } from "../support/fake-resend";

// The real `resend` SDK against a local server that speaks Resend's wire format.
let fake: FakeResend;
beforeAll(() => {
  fake = startFakeResend();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.sent.length = 0;
});

const email: OutgoingEmail = {
  to: "priya@example.com",
  from: "Cadence <hello@cadence.app>",
  replyTo: "tom@example.com",
  subject: "Welcome to Cadence",
  html: "<p>Hello</p>",
  text: "Hello",
};

const provider = () => createResendEmailProvider({ apiKey: fake.apiKey, baseUrl: fake.url });

/** The error a send threw, for assertions on its fields. */
async function sendError(promise: Promise<unknown>): Promise<EmailDeliveryError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EmailDeliveryError) return error;
    throw error;
  }
  throw new Error("the send did not fail");
}

describe("Resend email provider", () => {
  test("sends with Bearer auth and Resend's JSON fields, and answers the email id", async () => {
    const result = await provider().send(email, { idempotencyKey: "send-email/job-1" });

    expect(fake.sent).toHaveLength(1);
    expect(result).toEqual({ providerMessageId: fake.sent[0]!.id });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", path: "/emails" });
    expect(request!.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["idempotency-key"]).toBe("send-email/job-1");
    expect(request!.body).toEqual({
      from: email.from,
      to: email.to,
      reply_to: email.replyTo,
      subject: email.subject,
      html: email.html,
      text: email.text,
    });
  });

  test("a validation error (422) throws Resend's message and is not worth retrying", async () => {
    const error = await sendError(provider().send({ ...email, to: "not-an-address" }));
    expect(error.statusCode).toBe(422);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("validation_error");
    expect(error.message).toContain("Invalid `to` field");
    expect(fake.sent).toHaveLength(0);
  });

  test("a server error (500) throws and is retryable", async () => {
    fake.failNext(500);
    const error = await sendError(provider().send(email));
    expect(error).toMatchObject({ statusCode: 500, retryable: true });
    expect(error.message).toContain("An unexpected error occurred.");
    // The next attempt goes through.
    expect((await provider().send(email)).providerMessageId).toBe(fake.sent[0]!.id);
  });

  test("a rate limit (429) is retryable", async () => {
    fake.failNext(429);
    expect(await sendError(provider().send(email))).toMatchObject({ statusCode: 429, retryable: true });
  });

  test("a wrong API key is refused and not retried", async () => {
    const wrongKey = createResendEmailProvider({ apiKey: "re_wrong", baseUrl: fake.url });
    expect(await sendError(wrongKey.send(email))).toMatchObject({ statusCode: 403, retryable: false });
  });

  test("no answer at all (server down) is retryable", async () => {
    const down = startFakeResend();
    const url = down.url;
    await down.stop();
    const unreachable = createResendEmailProvider({ apiKey: "re_any", baseUrl: url });
    expect(await sendError(unreachable.send(email))).toMatchObject({ statusCode: null, retryable: true });
  });
});
