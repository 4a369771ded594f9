import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    // Without the background-networking flags Chromium keeps dialling Google on this closed network.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects console errors and uncaught exceptions, so a test can assert a page ran cleanly. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Waits until every island on the page has hydrated (islands/boot.ts marks them). */
export async function waitForIslands(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every((element) => element.dataset.hydrated === "true"),
  );
}

/** Waits until the public pages' plain script has run (it sets aria-pressed on the theme toggle). */
export async function waitForPublicScript(page: Page) {
  await page.waitForSelector("[data-theme-toggle][aria-pressed]", { state: "attached" });
}
