import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../db/client";
import type { RunningApp } from "../../src/boot";
import { createServerDatabase, onPostgres } from "./test-database";

/**
 * What the tests that run real, separate app processes share: a database those processes can
 * all open (a new PostgreSQL database, or a PGlite folder), spawning a worker fixture, reading
 * its output, and, inside a fixture, exiting once the queue is idle.
 */

export type ProcessDatabase = {
  /** DATABASE_URL or DATA_DIR for the spawned processes. */
  env: Record<string, string>;
  /** Opens the database for the test itself. PGlite allows one process at a time: only while no worker runs. */
  withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
};

export async function processDatabase(prefix: string): Promise<ProcessDatabase> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (onPostgres) {
    const server = await createServerDatabase();
    env = { DATABASE_URL: server.url };
    cleanup = server.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), `cadence-${prefix}-`));
    env = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  return {
    env,
    cleanup,
    async withDatabase(use) {
      const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR! });
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    },
  };
}

export type Worker = Bun.Subprocess<"ignore", "pipe", "inherit">;

/** Runs a fixture script as its own `bun` process on the given database. */
export function spawnWorker(script: string, database: ProcessDatabase, env: Record<string, string>): Worker {
  return Bun.spawn(["bun", script], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...database.env, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
}

/** Resolves with the first line the process prints that starts with `prefix`. */
export async function waitForLine(child: Worker, prefix: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of child.stdout) {
    text += decoder.decode(chunk);
    const line = text.split("\n").find((candidate) => candidate.startsWith(prefix));
    if (line) return line;
  }
  throw new Error(`worker exited without printing "${prefix}"`);
}

/** In a fixture: when EXIT_WHEN_IDLE is set, stop once no job is running or due; otherwise stop on SIGTERM. */
export async function runUntilIdleOrSignal(running: RunningApp): Promise<void> {
  if (process.env.EXIT_WHEN_IDLE) {
    for (;;) {
      await Bun.sleep(100); // polling the database, not waiting for time to pass
      if (await running.queue.idle()) break;
    }
    await running.stop();
    process.exit(0);
  }
  process.on("SIGTERM", async () => {
    await running.stop();
    process.exit(0);
  });
}
