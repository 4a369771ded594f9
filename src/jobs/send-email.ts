import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailOutbox, jobs } from "../../db/schema";
import * as v from "valibot";
import { type EmailEnvelope, emailEnvelope } from "../../emails/kinds";
import { loadEmails } from "../../emails/load";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { EmailDeliveryError, type EmailProvider } from "../providers/email/email-provider";
import { SEND_EMAIL } from "./kinds";
import { type JobDefinition, PermanentJobError } from "./queue";

export type SendEmailDeps = {
  config: Pick<Config, "productName" | "appUrl" | "email">;
  database: Database;
  logger: Logger;
  providers: { email: EmailProvider };
};

/**
 * Renders one email and sends it through the configured provider, then records it in
 * email_outbox (whichever provider delivered it: the table is the app's record of what it
 * sent). Rendering happens here, off the request, because it takes ~200 ms.
 *
 * The job id is the provider's idempotency key: if the send succeeds but recording it fails,
 * the retry's send is recognised by Resend rather than delivered twice.
 */
export function sendEmailJob(deps: SendEmailDeps): JobDefinition<EmailEnvelope> {
  const { config, database, logger, providers } = deps;
  return {
    kind: SEND_EMAIL,
    payload: emailEnvelope,
    async run(envelope, context) {
      // The templates load with the first email; the props are checked against the kind's template (a ValiError is permanent).
      const { emailBrand, emailMessage, renderEmail } = await loadEmails();
      const message = v.parse(emailMessage, envelope);
      const rendered = await renderEmail(message.kind, message.props, emailBrand(config));
      let sent: { providerMessageId: string | null };
      try {
        sent = await providers.email.send(
          {
            to: message.to,
            from: config.email.from,
            replyTo: rendered.replyTo,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
          },
          { idempotencyKey: `${SEND_EMAIL}/${context.jobId}` },
        );
      } catch (error) {
        // A refused address or a bad key fails the same way every time: stop, keep the reason.
        if (error instanceof EmailDeliveryError && !error.retryable) throw new PermanentJobError(error.message);
        throw error;
      }
      // A reset token is a key to the account for an hour: once the email has gone, it is kept
      // nowhere else. The outbox provider's table is the delivery itself, so there it stays.
      // The same holds for a reminder's Mark as posted token.
      const secret = message.kind === "password-reset" ? message.props.token : message.kind === "post-reminder" ? message.props.actionToken : undefined;
      const keep = (text: string) => (secret && providers.email.name !== "outbox" ? text.replaceAll(secret, "[redacted]") : text);
      await database.db
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: rendered.subject,
          html: keep(rendered.html),
          text: keep(rendered.text),
          provider: providers.email.name,
          providerMessageId: sent.providerMessageId,
          jobId: context.jobId,
        })
        // Run again after a crash between this record and the job's completion: recorded (and, from the outbox, delivered) once.
        .onConflictDoNothing({ target: emailOutbox.jobId });
      if (secret) {
        await database.db
          .update(jobs)
          .set({ payload: { ...message, props: { ...message.props, [message.kind === "password-reset" ? "token" : "actionToken"]: "[redacted]" } } })
          .where(eq(jobs.id, context.jobId));
      }
      logger.debug("email sent", { kind: message.kind, provider: providers.email.name, providerMessageId: sent.providerMessageId });
      return { provider: providers.email.name, providerMessageId: sent.providerMessageId };
    },
  };
}
