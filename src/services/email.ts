import type { Db, Tx } from "../../db/client";
import type { EmailKind, EmailProps } from "../../emails";
import { SEND_EMAIL } from "../jobs/kinds";
import type { Queue } from "../jobs/queue";

export type EmailService = ReturnType<typeof createEmailService>;

/**
 * The one way the app sends email. sendEmail only enqueues a send-email job and answers with
 * its id: rendering and delivery happen in the background with retries, so a slow or failing
 * provider never slows down or fails the request that asked for the email.
 *
 * Pass `on: tx` to enqueue inside the caller's transaction: the email then goes out only if
 * the rest of the write commits (no welcome email for a signup that rolled back).
 */
export function createEmailService({ queue }: { queue: Queue }) {
  return {
    sendEmail<K extends EmailKind>(kind: K, to: string, props: EmailProps<K>, options: { on?: Db | Tx } = {}): Promise<string> {
      return queue.enqueue(SEND_EMAIL, { kind, to, props }, { on: options.on });
    },
  };
}
