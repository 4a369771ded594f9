import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client";
import { freePort, waitForOk } from "../tests/support/free-port";
import { createServerDatabase } from "../tests/support/test-database";

export const root = join(import.meta.dir, "..");

/**
 * Starts the app as its own process (so the load generator does not share its event loop),
 * with its data in a fresh temporary DATA_DIR unless one is given.
 */
export async function startServer(env: Record<string, string> = {}, options: { stdout?: "ignore" | "inherit" } = {}) {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "cadence-bench-"));
  const child = Bun.spawn(["bun", join(root, "src/main.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) },
    stdout: options.stdout ?? "ignore",
    stderr: "inherit",
  });
  const url = `http://localhost:${port}`;
  await waitForOk(`${url}/api/health`, 60_000);
  return {
    url,
    child,
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The databases a bench runs on: PGlite in a folder of its own, then, when DATABASE_URL is set, a
 * new database on that PostgreSQL server. `env` is what the app process needs; `open` opens it
 * for the bench itself (PGlite: only while no app process has it open).
 */
export type BenchDatabase = { label: string; env: Record<string, string>; open(): Promise<Database>; cleanup(): Promise<void> };

export async function benchDatabases(): Promise<BenchDatabase[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "cadence-bench-db-"));
  const list: BenchDatabase[] = [
    {
      label: "PGlite",
      env: { DATABASE_URL: "", DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    },
  ];
  if (process.env.DATABASE_URL) {
    const server = await createServerDatabase();
    list.push({ label: "PostgreSQL", env: { DATABASE_URL: server.url }, open: () => openDatabase({ databaseUrl: server.url }), cleanup: server.drop });
  }
  return list;
}

// The load generator for HTTP benchmarks is in loadgen.ts (wrk, or a raw client that does not gunzip).

export const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });

const TICK_MS = 10; // /proc reports CPU in clock ticks of 1/100 s

/** utime + stime of a process, in ms. */
export const cpuOf = (pid: number | string) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
};

/** CPU of every PostgreSQL server process on this machine, in ms (a bench's own connections are closed by then). */
export const postgresCpu = () =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuOf(pid), 0);

/** The q-quantile of a list of times (sorted here). */
export function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

/**
 * After seeding in bulk: gives the planner the statistics a running system has. On PostgreSQL
 * autovacuum would analyse the new rows a little later; on PGlite the app's hourly housekeeping
 * does (database.maintain()). Without it, the first minutes after a bulk load are measured.
 */
export async function settle(database: Database) {
  await database.rows(sql`vacuum analyze`);
}
