import { type ConversionConfig, toJsonSchema, toJsonSchemaDefs } from "@valibot/to-json-schema";
import { Elysia } from "elysia";
import * as v from "valibot";
import { SESSION_COOKIE } from "../plugins/session";
import { loginSchema, profileSchema, signupSchema } from "../services/accounts";
import { contactMessageSchema } from "../services/contact";
import { forgotPasswordSchema, resetPasswordSchema } from "../services/password-reset";
import { scheduleSlotsSchema, unsavedPreviewSchema } from "../services/plan-schedule";
import { editSchema, markPostedSchema, newPostSchema, planPostsSchema, saveAndScheduleSchema, scheduleSchema, unscheduleSchema } from "../services/posts";
import { reminderSettingsSchema } from "../services/reminders";
import { voiceSchema } from "../services/voice";
import { resultsSchema } from "../services/results";
import { rewriteInputSchema } from "../services/rewrite";
import { carouselSaveSchema } from "../services/carousels";
import { generateInputSchema } from "../strategist";
import * as r from "./api-responses";
import { deleteAccountSchema } from "./auth";

/**
 * GET /api/openapi.json: every /api route as OpenAPI 3.1. Request bodies are generated from the
 * same valibot schemas the handlers validate with, and answers from the schemas in
 * api-responses.ts, so the description cannot drift from the checks. Elysia's OpenAPI plugin
 * reads schemas declared on routes; ours are checked inside the handlers (for our own messages),
 * so the plugin would describe paths without bodies. tests/api/openapi.test.ts compares this list
 * with the routes the app registers, tests/api/api-contract.test.ts sends every operation and
 * checks the answers against the document, and bench/fuzz.ts takes its endpoints from here.
 */

type Access = "public" | "session" | "subscriber" | "stripe-signature";
/** A success answer's body: JSON described by a valibot schema, an HTML page, or nothing. */
type Answer = v.GenericSchema | "html" | "pdf" | "empty";
export type ApiOperation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Elysia's form (`:id`); the document writes `{id}`. */
  path: string;
  /** A stable name for generated clients. */
  operationId: string;
  summary: string;
  access: Access;
  body?: v.GenericSchema;
  /** The body may also come as a browser's plain form post, answered with a page (success and errors alike). */
  formPost?: true;
  /** The success answers by status: 201 where the call creates something. */
  ok: Partial<Record<200 | 201 | 202 | 304, Answer>>;
  /** Headers the success answers may carry. */
  okHeaders?: Record<string, { description: string; required: boolean; schema: { type: string } }>;
  /** Statuses beyond the success ones and what `access` implies. */
  errors?: number[];
  /** Error answers whose body is not the common Error. */
  errorBodies?: Partial<Record<number, v.GenericSchema>>;
  /** Query parameters, each with what it does. */
  query?: Record<string, string>;
};

// Headers some answers carry, named where they come.
const RETRY_AFTER = { "Retry-After": { description: "Seconds until a retry can succeed (rate limits; the weekly allowance gives resetsAt instead)", required: false, schema: { type: "integer" } } };
const NEXT_CURSOR = { "X-Next-Cursor": { description: "The next page's cursor, while there is more", required: false, schema: { type: "string" } } };
const patchPostSchema = v.union([scheduleSchema, markPostedSchema, unscheduleSchema, editSchema]);
const post = { 200: r.postResponse };

export const apiOperations: ApiOperation[] = [
  { method: "GET", path: "/api/health", operationId: "getHealth", summary: "200 when the database answers (503 otherwise)", access: "public", ok: { 200: r.healthResponse }, errors: [503], errorBodies: { 503: r.healthDownResponse } },
  { method: "GET", path: "/api/openapi.json", operationId: "getOpenApiDocument", summary: "This description", access: "public", ok: { 200: r.openApiResponse } },
  { method: "GET", path: "/api/preview-email/:kind", operationId: "previewEmail", summary: "An email template rendered with sample data, as HTML (304 when If-None-Match names its ETag)", access: "public", ok: { 200: "html", 304: "empty" }, errors: [404] },
  { method: "GET", path: "/api/dev/outbox", operationId: "listOutbox", summary: "Development only, from this machine with the key the start-up log prints (?key=): the last 50 emails in the outbox (404 otherwise)", access: "public", ok: { 200: r.outboxResponse }, errors: [404] },
  {
    method: "POST",
    path: "/api/contact",
    operationId: "sendContactMessage",
    summary: "Send a message to support. The contact page's form posts here without JavaScript too (urlencoded), and gets a page back instead of JSON",
    access: "public",
    body: contactMessageSchema,
    formPost: true,
    ok: { 201: r.messageResponse },
    errors: [400, 429],
  },
  { method: "POST", path: "/api/auth/signup", operationId: "signUp", summary: "Create an account and sign in", access: "public", body: signupSchema, ok: { 201: r.signedInResponse }, errors: [400, 409, 429] },
  { method: "POST", path: "/api/auth/login", operationId: "logIn", summary: "Sign in (failed attempts are rate limited per address and per account)", access: "public", body: loginSchema, ok: { 200: r.signedInResponse }, errors: [400, 401, 429] },
  { method: "POST", path: "/api/auth/logout", operationId: "logOut", summary: "Sign out this session", access: "public", ok: { 200: r.messageResponse } },
  { method: "POST", path: "/api/auth/forgot-password", operationId: "requestPasswordReset", summary: "Email a reset link (answers the same for any address)", access: "public", body: forgotPasswordSchema, ok: { 200: r.messageResponse }, errors: [400, 429] },
  { method: "POST", path: "/api/auth/reset-password", operationId: "resetPassword", summary: "Set a new password with a reset token", access: "public", body: resetPasswordSchema, ok: { 200: r.messageResponse }, errors: [400, 429] },
  { method: "GET", path: "/api/auth/me", operationId: "getMe", summary: "The signed-in user", access: "session", ok: { 200: r.meResponse } },
  { method: "GET", path: "/api/user", operationId: "getUser", summary: "The signed-in user, with subscription, reminder and calendar feed fields", access: "session", ok: { 200: r.userResponse } },
  { method: "PATCH", path: "/api/user/profile", operationId: "updateProfile", summary: "Change name, timezone and LinkedIn handle; a timezone change with scheduled posts ahead must choose scheduledPosts (409 with scheduledCount otherwise): sameTimeOfDay moves them to their times of day in the new zone, sameMoment keeps their instants", access: "session", body: profileSchema, ok: { 200: r.meResponse }, errors: [400, 409] },
  { method: "GET", path: "/api/user/export", operationId: "exportUserData", summary: "Everything stored about the user, as a JSON download", access: "session", ok: { 200: r.exportResponse } },
  { method: "DELETE", path: "/api/user", operationId: "deleteAccount", summary: "Delete the account (confirmed by typing its email)", access: "session", body: deleteAccountSchema, ok: { 200: r.messageResponse }, errors: [400] },
  { method: "PATCH", path: "/api/user/reminders", operationId: "updateReminderSettings", summary: "Reminder emails on or off, and how long before the time", access: "session", body: reminderSettingsSchema, ok: { 200: r.reminderSettingsResponse }, errors: [400] },
  { method: "GET", path: "/api/user/voice", operationId: "getVoice", summary: "Your voice: the past LinkedIn posts the strategist writes like", access: "session", ok: { 200: r.voiceResponse } },
  { method: "PUT", path: "/api/user/voice", operationId: "updateVoice", summary: "Replace your voice's past posts (up to 10)", access: "session", body: voiceSchema, ok: { 200: r.voiceResponse }, errors: [400] },
  { method: "POST", path: "/api/user/calendar-feed", operationId: "renewCalendarFeed", summary: "Issue a new private calendar feed address (the old one stops working)", access: "session", ok: { 200: r.calendarFeedResponse } },
  { method: "POST", path: "/api/stripe/create-checkout-session", operationId: "createCheckoutSession", summary: "Start checkout (Stripe Checkout, or the demo checkout page)", access: "session", ok: { 200: r.checkoutResponse }, errors: [409, 502] },
  { method: "POST", path: "/api/create-subscription", operationId: "createSubscription", summary: "Create an incomplete subscription for the Payment Element", access: "session", ok: { 200: r.subscriptionResponse }, errors: [409, 502] },
  { method: "POST", path: "/api/stripe/cancel-subscription", operationId: "cancelSubscription", summary: "Cancel: at once during a trial, at the period end otherwise", access: "session", ok: { 200: r.cancelledResponse }, errors: [409, 502] },
  { method: "POST", path: "/api/demo-checkout/complete", operationId: "completeDemoCheckout", summary: "Complete the demo checkout (demo billing only)", access: "session", ok: { 200: r.signedInResponse }, errors: [404, 409] },
  { method: "POST", path: "/api/stripe/webhook", operationId: "receiveStripeEvent", summary: "Stripe's events, verified by their signature (the body is Stripe's event JSON, read raw)", access: "stripe-signature", ok: { 200: r.webhookResponse }, errors: [400, 404] },
  { method: "GET", path: "/api/posts/allowance", operationId: "getAllowance", summary: "What is left of this week's 7 saves, and when it resets", access: "session", ok: { 200: r.allowanceResponse } },
  { method: "POST", path: "/api/posts", operationId: "createPost", summary: "Save one post as a draft", access: "subscriber", body: newPostSchema, ok: { 201: r.postResponse }, errors: [400, 404, 429] },
  {
    method: "POST",
    path: "/api/sources/:id/drafts",
    operationId: "savePlanDrafts",
    summary: "Save All: a plan's posts as drafts in one transaction, as many as the week has room for (201 when any was saved, 200 when all were saved before)",
    access: "subscriber",
    body: planPostsSchema,
    ok: { 201: r.savePlanResponse, 200: r.savePlanResponse },
    errors: [400, 404, 429],
  },
  { method: "GET", path: "/api/sources/:id/schedule", operationId: "previewPlanSchedule", summary: "Where the plan's drafts would go at their recommended days and times", access: "session", query: { skipBusy: "false keeps days that already hold a scheduled post (they are skipped unless given)." }, ok: { 200: r.schedulePreviewResponse }, errors: [404] },
  { method: "POST", path: "/api/sources/:id/schedule/preview", operationId: "previewUnsavedPlanSchedule", summary: "Where a plan's posts, not yet saved, would go at their recommended days and times (nothing is saved)", access: "session", body: unsavedPreviewSchema, ok: { 200: r.unsavedSchedulePreviewResponse }, errors: [400, 404] },
  { method: "POST", path: "/api/sources/:id/save-and-schedule", operationId: "saveAndSchedulePlan", summary: "Save a plan's posts and schedule the confirmed slots in one transaction, all or nothing", access: "subscriber", body: saveAndScheduleSchema, ok: { 201: r.postListResponse }, errors: [400, 404, 409, 429] },
  { method: "POST", path: "/api/sources/:id/schedule", operationId: "schedulePlan", summary: "Schedule the confirmed slots of a plan's drafts in one transaction", access: "subscriber", body: scheduleSlotsSchema, ok: { 200: r.postListResponse }, errors: [400, 404, 409] },
  {
    method: "GET",
    path: "/api/posts",
    operationId: "listPosts",
    summary: "A page of the saved posts (an array); X-Next-Cursor holds the next page's cursor while there is more",
    access: "session",
    query: {
      status: "One or more of draft, scheduled, posted, failed, comma-separated. Scheduled alone: soonest first; posted alone: latest posted first; otherwise newest saved first.",
      limit: "Posts per page, 1 to 200 (50 unless given).",
      cursor: "The previous page's X-Next-Cursor, for the same status.",
    },
    ok: { 200: r.postListResponse },
    okHeaders: NEXT_CURSOR,
    errors: [400],
  },
  { method: "GET", path: "/api/posts/counts", operationId: "countPosts", summary: "How many posts are in each status", access: "session", ok: { 200: r.countsResponse } },
  { method: "GET", path: "/api/posts/stats", operationId: "getPostStats", summary: "Posts this week, scheduled and in total", access: "session", ok: { 200: r.statsResponse } },
  { method: "GET", path: "/api/posts/upcoming", operationId: "listUpcomingPosts", summary: "Scheduled posts from now on, soonest first", access: "session", query: { limit: "How many, 1 to 200 (50 unless given)." }, ok: { 200: r.postListResponse }, errors: [400] },
  { method: "GET", path: "/api/posts/:id", operationId: "getPost", summary: "One post", access: "session", ok: post, errors: [404] },
  { method: "PATCH", path: "/api/posts/:id", operationId: "updatePost", summary: "Exactly one change: schedule, mark as posted, unschedule or edit", access: "subscriber", body: patchPostSchema, ok: post, errors: [400, 404, 409] },
  { method: "DELETE", path: "/api/posts/:id", operationId: "deletePost", summary: "Delete a post (its save still counts this week)", access: "subscriber", ok: { 200: r.messageResponse }, errors: [404] },
  { method: "POST", path: "/api/posts/:id/retry", operationId: "retryPost", summary: "Publish a post whose auto-posting failed again, now", access: "subscriber", ok: post, errors: [404, 409] },
  { method: "GET", path: "/api/linkedin", operationId: "getLinkedinConnection", summary: "Whether auto-posting is available, and the LinkedIn profile connected (never a token)", access: "session", ok: { 200: r.linkedinResponse } },
  { method: "DELETE", path: "/api/linkedin", operationId: "disconnectLinkedin", summary: "Disconnect LinkedIn (its tokens are deleted)", access: "session", ok: { 200: r.messageResponse } },
  { method: "PUT", path: "/api/posts/:id/results", operationId: "recordPostResults", summary: "A posted post's impressions, reactions and comments", access: "subscriber", body: resultsSchema, ok: post, errors: [400, 404, 409] },
  { method: "POST", path: "/api/posts/:id/results/skip", operationId: "skipPostResults", summary: "Stop asking for this post's results", access: "subscriber", ok: post, errors: [404, 409] },
  { method: "POST", path: "/api/posts/generate", operationId: "generatePlan", summary: "Plan a week of posts from an article (waits up to 10 s for the plan, then 202: follow GET /api/sources/{id})", access: "subscriber", body: generateInputSchema, ok: { 200: r.generatedPlanResponse, 202: r.pendingPlanResponse }, errors: [400, 429, 502] },
  { method: "GET", path: "/api/sources/:id", operationId: "getSource", summary: "A pasted article and, once ready, its plan", access: "session", ok: { 200: r.sourceResponse }, errors: [404] },
  { method: "GET", path: "/api/posts/:id/carousel", operationId: "getCarousel", summary: "A post's carousel (null until one is made)", access: "session", ok: { 200: r.carouselResponse }, errors: [404] },
  { method: "POST", path: "/api/posts/:id/carousel", operationId: "makeCarousel", summary: "Make a carousel: 5-10 slides from the post and its article (201; 200 when it replaces the slides of one already made, keeping its design)", access: "subscriber", ok: { 201: r.carouselResponse, 200: r.carouselResponse }, errors: [404, 422, 429, 502] },
  { method: "PUT", path: "/api/posts/:id/carousel", operationId: "saveCarousel", summary: "Save the editor's slides (1-20), design (light, dark or brand colours with a 4.5:1 contrast) and byline over the version edited", access: "subscriber", body: carouselSaveSchema, ok: { 200: r.carouselResponse }, errors: [404, 409] },
  { method: "GET", path: "/api/posts/:id/carousel.pdf", operationId: "downloadCarouselPdf", summary: "The carousel as the PDF LinkedIn gets, one page per slide", access: "session", ok: { 200: "pdf" }, errors: [404] },
  { method: "POST", path: "/api/posts/rewrite", operationId: "rewritePost", summary: "New hook, Shorter or Rewrite for one post of a plan", access: "subscriber", body: rewriteInputSchema, ok: { 200: r.rewriteResponse }, errors: [400, 404, 422, 429, 502] },
];

const STATUS_TEXT: Record<number, string> = {
  400: "The input is not valid; the message says which field and why",
  401: "Not signed in",
  403: "Another site's request, or (with paymentRequired or subscriptionExpired) no live subscription",
  404: "Not found, or not the user's",
  409: "Not allowed in the current state",
  413: "The body is over 1 MB",
  415: "The body is not JSON (nor the contact page's form, where that is taken)",
  422: "Nothing to rewrite from, or too little in the post to make a carousel from",
  429: "Too many requests, or the weekly allowance is used; Retry-After or resetsAt says when",
  502: "The payment or AI provider failed",
  503: "The database is not answering",
};

const SUCCESS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted: still being written", 304: "Not modified" };

// The generator marks its output draft-07; in an OpenAPI 3.1 document the dialect is the document's.
// Its $defs repeat every named answer; the document keeps them once, under components.
const dropDialect = <T extends { $schema?: unknown; $defs?: unknown }>({ $schema: _dialect, $defs: _defs, ...rest }: T) => rest;
const conversion: ConversionConfig = {
  errorMode: "ignore",
  // A loose object says that more fields may come (the generator leaves that unsaid).
  overrideSchema: ({ valibotSchema, jsonSchema }) => (valibotSchema.type === "loose_object" ? { ...jsonSchema, additionalProperties: true } : undefined),
};
// Answers name the schemas a client turns into types (components/schemas) instead of repeating them.
const answers: ConversionConfig = { ...conversion, typeMode: "output", definitions: r.namedResponses, overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}` };

/** A request body as JSON Schema; checks JSON Schema cannot say (transforms, custom checks) are left out. */
function requestSchema(schema: v.GenericSchema) {
  return dropDialect(toJsonSchema(schema, { ...conversion, typeMode: "input" }));
}

/** An answer as JSON Schema: a $ref when it is one of the named answers. */
function answerSchema(schema: v.GenericSchema) {
  return dropDialect(toJsonSchema(schema, answers));
}

function successResponse(operation: ApiOperation, status: number, answer: Answer) {
  const response: Record<string, unknown> = { description: SUCCESS_TEXT[status] };
  if (answer === "html") response.content = { "text/html": { schema: { type: "string" } } };
  else if (answer === "pdf") response.content = { "application/pdf": { schema: { type: "string", format: "binary" } } };
  else if (answer !== "empty") {
    response.content = { "application/json": { schema: answerSchema(answer) } };
    // The plain form post gets the page that says the same.
    if (operation.formPost) Object.assign(response.content as object, { "text/html": { schema: { type: "string" } } });
  }
  if (operation.okHeaders) response.headers = operation.okHeaders;
  return response;
}

function errorResponse(operation: ApiOperation, status: number) {
  const body = operation.errorBodies?.[status];
  return {
    description: STATUS_TEXT[status] ?? "Error",
    ...(status === 429 ? { headers: RETRY_AFTER } : {}),
    content: {
      "application/json": { schema: answerSchema(body ?? r.errorResponse) },
      ...(operation.formPost ? { "text/html": { schema: { type: "string" } } } : {}),
    },
  };
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
    if (operation.body) for (const status of [400, 413, 415]) statuses.add(status);
    if (operation.access === "session" || operation.access === "subscriber") statuses.add(401);
    if (operation.access === "subscriber" || (operation.method !== "GET" && operation.access !== "stripe-signature")) statuses.add(403);
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(operation.ok)) responses[status] = successResponse(operation, Number(status), answer);
    for (const status of [...statuses].sort()) responses[String(status)] = errorResponse(operation, status);
    const signedIn = operation.access === "session" || operation.access === "subscriber";
    const body = operation.body && requestSchema(operation.body);
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      // The document's default is the session cookie; everything else says it needs none.
      security: signedIn ? [{ session: [] }] : [],
      ...(operation.access === "subscriber" ? { description: "Needs a live subscription (trialing, active or cancelling)." } : {}),
      ...(operation.access === "stripe-signature" ? { description: "Called by Stripe; the Stripe-Signature header is checked over the raw body." } : {}),
      ...(body
        ? { requestBody: { required: true, content: { "application/json": { schema: body }, ...(operation.formPost ? { "application/x-www-form-urlencoded": { schema: body } } : {}) } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${options.productName} API`,
      version: "1",
      description:
        "The JSON API behind the app. Writes from a browser must come from the app's own origin. A method a path does not have answers 405 with an Allow header naming the ones it has; an unknown path answers 404.",
    },
    servers: [{ url: options.appUrl }],
    security: [{ session: [] }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      schemas: Object.fromEntries(Object.entries(toJsonSchemaDefs(r.namedResponses, answers)).map(([name, schema]) => [name, dropDialect(schema)])),
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
