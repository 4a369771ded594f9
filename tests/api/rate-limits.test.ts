import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { boot, type RunningApp } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { clientAddress, inNetwork } from "../../src/services/rate-limits";
import { signUp } from "../support/api-client";
import { freePort } from "../support/free-port";
import { ManualClock } from "../support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Rate limits kept in the database (hardening issue, finding 4): two app instances on one
 * database share each count; only failed logins count; a per-account backoff slows guesses
 * spread over many addresses without locking the owner out; X-Forwarded-For is believed only
 * from proxies TRUST_PROXY names.
 */

const clock = new ManualClock("2026-03-02T09:00:00Z");
let testDb: TestDatabase;
let first: RunningApp;
let second: RunningApp;

async function instance(env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: "test", PORT: String(await freePort()), LOG_LEVEL: "silent", TRUST_PROXY: "1", ...env });
  return boot(config, {
    database: testDb.database,
    clock,
    logger: createLogger("silent"),
    runJobs: false,
    rateLimits: { signup: { limit: 1000, windowMs: 60_000 } },
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  first = await instance();
  second = await instance();
});
afterAll(async () => {
  await first.stop();
  await second.stop();
  await testDb.drop();
});

const login = (app: RunningApp, email: string, password: string, from: string) =>
  fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ email, password }),
  });

describe("rate limits in the database", () => {
  test("two instances share one count per address: 10 failures across both, then 429 on either", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 ? first : second, `nobody${i}@example.com`, "wrong password", "203.0.113.7")).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await login(first, "nobody@example.com", "wrong password", "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await login(second, "nobody@example.com", "wrong password", "203.0.113.7")).status).toBe(429);
    // Another address has its own count.
    expect((await login(second, "nobody@example.com", "wrong password", "203.0.113.8")).status).toBe(401);
    clock.advance(15 * 60_000);
  });

  test("only failures count: eleven correct logins in a row all succeed", async () => {
    const { user, password } = await signUp(first.url, { email: "regular@example.com" });
    for (let i = 0; i < 11; i++) expect((await login(i % 2 ? first : second, user.email, password, "198.51.100.1")).status).toBe(200);
  });

  test("a per-account backoff slows guesses from many addresses, and the owner still gets in after the wait", async () => {
    const { user, password } = await signUp(first.url, { email: "target@example.com" });
    const statuses: number[] = [];
    // 40 wrong passwords from 4 addresses, a second apart.
    for (let i = 0; i < 40; i++) {
      statuses.push((await login(i % 2 ? first : second, user.email, `guess ${i}`, `192.0.2.${i % 4}`)).status);
      clock.advance(1_000);
    }
    // The first 5 are processed; after that each failure doubles the wait (1 s, 2 s, 4 s...), so most are refused unread.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    // The owner, right now, is slowed too...
    const slowed = await login(first, user.email, password, "198.51.100.99");
    expect(slowed.status).toBe(429);
    // ...but never for more than 15 minutes, and a success clears the account's count.
    clock.advance(15 * 60_000);
    expect((await login(first, user.email, password, "198.51.100.99")).status).toBe(200);
    expect((await login(second, user.email, "one more typo", "198.51.100.99")).status).toBe(401);
    expect((await login(second, user.email, password, "198.51.100.99")).status).toBe(200);
  }, 60_000);
});

describe("whose address", () => {
  const server = (address: string) => ({ requestIP: () => ({ address }) });
  const request = (forwarded?: string) => new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

  test("without TRUST_PROXY the header is ignored: anyone can send it", () => {
    expect(clientAddress(server("10.0.0.5"), request("1.2.3.4"))).toBe("10.0.0.5");
  });

  test("with a number of proxies, the address the outermost trusted proxy saw", () => {
    expect(clientAddress(server("10.0.0.5"), request("1.2.3.4"), { hops: 1 })).toBe("1.2.3.4");
    // A client can prepend anything; only what our proxy appended counts.
    expect(clientAddress(server("10.0.0.5"), request("6.6.6.6, 1.2.3.4"), { hops: 1 })).toBe("1.2.3.4");
    expect(clientAddress(server("10.0.0.5"), request("1.2.3.4, 10.0.0.9"), { hops: 2 })).toBe("1.2.3.4");
  });

  test("with networks, the nearest address outside them", () => {
    const trust = { networks: ["10.0.0.0/8", "fd00::/8"] };
    expect(clientAddress(server("10.0.0.5"), request("6.6.6.6, 1.2.3.4, 10.1.2.3"), trust)).toBe("1.2.3.4");
    expect(clientAddress(server("203.0.113.9"), request("1.2.3.4"), trust)).toBe("203.0.113.9");
    expect(clientAddress(server("fd12::1"), request("2001:db8::7"), trust)).toBe("2001:db8::7");
  });

  test("networks match IPv4, IPv6 and IPv4-mapped addresses", () => {
    expect(inNetwork("10.200.3.4", "10.0.0.0/8")).toBe(true);
    expect(inNetwork("11.0.0.1", "10.0.0.0/8")).toBe(false);
    expect(inNetwork("::ffff:10.0.0.1", "10.0.0.0/8")).toBe(true);
    expect(inNetwork("fd00::1", "fd00::/8")).toBe(true);
    expect(inNetwork("fe80::1", "fd00::/8")).toBe(false);
    expect(inNetwork("2001:db8::1", "2001:db8::1")).toBe(true);
    expect(inNetwork("not an address", "10.0.0.0/8")).toBe(false);
  });
});
