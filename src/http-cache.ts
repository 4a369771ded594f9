import { createHash } from "node:crypto";

/**
 * A response body kept in memory with its ETag and a gzipped copy, served with 304s for
 * revalidation. Used for built assets and for public pages, which do not change per request.
 */
export type CachedBody = {
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | null;
  etag: string;
  contentType: string;
  cacheControl: string;
  /** The headers of each possible answer, built once so a request only picks one. */
  answers: { plain: Readonly<Record<string, string>>; gzipped: Readonly<Record<string, string>>; notModified: Readonly<Record<string, string>> };
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

export function cacheBody(content: string | Uint8Array<ArrayBuffer>, contentType: string, cacheControl: string): CachedBody {
  const body = typeof content === "string" ? new TextEncoder().encode(content) : content;
  // Below ~1 KB gzip saves too little to be worth a header.
  const gzipped = COMPRESSIBLE.test(contentType) && body.byteLength > 1024 ? Bun.gzipSync(body) : null;
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  const notModified = { etag, "cache-control": cacheControl, vary: "Accept-Encoding" };
  const plain = { ...notModified, "content-type": contentType };
  const answers = { plain, gzipped: { ...plain, "content-encoding": "gzip" }, notModified };
  return { body, gzipped, etag, contentType, cacheControl, answers };
}

type Answer = { status: number; headers: Readonly<Record<string, string>>; body: Uint8Array<ArrayBuffer> | null };

/** Which answer a request gets: 304 when its ETag matches, else the body, gzipped if accepted. */
function answer(request: Request, cached: CachedBody, status: number): Answer {
  if (status === 200 && matchesEtag(request.headers.get("if-none-match"), cached.etag)) {
    return { status: 304, headers: cached.answers.notModified, body: null };
  }
  const wantsGzip = cached.gzipped !== null && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  return wantsGzip ? { status, headers: cached.answers.gzipped, body: cached.gzipped } : { status, headers: cached.answers.plain, body: cached.body };
}

/**
 * serveCached with more headers (the security headers every answer carries), merged once per body
 * and kept: for answers given straight from Bun's router, where no Elysia hook adds them.
 */
const withExtra = new WeakMap<CachedBody, { extra: Readonly<Record<string, string>>; cached: CachedBody }>();
export function serveCachedWith(request: Request, cached: CachedBody, extra: Readonly<Record<string, string>>): Response {
  let merged = withExtra.get(cached);
  if (merged?.extra !== extra) {
    const { plain, gzipped, notModified } = cached.answers;
    merged = {
      extra,
      cached: { ...cached, answers: { plain: { ...extra, ...plain }, gzipped: { ...extra, ...gzipped }, notModified: { ...extra, ...notModified } } },
    };
    withExtra.set(cached, merged);
  }
  return serveCached(request, merged.cached);
}

export function serveCached(request: Request, cached: CachedBody, status = 200): Response {
  const { status: answerStatus, headers, body } = answer(request, cached, status);
  return new Response(body, { status: answerStatus, headers });
}

/**
 * The same answer for an Elysia handler, written into its `set` with the body returned. Routes
 * that serve from memory use this: Elysia then builds one Response from `set`, whereas a returned
 * Response gets copied into a second one to add the headers already in `set` (the security headers).
 */
export function sendCached(
  request: Request,
  set: { headers: Record<string, unknown>; status?: number | string },
  cached: CachedBody,
): Uint8Array<ArrayBuffer> | Response {
  const { status, headers, body } = answer(request, cached, 200);
  // A 304 has no body, which only a Response can say; it is the rare, small answer anyway.
  if (body === null) return new Response(null, { status, headers });
  Object.assign(set.headers, headers);
  return body;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header === "*" || header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
