import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { users } from "../../db/schema";
import { formatLongDate } from "../../src/shared/format-date";
import { signUp } from "../support/api-client";
import { launchBrowser, waitForIslands, openPage as openAt, toastOf } from "../support/browser";
import { ManualClock } from "../support/manual-clock";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Billing in Chromium on the demo provider: checkout, the trial, cancelling from Settings, the
 * expired page and resubscribing, with the server's time moved by the injected clock.
 */

const screenshots = join(import.meta.dir, "../../.tmp/screenshots");
const high = { limit: 1000, windowMs: 60_000 };
const DAY = 24 * 60 * 60 * 1000;
const NEW_YORK = "America/New_York"; // the timezone of an account made through the API, and of this file's browsers
// The browser keeps its own (real) time, so the server's clock starts at the real time too.
const clock = new ManualClock(new Date());
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  [app, browser] = await Promise.all([startTestApp({ clock, runJobs: false, rateLimits: { login: high, signup: high } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const toast = toastOf;

const openPage = (context: BrowserContext, path: string) => openAt(context, app.url, path);

/** A browser context signed in as a fresh account (no payment method yet). */
async function signedInContext(name = "Mary Jackson") {
  const account = await signUp(app.url, { name });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [cookieName, value] = account.client.cookie.split("=") as [string, string];
  await context.addCookies([{ name: cookieName, value, url: app.url }]);
  return { context, ...account };
}

/** From /payment-setup through the demo checkout and /payment-success to the dashboard. */
async function checkOut(page: Page, button = "Start 7-day trial") {
  await page.waitForURL(`${app.url}/payment-setup`);
  await waitForIslands(page);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(`${app.url}/demo-checkout`);
  await waitForIslands(page);
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(`${app.url}/payment-success`);
  await page.getByText("Redirecting to dashboard...").waitFor();
  await page.waitForURL(`${app.url}/dashboard`);
}

const subscription = (page: Page) => page.locator("section[aria-labelledby=subscription-heading]");

async function cancelFromSettings(page: Page) {
  await subscription(page).getByRole("button", { name: "Cancel Subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await dialog.waitFor();
  return dialog;
}

describe("checkout on the demo provider", () => {
  test("sign up, payment setup, demo checkout, payment success, dashboard", async () => {
    clock.set(new Date());
    // The sign-up form sends the browser's timezone: a browser in New York makes a New York account, whatever this
    // machine's own zone (in UTC, between midnight and New York's midnight the trial's last day was a day later).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: NEW_YORK });
    const { page, errors } = await openPage(context, "/signup");
    const email = `billing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel("Full name").fill("Annie Easley");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("rocket propulsion");
    await page.getByRole("button", { name: "Start Free Trial" }).click();

    await page.waitForURL(`${app.url}/payment-setup`);
    await waitForIslands(page);
    const setup = await page.locator("main").innerText();
    expect(setup).toContain("Start your 7-day free trial");
    expect(setup).toContain(`Free until ${formatLongDate(new Date(clock.now().getTime() + 7 * DAY), NEW_YORK)}`);
    expect(setup).toContain("We email you a reminder before your first charge.");
    expect(setup).toContain("7 posts per week");
    expect(await page.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");

    // Busy while the browser leaves for the checkout: the answer is held until that has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/stripe/create-checkout-session", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.getByRole("button", { name: "Redirecting to checkout..." }).waitFor();
    expect(await page.getByRole("button", { name: "Redirecting to checkout..." }).isDisabled()).toBe(true);
    release();
    await page.waitForURL(`${app.url}/demo-checkout`);
    await waitForIslands(page);
    const checkout = await page.locator("main").innerText();
    expect(checkout).toContain("No card is charged");
    expect(checkout).toContain("£6/month");
    expect(checkout).toContain("7 days free");
    expect(await page.locator("header").getByText("Demo checkout").isVisible()).toBe(true);
    expect(await page.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");
    expect(await page.getByLabel("Card number").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByRole("link", { name: "Cancel and go back" }).getAttribute("href")).toBe("/payment-setup");

    await page.getByRole("button", { name: "Start 7-day trial" }).click();
    await page.waitForURL(`${app.url}/payment-success`);
    expect(await page.locator("h1").textContent()).toBe("Payment Successful!");
    expect(await page.getByRole("link", { name: "Go to Dashboard Now" }).getAttribute("href")).toBe("/dashboard");
    await page.getByText("Redirecting to dashboard...").waitFor();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(await page.locator("h1").textContent()).toBe("Welcome, Annie Easley!");
    expect(await page.locator("[data-allowance]").textContent()).toBe("7 of 7 posts left this week");

    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ paymentMethodAdded: true, subscriptionStatus: "trialing" });

    // Back on /payment-setup once set up: 'Already set up', and on to the dashboard.
    await page.goto(`${app.url}/payment-setup`);
    expect(await page.locator("h1").textContent()).toBe("Already set up");
    await page.waitForURL(`${app.url}/dashboard`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/payment-success polls the user every 2 s until the payment method shows up", async () => {
    const { context, user } = await signedInContext();
    const page = await context.newPage();
    const polls: number[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/user") polls.push(Date.now());
    });
    await page.goto(`${app.url}/payment-success`);
    await waitForIslands(page);
    // The provider has not told us yet (Stripe's webhook is on its way): the page keeps asking.
    const deadline = Date.now() + 10_000;
    while (polls.length < 3 && Date.now() < deadline) await Bun.sleep(100);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByText("Confirming your payment method...").isVisible()).toBe(true);
    const gaps = polls.slice(1).map((at, i) => at - polls[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(1_500);

    await app.database.db
      .update(users)
      .set({ paymentMethodAdded: true, subscriptionStatus: "trialing", trialEnd: new Date(clock.now().getTime() + 7 * DAY) })
      .where(eq(users.id, user.id));
    await page.getByText("Redirecting to dashboard...").waitFor({ timeout: 5_000 });
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });

  test("a checkout refused by the server says 'Setup failed' with its reason", async () => {
    const { context, client } = await signedInContext();
    const { page } = await openPage(context, "/payment-setup");
    // Set up in another tab meanwhile: this page's checkout is refused.
    await client.json("POST", "/api/demo-checkout/complete");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const failed = toast(page).filter({ hasText: "Setup failed" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Your payment method is already set up.");
    expect(await page.getByRole("button", { name: "Continue to Payment" }).isEnabled()).toBe(true);
    await context.close();
  });

  test("a checkout session without a sessionUrl says 'Checkout error'", async () => {
    const { context } = await signedInContext();
    const { page } = await openPage(context, "/payment-setup");
    await page.route("**/api/stripe/create-checkout-session", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "{}" }));
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    const failed = toast(page).filter({ hasText: "Checkout error" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Failed to create checkout session. Please try again.");
    expect(page.url()).toBe(`${app.url}/payment-setup`);
    await context.close();
  });
});

describe("cancelling", () => {
  test("during the trial: access ends at once, /subscription-expired, and Resubscribe Now checks out again", async () => {
    clock.set(new Date());
    const { context, user } = await signedInContext("Christine Darden");
    const { page, errors } = await openPage(context, "/payment-setup");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(`${app.url}/demo-checkout`);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Start 7-day trial" }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    await page.goto(`${app.url}/settings`);
    await waitForIslands(page);
    const card = subscription(page);
    expect(await card.locator("[data-subscription-status]").textContent()).toBe("Trial");
    expect(await card.locator("[data-subscription-date]").textContent()).toBe(
      `Trial ends on ${formatLongDate(new Date(clock.now().getTime() + 7 * DAY), NEW_YORK)}`,
    );
    expect(await card.innerText()).toContain("£6");
    expect(await card.innerText()).toContain("7 posts per week");

    const dialog = await cancelFromSettings(page);
    expect(await dialog.innerText()).toContain("Your free trial ends now");
    // Keeping it changes nothing.
    await dialog.getByRole("button", { name: "Keep Subscription" }).click();
    await dialog.waitFor({ state: "hidden" });
    await (await cancelFromSettings(page)).getByRole("button", { name: "Cancel Subscription" }).click();

    await page.waitForURL(`${app.url}/subscription-expired`);
    await waitForIslands(page);
    await toast(page).filter({ hasText: "Subscription cancelled" }).waitFor();
    expect(await page.locator("h1").textContent()).toBe("Subscription Expired");
    const expired = await page.locator("main").innerText();
    expect(expired).toContain(`Your subscription has ended. Resubscribe to continue using ${app.config.productName}.`);
    expect(expired).toContain("7 posts per week");
    // One trial per person: the price note says the next subscription is paid from today.
    expect(expired).toContain("£6/month, billed from today (you have had your free trial), Cancel anytime");
    // The island loaded the user: it greets them.
    await page.getByText("Welcome back, Christine Darden.").waitFor();
    expect(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    // The guard agrees: the signed-in pages are closed.
    await page.goto(`${app.url}/dashboard`);
    expect(page.url()).toBe(`${app.url}/subscription-expired`);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.subscriptionStatus).toBe("cancelled");

    await waitForIslands(page);
    await page.getByRole("link", { name: "Resubscribe Now" }).click();
    await page.waitForURL(`${app.url}/payment-setup`);
    expect(await page.locator("h1").textContent()).toBe(`Resubscribe to ${app.config.productName} Pro`);
    // One trial per person: the second checkout is paid from today, and its page says so.
    await checkOut(page, "Subscribe for £6/month");
    const [again] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.subscriptionStatus).toBe("active");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an active subscription: 'Cancelling' with its end date, access kept until then, expired after", async () => {
    const start = new Date();
    clock.set(start);
    const { context, client, user, password } = await signedInContext("Dorothy Hoover");
    expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
    // A day past the trial: the demo provider charges the first month when the user next loads.
    clock.set(new Date(start.getTime() + 8 * DAY));
    const { page, errors } = await openPage(context, "/settings");
    const card = subscription(page);
    expect(await card.locator("[data-subscription-status]").textContent()).toBe("Active");
    const [active] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    const periodEnd = active!.currentPeriodEnd!;
    const endsOn = formatLongDate(periodEnd, NEW_YORK);
    expect(await card.locator("[data-subscription-date]").textContent()).toBe(`Renews on ${endsOn}`);

    const dialog = await cancelFromSettings(page);
    expect(await dialog.innerText()).toContain(`You keep access until ${endsOn}`);
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await toast(page).filter({ hasText: "Subscription cancelled" }).waitFor();
    expect(await card.locator("[data-subscription-status]").textContent()).toBe("Cancelling");
    expect(await card.locator("[data-subscription-date]").textContent()).toBe(`Access ends on ${endsOn}`);
    // Nothing left to cancel.
    await page.getByRole("dialog", { name: "Cancel your subscription?" }).waitFor({ state: "hidden" });
    expect(await card.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, "settings-cancelling.png") });
    await page.reload();
    await waitForIslands(page);
    expect(await card.locator("[data-subscription-status]").textContent()).toBe("Cancelling");

    // A day before the end, still in. (The first session has run out by then: sign in again.)
    clock.set(new Date(periodEnd.getTime() - DAY));
    await page.goto(`${app.url}/dashboard`);
    expect(page.url()).toBe(`${app.url}/login`);
    await waitForIslands(page);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    // Past the end date, the guard sends the user to /subscription-expired.
    clock.set(new Date(periodEnd.getTime() + 60_000));
    await page.goto(`${app.url}/dashboard`);
    expect(page.url()).toBe(`${app.url}/subscription-expired`);
    const [ended] = await app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(ended!.subscriptionStatus).toBe("cancelled");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a cancel the server refuses says 'Error' with its reason", async () => {
    clock.set(new Date());
    const { context, client, user } = await signedInContext();
    await client.json("POST", "/api/demo-checkout/complete");
    const { page } = await openPage(context, "/settings");
    // A payment failed meanwhile: the status is one a cancel cannot apply to (cancelling twice is not refused: it is done).
    await app.database.db.update(users).set({ subscriptionStatus: "past_due" }).where(eq(users.id, user.id));
    await (await cancelFromSettings(page)).getByRole("button", { name: "Cancel Subscription" }).click();
    const failed = toast(page).filter({ hasText: "Error" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Only a trial or an active subscription can be cancelled.");
    expect(await failed.getAttribute("role")).toBe("alert");
    expect(page.url()).toBe(`${app.url}/settings`);
    await context.close();
  });
});

describe("/subscribe on the demo provider", () => {
  test("a cancelled user subscribes with the demo card form: 'Payment Successful', on to the dashboard", async () => {
    clock.set(new Date());
    const { context, client } = await signedInContext();
    await client.json("POST", "/api/demo-checkout/complete");
    await client.json("POST", "/api/stripe/cancel-subscription");
    const { page, errors } = await openPage(context, "/subscribe");
    await page.getByRole("heading", { name: "Payment Details" }).waitFor();
    expect(await page.getByRole("heading", { name: `${app.config.productName} Pro`, exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Card number").waitFor();
    expect(await page.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const done = toast(page).filter({ hasText: "Payment Successful" });
    await done.waitFor();
    expect(await done.textContent()).toContain(`You are subscribed to ${app.config.productName} Pro!`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a setup the server refuses: 'Subscription Setup Failed' and the Subscription Error card", async () => {
    const { context, client } = await signedInContext();
    await client.json("POST", "/api/demo-checkout/complete"); // already subscribed: nothing to set up
    const { page, errors } = await openPage(context, "/subscribe");
    const failed = toast(page).filter({ hasText: "Subscription Setup Failed" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("You already have an active subscription.");
    await page.getByRole("heading", { name: "Subscription Error" }).waitFor();
    expect(await page.getByRole("heading", { name: "Payment Details" }).count()).toBe(0);
    await page.getByRole("link", { name: "Return to Dashboard" }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(errors.filter((error) => !error.includes("409"))).toEqual([]);
    await context.close();
  });

  test("no answer at all: 'Connection Error' and the Subscription Error card", async () => {
    const { context } = await signedInContext();
    const page = await context.newPage();
    await page.route("**/api/create-subscription", (route) => route.abort());
    await page.goto(`${app.url}/subscribe`);
    const failed = toast(page).filter({ hasText: "Connection Error" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Failed to connect to server. Please try again later.");
    await page.getByRole("heading", { name: "Subscription Error" }).waitFor();
    await context.close();
  });
});
