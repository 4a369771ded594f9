import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase, openPglite, wrapPglite } from "../../db/client";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations";
import { builtSnapshot } from "../../db/pglite-snapshot";
import { boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { signUp } from "../support/api-client";
import { freePort } from "../support/free-port";
import { snapshotIdentifier, systemIdentifier } from "../support/pglite-cluster";

/**
 * A new PGlite data folder starts from the snapshot `bun scripts/build.ts` makes (initdb and
 * migrations done at build time), and the start still migrates it.
 * Proof that a folder came from a snapshot and not from initdb: its system identifier
 * (tests/support/pglite-cluster.ts).
 */

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A path under a new temporary folder that does not exist yet. */
function newPath(name: string) {
  const dir = mkdtempSync(join(tmpdir(), "cadence-snapshot-"));
  tempDirs.push(dir);
  return join(dir, name);
}

async function appliedMigrations(database: Database): Promise<string[]> {
  return (await database.rows<{ name: string }>(sql`select name from schema_migrations order by name`)).map((row) => row.name);
}

describe("a new PGlite data folder", () => {
  test("starts from the built snapshot, is migrated at start and keeps what is written", async () => {
    const snapshot = await builtSnapshot();
    expect(snapshot).toBeString(); // `bun scripts/build.ts` makes it; the test command builds first
    const dataDir = newPath("data");
    const config = loadConfig({ NODE_ENV: "test", PORT: String(await freePort()), LOG_LEVEL: "silent", DATA_DIR: dataDir });

    const first = await boot(config, { runJobs: false });
    let email: string;
    try {
      expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(await systemIdentifier(first.database)).toBe(await snapshotIdentifier(snapshot!));
      expect(await appliedMigrations(first.database)).toEqual(migrations.map((m) => m.name));
      const tables = await first.database.rows<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('users', 'posts', 'jobs')`,
      );
      expect(tables[0]!.n).toBe(3);
      const health = await fetch(`${first.url}/api/health`);
      expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
      ({
        user: { email },
      } = await signUp(first.url));
    } finally {
      await first.stop();
    }

    const second = await boot(config, { runJobs: false });
    try {
      const users = await second.database.rows<{ email: string }>(sql`select email from users`);
      expect(users.map((user) => user.email)).toEqual([email]);
      expect(await systemIdentifier(second.database)).toBe(await snapshotIdentifier(snapshot!));
    } finally {
      await second.stop();
    }
  }, 60_000);

  test("from a snapshot older than the code gets the missing migrations", async () => {
    // A snapshot as an older build made it: every migration but the last.
    const older = newPath("older.tar.gz");
    const pglite = await openPglite("memory://");
    await migrate(wrapPglite(pglite), migrations.slice(0, -1));
    await pglite.exec("checkpoint");
    await Bun.write(older, await pglite.dumpDataDir("gzip"));
    await pglite.close();

    const dataDir = newPath("data");
    const database = await openDatabase({ dataDir, snapshot: older });
    try {
      expect(await systemIdentifier(database)).toBe(await snapshotIdentifier(older));
      expect(await migrate(database)).toEqual([migrations.at(-1)!.name]);
      expect(await appliedMigrations(database)).toEqual(migrations.map((m) => m.name));
    } finally {
      await database.close();
    }
  }, 60_000);

  test("without a snapshot runs initdb, as before, and an existing folder is opened as it is", async () => {
    const dataDir = newPath("data");
    const fresh = await openDatabase({ dataDir, snapshot: null });
    const id = await systemIdentifier(fresh);
    try {
      expect(id).not.toBe(await snapshotIdentifier((await builtSnapshot())!));
      expect(await migrate(fresh)).toEqual(migrations.map((m) => m.name));
    } finally {
      await fresh.close();
    }
    // The snapshot is only for a folder without a cluster: this one is reopened, not replaced.
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await systemIdentifier(reopened)).toBe(id);
      expect(await migrate(reopened)).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
