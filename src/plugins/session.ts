import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { AccountsService, UserRow } from "../services/accounts";
import { SESSION_DAYS } from "../services/accounts";
import { HttpError } from "../http-error";

export const SESSION_COOKIE = "cadence_session";
/**
 * A hint, not a credential: readable by the public pages' script (which is served the same to
 * everyone) so their header offers Dashboard instead of Sign In to someone signed in.
 */
export const SIGNED_IN_HINT_COOKIE = "cadence_signed_in";

/**
 * Reads and writes the session cookie: an HttpOnly, SameSite=Lax JWT (Secure in production)
 * whose `sid` names a row in `sessions`. The JWT proves we issued the cookie; the row decides
 * whether it still counts (logout and password reset revoke it).
 *
 * Adds to every request: `currentUser()` (null when signed out), `requireUser()` (401 when
 * signed out), `startSession(id)` and `endSession()`.
 */
export function sessionPlugin(options: {
  secret: string;
  secure: boolean;
  accounts: AccountsService;
  /** Brings a loaded user up to date first (the demo billing clock); returns the user to use. */
  refresh?: (user: UserRow) => Promise<UserRow | null>;
}) {
  const { accounts } = options;
  return new Elysia({ name: "session" })
    .use(jwt({ name: "sessionJwt", secret: options.secret, exp: `${SESSION_DAYS}d` }))
    .derive({ as: "global" }, ({ cookie, sessionJwt }) => {
      let loaded: Promise<{ user: UserRow; sessionId: string } | null> | undefined;
      const load = () => {
        loaded ??= (async () => {
          const token = cookie[SESSION_COOKIE]?.value;
          if (typeof token !== "string" || token === "") return null;
          const payload = await sessionJwt.verify(token);
          if (!payload || typeof payload.sid !== "string") return null;
          const found = await accounts.sessionUser(payload.sid).catch(() => null); // a malformed id is just "no session"
          const user = found && options.refresh ? await options.refresh(found) : found;
          return user ? { user, sessionId: payload.sid } : null;
        })();
        return loaded;
      };
      return {
        currentSession: load,
        currentUser: async () => (await load())?.user ?? null,
        requireUser: async () => {
          const session = await load();
          if (!session) throw new HttpError(401, "You are not signed in.");
          return session.user;
        },
        startSession: async (sessionId: string) => {
          cookie[SESSION_COOKIE]!.set({
            value: await sessionJwt.sign({ sid: sessionId }),
            httpOnly: true,
            sameSite: "lax",
            secure: options.secure,
            path: "/",
            maxAge: SESSION_DAYS * 24 * 60 * 60,
          });
          cookie[SIGNED_IN_HINT_COOKIE]!.set({
            value: "1",
            httpOnly: false,
            sameSite: "lax",
            secure: options.secure,
            path: "/",
            maxAge: SESSION_DAYS * 24 * 60 * 60,
          });
        },
        endSession: () => {
          cookie[SESSION_COOKIE]!.set({ value: "", httpOnly: true, sameSite: "lax", secure: options.secure, path: "/", maxAge: 0 });
          cookie[SIGNED_IN_HINT_COOKIE]!.set({ value: "", httpOnly: false, sameSite: "lax", secure: options.secure, path: "/", maxAge: 0 });
        },
      };
    });
}
