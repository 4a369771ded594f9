import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client";
import { appSecrets } from "../../db/schema";

/**
 * The key that signs session cookies: SESSION_SECRET when set, otherwise one generated on the
 * first start and kept in the database, so every instance on that database agrees and sessions
 * survive restarts with nothing configured.
 */
export async function sessionSecret(database: Database, configured: string | undefined): Promise<string> {
  return configured ?? appSecret(database, "session");
}

/**
 * A random key generated the first time it is asked for and kept in app_secrets under `name`:
 * every instance on the database reads the same one. Each purpose has its own (session, calendar-feed).
 */
export async function appSecret(database: Database, name: string, on: Db | Tx = database.db): Promise<string> {
  // `on`: inside a caller's transaction, its connection (PGlite has only one: another would wait forever).
  await on
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await on.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
