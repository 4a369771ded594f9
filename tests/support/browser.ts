import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";

/** Debian's Chromium (apt-get install chromium); never a downloaded browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags every Chromium here runs with (tests, benches). Without the background-networking ones it keeps dialling Google on this closed network. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
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
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>("[data-island]")].every((element) => element.dataset.hydrated === "true"));
}

/**
 * My Posts: selects a tab (name: its label, "Drafts") and waits until its posts are in: each
 * tab loads its first page when first shown, unless it was already fetched.
 */
export async function openPostsTab(page: Page, name: string) {
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
  await page.waitForSelector(
    `#posts-panel[aria-labelledby="posts-tab-${({ Scheduled: "scheduled", Drafts: "draft", Posted: "posted" } as Record<string, string>)[name]}"][aria-busy="false"]`,
  );
}

/** Waits until the public pages' plain script has run (it sets aria-pressed on the theme toggle). */
export async function waitForPublicScript(page: Page) {
  await page.waitForSelector("[data-theme-toggle][aria-pressed]", { state: "attached" });
}

/**
 * A page signed in with a session cookie, in a fresh browser context, opened at `path` with its
 * islands hydrated; its console errors are collected.
 */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  path: string,
  options: BrowserContextOptions & { clipboard?: boolean } = {},
) {
  const { clipboard, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}${path}`);
  await waitForIslands(page);
  return { context, page, errors };
}

/** The toast region's toasts (islands/ui/Toaster.tsx). */
export const toastOf = (page: Page) => page.locator("section[aria-label=Notifications] [data-toast]");

/** A new page in `context` at `path`, islands hydrated, console errors collected. */
export async function openPage(context: BrowserContext, baseUrl: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}${path}`);
  await waitForIslands(page);
  return { page, errors };
}
