import { toJsonSchema } from "@valibot/to-json-schema";
import { Elysia } from "elysia";
import * as v from "valibot";
import { SESSION_COOKIE } from "../plugins/session";
import { loginSchema, profileSchema, signupSchema } from "../services/accounts";
import { contactMessageSchema } from "../services/contact";
import { forgotPasswordSchema, resetPasswordSchema } from "../services/password-reset";
import { scheduleSlotsSchema, unsavedPreviewSchema } from "../services/plan-schedule";
import { editSchema, markPostedSchema, newPostSchema, planPostsSchema, saveAndScheduleSchema, scheduleSchema, unscheduleSchema } from "../services/posts";
import { reminderSettingsSchema } from "../services/reminders";
import { resultsSchema } from "../services/results";
import { rewriteInputSchema } from "../services/rewrite";
import { generateInputSchema } from "../services/strategist/input";
import { deleteAccountSchema } from "./auth";

/**
 * GET /api/openapi.json: every /api route as OpenAPI 3.1, request bodies generated from the same
 * valibot schemas the handlers validate with, so the description cannot drift from the checks.
 * Elysia's OpenAPI plugin reads schemas declared on routes; ours are checked inside the handlers
 * (for our own messages), so the plugin would describe paths without bodies. A test compares this
 * list with the routes the app registers (tests/api/openapi.test.ts), and bench/fuzz.ts takes its
 * endpoints from here.
 */

type Access = "public" | "session" | "subscriber" | "stripe-signature";
export type ApiOperation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Elysia's form (`:id`); the document writes `{id}`. */
  path: string;
  summary: string;
  access: Access;
  body?: v.GenericSchema;
  /** Statuses beyond 200 and what `access` implies. */
  errors?: number[];
  /** Query parameters, each with what it does. */
  query?: Record<string, string>;
};

const patchPostSchema = v.union([scheduleSchema, markPostedSchema, unscheduleSchema, editSchema]);

export const apiOperations: ApiOperation[] = [
  { method: "GET", path: "/api/health", summary: "200 when the database answers (503 otherwise)", access: "public", errors: [503] },
  { method: "GET", path: "/api/openapi.json", summary: "This description", access: "public" },
  { method: "GET", path: "/api/preview-email/:kind", summary: "An email template rendered with sample data, as HTML", access: "public", errors: [404] },
  { method: "GET", path: "/api/dev/outbox", summary: "Development only, from the loopback address: the last 50 emails in the outbox (404 anywhere else)", access: "public", errors: [404] },
  { method: "POST", path: "/api/contact", summary: "Send a message to support (JSON or a plain form post)", access: "public", body: contactMessageSchema, errors: [400, 429] },
  { method: "POST", path: "/api/auth/signup", summary: "Create an account and sign in", access: "public", body: signupSchema, errors: [400, 409, 429] },
  { method: "POST", path: "/api/auth/login", summary: "Sign in (failed attempts are rate limited per address and per account)", access: "public", body: loginSchema, errors: [400, 401, 429] },
  { method: "POST", path: "/api/auth/logout", summary: "Sign out this session", access: "public" },
  { method: "POST", path: "/api/auth/forgot-password", summary: "Email a reset link (answers the same for any address)", access: "public", body: forgotPasswordSchema, errors: [400, 429] },
  { method: "POST", path: "/api/auth/reset-password", summary: "Set a new password with a reset token", access: "public", body: resetPasswordSchema, errors: [400, 429] },
  { method: "GET", path: "/api/auth/me", summary: "The signed-in user", access: "session" },
  { method: "GET", path: "/api/user", summary: "The signed-in user, with subscription, reminder and calendar feed fields", access: "session" },
  { method: "PATCH", path: "/api/user/profile", summary: "Change name, timezone and LinkedIn handle; a timezone change with scheduled posts ahead must choose scheduledPosts (409 with scheduledCount otherwise): sameTimeOfDay moves them to their times of day in the new zone, sameMoment keeps their instants", access: "session", body: profileSchema, errors: [400, 409] },
  { method: "GET", path: "/api/user/export", summary: "Everything stored about the user, as JSON", access: "session" },
  { method: "DELETE", path: "/api/user", summary: "Delete the account (confirmed by typing its email)", access: "session", body: deleteAccountSchema, errors: [400] },
  { method: "PATCH", path: "/api/user/reminders", summary: "Reminder emails on or off, and how long before the time", access: "session", body: reminderSettingsSchema, errors: [400] },
  { method: "POST", path: "/api/user/calendar-feed", summary: "Issue a new private calendar feed address (the old one stops working)", access: "session" },
  { method: "POST", path: "/api/stripe/create-checkout-session", summary: "Start checkout (Stripe Checkout, or the demo checkout page)", access: "session", errors: [409, 502] },
  { method: "POST", path: "/api/create-subscription", summary: "Create an incomplete subscription for the Payment Element", access: "session", errors: [409, 502] },
  { method: "POST", path: "/api/stripe/cancel-subscription", summary: "Cancel: at once during a trial, at the period end otherwise", access: "session", errors: [409, 502] },
  { method: "POST", path: "/api/demo-checkout/complete", summary: "Complete the demo checkout (demo billing only)", access: "session", errors: [404, 409] },
  { method: "POST", path: "/api/stripe/webhook", summary: "Stripe's events, verified by their signature", access: "stripe-signature", errors: [400] },
  { method: "GET", path: "/api/posts/allowance", summary: "What is left of this week's 7 saves, and when it resets", access: "session" },
  { method: "POST", path: "/api/posts", summary: "Save one post as a draft", access: "subscriber", body: newPostSchema, errors: [400, 404, 429] },
  { method: "POST", path: "/api/sources/:id/drafts", summary: "Save a plan's posts as drafts in one transaction, as many as the week has room for", access: "subscriber", body: planPostsSchema, errors: [400, 404, 429] },
  { method: "GET", path: "/api/sources/:id/schedule", summary: "Where the plan's drafts would go at their recommended days and times (?skipBusy=false keeps days that already hold a post)", access: "session", errors: [404] },
  { method: "POST", path: "/api/sources/:id/schedule/preview", summary: "Where a plan's posts, not yet saved, would go at their recommended days and times (nothing is saved)", access: "session", body: unsavedPreviewSchema, errors: [400, 404] },
  { method: "POST", path: "/api/sources/:id/save-and-schedule", summary: "Save a plan's posts and schedule the confirmed slots in one transaction, all or nothing", access: "subscriber", body: saveAndScheduleSchema, errors: [400, 404, 409, 429] },
  { method: "POST", path: "/api/sources/:id/schedule", summary: "Schedule the confirmed slots of a plan's drafts in one transaction", access: "subscriber", body: scheduleSlotsSchema, errors: [400, 404, 409] },
  {
    method: "GET",
    path: "/api/posts",
    summary: "A page of the saved posts (an array); X-Next-Cursor holds the next page's cursor while there is more",
    access: "session",
    query: {
      status: "One or more of draft, scheduled, posted, failed, comma-separated. Scheduled alone: soonest first; posted alone: latest posted first; otherwise newest saved first.",
      limit: "Posts per page, 1 to 200 (50 unless given).",
      cursor: "The previous page's X-Next-Cursor, for the same status.",
    },
    errors: [400],
  },
  { method: "GET", path: "/api/posts/counts", summary: "How many posts are in each status", access: "session" },
  { method: "GET", path: "/api/posts/stats", summary: "Posts this week, scheduled and in total", access: "session" },
  { method: "GET", path: "/api/posts/upcoming", summary: "Scheduled posts from now on, soonest first", access: "session", query: { limit: "How many, 1 to 200 (50 unless given)." }, errors: [400] },
  { method: "GET", path: "/api/posts/:id", summary: "One post", access: "session", errors: [404] },
  { method: "PATCH", path: "/api/posts/:id", summary: "Exactly one change: schedule, mark as posted, unschedule or edit", access: "subscriber", body: patchPostSchema, errors: [400, 404, 409] },
  { method: "DELETE", path: "/api/posts/:id", summary: "Delete a post (its save still counts this week)", access: "subscriber", errors: [404] },
  { method: "POST", path: "/api/posts/:id/retry", summary: "Publish a post whose auto-posting failed again, now", access: "subscriber", errors: [404, 409] },
  { method: "GET", path: "/api/linkedin", summary: "Whether auto-posting is available, and the LinkedIn profile connected (never a token)", access: "session" },
  { method: "DELETE", path: "/api/linkedin", summary: "Disconnect LinkedIn (its tokens are deleted)", access: "session" },
  { method: "PUT", path: "/api/posts/:id/results", summary: "A posted post's impressions, reactions and comments", access: "subscriber", body: resultsSchema, errors: [400, 404, 409] },
  { method: "POST", path: "/api/posts/:id/results/skip", summary: "Stop asking for this post's results", access: "subscriber", errors: [404, 409] },
  { method: "POST", path: "/api/posts/generate", summary: "Plan a week of posts from an article (waits up to 60 s for the plan)", access: "subscriber", body: generateInputSchema, errors: [400, 429, 502, 504] },
  { method: "GET", path: "/api/sources/:id", summary: "A pasted article and, once ready, its plan", access: "session", errors: [404] },
  { method: "POST", path: "/api/posts/rewrite", summary: "New hook, Shorter or Rewrite for one post of a plan", access: "subscriber", body: rewriteInputSchema, errors: [400, 404, 422, 429, 502] },
];

const STATUS_TEXT: Record<number, string> = {
  400: "The input is not valid; the message says which field and why",
  401: "Not signed in",
  403: "Another site's request, or (with paymentRequired or subscriptionExpired) no live subscription",
  404: "Not found, or not the user's",
  409: "Not allowed in the current state",
  413: "The body is over 1 MB",
  415: "The body is not JSON",
  422: "Nothing to rewrite from",
  429: "Too many requests, or the weekly allowance is used; Retry-After or resetsAt says when",
  502: "The payment or AI provider failed",
  503: "The database is not answering",
  504: "Still working; poll GET /api/sources/{id}",
};

const message = { $ref: "#/components/schemas/Error" };

/** The body schema as JSON Schema; checks JSON Schema cannot say (transforms, custom checks) are left out. */
function bodySchema(schema: v.GenericSchema) {
  // The generator marks its output draft-07; in an OpenAPI 3.1 document the dialect is the document's.
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, { errorMode: "ignore", typeMode: "input" });
  return jsonSchema;
}

export function openApiDocument(options: { productName: string; appUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of apiOperations) {
    const path = operation.path.replace(/:(\w+)/g, "{$1}");
    const parameters = [
      ...[...operation.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: "path", required: true, schema: { type: "string" } })),
      ...Object.entries(operation.query ?? {}).map(([name, description]) => ({ name, in: "query", required: false, description, schema: { type: "string" } })),
    ];
    const statuses = new Set(operation.errors ?? []);
    if (operation.body) [400, 413, 415].forEach((status) => statuses.add(status));
    if (operation.access === "session" || operation.access === "subscriber") statuses.add(401);
    if (operation.access === "subscriber" || (operation.method !== "GET" && operation.access !== "stripe-signature")) statuses.add(403);
    const responses: Record<string, unknown> = { "200": { description: "OK" } };
    for (const status of [...statuses].sort()) responses[String(status)] = { description: STATUS_TEXT[status] ?? "Error", content: { "application/json": { schema: message } } };
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = {
      summary: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(operation.access === "session" || operation.access === "subscriber" ? { security: [{ session: [] }] } : {}),
      ...(operation.access === "subscriber" ? { description: "Needs a live subscription (trialing, active or cancelling)." } : {}),
      ...(operation.access === "stripe-signature" ? { description: "Called by Stripe; the Stripe-Signature header is checked over the raw body." } : {}),
      ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: bodySchema(operation.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: `${options.productName} API`, version: "1", description: "The JSON API behind the app. Writes from a browser must come from the app's own origin." },
    servers: [{ url: options.appUrl }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      schemas: { Error: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } },
    },
    paths,
  };
}

export function openApiRoutes(options: { productName: string; appUrl: string }) {
  // Built once: the routes do not change while the process runs.
  let document: string | undefined;
  return new Elysia({ name: "routes/openapi" }).get("/api/openapi.json", () => {
    document ??= JSON.stringify(openApiDocument(options));
    return new Response(document, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" } });
  });
}
