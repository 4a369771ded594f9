/**
 * Lighthouse (the devDependency, run in-process) on every public page: mobile (its default
 * config: a Moto G class screen, simulated slow 4G and 4x CPU slowdown), the performance,
 * accessibility, best-practices and SEO scores. Each page is audited twice, in the light theme
 * and in the dark one (Chromium started with --force-dark-mode, so prefers-color-scheme is dark
 * and the page's own head script picks the dark theme, as it would for such a visitor).
 * Each audit is repeated (LIGHTHOUSE_RUNS, default 3) and the median of each score is reported,
 * as Lighthouse's own guidance on variability advises; the performance score of every run is
 * printed beside it, so a slow run is not hidden. A run Lighthouse itself failed to record (a
 * trace without navigation start, say) is retried rather than counted.
 * Target (issue "The public site"): at least 95 in all four, on every page.
 * Chromium is Debian's (/usr/bin/chromium or CHROMIUM_PATH); nothing is downloaded.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { publicPages } from "../src/routes/public-pages";
import { CHROMIUM_FLAGS, chromiumPath } from "../tests/support/browser";
import { freePort, waitForOk } from "../tests/support/free-port";
import { startServer } from "./support";

export const LIGHTHOUSE_TARGET = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TRIES = 3;
type Theme = "light" | "dark";
type Scores = Record<(typeof CATEGORIES)[number], number>;
export type PageScores = { path: string; theme: Theme; scores: Scores; performanceRuns: number[]; misses: string[] };

/** Chromium with a DevTools port for Lighthouse, with the flags of tests/support/browser.ts. */
async function startChromium(theme: Theme) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "cadence-lighthouse-"));
  const child = Bun.spawn(
    [
      chromiumPath,
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      ...(theme === "dark" ? ["--force-dark-mode"] : []),
      "about:blank",
    ],
    { stdout: "ignore", stderr: "ignore" },
  );
  await waitForOk(`http://127.0.0.1:${port}/json/version`, 30_000);
  return {
    port,
    async stop() {
      child.kill();
      await child.exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Makes sure the theme really is the one claimed, by asking the page itself. */
async function themeSeen(port: number, url: string): Promise<string | undefined> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.emulateMedia({ colorScheme: null }); // Playwright's own default is light: leave it to Chromium
    await page.goto(url);
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.close();
    return theme;
  } finally {
    await browser.close(); // disconnects; Chromium itself keeps running
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** One Lighthouse run that recorded every category; a run Lighthouse failed to record is retried. */
async function auditOnce(port: number, url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError && CATEGORIES.every((id) => typeof lhr.categories[id]?.score === "number")) return lhr;
    if (attempt === TRIES) {
      const why = lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : "a category left unscored";
      throw new Error(`Lighthouse could not audit ${url} in ${TRIES} tries: ${why}`);
    }
  }
}

export async function auditPage(port: number, url: string, runs = RUNS): Promise<Omit<PageScores, "path" | "theme">> {
  const lhrs: Result[] = [];
  for (let run = 0; run < runs; run++) lhrs.push(await auditOnce(port, url));
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const scoreOf = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round(lhr.categories[id]!.score! * 100);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(lhrs.map((lhr) => scoreOf(lhr, id)))])) as Scores;
  // The scored audits that did not pass fully, so a score below 100 comes with its reasons: the
  // performance ones of the run with the median performance score, the others of any run.
  const medianRun = lhrs.find((candidate) => scoreOf(candidate, "performance") === scores.performance)!;
  const missesOf = (lhr: Result, id: (typeof CATEGORIES)[number]) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${id}/${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
  const misses = [
    ...missesOf(medianRun, "performance"),
    ...new Set(CATEGORIES.filter((id) => id !== "performance").flatMap((id) => lhrs.flatMap((lhr) => missesOf(lhr, id)))),
  ];
  return { scores, performanceRuns: lhrs.map((run) => scoreOf(run, "performance")), misses };
}

export async function benchLighthouse() {
  const server = await startServer();
  const results: PageScores[] = [];
  try {
    for (const theme of ["light", "dark"] as const) {
      const chrome = await startChromium(theme);
      try {
        const seen = await themeSeen(chrome.port, `${server.url}/`);
        if (seen !== theme) throw new Error(`Chromium for the ${theme} run shows the ${seen} theme`);
        for (const { path } of publicPages) results.push({ path, theme, ...(await auditPage(chrome.port, server.url + path)) });
      } finally {
        await chrome.stop();
      }
    }
  } finally {
    await server.stop();
  }
  const lines = [
    `lighthouse ${lighthouseVersion()}: mobile, simulated throttling, median of ${RUNS} run(s); performance / accessibility / best practices / SEO (target ${LIGHTHOUSE_TARGET})`,
  ];
  for (const result of results) {
    const s = result.scores;
    const low = CATEGORIES.some((id) => s[id] < LIGHTHOUSE_TARGET) ? "  BELOW TARGET" : "";
    const runs = result.performanceRuns.length > 1 ? `  (performance per run: ${result.performanceRuns.join(", ")})` : "";
    lines.push(`  ${result.path.padEnd(10)} ${result.theme.padEnd(5)}  ${CATEGORIES.map((id) => String(s[id]).padStart(3)).join("  ")}${runs}${low}`);
    for (const miss of result.misses) lines.push(`      ${miss}`);
  }
  const meetsTarget = results.every((result) => CATEGORIES.every((id) => result.scores[id] >= LIGHTHOUSE_TARGET));
  return { text: lines.join("\n"), results, meetsTarget };
}

function lighthouseVersion(): string {
  return (require("lighthouse/package.json") as { version: string }).version;
}

if (import.meta.main) {
  const { text, meetsTarget } = await benchLighthouse();
  console.log(text);
  if (!meetsTarget) process.exit(1);
}
