/**
 * Requests per second for the landing page (/) against static files from the same server, in one
 * run (issue "The public site": page/static at least 0.8). Public pages are rendered once and
 * served from memory like the built files, so the ratio should be close to 1 when the bodies
 * are alike; to keep the comparison fair:
 * - the load generator does not decompress (bench/loadgen.ts: wrk, or a raw keep-alive client);
 * - the main comparison is with the static file whose compressed size is closest to the page's;
 *   the stylesheet (larger) and the tiny favicon are measured too, so nothing is hidden.
 * Every URL gets a warm-up first (JIT, first render). The measured time is then cut into rounds
 * that take the URLs in turn (page, file, favicon, page, ...), so anything else the machine does
 * meanwhile falls on all three alike rather than on whichever ran at that moment.
 */
import { loadavg } from "node:os";
import { files, stylesheet } from "../build/manifest";
import { type LoadResult, load } from "./loadgen";
import { fmt, startServer } from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
// Whole seconds per round: wrk takes no shorter duration.
const roundSeconds = Math.max(1, Math.round(seconds / rounds));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const headers = { "accept-encoding": "gzip" };
const PAGE = "/";
const TINY = "/favicon.svg";

/** The size of the body as sent to a client that accepts gzip. */
async function wireSize(url: string): Promise<number> {
  const response = await fetch(url, { headers, decompress: false } as RequestInit);
  return (await response.arrayBuffer()).byteLength;
}

export async function benchHttp() {
  const loadBefore = loadavg()[0]!;
  const server = await startServer();
  // wrk does not resolve "localhost" to the IPv4 address the server listens on first.
  const base = server.url.replace("localhost", "127.0.0.1");
  try {
    const pageBytes = await wireSize(base + PAGE);
    const sizes = await Promise.all(Object.keys(files).map(async (path) => ({ path, bytes: await wireSize(base + path) })));
    const distance = (bytes: number) => Math.abs(Math.log(bytes / pageBytes));
    const comparable = sizes.filter((file) => file.path !== TINY).sort((a, b) => distance(a.bytes) - distance(b.bytes))[0]!;
    const tiny = sizes.find((file) => file.path === TINY)!;

    const css = sizes.find((file) => file.path === stylesheet)!;
    const targets = [
      { label: PAGE, path: PAGE, bytes: pageBytes, kind: "page" },
      { label: comparable.path, path: comparable.path, bytes: comparable.bytes, kind: "static file of the nearest size" },
      ...(css.path === comparable.path ? [] : [{ label: css.path, path: css.path, bytes: css.bytes, kind: "stylesheet" }]),
      { label: TINY, path: TINY, bytes: tiny.bytes, kind: "tiny static file" },
    ];
    for (const target of targets) await load(base + target.path, { seconds: 1, connections, headers }); // warm up
    const runs: LoadResult[][] = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, target] of targets.entries()) runs[i]!.push(await load(base + target.path, { seconds: roundSeconds, connections, headers }));
    }
    const results = runs.map(combine);

    const page = results[0]!;
    const width = Math.max(...targets.map((target) => target.label.length));
    const lines = [
      `http: ${page.tool}, ${connections} connections, ${roundSeconds * rounds} s per URL in ${rounds} alternating rounds after a 1 s warm-up, gzip accepted, bodies not decompressed`,
      ...targets.map((target, i) => {
        const r = results[i]!;
        return `  ${target.label.padEnd(width)}  body ${fmt(target.bytes / 1024, 1).padStart(5)} KB  ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms  ${fmt((r.rps * r.bytesPerResponse) / 2 ** 20)} MiB/s  failures ${r.failures}`;
      }),
      ...targets.slice(1).map((target, i) => `  ratio page/${target.kind} (${target.path}): ${fmt(page.rps / results[i + 1]!.rps, 2)}`),
      `  machine load average (1 min) before / after: ${fmt(loadBefore, 2)} / ${fmt(loadavg()[0]!, 2)}`,
    ];
    return lines.join("\n");
  } finally {
    await server.stop();
  }
}

/** Rounds of one URL as one figure: requests over total time; p50 the median round's, p99 the worst round's. */
function combine(runs: LoadResult[]): LoadResult {
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rps = runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
  return {
    rps,
    p50: median(runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    bytesPerResponse: runs.reduce((sum, run) => sum + run.rps * run.bytesPerResponse, 0) / (rps * runs.length || 1),
    tool: runs[0]!.tool,
  };
}

if (import.meta.main) console.log(await benchHttp());
