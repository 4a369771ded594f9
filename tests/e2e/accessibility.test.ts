import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { signUp } from "../support/api-client";
import { axeViolations as violations } from "../support/axe";
import { launchBrowser, waitForIslands } from "../support/browser";
import { readArticle } from "../support/corpus";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * axe-core (WCAG 2.x A and AA rules) on every page, public and signed in, in the light and the
 * dark theme, at desktop width: no violations. The page is checked once its islands are up.
 */

let app: TestApp;
let browser: Browser;
let cookie: string;
/** A new account with no subscription yet (payment setup, demo checkout, subscribe) and one whose trial was cancelled. */
let newcomerCookie: string;
let expiredCookie: string;
let postId: string;
let sourceId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ queue: { pollIntervalMs: 20 }, rateLimits: { signup: { limit: 1000, windowMs: 60_000 }, generation: { limit: 1000, windowMs: 60_000 } } }),
    launchBrowser(),
  ]);
  const account = await signUp(app.url, { name: "Grace Hopper" });
  expect((await account.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  const plan = await account.client.json("POST", "/api/posts/generate", {
    contentText: await readArticle("founders/07-four-hires-i-got-wrong.md"),
    contentType: "blog",
  });
  sourceId = plan.body.sourceId;
  const saved = await account.client.json("POST", `/api/sources/${sourceId}/drafts`, { posts: plan.body.posts.slice(0, 3) });
  postId = saved.body.saved[0].id;
  // The carousel editor (issue 25) is read with a carousel in it.
  expect((await account.client.json("POST", `/api/posts/${postId}/carousel`)).status).toBe(201);
  const when = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  expect((await account.client.json("PATCH", `/api/posts/${saved.body.saved[1].id}`, { scheduledTime: when, status: "scheduled" })).status).toBe(200);
  cookie = account.client.cookie;
  newcomerCookie = (await signUp(app.url, { name: "Ada Lovelace" })).client.cookie;
  const expired = await signUp(app.url, { name: "Mary Jackson" });
  expect((await expired.client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
  expect((await expired.client.json("POST", "/api/stripe/cancel-subscription")).status).toBe(200);
  expiredCookie = expired.client.cookie;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const publicPages = ["/", "/features", "/pricing", "/contact", "/about", "/privacy", "/terms", "/login", "/signup", "/forgot-password", "/email-preview"];
const appPages = () => [
  "/dashboard",
  "/generate",
  "/plans",
  `/plans/${sourceId}`,
  "/calendar",
  "/posts",
  `/posts/${postId}`,
  `/posts/${postId}/carousel`,
  "/settings",
  "/account",
  "/payment-setup",
];

for (const theme of ["light", "dark"] as const) {
  describe(`axe, ${theme} theme`, () => {
    test("public pages: no violations", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, bypassCSP: true });
      const page = await context.newPage();
      const report: Record<string, string[]> = {};
      for (const path of publicPages) {
        await page.goto(`${app.url}${path}`);
        await page.waitForLoadState("networkidle");
        report[path] = await violations(page);
      }
      expect(report).toEqual(Object.fromEntries(publicPages.map((path) => [path, []])));
      await context.close();
    }, 120_000);

    test("billing pages, for a newcomer and for a cancelled account: no violations", async () => {
      const report: Record<string, string[]> = {};
      for (const [who, sessionCookie, paths] of [
        ["newcomer", newcomerCookie, ["/payment-setup", "/demo-checkout", "/subscribe", "/payment-success", "/account"]],
        ["cancelled", expiredCookie, ["/subscription-expired", "/payment-setup", "/account"]],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, bypassCSP: true });
        const [name, value] = sessionCookie.split("=") as [string, string];
        await context.addCookies([{ name, value, url: app.url }]);
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(`${app.url}${path}`);
          await waitForIslands(page);
          await page.waitForLoadState("networkidle");
          report[`${who} ${path}`] = await violations(page);
        }
        await context.close();
      }
      expect(Object.values(report).flat()).toEqual([]);
      expect(Object.keys(report)).toHaveLength(8);
    }, 120_000);

    test("signed-in pages: no violations", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme, bypassCSP: true });
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: app.url }]);
      const page = await context.newPage();
      const report: Record<string, string[]> = {};
      for (const path of appPages()) {
        // /payment-setup tells a subscriber whose payment is set up so, then moves on to the dashboard after a
        // moment: that move is answered 204 (a browser stays on the page), so axe reads the page itself,
        // not a navigation half done.
        if (path === "/payment-setup") await page.route(`${app.url}/dashboard`, (route) => route.fulfill({ status: 204 }));
        await page.goto(`${app.url}${path}`);
        await waitForIslands(page);
        await page.waitForLoadState("networkidle");
        report[path] = await violations(page);
      }
      expect(report).toEqual(Object.fromEntries(appPages().map((path) => [path, []])));
      await context.close();
    }, 120_000);
  });
}
