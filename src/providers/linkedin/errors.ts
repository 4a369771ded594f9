import * as v from "valibot";

/**
 * How a LinkedIn call failed, in the terms a caller acts on:
 * - unauthorized: the member's token is expired, revoked or wrong (401): they must connect again.
 * - version_retired: LinkedIn sunset our LINKEDIN_VERSION (426): an operator must raise it.
 * - rate_limited: 429; `retryAfterSeconds` when LinkedIn said how long to wait.
 * - server: LinkedIn's side failed (5xx); nothing was created.
 * - rejected: any other 4xx; LinkedIn refused this request and will refuse it again.
 * - unknown_outcome: the request may have reached LinkedIn but no answer came back (timeout,
 *   connection reset, or a 2xx without the id): a retry of a write could post twice.
 * - unreachable: the connection was never made (refused, DNS), so nothing was sent.
 */
export type LinkedinErrorKind = "unauthorized" | "version_retired" | "rate_limited" | "server" | "rejected" | "unknown_outcome" | "unreachable";

export class LinkedinError extends Error {
  override name = "LinkedinError";
  constructor(
    readonly kind: LinkedinErrorKind,
    /** What the caller was doing ("publish", "exchange code"...), for the message. */
    readonly operation: string,
    /** LinkedIn's words when it gave any (its JSON `message`), otherwise ours; never a secret. */
    readonly reason: string,
    /** The HTTP status, or null when no answer came back. */
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
    /** LinkedIn's serviceErrorCode or OAuth `error`, when given. */
    readonly code: string | null = null,
  ) {
    super(`LinkedIn ${operation} failed (${status ?? "no answer"}, ${kind}): ${reason}`);
  }
}

// LinkedIn's REST errors are {message, serviceErrorCode, status}; its OAuth endpoint answers
// {error, error_description} (WIRE.md, "Errors").
const restError = v.object({ message: v.optional(v.string()), serviceErrorCode: v.optional(v.union([v.number(), v.string()])), code: v.optional(v.string()) });
const oauthError = v.object({ error: v.string(), error_description: v.optional(v.string()) });

export function kindOfStatus(status: number): LinkedinErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 426) return "version_retired";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  return "rejected";
}

/** Retry-After as seconds (LinkedIn documents none on 429, so usually null). */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The error for a non-2xx answer, with LinkedIn's own reason when its body carries one. */
export async function errorFromResponse(operation: string, response: Response, redact: (text: string) => string, now: Date): Promise<LinkedinError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const rest = v.safeParse(restError, body);
  const oauth = v.safeParse(oauthError, body);
  const reason =
    (rest.success && rest.output.message) ||
    (oauth.success && (oauth.output.error_description ?? oauth.output.error)) ||
    `LinkedIn answered HTTP ${response.status}`;
  const code = rest.success && rest.output.serviceErrorCode !== undefined ? String(rest.output.serviceErrorCode) : oauth.success ? oauth.output.error : null;
  const kind = kindOfStatus(response.status);
  return new LinkedinError(
    kind,
    operation,
    redact(reason),
    response.status,
    kind === "rate_limited" ? retryAfterSeconds(response.headers.get("retry-after"), now) : null,
    code === null ? null : redact(code),
  );
}

// Errors Bun's fetch gives when the connection was never made: nothing reached LinkedIn.
const NOT_CONNECTED = new Set(["ConnectionRefused", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "FailedToOpenSocket", "UnableToConnect"]);

/** The error for a fetch that threw: no answer, so either nothing was sent or we cannot know. */
export function errorFromFailure(operation: string, failure: unknown, timeoutMs: number): LinkedinError {
  const name = failure instanceof Error ? failure.name : "";
  const code = typeof failure === "object" && failure !== null && "code" in failure ? String((failure as { code: unknown }).code) : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new LinkedinError("unknown_outcome", operation, `LinkedIn did not answer within ${Math.round(timeoutMs / 1000)} s`);
  }
  if (NOT_CONNECTED.has(code)) return new LinkedinError("unreachable", operation, `could not connect to LinkedIn (${code})`);
  return new LinkedinError("unknown_outcome", operation, `the connection to LinkedIn failed before an answer (${code || name || "network error"})`);
}
