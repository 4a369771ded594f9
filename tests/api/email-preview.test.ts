import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeResend } from "../support/fake-resend";
import { startTestApp, type TestApp } from "../support/test-app";

// Not the default name, so a hard-coded "Cadence" anywhere in an email would show.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { PRODUCT_NAME: "Quillmark", SUPPORT_EMAIL: "help@quill.example" } });
});
afterAll(async () => {
  await app.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

// A line each email's sample must show, so each kind is known to render its own template.
const expected = {
  welcome: "Welcome to Quillmark, Priya Shah",
  trial: "Nothing is charged until Mar 9, 2026.",
  cancellation: "You keep full access until Apr 9, 2026.",
  contact: "New contact message",
};

describe("GET /api/preview-email/:kind", () => {
  for (const [kind, line] of Object.entries(expected)) {
    test(`${kind}: the rendered email, with the configured product name`, async () => {
      const response = await get(`/api/preview-email/${kind}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html;charset=utf-8");
      const html = await response.text();
      expect(html).toStartWith("<!DOCTYPE html");
      expect(html).toContain("Quillmark");
      expect(html).not.toContain("Cadence");
      expect(html).toContain(line);
    });
  }

  test("is rendered once and then served from memory, with ETag revalidation", async () => {
    const first = await get("/api/preview-email/trial");
    const again = await get("/api/preview-email/trial");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await again.text()).toBe(await first.text());
    const revalidated = await get("/api/preview-email/trial", { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
  });

  test("an unknown kind answers 404 JSON {message}", async () => {
    for (const kind of ["password-reset", "trial-started", "nope"]) {
      const response = await get(`/api/preview-email/${kind}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["message"]);
      expect(body.message).toContain(kind);
    }
  });
});

describe("/email-preview", () => {
  test("is server-rendered with its four tabs, the preview island, and noindex", async () => {
    const response = await get("/email-preview");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("<title>Email Preview | Quillmark</title>");
    expect(html).toContain('role="tablist"');
    for (const label of ["Welcome", "Trial Started", "Cancellation", "Contact Form"]) expect(html).toContain(`>${label}</button>`);
    for (const description of [
      "Sent right after signup",
      "Sent after a payment method is added",
      "Sent when the subscription is cancelled",
      "Sent to support on submit",
    ]) {
      expect(html).toContain(description);
    }
    expect(html).toMatch(/<script type="module" src="\/assets\/islands\/EmailPreview-[a-z0-9]+\.js"/);
  });
});

describe("the emails' logo", () => {
  test("is the site's mark, as a PNG the app serves (email clients drop SVG)", async () => {
    const html = await (await get("/api/preview-email/welcome")).text();
    expect(html).toContain(`src="${app.config.appUrl}/email-logo.png"`);
    const logo = await get("/email-logo.png");
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toContain("image/png");
    expect(new Uint8Array(await logo.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode("PNG"));
  });
});

describe("the outbox outside development", () => {
  test("GET /api/dev/outbox is a 404 and /email-preview has no Outbox tab (NODE_ENV=test; production alike)", async () => {
    expect((await get("/api/dev/outbox")).status).toBe(404);
    expect(await (await get("/email-preview")).text()).not.toContain("outboxKey");
    // No key is made outside development, so no address opens it.
    expect(app.outboxUrl).toBeUndefined();
    expect((await get("/api/dev/outbox?key=undefined")).status).toBe(404);
  });
});

describe("the app's email wiring", () => {
  test("services.email.sendEmail is delivered in the background by the configured provider (outbox)", async () => {
    expect(app.providers.email.name).toBe("outbox");
    const jobId = await app.services.email.sendEmail("welcome", "priya@example.com", { name: "Priya" });
    const job = await app.queue.waitFor(jobId, 30_000);
    expect(job).toMatchObject({ status: "completed", result: { provider: "outbox", providerMessageId: null } });
  });

  test("with RESEND_API_KEY set, the same call goes through Resend at RESEND_BASE_URL", async () => {
    const fake = startFakeResend();
    const withResend = await startTestApp({ env: { RESEND_API_KEY: fake.apiKey, RESEND_BASE_URL: fake.url } });
    try {
      expect(withResend.providers.email.name).toBe("resend");
      const jobId = await withResend.services.email.sendEmail("welcome", "priya@example.com", { name: "Priya" });
      const job = await withResend.queue.waitFor(jobId, 30_000);
      expect(job).toMatchObject({ status: "completed", result: { provider: "resend", providerMessageId: fake.sent[0]!.id } });
      expect(fake.sent[0]!.body).toMatchObject({ to: "priya@example.com", from: "Cadence <hello@cadence.app>", subject: "Welcome to Cadence" });
    } finally {
      await withResend.close();
      await fake.stop();
    }
  });
});
