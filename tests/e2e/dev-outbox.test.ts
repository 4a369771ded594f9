import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import type { Browser } from "playwright-core";
import { createLogger } from "../../src/logger";
import { signUp } from "../support/api-client";
import { launchBrowser, waitForIslands } from "../support/browser";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * A default install in development (NODE_ENV=development, nothing configured): the outbox is the
 * developer's inbox. A password can be reset with nothing but the log or /email-preview's Outbox tab.
 */

let app: TestApp;
let browser: Browser;
const lines: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startTestApp({ env: { NODE_ENV: "development" }, logger: createLogger("info", {}, (line) => lines.push(line)), queue: { pollIntervalMs: 20 } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("the outbox in development", () => {
  test("reset a password using only the Outbox tab; the log line holds the same link", async () => {
    const { user, password } = await signUp(app.url, { name: "Dev Tester" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await waitForIslands(page);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    await page.goto(`${app.url}/email-preview`);
    await waitForIslands(page);
    await page.getByRole("tab", { name: "Outbox" }).click();
    // The job runs in the background: load until the email is there.
    const reset = page.getByRole("button", { name: /Reset your .* password/ });
    for (let tries = 0; tries < 50 && (await reset.count()) === 0; tries++) {
      await page.getByRole("button", { name: /Load Outbox|Refresh/ }).click();
      await Bun.sleep(100);
    }
    await reset.first().click();
    const frame = page.frameLocator("iframe[title^='Reset your']");
    const link = await frame.getByRole("link", { name: "Choose a new password" }).first().getAttribute("href");
    expect(link).toStartWith(`${app.url}/reset-password?token=`);

    // The log line of the same email carries the link too.
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.message === "email written to outbox" && entry.to === user.email && entry.subject.startsWith("Reset your"));
    expect(logged.text).toContain(link!);

    await page.goto(link!);
    await waitForIslands(page);
    await page.getByLabel("New password", { exact: true }).fill("a password from the outbox");
    await page.getByLabel("Confirm new password").fill("a password from the outbox");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    expect((await fetch(`${app.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password }) })).status).toBe(401);
    expect((await fetch(`${app.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: user.email, password: "a password from the outbox" }) })).status).toBe(200);
    await context.close();
  });

  test("asked from another address than this machine's, there is no outbox", async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
    expect((await fetch(`${app.url}/api/dev/outbox`)).status).toBe(200);
    if (!outside) return; // a machine with only a loopback interface cannot ask from elsewhere
    const port = new URL(app.url).port;
    const answer = await fetch(`http://${outside.address}:${port}/api/dev/outbox`);
    expect(answer.status).toBe(404);
    const page = await (await fetch(`http://${outside.address}:${port}/email-preview`)).text();
    expect(page).not.toContain('"outbox":true');
  });
});
