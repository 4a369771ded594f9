import * as v from "valibot";
import type { guardFields, meFields } from "../services/accounts";
import type { DashboardStats } from "../services/dashboard";
import type { SourceView } from "../services/generation";
import type { LinkedinConnectionView } from "../services/linkedin/connection";
import type { PostCounts } from "../services/post-lists";
import { POST_STATUSES } from "../shared/post-status";
import { type allowanceRead, PUBLISH_MODES, type postFields } from "../services/posts";
import { reminderSettingsSchema } from "../services/reminders";
import { CONTENT_TYPES, PLAN_STAGES, planEntries } from "../strategist";
import type { CarouselView } from "../services/carousels";
import { SLIDE_KINDS, THEMES } from "../shared/carousel";

/**
 * What the /api routes answer, as valibot schemas: GET /api/openapi.json turns them into the
 * response schemas of the document (src/routes/openapi.ts), and tests/api/api-contract.test.ts
 * checks real answers against that document. The compile-time checks at the end tie each
 * schema to the function that shapes the answer, so a field added there fails `tsc` here.
 */

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const uuid = v.pipe(v.string(), v.uuid());

export const messageResponse = v.object({ message: v.string() });

/** Every error answer: the message, and the extra fields some errors carry. */
export const errorResponse = v.object({
  message: v.string(),
  retryAfter: v.optional(v.pipe(v.number(), v.description("429: seconds until a retry can succeed (also in Retry-After)"))),
  resetsAt: v.optional(v.pipe(timestamp, v.description("429 on a save: when the weekly allowance resets"))),
  paymentRequired: v.optional(v.pipe(v.literal(true), v.description("403: no payment method yet (go to /payment-setup)"))),
  subscriptionExpired: v.optional(v.pipe(v.literal(true), v.description("403: the subscription ended (go to /subscription-expired)"))),
  sourceId: v.optional(v.pipe(uuid, v.description("502 from Generate: the plan's source, to reopen"))),
  scheduledCount: v.optional(
    v.pipe(count, v.description("409 from PATCH /api/user/profile: the scheduled posts ahead a timezone change must choose for (scheduledPosts)")),
  ),
  nextScheduledTime: v.optional(v.pipe(v.nullable(timestamp), v.description("409 from PATCH /api/user/profile: the soonest of them"))),
  error: v.optional(v.pipe(v.object({ message: v.string() }), v.description("POST /api/create-subscription: the Payment Element's form of the message"))),
});

const guardEntries = {
  id: uuid,
  name: v.string(),
  email: v.string(),
  paymentMethodAdded: v.boolean(),
  subscriptionStatus: v.pipe(
    v.nullable(v.string()),
    v.description("trialing, active, pending_cancellation, past_due, unpaid or cancelled; null before checkout"),
  ),
  subscriptionEndDate: v.nullable(timestamp),
  trialEnd: v.nullable(timestamp),
  timezone: v.pipe(v.string(), v.description("An IANA time zone, e.g. Europe/London")),
  linkedinHandle: v.nullable(v.string()),
};
/** The fields the route guard reads (GET /api/user, signup, login, billing answers). */
export const guardUserResponse = v.object(guardEntries);
const { paymentMethodAdded: _paymentMethodAdded, trialEnd: _trialEnd, ...meEntries } = guardEntries;
/** GET /api/auth/me and PATCH /api/user/profile. */
export const meResponse = v.object(meEntries);
/** PATCH /api/user/profile: the profile, and what happened to the scheduled posts ahead when the timezone changed with them. */
export const profileResponse = v.object({
  ...meEntries,
  scheduledPosts: v.optional(
    v.pipe(
      v.object({ moved: count, kept: count }),
      v.description(
        "After a timezone change with scheduled posts ahead: how many moved to their times of day in the new zone, and how many kept their instants",
      ),
    ),
  ),
});
export const userResponse = v.object({
  ...guardEntries,
  ...reminderSettingsSchema.entries,
  calendarFeedUrl: v.pipe(v.string(), v.url(), v.description("The private calendar feed address (webcal-ready https URL)")),
});
export const signedInResponse = v.object({ user: guardUserResponse });

export const postResponse = v.object({
  id: uuid,
  sourceId: v.nullable(uuid),
  content: v.string(),
  hook: v.string(),
  postOrder: v.string(),
  postType: v.string(),
  strategyExplanation: v.string(),
  recommendedDay: v.nullable(v.string()),
  recommendedTime: v.nullable(v.string()),
  status: v.picklist(POST_STATUSES),
  scheduledTime: v.nullable(timestamp),
  postedAt: v.nullable(timestamp),
  reminderSentAt: v.nullable(timestamp),
  linkedinUrl: v.nullable(v.string()),
  impressions: v.nullable(count),
  reactions: v.nullable(count),
  comments: v.nullable(count),
  resultsRecordedAt: v.nullable(timestamp),
  resultsSkippedAt: v.nullable(timestamp),
  publishMode: v.picklist(PUBLISH_MODES),
  linkedinPostUrn: v.nullable(v.string()),
  failureReason: v.nullable(v.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export const postListResponse = v.array(postResponse);

export const allowanceResponse = v.object({ limit: count, used: count, remaining: count, resetsAt: timestamp });
export const statsResponse = v.object({ thisWeek: count, scheduled: count, total: count });
export const countsResponse = v.object(
  Object.fromEntries(POST_STATUSES.map((status) => [status, count])) as Record<(typeof POST_STATUSES)[number], typeof count>,
);

/** Save All: 201 when it saved any, 200 when every post was saved before; message and resetsAt when the week ran out part way. */
export const savePlanResponse = v.object({
  saved: postListResponse,
  alreadySaved: v.pipe(v.array(v.string()), v.description("postOrders saved by an earlier Save All")),
  unsaved: v.pipe(v.array(v.string()), v.description("postOrders left out: the weekly allowance ran out")),
  message: v.optional(v.string()),
  resetsAt: v.optional(timestamp),
});

export const schedulePreviewResponse = v.object({
  timezone: v.string(),
  slots: v.array(v.object({ postId: uuid, postOrder: v.string(), scheduledTime: timestamp, moved: v.boolean() })),
  unplaced: v.pipe(v.array(v.string()), v.description("postOrders of drafts without a recommended day and time")),
});

/** The same, for a plan's posts not saved yet: each slot named by its postOrder alone. */
export const unsavedSchedulePreviewResponse = v.object({
  timezone: v.string(),
  slots: v.array(v.object({ postId: v.null(), postOrder: v.string(), scheduledTime: timestamp, moved: v.boolean() })),
  unplaced: v.pipe(v.array(v.string()), v.description("postOrders of posts without a recommended day and time")),
});

export const planResponse = v.object(planEntries);
export const generatedPlanResponse = v.object({ ...planEntries, sourceId: uuid });
const planStage = v.pipe(v.picklist(PLAN_STAGES), v.description("queued, reading (the article), writing (the posts), checking (them)"));
/** 202 from Generate: the plan is still being written; follow GET /api/sources/{sourceId}. */
export const pendingPlanResponse = v.object({ sourceId: uuid, pending: v.literal(true), stage: planStage });
export const sourceResponse = v.object({
  id: uuid,
  contentText: v.string(),
  contentUrl: v.nullable(v.string()),
  contentType: v.picklist(CONTENT_TYPES),
  createdAt: timestamp,
  status: v.picklist(["pending", "completed", "failed"]),
  plan: v.nullable(planResponse),
  error: v.nullable(v.string()),
  stage: v.nullable(planStage),
  savedPostOrders: v.array(v.string()),
});
export const rewriteResponse = v.object({ content: v.string(), hook: v.string() });

/** A post's carousel: the slides and design as the editor saves them (src/shared/carousel.ts). */
export const carouselViewResponse = v.object({
  postId: uuid,
  slides: v.array(v.object({ kind: v.picklist(SLIDE_KINDS), title: v.string(), body: v.string() })),
  design: v.object({ theme: v.picklist(THEMES), size: v.picklist(["square", "portrait"]), brandBackground: v.string(), brandText: v.string() }),
  author: v.object({ name: v.string(), handle: v.string() }),
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  postChanged: v.pipe(v.boolean(), v.description("The post was edited after these slides were made or saved")),
  updatedAt: timestamp,
});
export const carouselResponse = v.object({ carousel: v.nullable(carouselViewResponse) });

export const linkedinResponse = v.object({
  available: v.pipe(v.boolean(), v.description("Whether this install has a LinkedIn app configured")),
  connection: v.nullable(v.object({ name: v.string(), pictureUrl: v.nullable(v.string()), connectedAt: timestamp, expiresAt: timestamp })),
});

export const healthResponse = v.object({ status: v.literal("ok"), database: v.picklist(["pglite", "postgres"]) });
export const healthDownResponse = v.object({ status: v.literal("unavailable"), message: v.string() });
export const outboxResponse = v.array(
  v.object({ id: uuid, kind: v.string(), to: v.string(), subject: v.string(), createdAt: timestamp, html: v.string(), text: v.string() }),
);
/** The export is the user's own data as stored: the posts keep every column, so they are described loosely. */
export const exportResponse = v.object({
  exportedAt: timestamp,
  profile: v.object({ ...guardEntries, createdAt: timestamp }),
  voicePosts: v.pipe(v.array(v.string()), v.description("Your voice: the past posts you gave in Settings")),
  posts: v.array(v.looseObject({ id: uuid, content: v.string() })),
});
export const calendarFeedResponse = v.object({ calendarFeedUrl: v.pipe(v.string(), v.url()) });
export const reminderSettingsResponse = reminderSettingsSchema;
export const voiceResponse = v.object({ posts: v.array(v.string()) });
export const checkoutResponse = v.object({
  sessionUrl: v.pipe(v.string(), v.description("Where to send the browser: Stripe Checkout, or the demo checkout page")),
});
export const subscriptionResponse = v.object({ clientSecret: v.string(), provider: v.picklist(["stripe", "demo"]) });
export const cancelledResponse = v.object({ message: v.string(), user: guardUserResponse });
export const webhookResponse = v.object({ received: v.literal(true), applied: v.boolean() });
export const openApiResponse = v.looseObject({ openapi: v.string(), paths: v.record(v.string(), v.unknown()) });

/** The answers a generated client names as types: the document keeps each once, under components/schemas. */
export const namedResponses = {
  Error: errorResponse,
  Message: messageResponse,
  User: guardUserResponse,
  Me: meResponse,
  ProfileUpdate: profileResponse,
  UserDetails: userResponse,
  SignedIn: signedInResponse,
  Post: postResponse,
  PostList: postListResponse,
  Allowance: allowanceResponse,
  PostStats: statsResponse,
  PostCounts: countsResponse,
  SavePlanResult: savePlanResponse,
  SchedulePreview: schedulePreviewResponse,
  Plan: planResponse,
  GeneratedPlan: generatedPlanResponse,
  PendingPlan: pendingPlanResponse,
  Source: sourceResponse,
  RewrittenPost: rewriteResponse,
  Carousel: carouselResponse,
  LinkedinStatus: linkedinResponse,
  Health: healthResponse,
  HealthDown: healthDownResponse,
  Outbox: outboxResponse,
  AccountExport: exportResponse,
  CalendarFeed: calendarFeedResponse,
  ReminderSettings: reminderSettingsResponse,
  Voice: voiceResponse,
  CheckoutSession: checkoutResponse,
  Subscription: subscriptionResponse,
  Cancelled: cancelledResponse,
  WebhookReceipt: webhookResponse,
  OpenApiDocument: openApiResponse,
};

// Compile-time ties: each schema has exactly the fields of the value its route sends, and what
// it promises fits that value's type (Dates are sent as ISO strings; a schema may narrow a
// string to its known values). A mismatch makes the `true` below a type error.
type Json<T> = T extends Date ? string : T extends (infer I)[] ? Json<I>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;
type Describes<S extends v.GenericSchema, T> = [v.InferOutput<S>] extends [Json<T>]
  ? [keyof v.InferOutput<S>] extends [keyof T]
    ? [keyof T] extends [keyof v.InferOutput<S>]
      ? true
      : false
    : false
  : false;
const ties: [
  Describes<typeof postResponse, ReturnType<typeof postFields>>,
  Describes<typeof guardUserResponse, ReturnType<typeof guardFields>>,
  Describes<typeof meResponse, ReturnType<typeof meFields>>,
  Describes<typeof allowanceResponse, ReturnType<ReturnType<typeof allowanceRead>["parse"]>>,
  Describes<typeof statsResponse, DashboardStats>,
  Describes<typeof countsResponse, PostCounts>,
  Describes<typeof sourceResponse, SourceView>,
  Describes<typeof carouselViewResponse, CarouselView>,
  Describes<NonNullable<(typeof linkedinResponse.entries.connection)["wrapped"]>, LinkedinConnectionView>,
] = [true, true, true, true, true, true, true, true, true];
void ties;
