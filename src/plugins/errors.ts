import { Elysia } from "elysia";
import type { Logger } from "../logger";
import { HttpError } from "../http-error";

/**
 * Turns every failure into an answer a client can use: HttpError and bad input as JSON
 * `{message}` with their status, unknown /api paths as a JSON 404, unknown pages as the
 * 404 page, and anything unexpected as a logged, generic 500 that leaks nothing.
 */
export function errorsPlugin(options: { logger: Logger; notFoundPage: () => Response }) {
  const { logger, notFoundPage } = options;
  return new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, request }) => {
    const path = new URL(request.url).pathname;
    const isApi = path === "/api" || path.startsWith("/api/");

    // A parser's own HttpError reaches here wrapped in Elysia's ParseError.
    const failure = code === "PARSE" && error.cause instanceof HttpError ? error.cause : error;
    if (failure instanceof HttpError) return json(failure.status, { message: failure.message, ...failure.extra }, failure.headers);
    switch (code) {
      case "NOT_FOUND":
        return isApi ? json(404, { message: `No API route for ${request.method} ${path}` }) : notFoundPage();
      case "PARSE":
        return json(400, { message: "The request body is not valid JSON." });
      case "VALIDATION":
        return json(400, { message: "The request is not valid." });
      case "INVALID_COOKIE_SIGNATURE":
        return json(401, { message: "Your session is not valid. Please sign in again." });
    }
    const requestId = crypto.randomUUID();
    logger.error("unhandled error", { requestId, method: request.method, path, code, error });
    return json(500, { message: `Something went wrong on our side (reference ${requestId}).` });
  });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
