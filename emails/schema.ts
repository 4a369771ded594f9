import type { ReactElement } from "react";
import * as v from "valibot";
import { formatLongDate as formatDate } from "../src/shared/format-date";
import type { Branded } from "./layout";

/**
 * Pieces the templates' props schemas share, and the shape of one template. Props travel as a
 * job payload (JSON in the jobs table), so they are plain data and checked with valibot both
 * when the job is enqueued and when it runs.
 */

// SPEC.md section 9: one plan, 6 pounds per month after a 7-day trial; the templates import these from here.
export { MONTHLY_PRICE, TRIAL_DAYS } from "../src/shared/pricing";

/** The recipient's name as the account holds it (1-100 characters, PRODUCT.md "Accounts"). */
export const personName = v.pipe(v.string(), v.trim(), v.nonEmpty("must not be blank"), v.maxLength(100, "must be at most 100 characters"));

/**
 * An instant: a Date from the caller, stored as its ISO string (JSON has no dates), so the
 * template reads the same value whether it runs now or after a restart.
 */
export const instant = v.pipe(
  v.union([v.date(), v.pipe(v.string(), v.isoTimestamp("must be an ISO timestamp"))]),
  v.transform((value) => new Date(value).toISOString()),
);

/** An IANA time zone Intl knows, so formatting a date in it cannot throw later. */
export const timeZone = v.pipe(
  v.string(),
  v.check((zone) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as Europe/London"),
);

/**
 * A date as the product shows dates everywhere ("Mar 9, 2026", src/shared/format-date.ts), on the
 * calendar of the user's time zone so a charge "on Mar 9" is the 9th where they live.
 */
export function formatLongDate(iso: string, zone = "UTC"): string {
  return formatDate(iso, zone);
}

/** One email kind: its props schema, the component, the subject line and sample props for previews. */
export type EmailTemplate<S extends v.GenericSchema> = {
  props: S;
  Component: (props: Branded<v.InferOutput<S>>) => ReactElement;
  subject: (props: Branded<v.InferOutput<S>>) => string;
  sampleProps: v.InferInput<S>;
  /** Where replies should go when not to the sender (the contact form: the visitor). */
  replyTo?: (props: v.InferOutput<S>) => string;
};

/** Ties a template's parts to its props schema, so they cannot drift apart. */
export function defineEmail<S extends v.GenericSchema>(template: EmailTemplate<S>): EmailTemplate<S> {
  return template;
}

/** Subjects are one header line: a newline from user input (a contact name) must not break it. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
