import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { signUp } from "../support/api-client";
import { launchBrowser, openSignedIn, waitForIslands } from "../support/browser";
import { startTestApp, type TestApp } from "../support/test-app";

/** No dead ends: whatever the subscription's state, a signed-in person can take their data, close the account and log out. */

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ runJobs: false, rateLimits: { signup: { limit: 1000, windowMs: 60_000 } } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("a cancelled user", () => {
  test("downloads their data from /account and logs out (375 px)", async () => {
    const { client } = await signUp(app.url, { name: "Katherine Johnson" });
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    expect((await client.json("POST", "/api/posts", { content: "A draft I want to keep after I cancel." })).status).toBe(201);
    expect((await client.json("POST", "/api/stripe/cancel-subscription")).status).toBe(200);

    const { page, context, errors } = await openSignedIn(browser, app.url, client.cookie, "/settings", { viewport: { width: 375, height: 800 } });
    // Settings is behind the subscription: the guard sends them to the expired page, which has a way out.
    await page.waitForURL(`${app.url}/subscription-expired`);
    await page.getByRole("link", { name: "Download your data or delete your account" }).click();
    await page.waitForURL(`${app.url}/account`);
    await waitForIslands(page);
    expect(await page.locator("h1").textContent()).toBe("Your account");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    const data = JSON.parse(await Bun.file((await download.path())!).text());
    expect(data.posts.map((post: { content: string }) => post.content)).toEqual(["A draft I want to keep after I cancel."]);

    await page.getByRole("button", { name: "Log out" }).last().click();
    await page.waitForURL(`${app.url}/login`);
    expect((await client.json("GET", "/api/user")).status).toBe(401);
    await page.goto(`${app.url}/account`);
    await page.waitForURL(`${app.url}/login`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("every billing page a signed-in person can reach has Account and Log out in its header", async () => {
    const { client } = await signUp(app.url);
    const { page, context } = await openSignedIn(browser, app.url, client.cookie, "/payment-setup");
    for (const path of ["/payment-setup", "/demo-checkout", "/subscribe", "/payment-success", "/account"]) {
      await page.goto(`${app.url}${path}`);
      const header = page.getByRole("navigation", { name: "Your account" });
      expect([path, await header.getByRole("link", { name: "Account" }).count(), await header.getByRole("button", { name: "Log out" }).count()]).toEqual([
        path,
        1,
        1,
      ]);
    }
    await page.getByRole("navigation", { name: "Your account" }).getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${app.url}/login`);
    await context.close();
  });
});
