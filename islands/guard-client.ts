import { guardRedirect } from "../src/shared/guard";
import { ApiError, fetchUser, SubscriptionExpiredError } from "./api";

/**
 * The sign-in guard (src/shared/guard.ts, the same rules the server applies before a page) for
 * a call a signed-in island made that failed: where the visitor must go now, or null when the
 * failure is an ordinary one the island reports itself.
 */
export async function guardDestination(error: unknown, now = new Date()): Promise<string | null> {
  if (error instanceof SubscriptionExpiredError) return guardRedirect({ error: { message: error.message, subscriptionExpired: true } }, now);
  if (error instanceof ApiError && error.status === 401) return guardRedirect({ error: { message: error.message } }, now);
  if (error instanceof ApiError && error.status === 403 && error.body?.paymentRequired) {
    // The call needs a live subscription: the user's own state says which page deals with it.
    try {
      return guardRedirect({ user: await fetchUser() }, now);
    } catch (loadError) {
      const message = loadError instanceof Error ? loadError.message : undefined;
      return guardRedirect({ error: { message, subscriptionExpired: loadError instanceof SubscriptionExpiredError } }, now);
    }
  }
  return null;
}

/** Sends the browser where the guard says, if it says anything. True when it is leaving. */
export async function followGuard(error: unknown): Promise<boolean> {
  const destination = await guardDestination(error);
  if (!destination) return false;
  window.location.assign(destination);
  return true;
}
