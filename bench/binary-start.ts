/**
 * The compiled binary (dist/cadence, from `bun run build:binary`): process start to the first 200
 * from /api/health, and resident memory after 2 s idle, on a new and an existing database
 * (PGlite; PostgreSQL too when DATABASE_URL is set). `bun bench/binary-start.ts [path to binary]`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, waitForOk } from "../tests/support/free-port";
import { benchDatabases, fmt } from "./support";

const binary = process.argv[2] ?? join(import.meta.dir, "..", "dist", "cadence");
if (!existsSync(binary)) throw new Error(`No binary at ${binary}: run \`bun run build:binary\` first.`);
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

const lines = [`binary start: ${binary}, process start to /api/health 200, then idle RSS after 2 s`];
for (const database of await benchDatabases()) {
  try {
    for (const label of ["new database", "existing database", "existing database"]) {
      const port = await freePort();
      const started = performance.now();
      const child = Bun.spawn([binary], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), APP_URL: `http://localhost:${port}`, ...database.env }, stdout: "ignore", stderr: "inherit" });
      await waitForOk(`http://localhost:${port}/api/health`, 60_000);
      const ms = performance.now() - started;
      await Bun.sleep(2_000);
      lines.push(`  ${database.label.padEnd(10)} ${label.padEnd(18)} ${fmt(ms).padStart(6)} ms   idle RSS ${fmt(rssMiB(child.pid)).padStart(4)} MiB`);
      child.kill("SIGTERM");
      await child.exited;
    }
  } finally {
    await database.cleanup();
  }
}
console.log(lines.join("\n"));
