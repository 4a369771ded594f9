import * as v from "valibot";

/**
 * The kinds of email the product sends, and a message's envelope, without the templates: the
 * templates pull in React Email (about 0.2 s to import), which the app loads only when it first
 * renders or checks an email (emails/load.ts). index.tsx holds its templates to this list.
 */
export const EMAIL_KINDS = [
  "welcome",
  "trial-started",
  "trial-ending",
  "cancellation",
  "password-reset",
  "contact",
  "post-reminder",
  "linkedin-published",
  "linkedin-failed",
  "linkedin-reconnect",
  "linkedin-expiring",
] as const;

/** A send-email job's payload as the queue sees it; its props are checked against the kind's template when the job runs (and before it is queued). */
export const emailEnvelope = v.object({
  kind: v.picklist(EMAIL_KINDS),
  to: v.pipe(v.string(), v.trim(), v.email("must be an email address")),
  props: v.record(v.string(), v.unknown()),
});
export type EmailEnvelope = v.InferOutput<typeof emailEnvelope>;
