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
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

export function cacheBody(content: string | Uint8Array<ArrayBuffer>, contentType: string, cacheControl: string): CachedBody {
  const body = typeof content === "string" ? new TextEncoder().encode(content) : content;
  // Below ~1 KB gzip saves too little to be worth a header.
  const gzipped = COMPRESSIBLE.test(contentType) && body.byteLength > 1024 ? Bun.gzipSync(body) : null;
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  return { body, gzipped, etag, contentType, cacheControl };
}

export function serveCached(request: Request, cached: CachedBody, status = 200): Response {
  const headers: Record<string, string> = {
    etag: cached.etag,
    "cache-control": cached.cacheControl,
    vary: "Accept-Encoding",
  };
  if (status === 200 && matchesEtag(request.headers.get("if-none-match"), cached.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers["content-type"] = cached.contentType;
  const wantsGzip = cached.gzipped && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  if (wantsGzip) headers["content-encoding"] = "gzip";
  return new Response(wantsGzip ? cached.gzipped : cached.body, { status, headers });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header === "*" || header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
