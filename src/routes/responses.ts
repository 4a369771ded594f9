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

/** A 200 whose body is written as its chunks come (a download that may be long), not gathered first. */
export function streamed(chunks: AsyncIterable<string>, headers: Record<string, string>): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { status: 200, headers });
}
