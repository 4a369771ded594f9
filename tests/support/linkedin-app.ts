import { expect } from "bun:test";
import type { BootOptions } from "../../src/boot";
import type { ApiClient } from "./api-client";
import { type FakeLinkedin, startFakeLinkedin } from "./fake-linkedin";
import { freePort } from "./free-port";
import { LENIENT_LIMITS } from "./suite";
import { startTestApp, type TestApp } from "./test-app";

/**
 * The app configured with a LinkedIn app whose every address is the fake's, and the fake with
 * the app's callback registered as its redirect URL: the real provider code runs against it.
 */
export async function startLinkedinTestApp(
  options: BootOptions & { env?: Record<string, string>; allowedScopes?: string[] } = {},
): Promise<{ app: TestApp; fake: FakeLinkedin }> {
  const port = String(await freePort());
  const appUrl = `http://127.0.0.1:${port}`;
  const fake = await startFakeLinkedin({ redirectUri: `${appUrl}/linkedin/callback`, allowedScopes: options.allowedScopes });
  const app = await startTestApp({
    rateLimits: LENIENT_LIMITS,
    ...options,
    env: { PORT: port, APP_URL: appUrl, ...linkedinEnv(fake), ...options.env },
  });
  return { app, fake };
}

export function linkedinEnv(fake: FakeLinkedin): Record<string, string> {
  return {
    LINKEDIN_CLIENT_ID: fake.clientId,
    LINKEDIN_CLIENT_SECRET: fake.clientSecret,
    LINKEDIN_API_URL: fake.url,
    LINKEDIN_OAUTH_URL: fake.url,
    LINKEDIN_VERSION: "202603",
  };
}

/** A GET as the browser sends it (the session cookie), without following redirects. */
export function browserGet(app: { url: string }, client: ApiClient | null, path: string): Promise<Response> {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: client?.cookie ? { cookie: client.cookie } : {} });
}

/** The browser's part of connecting, driven with fetch: our 303 to LinkedIn, LinkedIn's 302 back, our callback. */
export async function connectLinkedin(app: { url: string }, client: ApiClient, query = ""): Promise<{ callback: Response; callbackPath: string }> {
  const start = await browserGet(app, client, `/linkedin/connect${query}`);
  expect(start.status).toBe(303);
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  const callbackPath = `${back.pathname}${back.search}`;
  return { callback: await browserGet(app, client, callbackPath), callbackPath };
}
