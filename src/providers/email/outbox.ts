import type { Logger } from "../../logger";
import type { EmailProvider } from "./email-provider";

/**
 * The embedded default when no Resend key is set: nothing leaves the machine. The send-email
 * job stores every email in the email_outbox table (for any provider), so here delivery is
 * one log line saying where to look. The line names the recipient's domain only and carries
 * neither subject nor text: a subject can hold a name or a post, a text a reset link (in
 * development the outbox itself is at the address the start-up log prints).
 */
export function createOutboxEmailProvider({ logger }: { logger: Logger }): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      logger.info("email written to outbox", { toDomain: recipientDomain(message.to) });
      return { providerMessageId: null };
    },
  };
}

/** "example.com" from "Ada <ada@example.com>" or "ada@example.com": enough to tell deliveries apart, not whose. */
export function recipientDomain(to: string): string {
  const address = to.match(/<([^>]*)>\s*$/)?.[1] ?? to;
  return (
    address
      .slice(address.lastIndexOf("@") + 1)
      .trim()
      .toLowerCase() || "(none)"
  );
}
