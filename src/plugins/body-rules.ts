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
  return new Elysia({ name: "body-rules" })
    .onRequest(({ request }) => {
      if (!WITH_BODY.has(request.method)) return;
      const length = Number(request.headers.get("content-length") ?? "0");
      if (length > options.maxBytes) {
        const refusal = tooLarge(options.maxBytes, options.headers);
        return json(refusal.status, { message: refusal.message }, refusal.headers);
      }
      const path = new URL(request.url).pathname;
      if (!path.startsWith("/api/") || OWN_BODY_RULES.has(path)) return;
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (hasBody && type !== "application/json") {
        return json(415, { message: "Send the request body as JSON (Content-Type: application/json)." }, options.headers);
      }
    })
    .onParse({ as: "global" }, async ({ request }, contentType) => {
      const webhook = new URL(request.url).pathname === "/api/stripe/webhook";
      const chunked = !request.headers.has("content-length");
      // Stripe signed the webhook's raw text, which its route reads itself (unless it comes in pieces).
      if ((contentType !== "application/json" || webhook) && !chunked) return;
      const bytes = await readBody(request, options.maxBytes, options.headers);
      if (contentType === "application/json" && !webhook) return parseStrictJson(bytes);
      // What Elysia's own parsers would have made of the same bytes.
      const text = new TextDecoder().decode(bytes);
      return contentType === "application/x-www-form-urlencoded" ? Object.fromEntries(new URLSearchParams(text)) : text;
    });
}

/**
 * A request's body, refused with a 413 as soon as more than `maxBytes` have arrived: a chunked
 * body has no Content-Length to check beforehand, and Bun's own limit is higher than ours.
 */
async function readBody(request: Request, maxBytes: number, headers: Record<string, string>): Promise<ArrayBuffer> {
  if (!request.body) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes, headers);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

const tooLarge = (maxBytes: number, headers: Record<string, string>) =>
  new HttpError(413, `The request body is too large: at most ${Math.floor(maxBytes / 1024).toLocaleString("en-GB")} KB.`, {}, headers);

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
