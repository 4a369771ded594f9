/**
 * A local stand-in for Resend's HTTP API (POST /emails), close enough to its wire format that
 * the real `resend` SDK talks to it unchanged (point it here with `baseUrl` or RESEND_BASE_URL):
 * Bearer auth, a JSON body with snake_case fields (reply_to), `{id}` on success, and errors as
 * `{statusCode, name, message}` with the matching HTTP status.
 *
 * Tests read what arrived from `requests`, and script failures with `failNext`.
 */

export type ResendErrorName = "validation_error" | "invalid_api_key" | "missing_api_key" | "rate_limit_exceeded" | "internal_server_error";

export type FakeResendRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

type ScriptedFailure = { status: number; name: ResendErrorName; message: string };

export type FakeResend = {
  url: string;
  apiKey: string;
  /** Every request that reached the server, in order (rejected ones included). */
  requests: FakeResendRequest[];
  /** Emails accepted, with the id answered for each. */
  sent: { id: string; body: Record<string, unknown> }[];
  /** The next `times` requests answer this error instead of sending. */
  failNext(status: 422 | 429 | 500, times?: number, message?: string): void;
  stop(): Promise<void>;
};

// Resend's own wording for these answers, so an error message in a log reads like production.
const defaultMessages: Record<number, { name: ResendErrorName; message: string }> = {
  422: {
    name: "validation_error",
    message: "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.",
  },
  429: {
    name: "rate_limit_exceeded",
    message: "Too many requests. You can only make 2 requests per second. See rate limit response headers for more information.",
  },
  500: { name: "internal_server_error", message: "An unexpected error occurred." },
};

const emailAddress = /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

export function startFakeResend(options: { apiKey?: string } = {}): FakeResend {
  const apiKey = options.apiKey ?? "re_test_fake_key";
  const requests: FakeResendRequest[] = [];
  const sent: FakeResend["sent"] = [];
  const failures: ScriptedFailure[] = [];

  const error = (status: number, name: ResendErrorName, message: string, headers: Record<string, string> = {}) =>
    Response.json({ statusCode: status, name, message }, { status, headers });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const text = await request.text();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // Recorded as empty; answered below like Resend answers a body it cannot read.
      }
      requests.push({ method: request.method, path: url.pathname, headers: Object.fromEntries(request.headers), body });

      const auth = request.headers.get("authorization");
      if (!auth)
        return error(
          401,
          "missing_api_key",
          "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY",
        );
      if (auth !== `Bearer ${apiKey}`) return error(403, "invalid_api_key", "API key is invalid");
      if (request.method !== "POST" || url.pathname !== "/emails") return error(404, "validation_error", "The requested endpoint does not exist.");

      const failure = failures.shift();
      if (failure) {
        const headers: Record<string, string> = failure.status === 429 ? { "retry-after": "1", "ratelimit-limit": "2", "ratelimit-remaining": "0" } : {};
        return error(failure.status, failure.name, failure.message, headers);
      }

      for (const field of ["from", "to", "subject"]) {
        if (!body[field]) return error(422, "validation_error", `Missing \`${field}\` field.`);
      }
      const recipients = Array.isArray(body.to) ? body.to : [body.to];
      if (!recipients.every((to) => typeof to === "string" && emailAddress.test(to))) {
        return error(422, "validation_error", defaultMessages[422]!.message);
      }
      if (!body.html && !body.text) return error(422, "validation_error", "Missing `html` or `text` field.");

      const id = crypto.randomUUID();
      sent.push({ id, body });
      return Response.json({ id });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    apiKey,
    requests,
    sent,
    failNext(status, times = 1, message) {
      const { name, message: standard } = defaultMessages[status]!;
      for (let i = 0; i < times; i++) failures.push({ status, name, message: message ?? standard });
    },
    stop: () => server.stop(true),
  };
}
