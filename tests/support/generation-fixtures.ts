import type { Db } from "../../db/client";
import { makeUser, type UserOptions } from "../../db/factories";

/** An account straight in the database, as just signed up (no payment method yet): for tests of what happens after sign-up. */
export function insertUser(db: Db, overrides: Omit<UserOptions, "billing"> = {}) {
  return makeUser(db, { billing: "new", createdAt: new Date(), ...overrides });
}
