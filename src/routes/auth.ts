import { Elysia } from "elysia";
import * as v from "valibot";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import { clientAddress, createRateLimiter, type RateLimits, type TrustProxy } from "../services/rate-limits";
import type { sessionPlugin } from "../plugins/session";
import { type AccountsService, type UserRow, guardFields, loginSchema, meFields, profileSchema, signupSchema } from "../services/accounts";
import { forgotPasswordSchema, type PasswordResetService, resetPasswordSchema } from "../services/password-reset";
import { reminderFields } from "../services/reminders";
import type { CalendarFeedService } from "../services/calendar-feed";
import type { Database } from "../../db/client";
import { seeOther, streamed } from "./responses";
import { documented } from "./api-operation";
import * as r from "./api-responses";

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
  const exportPrefix =
    productName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "account";
  const store = { database, clock };
  const loginLimiter = createRateLimiter("login", limits.login, store);
  const accountLimiter = createRateLimiter("login-account", limits.loginAccount, store);
  const signupLimiter = createRateLimiter("signup", limits.signup, store);
  const forgotLimiter = createRateLimiter("forgot-password", limits.forgotPassword, store);
  const resetLimiter = createRateLimiter("reset-password", limits.resetPassword, store);
  const tooMany = "Too many attempts. Please wait a few minutes and try again.";
  const address = (server: Parameters<typeof clientAddress>[0], request: Request) => clientAddress(server, request, trustProxy);

  return (
    new Elysia({ name: "routes/auth" })
      .use(session)
      .post(
        "/api/auth/signup",
        async ({ body, request, server, startSession }) => {
          await signupLimiter.hit(address(server, request), tooMany);
          const { user, sessionId } = await accounts.signup(parseInput(signupSchema, body));
          await startSession(sessionId);
          return json(201, { user: guardFields(user) });
        },
        documented({
          operationId: "signUp",
          summary: "Create an account and sign in",
          access: "public",
          body: signupSchema,
          ok: { 201: r.signedInResponse },
          errors: [400, 409, 429],
        }),
      )
      .post(
        "/api/auth/login",
        async ({ body, request, server, startSession }) => {
          // Only failures count: a correct password is never the 11th attempt. Per address, and per
          // account with a growing wait (from any address), so spreading guesses over addresses slows too.
          const from = address(server, request);
          const input = parseInput(loginSchema, body);
          await loginLimiter.check(from, tooMany);
          await accountLimiter.backoff(
            input.email,
            "Too many failed attempts for this account. Please wait a little and try again.",
            limits.loginAccount.limit,
            15 * 60_000,
          );
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
        },
        documented({
          operationId: "logIn",
          summary: "Sign in (failed attempts are rate limited per address and per account)",
          access: "public",
          body: loginSchema,
          ok: { 200: r.signedInResponse },
          errors: [400, 401, 429],
        }),
      )
      .post(
        "/api/auth/logout",
        async ({ currentSession, endSession }) => {
          const current = await currentSession();
          if (current) await accounts.logout(current.sessionId);
          endSession();
          return json(200, { message: "Logged out" });
        },
        documented({ operationId: "logOut", summary: "Sign out this session", access: "public", ok: { 200: r.messageResponse } }),
      )
      // The same from a plain form (the billing pages' and /account's Log out), then the sign-in page.
      .post("/logout", async ({ currentSession, endSession }) => {
        const current = await currentSession();
        if (current) await accounts.logout(current.sessionId);
        endSession();
        return seeOther("/login");
      })
      .post(
        "/api/auth/forgot-password",
        async ({ body, request, server }) => {
          await forgotLimiter.hit(address(server, request), tooMany);
          const message = await passwordReset.request(parseInput(forgotPasswordSchema, body));
          return json(200, { message });
        },
        documented({
          operationId: "requestPasswordReset",
          summary: "Email a reset link (answers the same for any address)",
          access: "public",
          body: forgotPasswordSchema,
          ok: { 200: r.messageResponse },
          errors: [400, 429],
        }),
      )
      .post(
        "/api/auth/reset-password",
        async ({ body, endSession, request, server }) => {
          await resetLimiter.hit(address(server, request), tooMany);
          await passwordReset.reset(parseInput(resetPasswordSchema, body));
          endSession();
          return json(200, { message: "Your password has been reset. You can now sign in with your new password." });
        },
        documented({
          operationId: "resetPassword",
          summary: "Set a new password with a reset token",
          access: "public",
          body: resetPasswordSchema,
          ok: { 200: r.messageResponse },
          errors: [400, 429],
        }),
      )
      .get(
        "/api/auth/me",
        async ({ requireUser }) => json(200, meFields(await requireUser())),
        documented({ operationId: "getMe", summary: "The signed-in user", access: "session", ok: { 200: r.meResponse } }),
      )
      .get(
        "/api/user",
        async ({ requireUser }) => {
          const user = await requireUser();
          return json(200, { ...guardFields(user), ...reminderFields(user), calendarFeedUrl: await calendarFeed.feedUrl(user) });
        },
        documented({
          operationId: "getUser",
          summary: "The signed-in user, with subscription, reminder and calendar feed fields",
          access: "session",
          ok: { 200: r.userResponse },
        }),
      )
      .patch(
        "/api/user/profile",
        async ({ body, requireUser }) => {
          const user = await requireUser();
          const { user: updated, retimed } = await accounts.updateProfile(user.id, parseInput(profileSchema, body));
          return json(200, { ...meFields(updated), ...(retimed ? { scheduledPosts: retimed } : {}) });
        },
        documented({
          operationId: "updateProfile",
          summary:
            "Change name, timezone and LinkedIn handle; a timezone change with scheduled posts ahead must choose scheduledPosts (409 with scheduledCount otherwise): sameTimeOfDay moves them to their times of day in the new zone, sameMoment keeps their instants",
          access: "session",
          body: profileSchema,
          ok: { 200: r.profileResponse },
          errors: [400, 409],
        }),
      )
      .get(
        "/api/user/export",
        async ({ requireUser }) => {
          const user = await requireUser();
          const chunks = await accounts.exportData(user.id);
          const day = clock.now().toISOString().slice(0, 10);
          return streamed(chunks, {
            "content-type": "application/json; charset=utf-8",
            "cache-control": "no-store",
            "content-disposition": `attachment; filename="${exportPrefix}-data-${day}.json"`,
          });
        },
        documented({
          operationId: "exportUserData",
          summary: "Everything stored about the user, as a JSON download",
          access: "session",
          ok: { 200: r.exportResponse },
        }),
      )
      .delete(
        "/api/user",
        async ({ body, requireUser, endSession }) => {
          const user = await requireUser();
          const { email } = parseInput(deleteAccountSchema, body ?? {});
          if (email.trim().toLowerCase() !== user.email) throw new HttpError(400, "Type your account's email address to confirm.");
          await cancelBilling(user);
          await accounts.deleteAccount(user.id, email);
          endSession();
          return json(200, { message: "Your account has been deleted." });
        },
        documented({
          operationId: "deleteAccount",
          summary: "Delete the account (confirmed by typing its email)",
          access: "session",
          body: deleteAccountSchema,
          ok: { 200: r.messageResponse },
          errors: [400],
        }),
      )
  );
}
