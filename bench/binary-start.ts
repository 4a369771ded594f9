/**
 * The compiled binary (dist/cadence, from `bun run build:binary`): process start to the first 200
 * from /api/health, and resident memory after 2 s idle, on a new data folder (PGlite) or database
 * (PostgreSQL, when DATABASE_URL is set) and then on the same one again, existing. Each round uses
 * a new folder or database; the machine is shared, so it prints every round and the median.
 * /api/health is polled every 5 ms. With BENCH_BEFORE (bench/support.ts), that checkout's
 * dist/cadence starts in turn with this one's, round by round.
 * `bun bench/binary-start.ts [path to binary] [rounds, default 3]`.
 */
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { freePort, waitForOk } from "../tests/support/free-port";
import { type BenchDatabase, benchDatabases, fmt, versions } from "./support";

const binary = process.argv[2] ?? join(import.meta.dir, "..", "dist", "cadence");
const rounds = Number(process.argv[3] ?? 3);
const binaries = versions().map((version) => ({ label: version.label, path: version.label === "before" ? join(version.root, "dist", "cadence") : binary }));
for (const { path } of binaries) if (!existsSync(path)) throw new Error(`No binary at ${path}: run \`bun run build:binary\` first.`);
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startOnce(binary: string, database: BenchDatabase): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = Bun.spawn([binary], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), APP_URL: `http://localhost:${port}`, ...database.env },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 60_000, 5);
    const ms = performance.now() - started;
    await Bun.sleep(2_000);
    return { ms, rss: rssMiB(child.pid) };
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

const results = new Map<string, { ms: number; rss: number }[]>();
for (let round = 0; round < rounds; round++) {
  // Each version on a new folder or database of its own, then again on it (existing).
  for (const version of binaries) {
    for (const database of await benchDatabases()) {
      try {
        for (const folder of ["new", "existing"]) {
          const key = `${database.label}\t${folder}\t${version.label}`;
          results.set(key, [...(results.get(key) ?? []), await startOnce(version.path, database)]);
        }
      } finally {
        await database.cleanup();
      }
    }
  }
}

const lines = [
  `binary start: ${binaries.map((each) => `${each.label} ${each.path}`).join(", ")}, process start to /api/health 200, then idle RSS after 2 s; ${rounds} round(s), a new folder or database each`,
];
for (const [key, runs] of results) {
  const [label, folder, version] = key.split("\t") as [string, string, string];
  const ms = runs.map((run) => run.ms);
  const rss = runs.map((run) => run.rss);
  lines.push(
    `  ${label.padEnd(10)} ${version.padEnd(9)} ${folder.padEnd(9)} median ${fmt(median(ms)).padStart(6)} ms (${ms.map((value) => fmt(value)).join(", ")})   idle RSS median ${fmt(median(rss)).padStart(4)} MiB (${rss.map((value) => fmt(value)).join(", ")})`,
  );
}
lines.push(`  load average (1 min) at the end: ${fmt(loadavg()[0]!, 2)}`);
console.log(lines.join("\n"));
