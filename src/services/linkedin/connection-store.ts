import { eq } from "drizzle-orm";
import type { Database, Db, Tx } from "../../../db/client";
import { linkedinConnections } from "../../../db/schema";
import type { TokenCipher } from "./token-crypto";

export type ConnectionRow = typeof linkedinConnections.$inferSelect;

/**
 * A user's LinkedIn connection and its token, as publishing reads them. Apart from the connect
 * and disconnect flow (connection.ts) because disconnecting re-plans the posts publishing would
 * have sent: the two services are built from this one, in order, without referring to each other.
 */
export function createConnectionStore(deps: { database: Database; cipher: () => Promise<TokenCipher> }) {
  const { database, cipher } = deps;
  const db = database.db;

  async function connectionOf(userId: string, on: Db | Tx = db): Promise<ConnectionRow | undefined> {
    const [row] = await on.select().from(linkedinConnections).where(eq(linkedinConnections.userId, userId));
    return row;
  }

  /** The member's access token, decrypted, for one LinkedIn call (the caller never keeps it). */
  async function accessToken(row: ConnectionRow): Promise<string> {
    return (await cipher()).decrypt(row.accessTokenEncrypted);
  }

  return { connectionOf, accessToken };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
