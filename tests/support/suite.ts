import { afterAll, beforeAll, beforeEach } from "bun:test";
import type { Browser } from "playwright-core";
import { postSaves, posts } from "../../db/schema";
import type { BootOptions } from "../../src/boot";
import { type ApiClient, signUpSubscriber } from "./api-client";
import type { ManualClock } from "./manual-clock";
import { launchBrowser } from "./browser";
import { startTestApp, type TestApp } from "./test-app";

/** Rate limits loose enough for a file that signs up many accounts and generates many plans. */
export const LENIENT_LIMITS = { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } };

/** A test file's app, started before its tests and closed after them: read it as `suite.app`. */
export function startedApp(options: BootOptions & { env?: Record<string, string> } = {}) {
  const suite = {} as { app: TestApp };
  beforeAll(async () => {
    suite.app = await startTestApp({ rateLimits: LENIENT_LIMITS, ...options });
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  return suite;
}

/**
 * An e2e file's app and browser: started together before its tests, closed after them.
 * Read them through the returned object (`suite.app`, `suite.browser`) once the tests run.
 */
export function appAndBrowser(options: BootOptions & { env?: Record<string, string> } = {}) {
  const suite = {} as { app: TestApp; browser: Browser };
  beforeAll(async () => {
    [suite.app, suite.browser] = await Promise.all([startTestApp({ rateLimits: LENIENT_LIMITS, ...options }), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.close();
  });
  return suite;
}

type Subscriber = { client: ApiClient; user: { id: string; email: string; name: string } };

/**
 * An API test file's app with two subscribers, Ada and Bob (one to act, one to be kept out), and
 * a fresh week before each test: the clock back at `start`, no posts and no saves counted.
 * `reset` clears whatever else the file's tests leave behind.
 */
export function appWithTwoSubscribers(options: BootOptions & { clock: ManualClock; start: string; reset?: (app: TestApp) => Promise<void> }) {
  const { start, reset, ...bootOptions } = options;
  const suite = {} as { app: TestApp; ada: Subscriber; bob: Subscriber };
  beforeAll(async () => {
    suite.app = await startTestApp({ rateLimits: LENIENT_LIMITS, ...bootOptions });
    suite.ada = await signUpSubscriber(suite.app.url, { name: "Ada" });
    suite.bob = await signUpSubscriber(suite.app.url, { name: "Bob" });
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  beforeEach(async () => {
    options.clock.set(start);
    await suite.app.database.db.delete(posts);
    await suite.app.database.db.delete(postSaves);
    await reset?.(suite.app);
  });
  return suite;
}
