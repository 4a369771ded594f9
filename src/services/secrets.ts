import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appSecrets } from "../../db/schema";

/**
 * The key that signs session cookies: SESSION_SECRET when set, otherwise one generated on the
 * first start and kept in the database, so every instance on that database agrees and sessions
 * survive restarts with nothing configured.
 */
export async function sessionSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await database.db
    .insert(appSecrets)
    .values({ name: "session", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, "session"));
  return row!.value;
}
