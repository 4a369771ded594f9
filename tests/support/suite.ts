import { afterAll, beforeAll } from "bun:test";
import type { Browser } from "playwright-core";
import type { BootOptions } from "../../src/boot";
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
