/**
 * Every kind of background job, named once. Services enqueue by these names and jobs register
 * under them; this module imports nothing, so neither side has to import the other to agree.
 */
export const SEND_EMAIL = "send-email";
export const GENERATE_PLAN = "generate-plan";
export const POST_REMINDER = "post-reminder";
export const REQUEST_PASSWORD_RESET = "request-password-reset";
/** Recurring housekeeping. */
export const PRUNE_JOBS = "prune-jobs";
export const DEMO_BILLING_CLOCK = "demo-billing-clock";

export const JOB_KINDS = [SEND_EMAIL, GENERATE_PLAN, POST_REMINDER, REQUEST_PASSWORD_RESET, PRUNE_JOBS, DEMO_BILLING_CLOCK] as const;
export type JobKind = (typeof JOB_KINDS)[number];
