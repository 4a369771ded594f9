import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/** An account row straight in the database, for tests about what happens after sign-up. */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `writer-${crypto.randomUUID()}@example.com`, name: "Wren Writer", passwordHash: "not-a-real-hash", ...overrides })
    .returning();
  return user!;
}
