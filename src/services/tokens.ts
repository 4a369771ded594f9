import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Secrets sent in links (password reset, email actions): 32 random bytes (256 bits), URL-safe.
 * Only their SHA-256 is stored, so a copy of the database opens nothing.
 */
export const newToken = () => randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Compares a token with a stored hash in constant time (no early exit on the first differing byte). */
export function tokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
