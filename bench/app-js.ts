/**
 * JavaScript of the signed-in app's pages (issue 27: at most 100 KB gzipped each): a subscriber
 * with 30 posts (a third each draft, scheduled, posted) opens each page in Chromium, and every
 * script the page runs is counted as bench/js-budget.ts counts the public pages' (gzip level 6,
 * whatever the server sent). With BENCH_BEFORE, that checkout's pages are measured too.
 * `bun bench/app-js.ts`
 */
import { launchBrowser } from "../tests/support/browser";
import { measurePage } from "./js-budget";
import { BENCH_PASSWORD, benchDatabases, fmt, seedSubscriber, startServer, versions } from "./support";

export const APP_JS_BUDGET_BYTES = 100 * 1024;
const PAGES = ["/dashboard", "/generate", "/posts", "/calendar", "/plans", "/settings"];

export async function benchAppJs() {
  const lines = [
    `app js: JavaScript each signed-in page loads in Chromium, gzipped (budget ${fmt(APP_JS_BUDGET_BYTES / 1024)} KB per page; 1 KB = 1,024 bytes)`,
  ];
  const browser = await launchBrowser();
  try {
    for (const version of versions()) {
      const [target] = await benchDatabases();
      const email = await seedSubscriber(target!, 30);
      const server = await startServer(target!.env, { root: version.root });
      try {
        const login = await fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        });
        const [name, value] = login.headers.get("set-cookie")!.split(";")[0]!.split("=") as [string, string];
        for (const path of PAGES) {
          const result = await measurePage(browser, server.url, path, [{ name, value }]);
          const verdict = result.gzipped <= APP_JS_BUDGET_BYTES ? "ok" : "OVER BUDGET";
          lines.push(
            `  ${version.label.padEnd(9)} ${path.padEnd(10)} ${fmt(result.gzipped / 1024, 1).padStart(6)} KB gzipped  ${fmt(result.bytes / 1024, 1).padStart(6)} KB raw  ${result.scripts.length} script(s)  ${verdict}`,
          );
        }
      } finally {
        await server.stop();
        await target!.cleanup();
      }
    }
  } finally {
    await browser.close();
  }
  return lines.join("\n");
}

if (import.meta.main) console.log(await benchAppJs());
