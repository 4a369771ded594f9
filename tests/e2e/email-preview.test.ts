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
  [app, browser] = await Promise.all([startTestApp({ env: { PRODUCT_NAME: "Quillmark" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

// Each tab, its description, and a line only its email says.
const tabs = [
  { label: "Welcome", description: "Sent right after signup", line: "Welcome to Quillmark, Priya Shah" },
  { label: "Trial Started", description: "Sent after a payment method is added", line: "Nothing is charged until Mar 9, 2026." },
  { label: "Cancellation", description: "Sent when the subscription is cancelled", line: "You keep full access until Apr 9, 2026." },
  { label: "Contact Form", description: "Sent to support on submit", line: "New contact message" },
];

describe("/email-preview in Chromium", () => {
  test("each tab's Load Preview shows its email in the frame, without console errors", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/email-preview`);
    await waitForIslands(page);
    expect(await page.getByRole("tab").allTextContents()).toEqual(tabs.map((tab) => tab.label));

    for (const tab of tabs) {
      await page.getByRole("tab", { name: tab.label }).click();
      expect(await page.getByRole("tab", { name: tab.label }).getAttribute("aria-selected")).toBe("true");
      const panel = page.getByRole("tabpanel", { name: tab.label });
      expect(await panel.isVisible()).toBe(true);
      expect(await panel.getByText(tab.description).isVisible()).toBe(true);
      expect(await panel.locator("iframe").count()).toBe(0);

      await panel.getByRole("button", { name: "Load Preview" }).click();
      const frame = panel.frameLocator(`iframe[title="${tab.label} email preview"]`);
      await frame.getByText(tab.line, { exact: true }).waitFor();
      expect(await frame.locator("body").textContent()).toContain("Quillmark");
      expect(await panel.locator("iframe").getAttribute("sandbox")).not.toContain("allow-scripts");
      // Only the chosen tab's panel shows.
      expect(await page.getByRole("tabpanel").count()).toBe(1);
    }
    await page.screenshot({ path: join(screenshots, "email-preview-contact.png"), fullPage: true });

    // A loaded preview is still there when its tab is chosen again.
    await page.getByRole("tab", { name: "Welcome" }).click();
    expect(await page.getByRole("tabpanel", { name: "Welcome" }).locator("iframe").count()).toBe(1);
    await page.screenshot({ path: join(screenshots, "email-preview-welcome.png") });
    expect(errors).toEqual([]);
    await page.close();
  });

  test("tabs follow the keyboard: arrows move and wrap, Home and End jump", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/email-preview`);
    await waitForIslands(page);
    const selected = () => page.locator('[role="tab"][aria-selected="true"]').textContent();
    const focused = () => page.evaluate(() => document.activeElement?.textContent);

    await page.getByRole("tab", { name: "Welcome" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await selected()).toBe("Trial Started");
    expect(await focused()).toBe("Trial Started");
    await page.keyboard.press("End");
    expect(await selected()).toBe("Contact Form");
    await page.keyboard.press("ArrowRight");
    expect(await selected()).toBe("Welcome");
    await page.keyboard.press("ArrowLeft");
    expect(await selected()).toBe("Contact Form");
    await page.keyboard.press("Home");
    expect(await focused()).toBe("Welcome");
    // Only the selected tab is in the Tab order; Tab moves on into its panel.
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tabpanel");
    await page.close();
  });
});
