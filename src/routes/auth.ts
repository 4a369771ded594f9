import { Elysia } from "elysia";
import * as v from "valibot";
import type { Clock } from "../clock";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import { clientAddress, createRateLimiter, type RateLimits } from "../plugins/rate-limit";
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

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  /** Stops billing at the provider before an account is deleted. */
  cancelBilling: (user: UserRow) => Promise<void>;
  accounts: AccountsService;
  passwordReset: PasswordResetService;
  clock: Clock;
  limits: Pick<RateLimits, "login" | "signup" | "forgotPassword" | "resetPassword">;
  /** Names the data export file. */
  productName: string;
  /** GET /api/user answers the user's private calendar feed address too. */
  calendarFeed: Pick<CalendarFeedService, "feedUrl">;
};

const deleteAccountSchema = v.object({ email: v.pipe(v.string("Type your account's email address to confirm."), v.maxLength(254)) });

/** The account API: sign up, sign in and out, password reset, the current user and the profile. */
export function authRoutes({ session, cancelBilling, accounts, passwordReset, clock, limits, productName, calendarFeed }: Deps) {
  const exportPrefix = productName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "account";
  const loginLimiter = createRateLimiter(limits.login, clock);
  const signupLimiter = createRateLimiter(limits.signup, clock);
  const forgotLimiter = createRateLimiter(limits.forgotPassword, clock);
  const resetLimiter = createRateLimiter(limits.resetPassword, clock);
  const tooMany = "Too many attempts. Please wait a few minutes and try again.";

  return new Elysia({ name: "routes/auth" })
    .use(session)
    .post("/api/auth/signup", async ({ body, request, server, startSession }) => {
      signupLimiter.hit(clientAddress(server, request), tooMany);
      const { user, sessionId } = await accounts.signup(parseInput(signupSchema, body));
      await startSession(sessionId);
      return json(201, { user: guardFields(user) });
    })
    .post("/api/auth/login", async ({ body, request, server, startSession }) => {
      loginLimiter.hit(clientAddress(server, request), tooMany);
      const { user, sessionId } = await accounts.login(parseInput(loginSchema, body));
      await startSession(sessionId);
      return json(200, { user: guardFields(user) });
    })
    .post("/api/auth/logout", async ({ currentSession, endSession }) => {
      const current = await currentSession();
      if (current) await accounts.logout(current.sessionId);
      endSession();
      return json(200, { message: "Logged out" });
    })
    .post("/api/auth/forgot-password", async ({ body, request, server }) => {
      forgotLimiter.hit(clientAddress(server, request), tooMany);
      const message = await passwordReset.request(parseInput(forgotPasswordSchema, body));
      return json(200, { message });
    })
    .post("/api/auth/reset-password", async ({ body, endSession, request, server }) => {
      resetLimiter.hit(clientAddress(server, request), tooMany);
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
      const updated = await accounts.updateProfile(user.id, parseInput(profileSchema, body));
      return json(200, meFields(updated));
    })
    .get("/api/user/export", async ({ requireUser }) => {
      const user = await requireUser();
      const data = await accounts.exportData(user.id);
      const day = clock.now().toISOString().slice(0, 10);
      return json(200, data, { "content-disposition": `attachment; filename="${exportPrefix}-data-${day}.json"` });
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
