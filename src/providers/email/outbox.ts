import type { Logger } from "../../logger";
import type { EmailProvider } from "./email-provider";

/**
 * The embedded default when no Resend key is set: nothing leaves the machine. The send-email
 * job stores every email in the email_outbox table (for any provider), so here delivery is
 * one log line saying where to look.
 */
export function createOutboxEmailProvider({ logger }: { logger: Logger }): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      logger.info("email written to outbox", { to: message.to, subject: message.subject });
      return { providerMessageId: null };
    },
  };
}
