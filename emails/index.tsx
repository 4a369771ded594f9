import * as v from "valibot";
import type { Config } from "../src/config";
import { cancellationEmail } from "./cancellation";
import { contactEmail } from "./contact";
import type { EmailBrand } from "./layout";
import { passwordResetEmail } from "./password-reset";
import { linkedinExpiringEmail } from "./linkedin-expiring";
import { linkedinFailedEmail } from "./linkedin-failed";
import { linkedinPublishedEmail } from "./linkedin-published";
import { linkedinReconnectEmail } from "./linkedin-reconnect";
import { postReminderEmail } from "./post-reminder";
import type { EMAIL_KINDS } from "./kinds";
import type { EmailTemplate } from "./schema";
import { trialEndingEmail } from "./trial-ending";
import { trialStartedEmail } from "./trial-started";
import { welcomeEmail } from "./welcome";

/** Every email the product sends, by kind. A new email is a template file plus a line here and in emailMessage. */
export const emailTemplates = {
  welcome: welcomeEmail,
  "trial-started": trialStartedEmail,
  "trial-ending": trialEndingEmail,
  cancellation: cancellationEmail,
  "password-reset": passwordResetEmail,
  contact: contactEmail,
  "post-reminder": postReminderEmail,
  "linkedin-published": linkedinPublishedEmail,
  "linkedin-failed": linkedinFailedEmail,
  "linkedin-reconnect": linkedinReconnectEmail,
  "linkedin-expiring": linkedinExpiringEmail,
} satisfies Record<(typeof EMAIL_KINDS)[number], unknown>;

export type EmailKind = keyof typeof emailTemplates;
/** The props a caller passes for a kind (dates may be Date objects). */
export type EmailProps<K extends EmailKind> = v.InferInput<(typeof emailTemplates)[K]["props"]>;

const address = v.pipe(v.string(), v.trim(), v.email("must be an email address"));
const message = <K extends EmailKind>(kind: K) =>
  v.object({ kind: v.literal(kind), to: address, props: emailTemplates[kind].props as (typeof emailTemplates)[K]["props"] });

/** One email to send: the send-email job's payload. Props are checked against their kind's schema. */
export const emailMessage = v.variant("kind", [
  message("welcome"),
  message("trial-started"),
  message("trial-ending"),
  message("cancellation"),
  message("password-reset"),
  message("contact"),
  message("post-reminder"),
  message("linkedin-published"),
  message("linkedin-failed"),
  message("linkedin-reconnect"),
  message("linkedin-expiring"),
]);
export type EmailMessage = v.InferOutput<typeof emailMessage>;

/**
 * React Email's render, imported on first use rather than at the top. The resend SDK imports
 * the same module dynamically, so Bun's bundler wraps it to initialise lazily, and in the
 * compiled binary a static import of it is then never initialised: rendering plain text threw
 * "Spread syntax requires ...iterable" there (Bun 1.4.5). A dynamic import runs the initialiser.
 */
let loadedRender: Promise<typeof import("@react-email/components")["render"]> | undefined;
const loadRender = () => (loadedRender ??= import("@react-email/components").then((module) => module.render));

export type RenderedEmail = { subject: string; html: string; text: string; replyTo: string | undefined };

export function emailBrand(config: Pick<Config, "productName" | "appUrl" | "email">): EmailBrand {
  return { productName: config.productName, appUrl: config.appUrl, supportEmail: config.email.supportEmail };
}

/**
 * Renders one email to its HTML and plain-text parts (~200 ms: callers run this in a job or
 * cache the result). Props are parsed here too, so a template never sees unchecked input.
 */
export async function renderEmail<K extends EmailKind>(kind: K, props: EmailProps<K>, brand: EmailBrand): Promise<RenderedEmail> {
  // Each kind's parts agree by defineEmail; indexing by a generic K loses that, so widen once here.
  const template = emailTemplates[kind] as unknown as EmailTemplate<v.GenericSchema<unknown, object>>;
  const branded = { ...v.parse(template.props, props), brand };
  const element = <template.Component {...branded} />;
  const render = await loadRender();
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(branded), html, text, replyTo: template.replyTo?.(branded) };
}
