import { brotliCompressSync, constants } from "node:zlib";
import { Elysia } from "elysia";

/**
 * Compresses dynamic HTML and JSON for clients that accept it (cached pages and built files come
 * gzipped from memory already, src/http-cache.ts). bench/compression.ts measured the choices on
 * real answers: brotli at quality 1 is smaller than gzip at its default level 6 and costs about
 * what gzip's level 1 does (/posts: 182 KiB to 8.4 KiB in 0.29 ms; gzip 6: 9.6 KiB in 0.61 ms;
 * brotli 4 and up: 1.5 ms or more), so brotli 1 when accepted, else gzip 1.
 * Answers under 1 KB, streamed ones (downloads), 304s and anything already encoded are left alone.
 */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json)/;

type Encoding = "br" | "gzip";

export function acceptedEncoding(header: string | null): Encoding | null {
  if (!header) return null;
  // q=0 refuses an encoding; anything else accepts it.
  const accepts = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`, "i").test(header);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

export function compress(bytes: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return encoding === "br"
    ? new Uint8Array(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }))
    : Bun.gzipSync(bytes as Uint8Array<ArrayBuffer>, { level: 1 });
}

const encoder = new TextEncoder();

export function compression() {
  return new Elysia({ name: "compression" }).mapResponse({ as: "global" }, async ({ request, responseValue, set }) => {
    const encoding = acceptedEncoding(request.headers.get("accept-encoding"));
    if (!encoding || request.method === "HEAD") return;
    if (responseValue instanceof Response) {
      const response = responseValue;
      const type = response.headers.get("content-type") ?? "";
      if (
        !COMPRESSIBLE.test(type) ||
        response.headers.has("content-encoding") ||
        response.headers.has("content-disposition") ||
        response.status === 204 ||
        response.status === 304 ||
        !response.body
      )
        return;
      const bytes = await response.bytes();
      const headers = new Headers(response.headers);
      if (bytes.byteLength < MIN_BYTES) return new Response(bytes, { status: response.status, headers });
      headers.set("content-encoding", encoding);
      headers.append("vary", "Accept-Encoding");
      return new Response(compress(bytes, encoding), { status: response.status, headers });
    }
    // What Elysia would send for a returned string or object, built here so it can be compressed.
    const isJson =
      typeof responseValue === "object" &&
      responseValue !== null &&
      (Array.isArray(responseValue) || Object.getPrototypeOf(responseValue) === Object.prototype);
    const setType = String(set.headers["content-type"] ?? "");
    if (!isJson && !(typeof responseValue === "string" && COMPRESSIBLE.test(setType))) return;
    if (set.status !== undefined && typeof set.status !== "number") return;
    const bytes = encoder.encode(isJson ? JSON.stringify(responseValue) : (responseValue as string));
    if (bytes.byteLength < MIN_BYTES) return;
    set.headers["content-type"] = isJson ? setType || "application/json" : setType;
    set.headers["content-encoding"] = encoding;
    set.headers.vary = set.headers.vary ? `${set.headers.vary}, Accept-Encoding` : "Accept-Encoding";
    return new Response(compress(bytes, encoding), { status: set.status ?? 200, headers: set.headers as Record<string, string> });
  });
}
