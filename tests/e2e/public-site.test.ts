import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { collectPageErrors, launchBrowser, waitForIslands, waitForPublicScript } from "../support/browser";
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

describe("public pages in Chromium", () => {
  // Each page: its heading, the texts the spec names, and where its calls to action lead.
  const pages: { path: string; h1: string; texts: string[]; links: [name: string | RegExp, href: string][] }[] = [
    {
      path: "/",
      h1: "Never think about LinkedIn again",
      texts: [
        "How it works",
        "What you get",
        "Simple pricing",
        "Perfect for",
        "B2B Founders",
        "SaaS Founders",
        "Consultants",
        "Writers",
        "Questions, answered",
      ],
      links: [["Start Free 7-Day Trial", "/signup"]],
    },
    {
      path: "/features",
      h1: "A content strategist, not just a writing tool",
      texts: ["AI Content Strategist", "Analytics Dashboard", "One-Click Posting", "Coming Soon", "Manual"],
      links: [["Start Free 7-Day Trial", "/signup"]],
    },
    {
      path: "/pricing",
      h1: "Simple pricing. One plan, everything included.",
      texts: ["Best Value", "£6", "/month", "7 posts per week (allowance resets each billing cycle)", "Pricing questions", "Secure checkout by Stripe"],
      links: [["Start 7-Day Trial", "/signup"]],
    },
    {
      path: "/contact",
      h1: "Get in touch",
      texts: ["We respond within 24 hours", "support@cadence.app", "Help Center", "Quick Answers"],
      links: [["support@cadence.app", "mailto:support@cadence.app"]],
    },
    {
      path: "/about",
      h1: "Consistency on LinkedIn shouldn't cost you your best hours",
      texts: ["Our story", "Mission-Driven", "Creator-First", "Innovation", "Community"],
      links: [
        ["Start Free 7-Day Trial", "/signup"],
        ["Contact Us", "/contact"],
      ],
    },
    {
      path: "/privacy",
      h1: "Privacy Policy",
      texts: ["Last updated: January 2025", "under 13", "within 30 days"],
      links: [["Terms of Service", "/terms"]],
    },
    {
      path: "/terms",
      h1: "Terms of Service",
      texts: ["Last updated: January 2025", "at least 18 years old", "£6/month", "7-day free trial", "We do not give refunds for partial months"],
      links: [["Privacy Policy", "/privacy"]],
    },
  ];

  for (const expected of pages) {
    test(`${expected.path} shows its content and links, with no console errors`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}${expected.path}`);
      await waitForPublicScript(page);
      expect((await page.locator("h1").textContent())?.trim()).toBe(expected.h1);
      const text = (await page.locator("body").textContent()) ?? "";
      for (const snippet of expected.texts) expect(text).toContain(snippet);
      for (const [name, href] of expected.links) {
        expect(await page.locator("main").getByRole("link", { name }).first().getAttribute("href")).toBe(href);
      }
      // Navigation bar and footer on every page; the current page's link is marked.
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Home", "Features", "Pricing", "Contact", "Sign In", "Sign Up"]) {
        expect(await nav.getByRole("link", { name: label, exact: true }).first().getAttribute("href")).toBeTruthy();
      }
      const current = nav.locator("a[aria-current=page]");
      if (["/", "/features", "/pricing", "/contact"].includes(expected.path)) expect(await current.first().getAttribute("href")).toBe(expected.path);
      else expect(await current.count()).toBe(0);
      const footer = page.locator("footer");
      for (const label of ["About Us", "Privacy Policy", "Terms of Service"]) expect(await footer.getByRole("link", { name: label }).count()).toBe(1);
      expect(await footer.innerText()).toContain("© 2025 Cadence");
      await page.screenshot({ path: join(screenshots, `${expected.path === "/" ? "home" : expected.path.slice(1)}-1280-light.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  test("the theme toggle switches theme, remembers it, and it applies before first paint", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${app.url}/about`);
    await waitForPublicScript(page);
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
    await waitForPublicScript(page);
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
    await waitForPublicScript(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Features" }).first().isVisible()).toBe(false);
    // The summary is announced as a button, with its state.
    const menuButton = nav.getByRole("button", { name: "Menu" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await menuButton.click();
    await page.waitForFunction(() => document.querySelector("summary")?.getAttribute("aria-expanded") === "true");
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

  test("an FAQ accordion opens one item at a time, and the keyboard moves between headers", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.url}/pricing`);
    await waitForPublicScript(page);
    const headers = page.locator("#faq ~ div [data-accordion-header], [data-accordion] [data-accordion-header]");
    expect(await headers.count()).toBe(5);
    const expanded = async () => headers.evaluateAll((els) => els.map((el) => el.getAttribute("aria-expanded")));
    const visiblePanels = async () => page.locator("[data-accordion-panel]").evaluateAll((els) => els.map((el) => (el as HTMLElement).offsetParent !== null));

    expect(await expanded()).toEqual(["true", "false", "false", "false", "false"]);
    expect(await visiblePanels()).toEqual([true, false, false, false, false]);
    await headers.nth(2).click();
    expect(await expanded()).toEqual(["false", "false", "true", "false", "false"]);
    expect(await visiblePanels()).toEqual([false, false, true, false, false]);
    await headers.nth(2).click(); // the open one can be closed
    expect(await expanded()).toEqual(["false", "false", "false", "false", "false"]);

    await headers.nth(0).focus();
    const focused = () => page.evaluate(() => document.activeElement?.id);
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("pricing-faq-header-1");
    await page.keyboard.press("End");
    expect(await focused()).toBe("pricing-faq-header-4");
    await page.keyboard.press("ArrowDown"); // wraps
    expect(await focused()).toBe("pricing-faq-header-0");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("pricing-faq-header-4");
    await page.keyboard.press("Home");
    expect(await focused()).toBe("pricing-faq-header-0");
    await page.keyboard.press("Enter");
    expect(await expanded()).toEqual(["true", "false", "false", "false", "false"]);
    await page.close();
  });

  test("with JavaScript off every FAQ answer is readable", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    for (const panel of await page.locator("[data-accordion-panel]").all()) expect(await panel.isVisible()).toBe(true);
    await context.close();
  });

  async function fillContactForm(page: import("playwright-core").Page, message: string) {
    await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Subject", { exact: true }).selectOption("sales");
    await page.getByLabel("Message", { exact: true }).fill(message);
  }

  test("contact: sending shows 'Sending...', then the toast and confetti, resets the form, and the email reaches the outbox", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/contact`);
    await waitForPublicScript(page);
    await fillContactForm(page, "Do you offer team plans for agencies?");

    // Hold the request so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    const button = page.locator("form[data-contact-form] button[type=submit]");
    await button.click();
    await page.waitForFunction(() => document.querySelector("form[data-contact-form] button[type=submit]")?.textContent === "Sending...");
    expect(await button.isDisabled()).toBe(true);
    release();

    const toast = page.locator("[data-toast-region] [role=status]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Message sent!");
    expect(await toast.innerText()).toContain("We'll get back to you within 24 hours.");
    expect(await page.locator("canvas[data-confetti]").count()).toBe(1);
    expect(await button.textContent()).toBe("Send Message");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("general");
    await page.screenshot({ path: join(screenshots, "contact-sent.png") });
    // The confetti stops after 3 s.
    await page.locator("canvas[data-confetti]").waitFor({ state: "detached", timeout: 6_000 });

    const rows = await waitForRows(() =>
      app.database.rows<{ to_address: string; subject: string; text: string }>(sql`select to_address, subject, text from email_outbox where kind = 'contact'`),
    );
    expect(rows[0]!.to_address).toBe("support@cadence.app");
    expect(rows[0]!.text).toContain("Do you offer team plans for agencies?");
    expect(errors).toEqual([]);
    await page.close();
  });

  test("contact: no confetti for people who prefer reduced motion", async () => {
    const page = await browser.newPage({ reducedMotion: "reduce" });
    await page.goto(`${app.url}/contact`);
    await waitForPublicScript(page);
    await fillContactForm(page, "Reduced motion, please.");
    await page.locator("form[data-contact-form] button[type=submit]").click();
    await page.locator("[data-toast-region] [role=status]").waitFor();
    expect(await page.locator("canvas[data-confetti]").count()).toBe(0);
    await page.close();
  });

  test("contact: a failure shows the destructive toast and keeps what was typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/contact`);
    await waitForPublicScript(page);
    await fillContactForm(page, "This one will fail.");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }));
    await page.locator("form[data-contact-form] button[type=submit]").click();
    const toast = page.locator("[data-toast-region] [role=alert]");
    await toast.waitFor();
    expect(await toast.innerText()).toContain("Failed to send message");
    expect(await toast.innerText()).toContain("Please try again later or email us directly.");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("This one will fail.");
    expect(await page.locator("form[data-contact-form] button[type=submit]").textContent()).toBe("Send Message");
    await page.close();
  });
});

/** Polls a query until it returns rows (the email is sent by a background job). */
async function waitForRows<T>(query: () => Promise<T[]>, timeoutMs = 15_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await query();
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await Bun.sleep(100);
  }
}

describe("the public header for someone signed in", () => {
  test("offers Dashboard instead of Sign In and Sign Up; signed out again, the reverse", async () => {
    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      (
        await fetch(`${app.url}/api/auth/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Visitor", email, password: "visitor password" }),
        })
      ).status,
    ).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await waitForIslands(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("visitor password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto(`${app.url}/pricing`);
    await waitForPublicScript(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Dashboard" }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Sign In" }).isVisible()).toBe(false);
    expect(await nav.getByRole("link", { name: "Sign Up" }).isVisible()).toBe(false);

    await page.request.post(`${app.url}/api/auth/logout`, { headers: { origin: app.url } });
    await page.goto(`${app.url}/pricing`);
    await waitForPublicScript(page);
    expect(await nav.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Dashboard" }).isVisible()).toBe(false);
    await context.close();
  });
});
