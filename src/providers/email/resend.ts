import { Resend } from "resend";
import * as v from "valibot";
import { EmailDeliveryError, type EmailProvider } from "./email-provider";

// A send that hangs would hold its job's lease forever; Resend answers in well under a second.
const SEND_TIMEOUT_MS = 30_000;

// What Resend answers to POST /emails; checked because the adapter stores the id.
const sentSchema = v.object({ id: v.pipe(v.string(), v.nonEmpty()) });

/**
 * Email through Resend's official SDK. The SDK never throws: it answers {data, error}. An error
 * becomes a thrown EmailDeliveryError so the send-email job retries (or, when a retry cannot
 * help, stops at once).
 */
export function createResendEmailProvider(options: { apiKey: string; baseUrl?: string }): EmailProvider {
  // baseUrl is passed explicitly rather than left to the SDK's RESEND_BASE_URL lookup, so the
  // validated config is the one source (the SDK falls back to its own default when undefined).
  const resend = new Resend(options.apiKey, { baseUrl: options.baseUrl });
  return {
    name: "resend",
    async send(message, sendOptions = {}) {
      const { data, error } = await resend.emails.send(
        {
          to: message.to,
          from: message.from,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
        },
        { idempotencyKey: sendOptions.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      if (error) {
        throw new EmailDeliveryError(
          `Resend refused the email (${error.statusCode ?? "no response"} ${error.name}): ${error.message}`,
          isRetryable(error),
          error.statusCode,
        );
      }
      const sent = v.safeParse(sentSchema, data);
      if (!sent.success) throw new EmailDeliveryError("Resend answered without an email id", true);
      return { providerMessageId: sent.output.id };
    },
  };
}

/**
 * No status: the request never got an answer (network, timeout). 429: rate limit; 5xx: Resend's
 * side; a concurrent request with the same idempotency key: the earlier attempt is still in
 * flight. Everything else (400, 401, 403, 422, a reused key with another body) would be refused again.
 */
function isRetryable(error: { statusCode: number | null; name: string }): boolean {
  const { statusCode, name } = error;
  return statusCode === null || statusCode === 429 || statusCode >= 500 || name === "concurrent_idempotent_requests";
}
