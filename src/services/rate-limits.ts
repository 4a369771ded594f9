import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";

/** A limit: at most `limit` attempts per `windowMs`, per key (an address, an account, a user id). */
export type RateLimit = { limit: number; windowMs: number };

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Every limit in one place. Tests of other behaviour raise them; tests of a limit use these. */
export const defaultRateLimits = {
  // Five messages an hour from one address is plenty for a person and little use to a spammer.
  contact: { limit: 5, windowMs: HOUR },
  // Failed logins from one address: enough for typos and a forgotten password manager; too few to guess a password.
  login: { limit: 10, windowMs: 15 * MINUTE },
  // Failed logins for one account, from anywhere: after 5 in an hour each try waits longer (backoff, at most 15 minutes).
  loginAccount: { limit: 5, windowMs: HOUR },
  signup: { limit: 10, windowMs: HOUR },
  forgotPassword: { limit: 5, windowMs: HOUR },
  // A reset link is used once; a few tries cover typos. More is someone guessing, or flooding the hasher.
  resetPassword: { limit: 10, windowMs: 15 * MINUTE },
  // Generation is unlimited under fair use (PRODUCT.md): 20 plans an hour per user.
  generation: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export type RateLimits = typeof defaultRateLimits;

export type RateLimitDeps = { database: Database; clock: Clock };

const retryAfterHeaders = (seconds: number) => ({ "retry-after": String(seconds) });
const tooMany = (message: string, retryAfter: number) => new HttpError(429, message, { retryAfter }, retryAfterHeaders(retryAfter));

/**
 * A fixed-window counter per key, named `name`, kept in the database (rate_limits), so several
 * instances share one count. One statement counts and reads, so two requests at once cannot
 * both slip under the limit.
 */
export function createRateLimiter(name: string, { limit, windowMs }: RateLimit, deps: RateLimitDeps) {
  const db = deps.database.db;
  const rowKey = (key: string) => `${name}:${key}`;

  /** Counts `cost` attempts for `key`; throws a 429 (with Retry-After) once the window's limit is passed. */
  async function hit(key: string, message: string, cost = 1): Promise<void> {
    const now = deps.clock.now();
    const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key: rowKey(key), windowStart: now, count: cost, lastAt: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then ${cost} else ${rateLimits.count} + ${cost} end`,
          windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
          lastAt: now,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    if (row!.count > limit) throw tooMany(message, secondsLeft(row!.windowStart, now));
  }

  /** Throws the 429 when `key` has used up its window already, without counting this attempt (login counts only failures). */
  async function check(key: string, message: string): Promise<void> {
    const now = deps.clock.now();
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, rowKey(key)));
    if (row && row.windowStart.getTime() + windowMs > now.getTime() && row.count >= limit) throw tooMany(message, secondsLeft(row.windowStart, now));
  }

  /** Forgets `key`'s count (a successful login clears its account's failures). */
  async function clear(key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, rowKey(key)));
  }

  /**
   * The per-account backoff: after `free` failures in the window, each further attempt waits
   * 2^(failures - free) seconds from the last one, at most `maxMs`. It slows guessing; it never
   * locks the owner out for longer than `maxMs`, and a success clears it.
   */
  async function backoff(key: string, message: string, free: number, maxMs: number): Promise<void> {
    const now = deps.clock.now();
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, rowKey(key)));
    if (!row || row.windowStart.getTime() + windowMs <= now.getTime() || row.count < free) return;
    const waitMs = Math.min(maxMs, 1_000 * 2 ** (row.count - free));
    const until = row.lastAt.getTime() + waitMs;
    if (until > now.getTime()) throw tooMany(message, Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  function secondsLeft(windowStart: Date, now: Date) {
    return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  }

  return { hit, check, clear, backoff };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Deletes counters whose window ended more than `olderThanMs` ago (the housekeeping job). */
export async function pruneRateLimits(database: Database, before: Date): Promise<number> {
  const removed = await database.db.delete(rateLimits).where(lt(rateLimits.lastAt, before)).returning({ key: rateLimits.key });
  return removed.length;
}

/** Which proxies' X-Forwarded-For to believe (TRUST_PROXY): none, the nearest N, or those in these networks. */
export type TrustProxy = { hops: number } | { networks: string[] } | undefined;

/**
 * The address a request came from, as the rate limits key it. Behind trusted proxies it is the
 * nearest address in X-Forwarded-For that a trusted proxy added; otherwise the socket's peer
 * (a header anyone can send is never believed on its own).
 */
export function clientAddress(server: { requestIP(request: Request): { address: string } | null } | null, request: Request, trust?: TrustProxy): string {
  const peer = server?.requestIP(request)?.address ?? "unknown";
  if (!trust) return peer;
  const forwarded = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // From the nearest hop outwards: the peer, then what each proxy appended.
  const chain = [peer, ...forwarded.reverse()];
  if ("hops" in trust) return chain[Math.min(trust.hops, chain.length - 1)]!;
  const found = chain.find((address) => !trust.networks.some((network) => inNetwork(address, network)));
  return found ?? chain.at(-1)!;
}

/** Whether an IPv4 or IPv6 address lies in a CIDR network ("10.0.0.0/8", "fd00::/8", or one address). */
export function inNetwork(address: string, network: string): boolean {
  const [base, bitsText] = network.split("/") as [string, string | undefined];
  const a = ipToBigInt(stripMapped(address));
  const b = ipToBigInt(stripMapped(base));
  if (!a || !b || a.width !== b.width) return false;
  const bits = bitsText === undefined ? a.width : Number(bitsText);
  if (!Number.isInteger(bits) || bits < 0 || bits > a.width) return false;
  const shift = BigInt(a.width - bits);
  return a.value >> shift === b.value >> shift;
}

const stripMapped = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");

function ipToBigInt(address: string): { value: bigint; width: 32 | 128 } | undefined {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    const parts = address.split(".").map(Number);
    if (parts.some((part) => part > 255)) return undefined;
    return { value: parts.reduce((sum, part) => (sum << 8n) + BigInt(part), 0n), width: 32 };
  }
  if (!/^[0-9a-f:]+$/i.test(address) || !address.includes(":")) return undefined;
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right];
  if (groups.some((group) => group.length > 4)) return undefined;
  return { value: groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group || "0", 16)), 0n), width: 128 };
}
