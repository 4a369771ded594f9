import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { type Migration, migrations as allMigrations } from "./migrations";

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_261_001;

/**
 * Applies, in order, every migration not yet recorded in schema_migrations.
 * One transaction under an advisory lock, so two processes starting together
 * on one PostgreSQL server neither race nor apply a migration twice.
 * Returns the names it applied.
 */
export async function migrate(database: Database, migrations: Migration[] = allMigrations): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await database.rows<{ name: string }>(sql`select name from schema_migrations`, tx)).map((row) => row.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into schema_migrations (name) values (${migration.name})`);
      applied.push(migration.name);
    }
    return applied;
  });
}

/** drizzle-kit separates statements with a marker line; each runs on its own. */
export function splitStatements(text: string): string[] {
  return text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
