/**
 * The weight of the signed-in HTML (issue 27): /posts, /dashboard and a calendar month for a
 * subscriber with 100 posts: bytes uncompressed and as sent to a browser that accepts brotli and
 * gzip, elements in the page, elements per post card on /posts, and <svg>/<path> counts. With
 * BENCH_BEFORE (bench/support.ts), the version before is measured on a copy of the same data.
 * `bun bench/html-weight.ts`
 */
import { BENCH_PASSWORD, benchDatabases, fmt, seedSubscriber, startServer, versions } from "./support";

const [target] = await benchDatabases();
const email = await seedSubscriber(
  target!,
  100,
  (i) => `Post ${i}: a first line.\n\n${"A paragraph of the post, long enough to weigh what a real one does. ".repeat(12)}`,
);
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;
const month = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 7);
const lines = ["html weight: a subscriber with 100 posts (elements counted in the HTML as sent, before any script runs)"];
const all = versions();
const envs = all.map((version, i) => (i === 0 ? target!.env : target!.copy(version.label)));
try {
  for (const [i, version] of all.entries()) {
    const server = await startServer(envs[i]!, { root: version.root });
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      for (const path of ["/posts", "/dashboard", `/calendar?month=${month}`]) {
        const html = await (await fetch(server.url + path, { headers: { cookie, "accept-encoding": "identity" } })).text();
        const sent = new Uint8Array(
          await (
            await fetch(server.url + path, { headers: { cookie, "accept-encoding": "gzip, deflate, br" }, decompress: false } as RequestInit)
          ).arrayBuffer(),
        );
        const cards = [...html.matchAll(/<article data-post-id[\s\S]*?<\/article>/g)].map((match) => count(match[0], /<[a-z][a-z0-9-]*[\s>/]/g));
        const perCard = cards.length > 0 ? ` (${cards.length} cards, ${fmt(cards.reduce((a, b) => a + b, 0) / cards.length, 1)} elements each)` : "";
        lines.push(
          `  ${version.label.padEnd(9)} ${path.padEnd(18)} ${fmt(html.length / 1024, 1).padStart(6)} KiB, ${fmt(sent.byteLength / 1024, 1).padStart(5)} KiB as sent; ${fmt(count(html, /<[a-z][a-z0-9-]*[\s>/]/g))} elements${perCard}; ${count(html, /<svg[\s>]/g)} svg, ${count(html, /<path[\s>/]/g)} path`,
        );
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await target!.cleanup();
}
console.log(lines.join("\n"));
