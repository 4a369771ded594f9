import type { Logger } from "../../logger";
import type { EmailProvider } from "./email-provider";

/**
 * The embedded default when no Resend key is set: nothing leaves the machine. The send-email
 * job stores every email in the email_outbox table (for any provider), so here delivery is
 * one log line saying where to look. In development (NODE_ENV=development, the default when
 * nothing is configured) the line carries the email's text too, so a developer can follow a
 * reset link from the log; in production and in tests the log never holds an email's content.
 */
export function createOutboxEmailProvider({ logger, withText = false }: { logger: Logger; /** Development: the email's text, links included, in the log line, so a reset link is at hand. */ withText?: boolean }): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      logger.info("email written to outbox", { to: message.to, subject: message.subject, ...(withText ? { text: message.text } : {}) });
      return { providerMessageId: null };
    },
  };
}
