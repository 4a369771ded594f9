import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { Database } from "../../../db/client";
import { appSecret } from "../secrets";

/**
 * LinkedIn access tokens at rest: AES-256-GCM with a fresh 96-bit IV each time, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). A database dump alone does not give anyone the
 * right to post as a member; the key is LINKEDIN_TOKEN_KEY or a generated app secret.
 */
export type TokenCipher = { encrypt(plain: string): string; decrypt(sealed: string): string };

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error("The LinkedIn token key must be 32 bytes");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not a sealed LinkedIn token");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** The key from config (base64, 32 bytes), or one derived from a random secret kept in the database. */
export async function tokenCipher(database: Database, configured: string | undefined): Promise<TokenCipher> {
  if (configured) return createTokenCipher(Buffer.from(configured, "base64"));
  const secret = await appSecret(database, "linkedin-token-key");
  return createTokenCipher(createHash("sha256").update(secret).digest());
}
