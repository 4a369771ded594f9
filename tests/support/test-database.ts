import postgres from "postgres";
import { type Database, openDatabase, openPglite, wrapPglite } from "../../db/client";
import { migrate } from "../../db/migrate";
import { builtSnapshot } from "../../db/pglite-snapshot";

/**
 * A database of its own for each test file, so runs never collide:
 * - with DATABASE_URL set: a new database on that PostgreSQL server, dropped afterwards;
 * - otherwise: an in-memory PGlite cloned from a migrated template made once per test process
 *   from the build's snapshot (initdb without it: seconds; a clone takes a fraction of one).
 */
export type TestDatabase = {
  database: Database;
  /** Connection URL of the new PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
};

export const serverUrl = process.env.DATABASE_URL || undefined;
export const onPostgres = serverUrl !== undefined;

export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (serverUrl) {
    const { url, drop } = await createServerDatabase();
    const database = await openDatabase({ databaseUrl: url });
    if (migrated) await migrate(database);
    return {
      database,
      url,
      drop: async () => {
        await database.close();
        await drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: "memory://", loadDataDir: migrated ? await migratedTemplate() : undefined });
  return { database, url: undefined, drop: () => database.close() };
}

/** A fresh, empty database on the DATABASE_URL server; `drop` removes it even if connections linger. */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!serverUrl) throw new Error("createServerDatabase needs DATABASE_URL");
  const name = `cadence_test_${process.pid}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

let template: Promise<Blob> | undefined;

function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    // The snapshot spares initdb (`bun scripts/build.ts` makes it); migrate catches it up if it is older than the code.
    const snapshot = await builtSnapshot();
    const pglite = await openPglite("memory://", { loadDataDir: snapshot ? Bun.file(snapshot) : undefined });
    await migrate(wrapPglite(pglite));
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    return dump;
  })();
  return template;
}
