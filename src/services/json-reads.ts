import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/**
 * A read that answers one value (a scalar subquery, usually JSON built by PostgreSQL) and how to
 * turn it into the app's shape. A read runs alone, or several together in one statement: a page
 * that needs five of them makes one round trip, not five (each statement costs a socket write and
 * a backend wake-up on PostgreSQL, a trip through the wasm boundary on PGlite).
 */
export type Read<T> = { query: SQL; parse: (value: unknown) => T };

type Results<R extends Record<string, Read<unknown>>> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Runs every read in one `select (…) as a, (…) as b`, and parses each answer. */
export async function readTogether<R extends Record<string, Read<unknown>>>(database: Database, reads: R): Promise<Results<R>> {
  const names = Object.keys(reads);
  const columns = sql.join(
    names.map((name) => sql`(${reads[name]!.query}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  // The same reads give the same text whatever the user: prepared, planned once per connection.
  const [row] = await database.preparedRows<Record<string, unknown>>(sql`select ${columns}`);
  return Object.fromEntries(names.map((name) => [name, reads[name]!.parse(asJson(row?.[name]))])) as Results<R>;
}

export async function readOne<T>(database: Database, read: Read<T>): Promise<T> {
  return (await readTogether(database, { value: read })).value;
}

// postgres.js and PGlite both parse json columns; a driver that hands back text is parsed here.
const asJson = (value: unknown) => (typeof value === "string" && (value.startsWith("{") || value.startsWith("[")) ? JSON.parse(value) : value);

/** A JSON timestamp as PostgreSQL writes it (ISO 8601 with an offset). */
export const jsonDate = (value: unknown) => new Date(String(value));
