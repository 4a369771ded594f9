/**
 * JavaScript budget of the public pages: each page is loaded in Chromium (a fresh context, so no
 * cache) and every script it actually runs is counted: the module scripts, whatever they import
 * (chunks are requests too, so following the network follows the imports), and the inline ones.
 * A script's gzipped size is measured here with gzip's default level, whether or not the server
 * compressed it; the bytes that crossed the wire are shown beside it.
 * Budget (issue "The public site"): at most 15 KB gzipped per page.
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";
import { publicPages } from "../src/routes/public-pages";
import { fmt, startServer } from "./support";

export const JS_BUDGET_BYTES = 15 * 1024;

type ScriptFigure = { url: string; bytes: number; gzipped: number; wire: number };
export type PageBudget = { path: string; scripts: ScriptFigure[]; bytes: number; gzipped: number; wire: number };

const gzipSize = (bytes: Uint8Array<ArrayBuffer>) => Bun.gzipSync(bytes).byteLength;

export async function measurePage(browser: Browser, url: string, path: string, cookies: { name: string; value: string }[] = []): Promise<PageBudget> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })));
  const page = await context.newPage();
  const pending: Promise<ScriptFigure | null>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const body = new Uint8Array(await response.body()); // decoded: what the browser parses
        const sizes = await response.request().sizes();
        return { url: new URL(response.url()).pathname, bytes: body.byteLength, gzipped: gzipSize(body), wire: sizes.responseBodySize };
      })().catch(() => null),
    );
  });
  await page.goto(url + path, { waitUntil: "networkidle" });
  // Scroll to the end and back, in case something loads on scroll or when it comes into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((script) => ["", "module", "text/javascript"].includes(script.getAttribute("type") ?? ""))
      .map((script) => script.textContent ?? ""),
  );
  await context.close();

  const scripts = (await Promise.all(pending)).filter((figure): figure is ScriptFigure => figure !== null);
  for (const [index, text] of inline.entries()) {
    const bytes = new TextEncoder().encode(text);
    scripts.push({ url: `(inline #${index + 1})`, bytes: bytes.byteLength, gzipped: gzipSize(bytes), wire: bytes.byteLength });
  }
  const sum = (key: "bytes" | "gzipped" | "wire") => scripts.reduce((total, script) => total + script[key], 0);
  return { path, scripts, bytes: sum("bytes"), gzipped: sum("gzipped"), wire: sum("wire") };
}

export async function benchJsBudget() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const results: PageBudget[] = [];
    for (const { path } of publicPages) results.push(await measurePage(browser, server.url, path));
    const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
    const lines = [`js budget: JavaScript each public page loads in Chromium, gzipped (budget ${kb(JS_BUDGET_BYTES)} per page; 1 KB = 1,024 bytes)`];
    for (const result of results) {
      const verdict = result.gzipped <= JS_BUDGET_BYTES ? "ok" : "OVER BUDGET";
      lines.push(
        `  ${result.path.padEnd(10)} ${kb(result.gzipped).padStart(8)} gzipped  ${kb(result.bytes).padStart(8)} raw  ${kb(result.wire).padStart(8)} on the wire  ${result.scripts.length} script(s)  ${verdict}`,
      );
      for (const script of result.scripts) lines.push(`      ${script.url}  ${fmt(script.gzipped)} B gzipped, ${fmt(script.bytes)} B raw`);
    }
    return { text: lines.join("\n"), results, withinBudget: results.every((result) => result.gzipped <= JS_BUDGET_BYTES) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.main) {
  const { text, withinBudget } = await benchJsBudget();
  console.log(text);
  if (!withinBudget) process.exit(1);
}
