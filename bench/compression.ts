/**
 * Which compression for dynamic HTML and JSON (issue 27): the real answers of /posts, /dashboard,
 * /calendar and /api/posts for a subscriber with 100 posts, each compressed here with gzip
 * (levels 1, 4, 6) and brotli (qualities 1, 4, 5, 6): CPU per answer against bytes on the wire.
 * `bun bench/compression.ts`
 */
import { loadavg } from "node:os";
import { brotliCompressSync, constants } from "node:zlib";
import { BENCH_PASSWORD, benchDatabases, fmt, seedSubscriber, startServer } from "./support";

const [target] = await benchDatabases();
const email = await seedSubscriber(
  target!,
  100,
  (i) => `Post ${i}: a first line.\n\n${"A paragraph of the post, long enough to weigh what a real one does. ".repeat(12)}`,
);
const server = await startServer(target!.env);
const lines = [`compression: CPU per answer (median of 50) against size, on this process; load average ${fmt(loadavg()[0]!, 2)}`];
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const month = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 7);
  for (const path of ["/posts", "/dashboard", `/calendar?month=${month}`, "/api/posts"]) {
    const body = new Uint8Array(await (await fetch(server.url + path, { headers: { cookie, "accept-encoding": "identity" } })).arrayBuffer());
    lines.push(`  ${path}: ${fmt(body.byteLength / 1024, 1)} KiB uncompressed`);
    const methods: [string, () => Uint8Array][] = [
      ...[1, 4, 6].map((level) => [`gzip ${level}`, () => Bun.gzipSync(body, { level: level as 1 })] as [string, () => Uint8Array]),
      ...[1, 4, 5, 6].map(
        (quality) =>
          [
            `brotli ${quality}`,
            () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
          ] as [string, () => Uint8Array],
      ),
    ];
    for (const [label, compress] of methods) {
      for (let i = 0; i < 10; i++) compress();
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        size = compress().byteLength;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      lines.push(
        `    ${label.padEnd(9)} ${fmt(size / 1024, 1).padStart(6)} KiB (${fmt((100 * size) / body.byteLength, 1)} %)  ${fmt(times[25]! * 1000).padStart(6)} µs`,
      );
    }
  }
} finally {
  await server.stop();
  await target!.cleanup();
}
console.log(lines.join("\n"));
