import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { emailOutbox, users } from "../../db/schema";
import { signUp } from "../support/api-client";
import { launchBrowser, waitForIslands, openPage as openAt, toastOf } from "../support/browser";
import { eventually } from "../support/eventually";
import { startTestApp, type TestApp } from "../support/test-app";

/** Accounts in Chromium: sign up, in and out, password reset, the signed-in shell, settings. */

const screenshots = join(import.meta.dir, "../../.tmp/screenshots");
const high = { limit: 1000, windowMs: 60_000 };
const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  [app, browser] = await Promise.all([startTestApp({ rateLimits: { login: high, signup: high, forgotPassword: high } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A user the guard lets in: a payment method and a trial that ends in a few days. */
async function letIn(email: string) {
  await app.database.db
    .update(users)
    .set({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: new Date(Date.now() + 5 * DAY) })
    .where(eq(users.email, email));
}

async function userByEmail(email: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A browser context already signed in as a fresh account that the guard lets in. */
async function signedInContext(options: { width?: number; name?: string } = {}) {
  const account = await signUp(app.url, { name: options.name ?? "Grace Hopper" });
  await letIn(account.user.email);
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const [name, value] = account.client.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  return { context, ...account };
}

const openPage = (context: BrowserContext, path: string) => openAt(context, app.url, path);

const toast = toastOf;

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("sign up, log out, log in", () => {
  test("sign up lands on /payment-setup; once past the guard, log out; log in again to the dashboard", async () => {
    // A browser in London: the new account takes the browser's zone, not the default New York.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: "Europe/London" });
    const { page, errors } = await openPage(context, "/signup");
    expect(await page.locator("h1").textContent()).toBe("Start Your Free Trial");
    expect(await page.getByText("7 days free, then £6/month. Cancel anytime.").count()).toBe(1);
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel("Full name").fill("Katherine Johnson");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("orbital mechanics");
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await page.waitForURL(`${app.url}/payment-setup`);
    await toast(page).filter({ hasText: "Account created!" }).waitFor();
    expect((await userByEmail(email))?.timezone).toBe("Europe/London");
    expect(errors).toEqual([]);

    // Billing lets the user past the guard (set here directly); the dashboard greets them by name.
    await letIn(email);
    await page.goto(`${app.url}/dashboard`);
    await waitForIslands(page);
    expect(await page.locator("h1").textContent()).toBe("Welcome, Katherine Johnson!");
    const sidebar = page.locator("#app-sidebar");
    expect(await sidebar.getByText(email).isVisible()).toBe(true);
    expect(await sidebar.getByText("KJ", { exact: true }).isVisible()).toBe(true);

    await sidebar.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${app.url}/login`);
    await toast(page).filter({ hasText: "Logged out" }).waitFor();
    await page.goto(`${app.url}/dashboard`);
    expect(page.url()).toBe(`${app.url}/login`);

    await waitForIslands(page);
    await fillLogin(page, email, "orbital mechanics");
    await page.waitForURL(`${app.url}/dashboard`);
    await toast(page).filter({ hasText: "Welcome back!" }).waitFor();
    expect(await toast(page).getAttribute("role")).toBe("status");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("logging in without a payment method lands where the guard sends: /payment-setup", async () => {
    const { user, password } = await signUp(app.url);
    const context = await browser.newContext();
    const { page } = await openPage(context, "/login");
    await fillLogin(page, user.email, password);
    await page.waitForURL(`${app.url}/payment-setup`);
    await context.close();
  });

  test("a wrong password: 'Login failed' with the server's message, the form ready to try again", async () => {
    const { user } = await signUp(app.url);
    const context = await browser.newContext();
    const { page, errors } = await openPage(context, "/login");
    await fillLogin(page, user.email, "not my password");
    const failed = toast(page).filter({ hasText: "Login failed" });
    await failed.waitFor();
    expect(await failed.getAttribute("role")).toBe("alert");
    expect(await failed.textContent()).toContain("Invalid email or password.");
    expect(page.url()).toBe(`${app.url}/login`);
    expect(await page.getByRole("button", { name: "Sign In" }).isEnabled()).toBe(true);
    await page.screenshot({ path: join(screenshots, "login-failed.png") });
    // The API's 401 is expected here; nothing else went wrong.
    expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    await context.close();
  });

  test("a signed-in visitor of /login or /signup is sent to the dashboard", async () => {
    const { context } = await signedInContext();
    const page = await context.newPage();
    for (const path of ["/login", "/signup"]) {
      await page.goto(`${app.url}${path}`);
      expect(page.url()).toBe(`${app.url}/dashboard`);
    }
    await context.close();
  });
});

describe("forgot and reset password", () => {
  test("the emailed link resets the password; the old session is refused; the new password works", async () => {
    const { user, password, client } = await signUp(app.url, { name: "Reset Tester" });
    await letIn(user.email);
    const oldCookie = client.cookie;
    expect((await fetch(`${app.url}/api/user`, { headers: { cookie: oldCookie } })).status).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await openPage(context, "/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    const panel = await page.locator("main").innerText();
    expect(panel).toContain(user.email);
    expect(panel).toContain("The link expires in 1 hour.");
    expect(await page.getByRole("link", { name: "Back to Login" }).first().getAttribute("href")).toBe("/login");
    await page.screenshot({ path: join(screenshots, "forgot-sent.png") });
    // Send Another Email goes back to the form, the address kept.
    await page.getByRole("button", { name: "Send Another Email" }).click();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(user.email);

    // The job runner sends the email; the link is read from the outbox.
    const mail = await eventually(async () => {
      const [row] = await app.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "password-reset")))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      return row;
    });
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s)\]]+/)?.[0];
    expect(link).toStartWith(`${app.url}/reset-password?token=`);

    await page.goto(link!);
    await waitForIslands(page);
    const newPassword = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password");
    await newPassword.fill("short");
    await confirm.fill("different");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await toast(page).filter({ hasText: "Passwords don't match" }).filter({ hasText: "Please make sure both passwords are the same." }).waitFor();
    await confirm.fill("short");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await toast(page).filter({ hasText: "Password too short" }).filter({ hasText: "Password must be at least 8 characters long." }).waitFor();
    expect(await toast(page).count()).toBe(1); // one toast at a time
    await newPassword.fill("a much better password");
    await confirm.fill("a much better password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByRole("heading", { name: "Password reset" }).waitFor();
    // The earlier complaint is gone with the success.
    await toast(page).filter({ hasText: "Password too short" }).waitFor({ state: "detached" });
    await page.screenshot({ path: join(screenshots, "reset-done.png") });
    await page.waitForURL(`${app.url}/login`, { timeout: 10_000 });

    // Every session ended with the reset.
    expect((await fetch(`${app.url}/api/user`, { headers: { cookie: oldCookie } })).status).toBe(401);
    await waitForIslands(page);
    await fillLogin(page, user.email, password);
    await toast(page).filter({ hasText: "Login failed" }).waitFor();
    await fillLogin(page, user.email, "a much better password");
    await page.waitForURL(`${app.url}/dashboard`);
    expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    await context.close();
  });

  test("a reset page without a token says 'Invalid token' and moves on to /forgot-password", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openPage(context, "/reset-password");
    const invalid = toast(page).filter({ hasText: "Invalid token" });
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain("This reset link is invalid. Please request a new one.");
    await page.waitForURL(`${app.url}/forgot-password`, { timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the signed-in shell", () => {
  test("Ctrl+B collapses the sidebar, the cookie keeps it through a reload, Cmd+B expands it", async () => {
    const { context } = await signedInContext();
    const { page, errors } = await openPage(context, "/dashboard");
    const sidebar = page.locator("#app-sidebar");
    const trigger = page.getByRole("button", { name: "Toggle sidebar" });
    const width = () => sidebar.evaluate((element) => element.getBoundingClientRect().width);
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    await page.waitForFunction(() => document.querySelector("#app-sidebar")!.getBoundingClientRect().width === 256);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

    await page.keyboard.press("Control+b");
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    await page.waitForFunction(() => document.querySelector("#app-sidebar")!.getBoundingClientRect().width === 48);
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    // Kept for 7 days.
    const days = (cookie!.expires * 1000 - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Collapsed, the links keep their names for screen readers.
    expect(await page.getByRole("link", { name: "My Posts" }).count()).toBe(1);
    await page.screenshot({ path: join(screenshots, "dashboard-collapsed.png") });

    // The server renders the collapsed state itself: right from the first paint, before any script runs.
    await page.route("**/assets/islands/**", (route) => route.abort());
    await page.reload();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    expect(await width()).toBe(48);
    await page.unroute("**/assets/islands/**");
    await page.reload();
    await waitForIslands(page);

    await page.keyboard.press("Meta+b");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    await trigger.click();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await trigger.click();
    expect((await context.cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
    // The scripts this test blocked on purpose are the only failures.
    expect(errors.filter((error) => !error.includes("net::ERR_FAILED"))).toEqual([]);
    await context.close();
  });

  test("a logout that fails says so and keeps the user signed in", async () => {
    const { context } = await signedInContext();
    const { page } = await openPage(context, "/dashboard");
    await page.route("**/api/auth/logout", (route) => route.abort());
    await page.locator("#app-sidebar").getByRole("button", { name: "Logout" }).click();
    const failed = toast(page).filter({ hasText: "Failed to log out. Please try again." });
    await failed.waitFor();
    expect(await failed.getAttribute("role")).toBe("alert");
    expect(page.url()).toBe(`${app.url}/dashboard`);
    await context.close();
  });

  test("at 375 px the sidebar is a slide-over: opens as a dialog, Escape closes it, a link navigates", async () => {
    const { context } = await signedInContext({ width: 375 });
    const { page, errors } = await openPage(context, "/dashboard");
    const sidebar = page.locator("#app-sidebar");
    const trigger = page.getByRole("button", { name: "Toggle sidebar" });
    expect(await sidebar.isVisible()).toBe(false);
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");

    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Sidebar" });
    await dialog.waitFor();
    await page.waitForFunction(() => document.querySelector("#app-sidebar")!.getBoundingClientRect().left === 0);
    expect(await sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(288);
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.closest("#app-sidebar") !== null)).toBe(true);
    await page.screenshot({ path: join(screenshots, "dashboard-375-slide-over.png") });

    await page.keyboard.press("Escape");
    await sidebar.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-sidebar-trigger"))).toBe(true);

    await page.keyboard.press("Control+b");
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${app.url}/settings`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("settings", () => {
  test("a profile update persists across a reload, and a bad handle shows the server's message", async () => {
    const { context, user } = await signedInContext({ name: "Dorothy Vaughan" });
    const { page, errors } = await openPage(context, "/settings");
    const email = page.getByLabel("Email", { exact: true });
    expect(await email.inputValue()).toBe(user.email);
    expect(await email.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByText("Email cannot be changed").count()).toBe(1);
    const zones = await page
      .getByLabel("Timezone", { exact: true })
      .locator("option")
      .evaluateAll((options) => options.slice(0, 7).map((option) => (option as HTMLOptionElement).value));
    expect(zones).toEqual(["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Europe/London", "Europe/Paris", "Asia/Tokyo"]);

    await page.getByLabel("LinkedIn Handle").fill("not a handle");
    await page.getByRole("button", { name: "Save Changes" }).click();
    const refused = toast(page).filter({ hasText: "Please enter a LinkedIn handle or a linkedin.com/in/ address." });
    await refused.waitFor();
    expect(await refused.getAttribute("role")).toBe("alert");

    await page.getByLabel("Full Name").fill("Dorothy J. Vaughan");
    await page.getByLabel("LinkedIn Handle").fill("https://www.linkedin.com/in/dorothy-vaughan/");
    // The search finds a zone from the long list by its city, and chooses it.
    await page.getByLabel("Find a city or region").fill("kolkata");
    expect(await page.getByLabel("Timezone", { exact: true }).inputValue()).toBe("Asia/Kolkata");
    await page.getByLabel("Find a city or region").fill("");
    await page.getByLabel("Timezone", { exact: true }).selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page).filter({ hasText: "Profile updated" }).waitFor();
    // The server's form of the handle, and the new name in the sidebar straight away.
    expect(await page.getByLabel("LinkedIn Handle").inputValue()).toBe("dorothy-vaughan");
    expect(await page.locator("#app-sidebar").getByText("Dorothy J. Vaughan").isVisible()).toBe(true);

    await page.reload();
    await waitForIslands(page);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Dorothy J. Vaughan");
    expect(await page.getByLabel("LinkedIn Handle").inputValue()).toBe("dorothy-vaughan");
    expect(await page.getByLabel("Timezone", { exact: true }).inputValue()).toBe("Europe/Paris");
    expect(errors.filter((error) => !error.includes("400"))).toEqual([]);
    await context.close();
  });

  test("Download my data saves a JSON file", async () => {
    const { context, user } = await signedInContext();
    const { page } = await openPage(context, "/settings");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await Bun.file((await download.path())!).text());
    expect(data.profile.email).toBe(user.email);
    await context.close();
  });

  test("delete account: confirm by typing the email, land on /login, and that login fails afterwards", async () => {
    const { context, user, password } = await signedInContext();
    const { page, errors } = await openPage(context, "/settings");
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill("someone@else.com");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill(user.email);
    await page.screenshot({ path: join(screenshots, "settings-delete-dialog.png") });
    await confirm.click();
    await page.waitForURL(`${app.url}/login`);
    await toast(page).filter({ hasText: "Account deleted" }).waitFor();
    expect(await app.database.db.select().from(users).where(eq(users.email, user.email))).toEqual([]);

    await waitForIslands(page);
    await fillLogin(page, user.email, password);
    await toast(page).filter({ hasText: "Login failed" }).waitFor();
    expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
    await context.close();
  });
});
