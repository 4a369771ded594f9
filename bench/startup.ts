/**
 * Process start (`bun src/main.ts`, NODE_ENV=production) to a 200 from /api/health, and the
 * resident memory once it has idled for 2 s: on a new database (PGlite: a folder unpacked from the
 * build's snapshot, or initdb without one, then migrations; PostgreSQL: migrations) and on an
 * existing one. PostgreSQL when DATABASE_URL is set. /api/health is polled every 5 ms.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { benchDatabases, fmt, startServer, versions } from "./support";

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

export async function benchStartup(rounds = Number(process.env.BENCH_ROUNDS ?? 1)) {
  const lines = ["startup: process start to /api/health 200 (polled every 5 ms), then idle RSS after 2 s"];
  // With BENCH_BEFORE the versions take turns, each on a new database of its own.
  for (let round = 0; round < rounds; round++) {
    for (const version of versions()) {
      for (const database of await benchDatabases()) {
        try {
          for (const label of ["new database", "existing database", "existing database"]) {
            const started = performance.now();
            const server = await startServer(database.env, { pollMs: 5, root: version.root });
            const ms = performance.now() - started;
            await Bun.sleep(2_000);
            lines.push(
              `  ${version.label.padEnd(9)} ${database.label.padEnd(10)} ${label.padEnd(18)} ${fmt(ms).padStart(6)} ms   idle RSS ${fmt(rssMiB(server.child.pid)).padStart(4)} MiB   load ${fmt(loadavg()[0]!, 2)}`,
            );
            await server.stop();
          }
        } finally {
          await database.cleanup();
        }
      }
    }
  }
  return lines.join("\n");
}

if (import.meta.main) console.log(await benchStartup());
