/**
 * Requests per second for the landing page (/) against a bare Bun.serve answering the same bytes
 * and headers (bench/bare-server.ts), in one run: the ratio says how close the app's path for a
 * cached public page comes to the fastest Bun can answer those bytes (issue 27: at least 0.9).
 * - wrk -t2 -c50 (bench/loadgen.ts; the raw client without wrk), gzip accepted, nothing decompressed;
 * - every server gets a 1 s warm-up, then the time is cut into rounds that take app and bare in
 *   turn (and, with BENCH_BEFORE, the version before too), so the machine's other work falls on
 *   all alike. The figure is each round's app/bare ratio, median over rounds, beside the mean rates.
 */
import { loadavg } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/support/free-port";
import { type LoadResult, load } from "./loadgen";
import { fmt, root, startServer, versions } from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
// Whole seconds per round: wrk takes no shorter duration.
const roundSeconds = Math.max(1, Math.round(seconds / rounds));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const threads = Number(process.env.BENCH_THREADS ?? 2);
const headers = { "accept-encoding": "gzip, deflate, br" };
const PAGE = "/";

async function startBare(appUrl: string) {
  const port = await freePort();
  const child = Bun.spawn(
    ["bun", join(root, "bench/bare-server.ts"), appUrl, String(port), ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)],
    {
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  const reader = child.stdout.getReader();
  await reader.read(); // "ready"
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

async function bodySize(url: string) {
  const response = await fetch(url, { headers, decompress: false } as RequestInit);
  return { bytes: (await response.arrayBuffer()).byteLength, encoding: response.headers.get("content-encoding") ?? "identity" };
}

export async function benchHttp() {
  const loadBefore = loadavg()[0]!;
  const subjects: { label: string; url: string; stop(): Promise<unknown> }[] = [];
  try {
    for (const version of versions()) {
      const app = await startServer({}, { root: version.root });
      // wrk does not resolve "localhost" to the IPv4 address the server listens on first.
      const appUrl = app.url.replace("localhost", "127.0.0.1");
      subjects.push({ label: `${version.label}: app /`, url: appUrl + PAGE, stop: app.stop });
      const bare = await startBare(appUrl + PAGE);
      subjects.push({ label: `${version.label}: bare Bun.serve`, url: bare.url + PAGE, stop: bare.stop });
    }
    const sizes = await Promise.all(subjects.map((subject) => bodySize(subject.url)));
    for (const subject of subjects) await load(subject.url, { seconds: 1, connections, headers, threads }); // warm up
    const runs: LoadResult[][] = subjects.map(() => []);
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, subject] of subjects.entries()) runs[i]!.push(await load(subject.url, { seconds: roundSeconds, connections, headers, threads }));
      loads.push(loadavg()[0]!);
    }
    const width = Math.max(...subjects.map((subject) => subject.label.length));
    const lines = [
      `http: ${runs[0]![0]!.tool} ${threads} threads, ${connections} connections, ${rounds} alternating rounds of ${roundSeconds} s per server after a 1 s warm-up; accept-encoding "${headers["accept-encoding"]}", bodies not decompressed`,
      ...subjects.map((subject, i) => {
        const r = combine(runs[i]!);
        return `  ${subject.label.padEnd(width)}  body ${fmt(sizes[i]!.bytes / 1024, 1).padStart(5)} KB ${sizes[i]!.encoding.padEnd(8)} ${fmt(r.rps).padStart(7)} req/s  p50 ${fmt(r.p50, 2)} ms  p99 ${fmt(r.p99, 2)} ms  failures ${r.failures}`;
      }),
    ];
    for (let i = 0; i < subjects.length; i += 2) {
      const ratios = runs[i]!.map((run, round) => run.rps / runs[i + 1]![round]!.rps);
      lines.push(
        `  ${subjects[i]!.label.split(":")[0]}: / ÷ bare, median of rounds ${fmt(median(ratios), 2)} (rounds: ${ratios.map((ratio) => fmt(ratio, 2)).join(", ")})`,
      );
    }
    lines.push(`  load average (1 min) at start ${fmt(loadBefore, 2)}, after each round ${loads.map((each) => fmt(each, 2)).join(", ")}`);
    return lines.join("\n");
  } finally {
    for (const subject of subjects) await subject.stop();
  }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Rounds of one URL as one figure: requests over total time; p50 the median round's, p99 the worst round's. */
function combine(runs: LoadResult[]): LoadResult {
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
