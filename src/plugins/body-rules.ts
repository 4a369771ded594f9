import { Elysia } from "elysia";
import { HttpError } from "../http-error";
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
 *
 * JSON bodies are decoded strictly: bytes that are not UTF-8 are a 400, not text quietly
 * rewritten with U+FFFD (the replacement character) and stored as if the user had typed it.
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
  }).onParse({ as: "global" }, async ({ request }, contentType) => {
    // Stripe signed the webhook's raw text, which its route reads itself.
    if (contentType !== "application/json" || new URL(request.url).pathname === "/api/stripe/webhook") return;
    return parseStrictJson(await request.arrayBuffer());
  });
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A JSON body from its bytes. */
export function parseStrictJson(bytes: ArrayBuffer): unknown {
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    throw new HttpError(400, "The request body is not valid UTF-8 text.");
  }
  if (text.trim() === "") throw new HttpError(400, "A request body is required.");
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}
