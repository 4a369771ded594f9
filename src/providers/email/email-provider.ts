/** One email, ready to hand to a provider: already rendered, addresses checked. */
export type OutgoingEmail = {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
};

export type SendOptions = {
  /**
   * The same key for every attempt at one email (the job id), so a retry after a send whose
   * answer was lost cannot deliver the email twice (Resend keeps keys for 24 hours).
   */
  idempotencyKey?: string;
};

/** Delivers email: Resend when RESEND_API_KEY is set, otherwise the built-in outbox. */
export type EmailProvider = {
  name: "resend" | "outbox";
  send(message: OutgoingEmail, options?: SendOptions): Promise<{ providerMessageId: string | null }>;
};

/**
 * A provider refused or failed a send. `retryable` says whether trying again later can help:
 * a rate limit, a server error or a network failure can; a refused address or a bad API key
 * will fail the same way every time.
 */
export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}
