/**
 * Requests per second for a server-rendered public page (/about) against a static file
 * (/favicon.svg) from the same server, in one run. Public pages are rendered once and served
 * from memory, so the ratio should be close to 1.
 */
import { fmt, load, startServer } from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const headers = { "accept-encoding": "gzip" };

export async function benchHttp() {
  const server = await startServer();
  try {
    await load(`${server.url}/about`, { seconds: 1, connections, headers }); // warm up
    const page = await load(`${server.url}/about`, { seconds, connections, headers });
    const file = await load(`${server.url}/favicon.svg`, { seconds, connections, headers });
    const lines = [
      `http: ${connections} connections, ${seconds} s each, gzip accepted`,
      `  /about        ${fmt(page.rps)} req/s  p50 ${fmt(page.p50, 2)} ms  p99 ${fmt(page.p99, 2)} ms  failures ${page.failures}`,
      `  /favicon.svg  ${fmt(file.rps)} req/s  p50 ${fmt(file.p50, 2)} ms  p99 ${fmt(file.p99, 2)} ms  failures ${file.failures}`,
      `  ratio page/static: ${fmt(page.rps / file.rps, 2)}`,
    ];
    return lines.join("\n");
  } finally {
    await server.stop();
  }
}

if (import.meta.main) console.log(await benchHttp());
