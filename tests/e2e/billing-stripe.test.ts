import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { signUp } from "../support/api-client";
import { collectPageErrors, launchBrowser, waitForIslands } from "../support/browser";
import { type FakeStripe, startFakeStripe, startStripeTestApp } from "../support/fake-stripe";
import type { TestApp } from "../support/test-app";

/**
 * The billing pages on the Stripe provider, in Chromium, against the local fake of Stripe's API.
 * Stripe.js itself comes from js.stripe.com, which this machine cannot reach; the tests block it
 * outright so they behave the same on a machine that can.
 */

const screenshots = join(import.meta.dir, "../../.tmp/screenshots");
const high = { limit: 1000, windowMs: 60_000 };
let app: TestApp;
let browser: Browser;
let stripeFake: FakeStripe;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  stripeFake = startFakeStripe();
  [app, browser] = await Promise.all([
    startStripeTestApp(stripeFake, { runJobs: false, rateLimits: { signup: high, login: high }, publishableKey: "pk_test_fake" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await stripeFake?.stop();
});

const toast = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");

async function signedInPage() {
  const account = await signUp(app.url);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = account.client.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: app.url }]);
  const page = await context.newPage();
  const stripeJsRequests: string[] = [];
  await page.route("https://js.stripe.com/**", (route) => {
    stripeJsRequests.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  return { page, context, errors: collectPageErrors(page), stripeJsRequests, ...account };
}

describe("/subscribe with Stripe billing", () => {
  test("the Payment Element's mount point gets the fake server's clientSecret; without Stripe.js the card says so plainly", async () => {
    const { page, context, errors, stripeJsRequests, user } = await signedInPage();
    const setup = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/create-subscription");
    await page.goto(`${app.url}/subscribe`);
    const answer = await (await setup).json();
    expect(answer.provider).toBe("stripe");
    // The fake created the subscription for this user, and its invoice's secret is what came back.
    const created = stripeFake.requests.filter((request) => request.method === "POST" && request.path === "/v1/subscriptions").at(-1)!;
    expect(created.params["metadata[userId]"]).toBe(user.id);
    expect(created.params.payment_behavior).toBe("default_incomplete");
    expect(answer.clientSecret).toMatch(/^pi_sub_\d+_secret_\d+$/);

    const mount = page.locator("[data-payment-element]");
    await mount.waitFor();
    expect(await mount.getAttribute("data-payment-element")).toBe(answer.clientSecret.split("_secret_")[0]);
    const failure = mount.getByRole("alert");
    await failure.waitFor();
    expect(await failure.innerText()).toContain("The secure payment form could not load");
    expect(await failure.innerText()).toContain("We could not reach Stripe");
    // Stripe.js was asked for (the pure loader tries once more before giving up), from the page's own script.
    expect(stripeJsRequests.length).toBeGreaterThanOrEqual(1);
    expect(stripeJsRequests.every((url) => /^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/.test(url))).toBe(true);
    // The plan card is there beside it, and nothing offers to take a payment that cannot happen.
    expect(await page.getByRole("heading", { name: "Payment Details" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Subscribe" }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, "subscribe-stripe-unavailable.png") });

    // Try again asks for Stripe.js once more, and says the same when it fails again.
    const before = stripeJsRequests.length;
    await mount.getByRole("button", { name: "Try again" }).click();
    const deadline = Date.now() + 10_000;
    while (stripeJsRequests.length === before && Date.now() < deadline) await Bun.sleep(50);
    expect(stripeJsRequests.length).toBeGreaterThan(before);
    await failure.waitFor();
    expect(await failure.innerText()).toContain("The secure payment form could not load");
    // The blocked script is the only failure on the page (its CSP allowed it: no violation is reported).
    expect(errors.filter((error) => !error.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    await context.close();
  });

  test("Stripe refusing the setup: 'Subscription Setup Failed' with Stripe's message, and the Subscription Error card", async () => {
    const { page, context } = await signedInPage();
    stripeFake.failNext(400, "No such price: 'price_test_monthly_gbp6'");
    await page.goto(`${app.url}/subscribe`);
    const failed = toast(page).filter({ hasText: "Subscription Setup Failed" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("No such price: 'price_test_monthly_gbp6'");
    await page.getByRole("heading", { name: "Subscription Error" }).waitFor();
    expect(await page.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    await context.close();
  });
});

describe("/payment-setup with Stripe billing", () => {
  test("Continue to Payment sends the browser to the Checkout session's URL", async () => {
    const { page, context, errors } = await signedInPage();
    // Stands in for checkout.stripe.com, which the fake's session URL points at.
    await page.route("https://checkout.stripe.test/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Checkout</title>" }));
    await page.goto(`${app.url}/payment-setup`);
    await waitForIslands(page);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const session = stripeFake.requests.filter((request) => request.path === "/v1/checkout/sessions").at(-1)!;
    expect(session.params["subscription_data[trial_period_days]"]).toBe("7");
    expect(session.params.success_url).toBe(`${app.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
