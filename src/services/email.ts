import type { Db, Tx } from "../../db/client";
import * as v from "valibot";
import type { EmailKind, EmailProps } from "../../emails";
import { loadEmails } from "../../emails/load";
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
    async sendEmail<K extends EmailKind>(kind: K, to: string, props: EmailProps<K>, options: { on?: Db | Tx } = {}): Promise<string> {
      // Checked whole here, as the job will check it: a bad message fails its caller, not a job later.
      const { emailMessage } = await loadEmails();
      return queue.enqueue(SEND_EMAIL, v.parse(emailMessage, { kind, to, props }), { on: options.on });
    },
  };
}
