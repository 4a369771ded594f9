import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { emailOutbox, posts, users } from "../../db/schema";
import { apiClient, type ApiClient } from "../support/api-client";
import { readArticle } from "../support/corpus";
import { eventually } from "../support/eventually";
import { startFakeStripe, startStripeTestApp } from "../support/fake-stripe";
import { connectLinkedin, startLinkedinTestApp } from "../support/linkedin-app";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The OpenAPI document is the contract a generated client is built from: this file sends every
 * operation it names, found by its operationId, and checks each answer against it: the status
 * is one the operation lists, the content type one it describes, and a JSON body valid against
 * its schema with every object closed (a field the server sends must be in the document). Then
 * the details a generated client tripped on: 405 with Allow, the allowance path, 201s, the
 * contact form.
 */

type Schema = Record<string, unknown>;
type Operation = {
  method: string;
  path: string;
  operationId: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, { required?: boolean }> }>;
};
type Document = { paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>; components: { schemas: Record<string, Schema> } };

const fastQueue = { pollIntervalMs: 20, backoffMs: () => 0 };
const lenient = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 }, contact: { limit: 1000, windowMs: 60_000 } };
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

let app: TestApp;
let document: Document;
const operations = new Map<string, Operation>();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
/** operationId -> the statuses it answered in this file. */
const seen = new Map<string, Set<number>>();

beforeAll(async () => {
  app = await startTestApp({ queue: fastQueue, rateLimits: lenient });
  document = await (await fetch(`${app.url}/api/openapi.json`)).json();
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) operations.set(operation.operationId, { ...operation, method: method.toUpperCase(), path });
  }
});
afterAll(async () => {
  await app.close();
});

/** The components a schema refers to, put in place, and (for answers) every object closed to fields it does not name. */
function prepared(schema: unknown, close: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => prepared(item, close));
  if (!schema || typeof schema !== "object") return schema;
  const node = schema as Schema;
  if (typeof node.$ref === "string") return prepared(document.components.schemas[node.$ref.replace("#/components/schemas/", "")], close);
  const copy: Schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, prepared(value, close)]));
  if (close && copy.type === "object" && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function validator(key: string, schema: Schema, close: boolean): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(prepared(schema, close) as Schema);
    validators.set(key, validate);
  }
  return validate;
}

type Call = {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** The body is wrong on purpose: it is not checked against the document's request schema. */
  invalid?: true;
  form?: Record<string, string>;
  /** A body sent as it is (Stripe's signed event). */
  raw?: string;
  headers?: Record<string, string>;
  client?: ApiClient;
  /** Another app to send it to (the one with Stripe billing). */
  to?: TestApp;
};

/** Sends the operation named `operationId` as the document describes it, checks the answer against the document, and returns it. */
async function send(operationId: string, call: Call = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`the document has no operation ${operationId}`);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? NO_SUCH_ID));
  const headers: Record<string, string> = { ...(call.client?.cookie ? { cookie: call.client.cookie } : {}), ...call.headers };
  let body: string | undefined;
  if (call.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.form).toString();
  } else if (call.raw !== undefined) {
    body = call.raw;
  } else if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.body);
  }
  if (call.body !== undefined && !call.invalid) {
    // What we send fits what the document asks for.
    const requestSchema = operation.requestBody?.content["application/json"]?.schema;
    expect([operationId, requestSchema !== undefined]).toEqual([operationId, true]);
    const validate = validator(`${operationId} request`, requestSchema!, false);
    expect([operationId, "request", validate(call.body) ? [] : validate.errors]).toEqual([operationId, "request", []]);
  }
  const response = await fetch(`${(call.to ?? app).url}${path}${call.query ? `?${call.query}` : ""}`, {
    method: operation.method,
    headers,
    body,
    redirect: "manual",
  });
  const setCookie = response.headers.get("set-cookie");
  if (setCookie && call.client) call.client.cookie = setCookie.split(";")[0]!;
  const text = await response.text();

  const described = operation.responses[String(response.status)];
  expect([operationId, response.status, described !== undefined ? "documented" : `undocumented: ${text.slice(0, 200)}`]).toEqual([
    operationId,
    response.status,
    "documented",
  ]);
  seen.set(operationId, (seen.get(operationId) ?? new Set()).add(response.status));
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!described!.content) {
    expect([operationId, response.status, text]).toEqual([operationId, response.status, ""]);
    return { status: response.status, body: null, headers: response.headers };
  }
  expect([operationId, response.status, type in described!.content]).toEqual([operationId, response.status, true]);
  for (const [header, about] of Object.entries(described!.headers ?? {})) {
    if (!(about as { required?: boolean }).required) continue;
    expect([operationId, header, response.headers.has(header)]).toEqual([operationId, header, true]);
  }
  if (type !== "application/json") return { status: response.status, body: text, headers: response.headers };
  const json = JSON.parse(text);
  const validate = validator(`${operationId} ${response.status}`, described!.content[type]!.schema, true);
  expect([operationId, response.status, validate(json) ? [] : validate.errors]).toEqual([operationId, response.status, []]);
  return { status: response.status, body: json, headers: response.headers };
}

/** Signs up through the document's own operation: the client keeps the cookie. */
async function newAccount(name: string, to = app) {
  const client = apiClient(to.url);
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const signup = await send("signUp", { client, to, body: { name, email, password: "correct horse battery" } });
  expect(signup.status).toBe(201);
  return { client, email };
}

async function resetToken(email: string): Promise<string> {
  return eventually(async () => {
    const [mail] = await app.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = mail?.text.match(/\/reset-password\?token=([^\s"&)\]]+)/)?.[1];
    return token ? decodeURIComponent(token) : undefined;
  });
}

const inTwoDays = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();

describe("the OpenAPI document against the server", () => {
  test("every operation has an operationId of its own; public ones say they need no session", () => {
    const ids = [...operations.keys()];
    expect(ids.length).toBe(Object.values(document.paths).flatMap((byMethod) => Object.keys(byMethod)).length);
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    for (const id of ["getHealth", "signUp", "logIn", "sendContactMessage", "receiveStripeEvent", "previewEmail"])
      expect([id, operations.get(id)!.security]).toEqual([id, []]);
    for (const id of ["getUser", "createPost", "generatePlan"]) expect([id, operations.get(id)!.security]).toEqual([id, [{ session: [] }]]);
    for (const operation of operations.values()) {
      const success = Object.keys(operation.responses).filter((status) => status.startsWith("2"));
      expect([operation.operationId, success.length > 0]).toEqual([operation.operationId, true]);
    }
  });

  test("public operations, sent and checked", async () => {
    expect((await send("getHealth")).status).toBe(200);
    expect((await send("getOpenApiDocument")).status).toBe(200);
    const preview = await send("previewEmail", { params: { kind: "welcome" } });
    expect(preview.status).toBe(200);
    expect((await send("previewEmail", { params: { kind: "welcome" }, headers: { "if-none-match": preview.headers.get("etag")! } })).status).toBe(304);
    expect((await send("previewEmail", { params: { kind: "no-such-email" } })).status).toBe(404);
    // Not development mode: the outbox is not there (its 200 is development's, from this machine).
    expect((await send("listOutbox")).status).toBe(404);
    const message = { name: "Ada Lovelace", email: "ada@example.com", subject: "support", message: "The calendar shows the wrong week." };
    expect((await send("sendContactMessage", { body: message })).status).toBe(201);
    expect((await send("sendContactMessage", { body: { ...message, email: "not an address" }, invalid: true })).status).toBe(400);
    // Demo billing: Stripe's webhook is not there.
    expect((await send("receiveStripeEvent")).status).toBe(404);
  });

  test("an account's life: signed out, signed in, profile, reset, export, deletion", async () => {
    const anonymous = apiClient(app.url);
    expect((await send("getMe", { client: anonymous })).status).toBe(401);
    const { client, email } = await newAccount("Grace Hopper");
    expect((await send("getMe", { client })).status).toBe(200);
    expect((await send("getUser", { client })).status).toBe(200);
    expect((await send("updateProfile", { client, body: { name: "Grace B. Hopper", timezone: "Europe/London", linkedinHandle: "grace" } })).status).toBe(200);
    expect((await send("updateReminderSettings", { client, body: { remindersEnabled: true, reminderLeadMinutes: 15 } })).status).toBe(200);
    expect((await send("updateVoice", { client, body: { posts: ["I wrote this post myself, one line at a time."] } })).status).toBe(200);
    expect((await send("getVoice", { client })).status).toBe(200);
    expect((await send("renewCalendarFeed", { client })).status).toBe(200);
    expect((await send("logOut", { client })).status).toBe(200);
    expect((await send("logIn", { client, body: { email, password: "wrong password" } })).status).toBe(401);
    expect((await send("logIn", { client, body: { email, password: "correct horse battery" } })).status).toBe(200);
    expect((await send("requestPasswordReset", { body: { email } })).status).toBe(200);
    expect((await send("resetPassword", { body: { token: "not-a-token", password: "a new password" } })).status).toBe(400);
    expect((await send("resetPassword", { body: { token: await resetToken(email), password: "a new password" } })).status).toBe(200);
    expect((await send("logIn", { client, body: { email, password: "a new password" } })).status).toBe(200);
    const exported = await send("exportUserData", { client });
    expect(exported.status).toBe(200);
    expect(exported.body.profile.email).toBe(email);
    expect((await send("deleteAccount", { client, body: { email: "someone-else@example.com" } })).status).toBe(400);
    expect((await send("deleteAccount", { client, body: { email } })).status).toBe(200);
    expect((await send("getUser", { client })).status).toBe(401);
  });

  test("billing, posts, plans and LinkedIn, as a subscriber", async () => {
    const { client } = await newAccount("Ada Lovelace");
    // Not subscribed yet: writes that need a subscription say so.
    expect((await send("createPost", { client, body: { content: "Before paying." } })).status).toBe(403);
    expect((await send("createCheckoutSession", { client })).status).toBe(200);
    expect((await send("createSubscription", { client })).status).toBe(200);
    expect((await send("completeDemoCheckout", { client })).status).toBe(200);

    expect((await send("getAllowance", { client })).status).toBe(200);
    const first = await send("createPost", {
      client,
      body: { content: "One thing I learned this week.\n\nShip small.", hook: "One thing I learned this week." },
    });
    expect(first.status).toBe(201);
    const second = await send("createPost", { client, body: { content: "A second post." } });
    expect(second.status).toBe(201);
    const id = first.body.id as string;
    const page = await send("listPosts", { client, query: "limit=1" });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-next-cursor")).toBeTruthy();
    expect((await send("listPosts", { client, query: "status=nonsense" })).status).toBe(400);
    expect((await send("countPosts", { client })).status).toBe(200);
    expect((await send("getPostStats", { client })).status).toBe(200);
    expect((await send("getPost", { client, params: { id } })).status).toBe(200);
    expect((await send("getPost", { client, params: { id: NO_SUCH_ID } })).status).toBe(404);
    expect((await send("updatePost", { client, params: { id }, body: { content: "One thing I learned this week.\n\nShip small, often." } })).status).toBe(200);
    expect((await send("updatePost", { client, params: { id }, body: { scheduledTime: inTwoDays(), status: "scheduled" } })).status).toBe(200);
    expect((await send("listUpcomingPosts", { client })).status).toBe(200);
    // Retrying is for a post whose auto-posting failed; this one did not.
    expect((await send("retryPost", { client, params: { id } })).status).toBe(409);
    expect((await send("updatePost", { client, params: { id }, body: { status: "posted" } })).status).toBe(200);
    expect((await send("recordPostResults", { client, params: { id }, body: { impressions: 1200, reactions: 40, comments: 6 } })).status).toBe(200);
    expect((await send("updatePost", { client, params: { id: second.body.id }, body: { status: "posted" } })).status).toBe(200);
    expect((await send("skipPostResults", { client, params: { id: second.body.id } })).status).toBe(200);
    expect((await send("deletePost", { client, params: { id: second.body.id } })).status).toBe(200);

    const plan = await send("generatePlan", { client, body: { contentText: await readArticle("02-activation-1200-trial-signups.md"), contentType: "blog" } });
    expect(plan.status).toBe(200);
    const sourceId = plan.body.sourceId as string;
    expect((await send("getSource", { client, params: { id: sourceId } })).status).toBe(200);
    expect((await send("rewritePost", { client, body: { sourceId, content: plan.body.posts[0].content, action: "shorter" } })).status).toBe(200);
    // Save and schedule as recommended: the dates first (nothing saved), then the first two posts saved and scheduled (201).
    const early = plan.body.posts.slice(0, 2);
    const dates = await send("previewUnsavedPlanSchedule", { client, params: { id: sourceId }, body: { posts: early } });
    expect(dates.status).toBe(200);
    const savedAndScheduled = await send("saveAndSchedulePlan", {
      client,
      params: { id: sourceId },
      body: {
        posts: early,
        slots: dates.body.slots.map(({ postOrder, scheduledTime }: { postOrder: string; scheduledTime: string }) => ({ postOrder, scheduledTime })),
      },
    });
    expect([savedAndScheduled.status, savedAndScheduled.body.length]).toEqual([201, 2]);
    // Four posts were saved this week already (a deleted one still counts): the plan's first five
    // fill the week's seven, Save All creates the three not saved yet (201)...
    const planPosts = plan.body.posts.slice(0, 5);
    const saved = await send("savePlanDrafts", { client, params: { id: sourceId }, body: { posts: planPosts } });
    expect([saved.status, saved.body.saved.length]).toEqual([201, 3]);
    // ...and again creates nothing: 200.
    const again = await send("savePlanDrafts", { client, params: { id: sourceId }, body: { posts: planPosts } });
    expect([again.status, again.body.saved.length, again.body.alreadySaved.length]).toEqual([200, 0, 5]);
    const preview = await send("previewPlanSchedule", { client, params: { id: sourceId } });
    expect(preview.status).toBe(200);
    const scheduled = await send("schedulePlan", {
      client,
      params: { id: sourceId },
      body: { slots: preview.body.slots.map(({ postId, scheduledTime }: { postId: string; scheduledTime: string }) => ({ postId, scheduledTime })) },
    });
    expect(scheduled.status).toBe(200);
    // A saved post's carousel: none yet, made (201), remade (200), saved, a stale save (409), the PDF (bad bodies: tests/api/carousels.test.ts).
    const postId = savedAndScheduled.body[0].id as string;
    expect((await send("getCarousel", { client, params: { id: postId } })).status).toBe(200);
    expect((await send("getCarousel", { client, params: { id: NO_SUCH_ID } })).status).toBe(404);
    const carousel = await send("makeCarousel", { client, params: { id: postId } });
    expect(carousel.status).toBe(201);
    expect((await send("makeCarousel", { client, params: { id: postId } })).status).toBe(200);
    const { slides, design, author } = carousel.body.carousel;
    expect((await send("saveCarousel", { client, params: { id: postId }, body: { slides, design, author, version: 2 } })).status).toBe(200);
    expect((await send("saveCarousel", { client, params: { id: postId }, body: { slides, design, author, version: 2 } })).status).toBe(409);
    expect((await send("downloadCarouselPdf", { client, params: { id: postId } })).status).toBe(200);
    // The week's seven saves are used: one more is a 429 with the reset time.
    const over = await send("createPost", { client, body: { content: "An eighth post." } });
    expect([over.status, typeof over.body.resetsAt]).toEqual([429, "string"]);

    // A timezone change with scheduled posts ahead: the question (409 with how many), then the answer with what happened to them.
    const moving = { name: "Ada Lovelace", timezone: "Asia/Tokyo" };
    const question = await send("updateProfile", { client, body: moving });
    expect([question.status, question.body.scheduledCount > 0]).toEqual([409, true]);
    const retimed = await send("updateProfile", { client, body: { ...moving, scheduledPosts: "sameTimeOfDay" } });
    expect([retimed.status, retimed.body.scheduledPosts.moved > 0]).toEqual([200, true]);

    expect((await send("getLinkedinConnection", { client })).status).toBe(200);
    expect((await send("disconnectLinkedin", { client })).status).toBe(200);
    expect((await send("cancelSubscription", { client })).status).toBe(200);
  });

  test("billing through Stripe (a local fake speaking its API), with a signed event", async () => {
    const stripeFake = startFakeStripe();
    const stripeApp = await startStripeTestApp(stripeFake, { runJobs: false, rateLimits: lenient });
    try {
      const to = stripeApp;
      const { client } = await newAccount("Katherine Johnson", to);
      const checkout = await send("createCheckoutSession", { client, to });
      expect(checkout.status).toBe(200);
      expect((await send("createSubscription", { client, to })).body.provider).toBe("stripe");
      const [row] = await stripeApp.database.db
        .select()
        .from(users)
        .where(eq(users.email, (await send("getMe", { client, to })).body.email));
      const payload = JSON.stringify({
        id: `evt_contract_${crypto.randomUUID()}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: "checkout.session", customer: row!.billingCustomerId, subscription: `sub_for_${row!.id}`, client_reference_id: row!.id } },
      });
      const signature = await new Stripe("sk_test_unused").webhooks.generateTestHeaderStringAsync({ payload, secret: stripeFake.webhookSecret });
      const event = await fetch(`${to.url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      expect(event.status).toBe(200);
      // The same answer through the checking helper: a repeat is received, not applied again.
      const repeat = await send("receiveStripeEvent", { to, headers: { "content-type": "application/json", "stripe-signature": signature }, raw: payload });
      expect([repeat.status, repeat.body]).toEqual([200, { received: true, applied: false }]);
      expect((await send("receiveStripeEvent", { to, raw: payload, headers: { "content-type": "application/json" } })).status).toBe(400);
      expect((await send("cancelSubscription", { client, to })).status).toBe(200);
    } finally {
      await stripeApp.close();
      await stripeFake.stop();
    }
  });

  test("auto-posting through LinkedIn (a local fake speaking its API): the connection, and retrying a failed post", async () => {
    const linkedin = await startLinkedinTestApp({ runJobs: false });
    try {
      const to = linkedin.app;
      const { client } = await newAccount("Mary Jackson", to);
      expect((await send("completeDemoCheckout", { client, to })).status).toBe(200);
      await connectLinkedin(to, client);
      const status = await send("getLinkedinConnection", { client, to });
      expect([status.status, status.body.available, typeof status.body.connection?.name]).toEqual([200, true, "string"]);
      const created = await send("createPost", { client, to, body: { content: "Published by the job, after a failure." } });
      // Its publication failed (what the publish job records when LinkedIn refuses it).
      await to.database.db
        .update(posts)
        .set({ status: "failed", publishMode: "auto", failureReason: "LinkedIn refused the post." })
        .where(eq(posts.id, created.body.id));
      const retried = await send("retryPost", { client, to, params: { id: created.body.id } });
      expect([retried.status, retried.body.status]).toEqual([200, "scheduled"]);
      expect((await send("disconnectLinkedin", { client, to })).status).toBe(200);
    } finally {
      await linkedin.app.close();
      await linkedin.fake.stop();
    }
  });

  test("every documented operation was sent, and every one answered a success here except those that need another setup", () => {
    // The outbox's success is development mode's, from this machine (the outbox route decides who may read it).
    const elsewhere = new Set(["listOutbox"]);
    const unsent = [...operations.keys()].filter((id) => !seen.has(id));
    expect(unsent).toEqual([]);
    const withoutSuccess = [...operations.keys()].filter((id) => ![...seen.get(id)!].some((status) => status < 300) && !elsewhere.has(id));
    expect(withoutSuccess).toEqual([]);
  });
});

describe("the details a generated client tripped on", () => {
  test("a method a path does not have is a 405 naming the ones it has, not a 404; an unknown path stays a 404", async () => {
    const cases: [string, string, string][] = [
      ["PUT", "/api/health", "GET, HEAD"],
      ["DELETE", "/api/posts", "GET, HEAD, POST"],
      ["GET", "/api/posts/generate", "POST"],
      ["GET", "/api/posts/rewrite/", "POST"],
      ["POST", `/api/posts/${NO_SUCH_ID}`, "GET, HEAD, PATCH, DELETE"],
      ["GET", `/api/posts/${NO_SUCH_ID}/results`, "PUT"],
      ["OPTIONS", "/api/auth/signup", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await fetch(`${app.url}${path}`, { method });
      const body = await response.json();
      expect([method, path, response.status, response.headers.get("allow")]).toEqual([method, path, 405, allow]);
      expect(body.message).toContain(`${method} is not allowed`);
      // The usual headers come with it.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const unknown = await fetch(`${app.url}/api/no-such-thing`, { method: "DELETE" });
    expect([unknown.status, unknown.headers.get("allow")]).toEqual([404, null]);
    // Pages are not the API's: a wrong method there is still the 404 page.
    expect((await fetch(`${app.url}/pricing`, { method: "DELETE" })).status).toBe(404);
  });

  test("PATCH or DELETE /api/posts/allowance is not read as a post id", async () => {
    const { client } = await newAccount("Alan Turing");
    expect((await send("completeDemoCheckout", { client })).status).toBe(200);
    for (const method of ["PATCH", "DELETE"]) {
      const response = await client.request(method, "/api/posts/allowance", method === "PATCH" ? { content: "x" } : undefined);
      expect([method, response.status, response.headers.get("allow")]).toEqual([method, 405, "GET, HEAD"]);
    }
    for (const path of ["/api/posts/counts", "/api/posts/stats", "/api/posts/upcoming"]) {
      expect([path, (await client.request("PATCH", path, { content: "x" })).status]).toEqual([path, 405]);
    }
    // HEAD is answered wherever GET is.
    expect((await client.request("HEAD", "/api/posts/allowance")).status).toBe(200);
  });

  test("creating answers 201, as the document says: signup, contact, one post, Save All", () => {
    for (const id of ["signUp", "sendContactMessage", "createPost", "savePlanDrafts"]) {
      expect([id, Object.keys(operations.get(id)!.responses).filter((status) => status.startsWith("2"))]).toEqual([
        id,
        id === "savePlanDrafts" ? ["200", "201"] : ["201"],
      ]);
      expect([id, [...(seen.get(id) ?? [])].includes(201)]).toEqual([id, true]);
    }
  });

  test("the contact page's plain form post is described, and answered with a page; other body types are refused", async () => {
    const contact = operations.get("sendContactMessage")!;
    expect(Object.keys(contact.requestBody!.content).sort()).toEqual(["application/json", "application/x-www-form-urlencoded"]);
    const form = { name: "Ada Lovelace", email: "ada@example.com", subject: "general", message: "Sent without JavaScript." };
    const sent = await send("sendContactMessage", { form });
    expect([sent.status, sent.headers.get("content-type")]).toEqual([201, "text/html;charset=utf-8"]);
    const refused = await send("sendContactMessage", { form: { ...form, email: "nope" } });
    expect([refused.status, refused.headers.get("content-type")?.startsWith("text/html")]).toEqual([400, true]);
    const multipart = new FormData();
    for (const [key, value] of Object.entries(form)) multipart.set(key, value);
    const other = await fetch(`${app.url}/api/contact`, { method: "POST", body: multipart });
    expect(other.status).toBe(415);
    const plain = await fetch(`${app.url}/api/contact`, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify(form) });
    expect(plain.status).toBe(415);
  });
});
