import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { compiledPgliteModules, fsBundlePath } from "./pglite-wasm";
import { builtSnapshot, createFromSnapshot, isNewCluster } from "./pglite-snapshot";
import { lockDataDir } from "./pglite-lock";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Rows of a raw statement. drizzle's execute() answers {rows} on PGlite but an array on postgres.js. */
  rows<T = Record<string, unknown>>(query: SQL, on?: Db | Tx): Promise<T[]>;
  /**
   * Rows of a read that runs on every request, as a prepared statement: parsed and planned once
   * per connection rather than per request (PostgreSQL: a named statement; PGlite: PREPARE and
   * EXECUTE on its one session). Outside transactions only.
   */
  preparedRows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Marks the text of a statement drizzle runs (a `.prepare(name)` query) to be prepared on PGlite
   * too: drizzle names it on PostgreSQL but sends it unprepared to PGlite.
   */
  prepareText(text: string): void;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  /**
   * What PostgreSQL's autovacuum does on a server: PGlite runs none, so without this its
   * planner never gets statistics and dead rows pile up. A no-op on a PostgreSQL server.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string }
  /** dataDir: a folder on disk, or "memory://" for a throwaway database. */
  | ({ dataDir: string } & PgliteOptions);

export type PgliteOptions = {
  /** A dump to start an in-memory database from. */
  loadDataDir?: Blob;
  /**
   * The tarball a folder without a cluster starts from (default: the built snapshot,
   * db/pglite-snapshot.ts); null, or no snapshot built, runs initdb instead.
   */
  snapshot?: string | null;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) return openPostgres(options.databaseUrl);
  if (options.dataDir.startsWith("memory://")) return wrapPglite(await openPglite(options.dataDir, options));
  // One process per folder (pglite-lock.ts): taken before PGlite reads a file, given back on close.
  const release = lockDataDir(options.dataDir);
  try {
    return wrapPglite(await openPglite(options.dataDir, options), release);
  } catch (error) {
    release();
    throw error;
  }
}

async function rowsOf<T>(target: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await target.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dialect = new PgDialect();

function openPostgres(url: string): Database {
  const client = postgres(url, {
    max: 10,
    onnotice: () => {}, // "relation already exists, skipping" and friends are not news
    connection: { application_name: "cadence" },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    rows: (query, on = db) => rowsOf(on, query),
    preparedRows: async <T>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      // postgres.js names the statement and keeps it per connection, keyed by its text.
      return (await client.unsafe(text, params as never[], { prepare: true })) as unknown as T[];
    },
    prepareText: () => {},
    ping: async () => {
      await client`select 1`;
    },
    maintain: async () => {},
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * PostgreSQL's page cache inside PGlite. initdb's postgresql.conf says 128MB, all of it resident
 * from the start: about 100 MiB more than this (BENCHMARKS.md). Pages that do not fit are read from
 * the data files through the operating system's cache, and Cadence's working set is small.
 * Given on the command line, it applies to existing folders too.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<PGlite> {
  const inMemory = dataDir.startsWith("memory://");
  const dir = inMemory ? dataDir : resolve(dataDir, "pglite");
  const compiling = compiledPgliteModules(); // on other threads, while the snapshot unpacks
  if (!inMemory && isNewCluster(dir)) {
    const snapshot = options.snapshot === undefined ? await builtSnapshot() : options.snapshot;
    if (snapshot) await createFromSnapshot(dir, snapshot);
  }
  // PGlite does not create missing parent folders itself.
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const modules = await compiling;
  return PGlite.create({
    dataDir: dir,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    loadDataDir: options.loadDataDir,
    fsBundle: Bun.file(fsBundlePath),
    ...modules,
  });
}

/**
 * PGlite's equivalent of named statements: its query() sends every statement unnamed, so it is
 * parsed and planned each time. The texts registered here are instead PREPAREd once on PGlite's
 * single session and run with EXECUTE, their values written as literals (quoted; EXECUTE takes no
 * parameters). A value that is not a string, number, boolean or null, or a statement PostgreSQL
 * cannot prepare (a parameter whose type it cannot infer), runs as before.
 */
function pglitePrepared(client: PGlite) {
  const texts = new Set<string>();
  const names = new Map<string, string | null>();
  const query = client.query.bind(client);
  const literal = (value: unknown): string | undefined => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value === "boolean") return String(value);
    return undefined;
  };
  client.query = (async (text: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) => {
    if (!texts.has(text)) return query(text, params, options);
    let name = names.get(text);
    if (name === undefined) {
      name = `cadence_${names.size + 1}`;
      // Not in a transaction of drizzle's: PGlite's transactions hold its one session meanwhile.
      await client.exec(`prepare ${name} as ${text}`).catch(() => (name = null));
      names.set(text, name);
    }
    const values = (params ?? []).map(literal);
    if (name === null || values.includes(undefined)) return query(text, params, options);
    return query(values.length > 0 ? `execute ${name}(${values.join(", ")})` : `execute ${name}`, [], options);
  }) as PGlite["query"];
  return { texts };
}

/** Wraps an open PGlite (e.g. one to dump afterwards) as a Database. */
export function wrapPglite(client: PGlite, afterClose: () => void = () => {}): Database {
  const prepared = pglitePrepared(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    rows: (query, on = db) => rowsOf(on, query),
    preparedRows: async <T>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      prepared.texts.add(text);
      return (await client.query<T>(text, params)).rows;
    },
    prepareText: (text) => prepared.texts.add(text),
    ping: async () => {
      await client.query("select 1");
    },
    maintain: async () => {
      await client.exec("vacuum (analyze)");
    },
    close: async () => {
      await client.close();
      afterClose();
    },
  };
}
