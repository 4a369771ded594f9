import { Elysia } from "elysia";
import * as v from "valibot";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import { clientAddress, createRateLimiter, type RateLimits, type TrustProxy } from "../services/rate-limits";
import type { sessionPlugin } from "../plugins/session";
import {
  type AccountsService,
  type UserRow,
  guardFields,
  loginSchema,
  meFields,
  profileSchema,
  signupSchema,
} from "../services/accounts";
import { forgotPasswordSchema, type PasswordResetService, resetPasswordSchema } from "../services/password-reset";
import { reminderFields } from "../services/reminders";
import type { CalendarFeedService } from "../services/calendar-feed";
import type { Database } from "../../db/client";
import { seeOther, streamed } from "./responses";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  /** Stops billing at the provider before an account is deleted. */
  cancelBilling: (user: UserRow) => Promise<void>;
  accounts: AccountsService;
  passwordReset: PasswordResetService;
  database: Database;
  clock: Clock;
  limits: Pick<RateLimits, "login" | "loginAccount" | "signup" | "forgotPassword" | "resetPassword">;
  /** Whose X-Forwarded-For to believe for the client's address. */
  trustProxy: TrustProxy;
  /** Names the data export file. */
  productName: string;
  /** GET /api/user answers the user's private calendar feed address too. */
  calendarFeed: Pick<CalendarFeedService, "feedUrl">;
};

export const deleteAccountSchema = v.object({ email: v.pipe(v.string("Type your account's email address to confirm."), v.maxLength(254)) });

/** The account API: sign up, sign in and out, password reset, the current user and the profile. */
export function authRoutes({ session, cancelBilling, accounts, passwordReset, database, clock, limits, trustProxy, productName, calendarFeed }: Deps) {
  const exportPrefix = productName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "account";
  const store = { database, clock };
  const loginLimiter = createRateLimiter("login", limits.login, store);
  const accountLimiter = createRateLimiter("login-account", limits.loginAccount, store);
  const signupLimiter = createRateLimiter("signup", limits.signup, store);
  const forgotLimiter = createRateLimiter("forgot-password", limits.forgotPassword, store);
  const resetLimiter = createRateLimiter("reset-password", limits.resetPassword, store);
  const tooMany = "Too many attempts. Please wait a few minutes and try again.";
  const address = (server: Parameters<typeof clientAddress>[0], request: Request) => clientAddress(server, request, trustProxy);

  return new Elysia({ name: "routes/auth" })
    .use(session)
    .post("/api/auth/signup", async ({ body, request, server, startSession }) => {
      await signupLimiter.hit(address(server, request), tooMany);
      const { user, sessionId } = await accounts.signup(parseInput(signupSchema, body));
      await startSession(sessionId);
      return json(201, { user: guardFields(user) });
    })
    .post("/api/auth/login", async ({ body, request, server, startSession }) => {
      // Only failures count: a correct password is never the 11th attempt. Per address, and per
      // account with a growing wait (from any address), so spreading guesses over addresses slows too.
      const from = address(server, request);
      const input = parseInput(loginSchema, body);
      await loginLimiter.check(from, tooMany);
      await accountLimiter.backoff(input.email, "Too many failed attempts for this account. Please wait a little and try again.", limits.loginAccount.limit, 15 * 60_000);
      let signedIn: Awaited<ReturnType<typeof accounts.login>>;
      try {
        signedIn = await accounts.login(input);
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          await loginLimiter.hit(from, tooMany);
          await accountLimiter.hit(input.email, tooMany, 1).catch(() => undefined); // counted for the backoff; the backoff decides
        }
        throw error;
      }
      await accountLimiter.clear(input.email);
      await startSession(signedIn.sessionId);
      return json(200, { user: guardFields(signedIn.user) });
    })
    .post("/api/auth/logout", async ({ currentSession, endSession }) => {
      const current = await currentSession();
      if (current) await accounts.logout(current.sessionId);
      endSession();
      return json(200, { message: "Logged out" });
    })
    // The same from a plain form (the billing pages' and /account's Log out), then the sign-in page.
    .post("/logout", async ({ currentSession, endSession }) => {
      const current = await currentSession();
      if (current) await accounts.logout(current.sessionId);
      endSession();
      return seeOther("/login");
    })
    .post("/api/auth/forgot-password", async ({ body, request, server }) => {
      await forgotLimiter.hit(address(server, request), tooMany);
      const message = await passwordReset.request(parseInput(forgotPasswordSchema, body));
      return json(200, { message });
    })
    .post("/api/auth/reset-password", async ({ body, endSession, request, server }) => {
      await resetLimiter.hit(address(server, request), tooMany);
      await passwordReset.reset(parseInput(resetPasswordSchema, body));
      endSession();
      return json(200, { message: "Your password has been reset. You can now sign in with your new password." });
    })
    .get("/api/auth/me", async ({ requireUser }) => json(200, meFields(await requireUser())))
    .get("/api/user", async ({ requireUser }) => {
      const user = await requireUser();
      return json(200, { ...guardFields(user), ...reminderFields(user), calendarFeedUrl: await calendarFeed.feedUrl(user) });
    })
    .patch("/api/user/profile", async ({ body, requireUser }) => {
      const user = await requireUser();
      const { user: updated, retimed } = await accounts.updateProfile(user.id, parseInput(profileSchema, body));
      return json(200, { ...meFields(updated), ...(retimed ? { scheduledPosts: retimed } : {}) });
    })
    .get("/api/user/export", async ({ requireUser }) => {
      const user = await requireUser();
      const chunks = await accounts.exportData(user.id);
      const day = clock.now().toISOString().slice(0, 10);
      return streamed(chunks, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "content-disposition": `attachment; filename="${exportPrefix}-data-${day}.json"` });
    })
    .delete("/api/user", async ({ body, requireUser, endSession }) => {
      const user = await requireUser();
      const { email } = parseInput(deleteAccountSchema, body ?? {});
      if (email.trim().toLowerCase() !== user.email) throw new HttpError(400, "Type your account's email address to confirm.");
      await cancelBilling(user);
      await accounts.deleteAccount(user.id, email);
      endSession();
      return json(200, { message: "Your account has been deleted." });
    });
}
