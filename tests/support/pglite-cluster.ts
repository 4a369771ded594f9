import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../db/client";

/**
 * PostgreSQL's system identifier: initdb draws it from the clock and its process id when it
 * creates a cluster, and every copy of the cluster keeps it. So a data folder made from a
 * snapshot has the snapshot's, and one made by initdb a new one.
 */
export async function systemIdentifier(database: Database): Promise<string> {
  const [row] = await database.rows<{ id: string }>(sql`select system_identifier::text as id from pg_control_system()`);
  return row!.id;
}

const identifiers = new Map<string, Promise<string>>();

/** The system identifier of the cluster in a snapshot tarball, read from an in-memory copy. */
export function snapshotIdentifier(snapshot: string): Promise<string> {
  if (!identifiers.has(snapshot)) identifiers.set(snapshot, readIdentifier(snapshot));
  return identifiers.get(snapshot)!;
}

async function readIdentifier(snapshot: string): Promise<string> {
  const database = await openDatabase({ dataDir: "memory://", loadDataDir: Bun.file(snapshot) });
  try {
    return await systemIdentifier(database);
  } finally {
    await database.close();
  }
}
