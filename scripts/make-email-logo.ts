/**
 * `bun scripts/make-email-logo.ts`: draws the emails' logo mark (public/email-logo.png, 64x64,
 * shown at 32x32) from the site's own mark (views/components/logo.tsx) in Chromium. Email
 * clients drop SVG, so the mark travels as a PNG; it is committed, like the social card.
 */
import { join } from "node:path";
import { launchBrowser } from "../tests/support/browser";

const out = join(import.meta.dir, "..", "public", "email-logo.png");
const INDIGO = "#4338ca"; // the brand colour (light theme primary), as in the emails' button
const html = `<!DOCTYPE html><html><head><style>*{margin:0}body{width:64px;height:64px;background:transparent}</style></head><body>
<svg width="64" height="64" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${INDIGO}"/>
<path d="M9 21.5c2.2-7 4.4-11 7-11s2.3 5.5 4.6 5.5c1.3 0 2.3-1 3.4-3" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>
</body></html>`;

const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 64, height: 64 } });
await page.setContent(html);
await page.screenshot({ path: out, omitBackground: true });
await browser.close();
console.log(`wrote ${out}`);
