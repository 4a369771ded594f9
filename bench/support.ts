import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client";
import { makePost, makeUser } from "../db/factories";
import { migrate } from "../db/migrate";
import { freePort, waitForOk } from "../tests/support/free-port";
import { createServerDatabase } from "../tests/support/test-database";

export const root = join(import.meta.dir, "..");

/**
 * Starts the app as its own process (so the load generator does not share its event loop),
 * with its data in a fresh temporary DATA_DIR unless one is given.
 */
export async function startServer(env: Record<string, string> = {}, options: { stdout?: "ignore" | "inherit"; root?: string; pollMs?: number } = {}) {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "cadence-bench-"));
  const appRoot = options.root ?? root;
  const child = Bun.spawn(["bun", join(appRoot, "src/main.ts")], {
    cwd: appRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) },
    stdout: options.stdout ?? "ignore",
    stderr: "inherit",
  });
  const url = `http://localhost:${port}`;
  await waitForOk(`${url}/api/health`, 60_000, options.pollMs);
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
export type BenchDatabase = {
  label: string;
  env: Record<string, string>;
  /** PostgreSQL: the database's name (appBackendsCpu). */
  name?: string;
  open(): Promise<Database>;
  /** The env of a second app process on the same data: PGlite's folder copied (one process per folder), PostgreSQL's shared. */
  copy(suffix: string): Record<string, string>;
  cleanup(): Promise<void>;
};

export async function benchDatabases(): Promise<BenchDatabase[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "cadence-bench-db-"));
  const list: BenchDatabase[] = [
    {
      label: "PGlite",
      env: { DATABASE_URL: "", DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      copy: (suffix) => {
        cpSync(dataDir, `${dataDir}-${suffix}`, { recursive: true });
        return { DATABASE_URL: "", DATA_DIR: `${dataDir}-${suffix}` };
      },
      cleanup: async () => {
        for (const entry of readdirSync(tmpdir()))
          if (join(tmpdir(), entry).startsWith(dataDir)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
      },
    },
  ];
  if (process.env.DATABASE_URL) {
    const server = await createServerDatabase();
    const env = { DATABASE_URL: server.url };
    list.push({
      label: "PostgreSQL",
      env,
      name: new URL(server.url).pathname.slice(1),
      open: () => openDatabase({ databaseUrl: server.url }),
      copy: () => env,
      cleanup: server.drop,
    });
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

/**
 * The versions a bench compares in one run: this tree ("after") and, when BENCH_BEFORE names
 * another checkout of Cadence (built, with node_modules), that one ("before"). Rounds alternate
 * between them, so whatever else the machine does falls on both alike.
 */
export type Version = { label: string; root: string };
export const versions = (): Version[] =>
  process.env.BENCH_BEFORE
    ? [
        { label: "before", root: process.env.BENCH_BEFORE },
        { label: "after", root },
      ]
    : [{ label: "this tree", root }];

/**
 * CPU of the PostgreSQL backends serving the app's own connections (application_name "cadence",
 * db/client.ts) to one database, in ms, as a map pid -> ms: the bench's own connection, other
 * databases and other helpers' tests on the same server are not counted. A backend that appears
 * between two readings counts whole (it started within the window).
 */
export async function appBackendsCpu(database: Database, name: string): Promise<Map<number, number>> {
  const rows = await database.rows<{ pid: number }>(sql`select pid from pg_stat_activity where datname = ${name} and application_name = 'cadence'`);
  return new Map(rows.map((row) => [Number(row.pid), cpuOf(row.pid)]));
}
export const cpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

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

/** The password of every subscriber the benches seed. */
export const BENCH_PASSWORD = "bench password";

/**
 * A subscriber in London with `count` posts (draft, scheduled, posted in turn, a day apart), in the
 * bench database `target`, migrated first; answers their email. `content` gives a post its text.
 */
export async function seedSubscriber(target: BenchDatabase, count: number, content?: (index: number) => string): Promise<string> {
  const database = await target.open();
  try {
    await migrate(database);
    const user = await makeUser(database.db, { billing: "active", password: BENCH_PASSWORD, timezone: "Europe/London" });
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      await makePost(database.db, user, {
        status: (["draft", "scheduled", "posted"] as const)[i % 3],
        ...(content ? { content: content(i) } : {}),
        scheduledTime: new Date(now + (i + 1) * 86_400_000),
        postedAt: new Date(now - (i + 1) * 86_400_000),
      });
    }
    return user.email;
  } finally {
    await database.close();
  }
}
