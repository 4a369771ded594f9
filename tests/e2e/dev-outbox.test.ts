import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import type { Browser } from "playwright-core";
import { createLogger } from "../../src/logger";
import { signUp } from "../support/api-client";
import { launchBrowser, waitForIslands } from "../support/browser";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * A default install in development (NODE_ENV=development, nothing configured): the outbox is the
 * developer's inbox, and the developer's only. It opens at the secret address the start-up log
 * prints once, from this machine, never through a proxy; the log itself holds no reset link.
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

const outboxKey = () => new URL(app.outboxUrl!).searchParams.get("outbox")!;

describe("the outbox in development", () => {
  test("the start-up log prints the outbox's secret address once", () => {
    const printed = lines.map((line) => JSON.parse(line)).filter((entry) => typeof entry.outbox === "string");
    expect(printed).toHaveLength(1);
    expect(printed[0].outbox).toBe(app.outboxUrl);
    expect(printed[0].message).toContain("development mode: not for the internet");
    expect(outboxKey().length).toBeGreaterThanOrEqual(32);
  });

  test("reset a password using only the Outbox tab at the printed address; the log holds no reset link", async () => {
    const { user, password } = await signUp(app.url, { name: "Dev Tester" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/forgot-password`);
    await waitForIslands(page);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    // Without the key the page has no Outbox tab.
    await page.goto(`${app.url}/email-preview`);
    await waitForIslands(page);
    expect(await page.getByRole("tab", { name: "Outbox" }).count()).toBe(0);

    await page.goto(app.outboxUrl!);
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

    // The log saw the email go, by its recipient's domain only, and never its link.
    const log = lines.join("\n");
    expect(log).toContain('"toDomain":"example.com"');
    expect(log).not.toContain(new URL(link!).searchParams.get("token")!);
    expect(log).not.toContain(user.email);

    await page.goto(link!);
    await waitForIslands(page);
    await page.getByLabel("New password", { exact: true }).fill("a password from the outbox");
    await page.getByLabel("Confirm new password").fill("a password from the outbox");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    expect(
      (
        await fetch(`${app.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password }),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await fetch(`${app.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password: "a password from the outbox" }),
        })
      ).status,
    ).toBe(200);
    await context.close();
  });

  test("no key, a wrong key, a request through a proxy on this machine, or from another address: no outbox", async () => {
    const key = outboxKey();
    expect((await fetch(`${app.url}/api/dev/outbox?key=${key}`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/dev/outbox`)).status).toBe(404);
    // (The key is random base64url: its last character is "x" one time in 64, and then "x" would make it right again.)
    const wrong = `${key.slice(0, -1)}${key.endsWith("x") ? "y" : "x"}`;
    expect((await fetch(`${app.url}/api/dev/outbox?key=${wrong}`)).status).toBe(404);
    // A reverse proxy on the same machine is loopback too: its forwarding headers close the outbox.
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip", "via", "x-forwarded-host"]) {
      const proxied = await fetch(`${app.url}/api/dev/outbox?key=${key}`, { headers: { [header]: "203.0.113.7" } });
      expect([header, proxied.status]).toEqual([header, 404]);
      const page = await (await fetch(app.outboxUrl!, { headers: { [header]: "203.0.113.7" } })).text();
      expect(page).not.toContain("outboxKey");
    }
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
    if (!outside) return; // a machine with only a loopback interface cannot ask from elsewhere
    const port = new URL(app.url).port;
    expect((await fetch(`http://${outside.address}:${port}/api/dev/outbox?key=${key}`)).status).toBe(404);
    const page = await (await fetch(`http://${outside.address}:${port}/email-preview?outbox=${key}`)).text();
    expect(page).not.toContain("outboxKey");
  });
});
