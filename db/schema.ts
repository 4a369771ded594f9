import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Every table Cadence keeps. The SQL in db/migrations is generated from this file
 * (`bun run db:generate`) and applied at start; a test checks the two agree.
 * Instants are timestamptz (stored as UTC); the user's timezone is applied on display.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  // Stored normalised (trimmed, lower case) so the unique index means one account per address.
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  timezone: text("timezone").notNull().default("America/New_York"),
  linkedinHandle: text("linkedin_handle"),
  paymentMethodAdded: boolean("payment_method_added").notNull().default(false),
  // trialing | active | pending_cancellation | cancelled | past_due | unpaid (legacy 'trial' reads as trialing)
  subscriptionStatus: text("subscription_status"),
  trialEnd: timestamp("trial_end", { withTimezone: true }),
  subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true }),
  // Start of the current billing period (trial start for trials): the weekly allowance counts from here.
  billingPeriodStart: timestamp("billing_period_start", { withTimezone: true }),
  // End of the current period (the trial's end while trialing): the next charge.
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  // When the "you will be charged" email went out for the current trial, so it goes once.
  trialEndingNotifiedAt: timestamp("trial_ending_notified_at", { withTimezone: true }),
  // Creation time of the newest payment event applied: older events arriving late are not applied over it.
  billingEventAt: timestamp("billing_event_at", { withTimezone: true }),
  billingCustomerId: text("billing_customer_id"),
  billingSubscriptionId: text("billing_subscription_id"),
  // The posting assistant: an email at (or this many minutes before) each scheduled post's time.
  remindersEnabled: boolean("reminders_enabled").notNull().default(true),
  reminderLeadMinutes: integer("reminder_lead_minutes").notNull().default(0), // 0 | 15 | 60
  // The private calendar feed: the token is derived from this nonce (src/services/calendar-feed.ts);
  // only its hash is kept, to find the user. A new nonce retires the old URL.
  calendarFeedNonce: text("calendar_feed_nonce"),
  calendarFeedTokenHash: text("calendar_feed_token_hash").unique(),
  // "Your voice": up to 10 of the user's own past LinkedIn posts, examples of how they write (never material).
  voicePosts: jsonb("voice_posts").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A server-side session the JWT cookie names, so logout and password reset really revoke access. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Only the SHA-256 of a reset token is kept; the token itself lives in the email alone. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** A piece of long-form content a user pasted, and the plan the strategist made of it. */
export const sources = pgTable(
  "sources",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentText: text("content_text").notNull(),
    contentUrl: text("content_url"),
    contentType: text("content_type").notNull(), // blog | newsletter | thread | other
    // The generated plan ({posts, strategyOverview}) once the job has finished, so it survives a reload.
    plan: jsonb("plan"),
    jobId: uuid("job_id"),
    // Where the plan's writing is while its job runs (reading, writing, checking): the generator shows it.
    stage: text("stage"),
    createdAt: createdAt(),
  },
  (t) => [index("sources_user_idx").on(t.userId, t.createdAt)],
);

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id").references(() => sources.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    hook: text("hook").notNull().default(""),
    postOrder: text("post_order").notNull().default("1"),
    postType: text("post_type").notNull().default("value"),
    strategyExplanation: text("strategy_explanation").notNull().default(""),
    recommendedDay: text("recommended_day"),
    recommendedTime: text("recommended_time"),
    status: text("status").notNull().default("draft"), // draft | scheduled | posted | failed
    scheduledTime: timestamp("scheduled_time", { withTimezone: true }),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    // When the reminder email for the current scheduled time was queued: each post is reminded once.
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    // The published post on LinkedIn, when the user gave it on marking as posted.
    linkedinUrl: text("linkedin_url"),
    // The user's own results, asked for two days after posting (they feed "Your best times").
    impressions: integer("impressions"),
    reactions: integer("reactions"),
    comments: integer("comments"),
    resultsRecordedAt: timestamp("results_recorded_at", { withTimezone: true }),
    resultsSkippedAt: timestamp("results_skipped_at", { withTimezone: true }),
    // Auto-posting (src/services/linkedin/publishing.ts): "auto" publishes at the time through the
    // connected LinkedIn profile, "remind" is the posting assistant's email.
    publishMode: text("publish_mode").notNull().default("remind"), // auto | remind
    linkedinPostUrn: text("linkedin_post_urn"),
    // LinkedIn's reason (or ours) when auto-posting failed, shown on the card.
    failureReason: text("failure_reason"),
    // One worker's claim on publishing this post: no other may call LinkedIn for it until then.
    publishLeaseUntil: timestamp("publish_lease_until", { withTimezone: true }),
    // Set just before a publish request and cleared once its outcome is known: still set on the
    // next run means the last attempt's outcome is unknown, so LinkedIn is asked before posting again.
    publishAttemptAt: timestamp("publish_attempt_at", { withTimezone: true }),
    // The first attempt of this publication: transient failures are retried for 30 minutes from it.
    publishFirstAttemptAt: timestamp("publish_first_attempt_at", { withTimezone: true }),
    // Counts the changes a calendar shows (text, time, status): the feed's SEQUENCE. A trigger
    // (migration 0010) bumps it, so no writer of posts can forget to.
    revision: integer("revision").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The lists page through these in their own order (keyset pagination, src/services/post-lists.ts):
  // a page costs the same at 100 posts as at 5,000.
  (t) => [
    index("posts_user_scheduled_idx").on(t.userId, t.scheduledTime),
    index("posts_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("posts_user_status_created_idx").on(t.userId, t.status, t.createdAt, t.id),
    index("posts_user_status_scheduled_idx").on(t.userId, t.status, t.scheduledTime, t.id),
    index("posts_user_status_posted_idx").on(t.userId, t.status, sql`coalesce(${t.postedAt}, ${t.scheduledTime}, ${t.createdAt})`, t.id),
  ],
);

/**
 * One row per post saved, kept when the post is deleted: the weekly allowance counts saves
 * (PRODUCT.md "The weekly allowance"), so deleting a post gives nothing back.
 */
export const postSaves = pgTable(
  "post_saves",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("post_saves_user_created_idx").on(t.userId, t.createdAt)],
);

/** The background job queue: rows, not promises, so work survives a restart. See src/jobs/queue.ts. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("queued"), // queued | running | completed | failed
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    result: jsonb("result"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // Names a job that must exist at most once while waiting or running (a post's reminder,
    // a recurring kind), so it can be moved or cancelled and is never queued twice.
    key: text("key"),
  },
  (t) => [
    index("jobs_claim_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_active_key_idx").on(t.key).where(sql`status in ('queued', 'running')`),
    index("jobs_finished_idx").on(t.finishedAt),
  ],
);

/**
 * Single-purpose links sent by email (e.g. Mark as posted from a reminder): only the SHA-256
 * of the token is kept; each is for one user, one post and one action, expires, and works once.
 */
export const actionTokens = pgTable(
  "action_tokens",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    action: text("action").notNull(), // mark-posted
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("action_tokens_post_idx").on(t.postId)],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(), // general | support | sales | feedback
  message: text("message").notNull(),
  createdAt: createdAt(),
});

/** Every email the app sends, whichever provider delivers it; the outbox provider stops here. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    provider: text("provider").notNull(), // outbox | resend
    providerMessageId: text("provider_message_id"),
    /** The send-email job that recorded it: a job run again after a crash records its email once. */
    jobId: uuid("job_id"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toAddress, t.createdAt), uniqueIndex("email_outbox_job_idx").on(t.jobId)],
);

/** Payment provider events already applied: webhooks are retried, so each id is applied once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate limit counters, one row per limit and key (an address, an account): in the database so
 * every instance counts the same attempts. A fixed window: `count` attempts since `windowStart`;
 * `lastAt` is the latest counted attempt (a per-account backoff waits from it).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    // Fractional: a rewrite costs a quarter of a plan against the same budget.
    count: doublePrecision("count").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * One free trial per person: a keyed hash (HMAC) of each email address that started a trial,
 * kept after the account is deleted (for the period the privacy page states) so a new account
 * with the same address pays from day one. The address itself is not kept.
 */
export const trialClaims = pgTable("trial_claims", {
  emailKey: text("email_key").primaryKey(),
  createdAt: createdAt(),
});

/** Secrets the app generates for itself once and shares across instances (e.g. the session signing key). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * The LinkedIn profile connected to an account (one per account) for auto-posting. Tokens are
 * encrypted with AES-256-GCM (src/services/linkedin/token-crypto.ts) and never leave the server.
 */
export const linkedinConnections = pgTable("linkedin_connections", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  memberSub: text("member_sub").notNull(),
  personUrn: text("person_urn").notNull(),
  name: text("name").notNull(),
  pictureUrl: text("picture_url"),
  accessTokenEncrypted: text("access_token_encrypted").notNull(),
  refreshTokenEncrypted: text("refresh_token_encrypted"),
  scopes: text("scopes").notNull().default(""),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  // The "expires in 7 days" and "in 1 day" emails for this token, each sent once.
  expiryNotice7SentAt: timestamp("expiry_notice_7_sent_at", { withTimezone: true }),
  expiryNotice1SentAt: timestamp("expiry_notice_1_sent_at", { withTimezone: true }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An OAuth `state` handed to LinkedIn: bound to one user, single-use, short-lived; only its hash is kept. */
export const linkedinOauthStates = pgTable(
  "linkedin_oauth_states",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stateHash: text("state_hash").notNull().unique(),
    // dashboard | settings: where the callback lands.
    returnTo: text("return_to").notNull().default("settings"),
    // The user confirmed replacing the profile already connected.
    replace: boolean("replace").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("linkedin_oauth_states_user_idx").on(t.userId)],
);

/**
 * A post's carousel (issue 25): its slides, design and byline, one per post, deleted with it.
 * `version` counts the saves (a save names the version it edited: a stale tab gets a 409, not a
 * silent overwrite); `postContent` is the post's text the slides were last made or saved against,
 * so the editor can say when the post has been edited since.
 */
export const carousels = pgTable(
  "carousels",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    postId: uuid("post_id")
      .notNull()
      .unique()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slides: jsonb("slides").notNull(),
    design: jsonb("design").notNull(),
    author: jsonb("author").notNull(),
    version: integer("version").notNull().default(1),
    postContent: text("post_content").notNull(),
    // The PDF uploaded to LinkedIn for auto-posting and the version it was rendered from: a retry
    // reuses it rather than uploading again; a carousel edited since is uploaded anew.
    linkedinDocumentUrn: text("linkedin_document_urn"),
    linkedinDocumentVersion: integer("linkedin_document_version"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("carousels_user_idx").on(t.userId)],
);
