import type { Clock } from "../clock";
import { HttpError } from "../http-error";

/**
 * A fixed-window counter per key (an IP address, a user id, an email), in memory. Enough for one
 * process; with several instances each keeps its own count, which only makes limits looser.
 */
export type RateLimit = { limit: number; windowMs: number };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Every limit in one place. Tests of other behaviour raise them; tests of a limit use these. */
export const defaultRateLimits = {
  // Five messages an hour from one address is plenty for a person and little use to a spammer.
  contact: { limit: 5, windowMs: HOUR },
  // Enough for typos and a forgotten password manager; too few to guess a password.
  login: { limit: 10, windowMs: 15 * MINUTE },
  signup: { limit: 10, windowMs: HOUR },
  forgotPassword: { limit: 5, windowMs: HOUR },
  // A reset link is used once; a few tries cover typos. More is someone guessing, or flooding the hasher.
  resetPassword: { limit: 10, windowMs: 15 * MINUTE },
  // Generation is unlimited under fair use (PRODUCT.md): 20 plans an hour per user.
  generation: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export type RateLimits = typeof defaultRateLimits;

export function createRateLimiter({ limit, windowMs }: RateLimit, clock: Clock) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = 0;

  /**
   * Counts one attempt for `key` (or `cost` of one, for a lighter request sharing the limit);
   * throws a 429 HttpError once the window's limit is passed.
   */
  function hit(key: string, message: string, cost = 1): void {
    const now = clock.now().getTime();
    if (now - lastSweep > windowMs) {
      // Forget finished windows now and then, so the map does not grow without bound.
      for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
      lastSweep = now;
    }
    let window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }
    window.count += cost;
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      throw new HttpError(429, message, { retryAfter }, { "retry-after": String(retryAfter) });
    }
  }

  return { hit, reset: () => windows.clear() };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The address a request came from, as the rate limits key it. */
export function clientAddress(server: { requestIP(request: Request): { address: string } | null } | null, request: Request): string {
  return server?.requestIP(request)?.address ?? "unknown";
}
