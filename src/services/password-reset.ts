import { and, eq, gt, isNull } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { passwordResetTokens, sessions, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import type { Queue } from "../jobs/queue";
import type { EmailService } from "./email";
import { hashToken, newToken } from "./tokens";
import { REQUEST_PASSWORD_RESET } from "../jobs/kinds";

/**
 * Forgotten passwords. A token is 32 random bytes, sent only in the email; we keep its SHA-256,
 * valid for 1 hour and usable once. A successful reset revokes every session of the account.
 */

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const forgotPasswordSchema = v.object({
  email: v.pipe(v.string("Email is required."), v.trim(), v.toLowerCase(), v.nonEmpty("Email is required."), v.maxLength(254, "Email is too long.")),
});

export const resetPasswordSchema = v.object({
  token: v.pipe(
    v.string("Invalid token"),
    v.trim(),
    v.nonEmpty("This reset link is invalid. Please request a new one."),
    v.maxLength(200, "This reset link is invalid. Please request a new one."),
  ),
  password: v.pipe(
    v.string("Password is required."),
    v.minLength(8, "Password must be at least 8 characters long."),
    v.maxLength(200, "Password must be at most 200 characters."),
  ),
});

/** The answer to every forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.";
const INVALID_TOKEN = "This reset link is invalid or has expired. Please request a new one.";

export function createPasswordResetService(deps: { database: Database; clock: Clock; queue: Queue; email: EmailService }) {
  const { database, clock, queue, email } = deps;
  const db = database.db;

  /**
   * Answers the same way, in about the same time, for any address: the request only queues a job,
   * and the job looks the address up and sends the email if there is an account.
   */
  async function request(input: v.InferOutput<typeof forgotPasswordSchema>): Promise<string> {
    await queue.enqueue(REQUEST_PASSWORD_RESET, { email: input.email });
    return FORGOT_PASSWORD_MESSAGE;
  }

  /** Run by the job: makes a token for an existing account and queues the email, in one transaction. */
  async function issueToken(address: string): Promise<{ sent: boolean }> {
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, address));
      if (!user) return { sent: false };
      const token = newToken();
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS),
      });
      await email.sendEmail("password-reset", user.email, { name: user.name, token }, { on: tx });
      return { sent: true };
    });
  }

  async function reset(input: v.InferOutput<typeof resetPasswordSchema>): Promise<void> {
    const tokenHash = hashToken(input.token);
    const usable = (now: Date) => and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));
    // The token first: a bogus request costs one indexed read, never an argon2id hash (~0.2 s of CPU).
    const [valid] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable(clock.now()));
    if (!valid) throw new HttpError(400, INVALID_TOKEN);
    const passwordHash = await Bun.password.hash(input.password, { algorithm: "argon2id" });
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Marking it used in the same statement that finds it makes the token single-use even under races.
      const [used] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(usable(now)).returning({ userId: passwordResetTokens.userId });
      if (!used) throw new HttpError(400, INVALID_TOKEN);
      // The calendar feed's address is a credential too (it reads every scheduled post): retired
      // with the sessions. Settings derives a new one the next time it is shown (calendar-feed.ts).
      await tx.update(users).set({ passwordHash, calendarFeedNonce: null, calendarFeedTokenHash: null, updatedAt: now }).where(eq(users.id, used.userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
      // Every other link the user was sent stops working too: a reset closes the matter.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    });
  }

  return { request, issueToken, reset };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
