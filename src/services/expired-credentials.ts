import { and, type AnyColumn, isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { linkedinOauthStates, passwordResetTokens, sessions } from "../../db/schema";

/**
 * Forgets credentials that can no longer be used (the hourly housekeeping): sessions expired or
 * revoked, reset tokens used or expired, LinkedIn sign-in states used or expired, all stopped
 * working before `before`. Kept a while after that, so a reused link still reads "already used"
 * rather than "unknown" for a day. Answers how many of each went.
 */
export async function pruneExpiredCredentials(database: Database, before: Date) {
  const { db } = database;
  /** Expired, or ended early (revoked, used), before the cut-off. */
  const stoppedBefore = (expiresAt: AnyColumn, endedAt: AnyColumn) => or(lt(expiresAt, before), and(isNotNull(endedAt), lt(endedAt, before)));
  const sessionsDeleted = await db.delete(sessions).where(stoppedBefore(sessions.expiresAt, sessions.revokedAt)).returning({ id: sessions.id });
  const resetTokensDeleted = await db
    .delete(passwordResetTokens)
    .where(stoppedBefore(passwordResetTokens.expiresAt, passwordResetTokens.usedAt))
    .returning({ id: passwordResetTokens.id });
  const oauthStatesDeleted = await db
    .delete(linkedinOauthStates)
    .where(stoppedBefore(linkedinOauthStates.expiresAt, linkedinOauthStates.usedAt))
    .returning({ id: linkedinOauthStates.id });
  return { sessionsDeleted: sessionsDeleted.length, resetTokensDeleted: resetTokensDeleted.length, oauthStatesDeleted: oauthStatesDeleted.length };
}
