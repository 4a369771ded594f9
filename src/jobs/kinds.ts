/**
 * Every kind of background job, named once. Services enqueue by these names and jobs register
 * under them; this module imports nothing, so neither side has to import the other to agree.
 */
export const SEND_EMAIL = "send-email";
export const GENERATE_PLAN = "generate-plan";
export const POST_REMINDER = "post-reminder";
export const REQUEST_PASSWORD_RESET = "request-password-reset";
/** Auto-posting: a scheduled post published on LinkedIn at its time. */
export const PUBLISH_POST = "publish-post";
/** Recurring housekeeping. */
export const PRUNE_JOBS = "prune-jobs";
export const DEMO_BILLING_CLOCK = "demo-billing-clock";
export const LINKEDIN_EXPIRY = "linkedin-expiry";

export const JOB_KINDS = [
  SEND_EMAIL,
  GENERATE_PLAN,
  POST_REMINDER,
  REQUEST_PASSWORD_RESET,
  PUBLISH_POST,
  PRUNE_JOBS,
  DEMO_BILLING_CLOCK,
  LINKEDIN_EXPIRY,
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
