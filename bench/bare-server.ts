/**
 * The bare server bench/http.ts compares `/` with: a Bun.serve with nothing but a fetch handler,
 * answering every request with the bytes and headers the app answered once for the same request
 * (`bun bench/bare-server.ts <app url> <port> [header: value ...]`). A process of its own, like
 * the app, so neither shares the load generator's event loop. Prints "ready" when it listens.
 */
const [url, port, ...headerArgs] = process.argv.slice(2);
const requestHeaders = Object.fromEntries(headerArgs.map((each) => each.split(/:\s*/, 2) as [string, string]));
const answer = await fetch(url!, { headers: requestHeaders, decompress: false } as RequestInit);
const body = new Uint8Array(await answer.arrayBuffer());
// What the transport sets per response is left to Bun, as it is for the app.
const skip = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);
const headers = [...answer.headers].filter(([name]) => !skip.has(name));
const status = answer.status;
Bun.serve({ port: Number(port), hostname: "127.0.0.1", fetch: () => new Response(body, { status, headers }) });
console.log("ready");
