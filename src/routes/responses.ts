/**
 * The HTML responses every page route sends. Pages that depend on who asks (signed-in, billing,
 * account, token pages) are never stored by any cache: `no-store` unless told otherwise.
 */
export const HTML = "text/html;charset=utf-8";
export const PRIVATE = "no-store";

/** A rendered page. */
export function htmlPage(text: string, options: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(text, { status: options.status ?? 200, headers: { "content-type": HTML, "cache-control": PRIVATE, ...options.headers } });
}

/** 303: the browser follows with a GET, whatever brought it here. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": PRIVATE } });
}
