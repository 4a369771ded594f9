import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { collectPageErrors, launchBrowser, waitForIslands } from "../support/browser";
import { startTestApp, type TestApp } from "../support/test-app";

const screenshots = join(import.meta.dir, "../../.tmp/screenshots");
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("/about in Chromium", () => {
  test("renders, hydrates the theme toggle, and runs without console errors", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/about`);
    await waitForIslands(page);
    expect(await page.locator("h1").textContent()).toBe("Consistency on LinkedIn shouldn't cost you your best hours");
    expect(await page.getByRole("heading", { name: "What we value" }).isVisible()).toBe(true);
    for (const value of ["Mission-Driven", "Creator-First", "Innovation", "Community"]) {
      expect(await page.getByRole("heading", { name: value }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: join(screenshots, "about-desktop-light.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("the theme toggle switches theme, remembers it, and it applies before first paint", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${app.url}/about`);
    await waitForIslands(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const toggle = page.getByRole("button", { name: "Dark theme" });

    expect(await theme()).toBe("light");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await theme()).toBe("dark");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("cadence-theme"))).toBe("dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    // On reload, with scripts' modules blocked, the inline head script alone must apply the choice.
    await page.route("**/assets/islands/**", (route) => route.abort());
    await page.reload();
    expect(await theme()).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    await page.unroute("**/assets/islands/**");
    await page.reload();
    await waitForIslands(page);
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await theme()).toBe("light");
    await context.close();
  });

  test("with no stored choice the system preference decides", async () => {
    for (const scheme of ["dark", "light"] as const) {
      const page = await browser.newPage({ colorScheme: scheme });
      await page.goto(`${app.url}/about`);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await page.close();
    }
  });

  test("the navigation bar turns solid once scrolled past 50 px", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${app.url}/about`);
    const header = page.locator("header[data-public-nav]");
    await page.waitForFunction(() => document.querySelector("[data-public-nav]")?.getAttribute("data-scrolled") === "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(50);
    expect(await header.getAttribute("data-scrolled")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(() => document.querySelector("[data-public-nav]")?.getAttribute("data-scrolled") === "true");
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector("[data-public-nav]")?.getAttribute("data-scrolled") === "false");
    await page.close();
  });

  test("at 375 px the links live in a menu that opens, and closes on a choice or Escape", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });
    await page.goto(`${app.url}/about`);
    await waitForIslands(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Features" }).first().isVisible()).toBe(false);
    const menuButton = page.locator("summary[aria-label='Menu']");
    await menuButton.click();
    const menu = page.locator("details[data-mobile-menu] ul");
    for (const label of ["Home", "Features", "Pricing", "Contact", "Sign In", "Sign Up"]) {
      expect(await menu.getByRole("link", { name: label }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: join(screenshots, "about-mobile-dark-menu.png") });
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);

    // Choosing a link closes the menu (navigation is held back so the same page can be checked).
    // A 204 answer to a navigation leaves the current page in place.
    await page.route("**/features", (route) => route.fulfill({ status: 204 }));
    await menuButton.click();
    await menu.getByRole("link", { name: "Features" }).click();
    expect(await page.locator("details[data-mobile-menu]").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await page.screenshot({ path: join(screenshots, "about-mobile-dark.png"), fullPage: true });
    await page.close();
  });
});
