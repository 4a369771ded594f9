import { Elysia } from "elysia";
import { json } from "./errors";

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Endpoints that read their body themselves: the contact form also posts as a plain form (no
 * JavaScript); Stripe's webhook is checked by its signature over the raw text.
 */
const OWN_BODY_RULES = new Set(["/api/contact", "/api/stripe/webhook"]);

/**
 * What a request body may be, checked before anything parses it: at most `maxBytes` (a 413
 * answered as JSON, with the usual headers, rather than the server's bare refusal), and JSON for
 * every /api endpoint that takes one (415 otherwise: a form or multipart body is not parsed
 * into something that looks like JSON). Bodiless requests (Content-Length 0) pass.
 */
export function bodyRules(options: { maxBytes: number; headers: Record<string, string> }) {
  return new Elysia({ name: "body-rules" }).onRequest(({ request }) => {
    if (!WITH_BODY.has(request.method)) return;
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > options.maxBytes) {
      return json(413, { message: `The request body is too large: at most ${Math.floor(options.maxBytes / 1024).toLocaleString("en-GB")} KB.` }, options.headers);
    }
    const path = new URL(request.url).pathname;
    if (!path.startsWith("/api/") || OWN_BODY_RULES.has(path)) return;
    const hasBody = length > 0 || request.headers.has("transfer-encoding");
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (hasBody && type !== "application/json") {
      return json(415, { message: "Send the request body as JSON (Content-Type: application/json)." }, options.headers);
    }
  });
}
