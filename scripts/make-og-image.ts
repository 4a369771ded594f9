/**
 * `bun scripts/make-og-image.ts`: draws the social card (public/og-image.png, 1200x630, the size
 * OpenGraph and Twitter's large summary card expect) by rendering an HTML card in Chromium and
 * taking a screenshot. The PNG is committed; run this again only when the brand or tagline changes.
 * Fonts are the ones Debian ships (Liberation Sans), so the card looks the same on every machine.
 */
import { join } from "node:path";
import { launchBrowser } from "../tests/support/browser";

const WIDTH = 1200;
const HEIGHT = 630;
const out = join(import.meta.dir, "..", "public", "og-image.png");

const productName = process.env.PRODUCT_NAME || "Cadence";
const tagline = "Never think about LinkedIn again";
const INDIGO = "#4338ca"; // the brand colour (light theme primary)

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

// A still of a plan, as on the landing page: the card shows the product, not only its name.
const posts = [
  { day: "Mon", time: "8:00 AM", kind: "hook", colour: "#c7d2fe", text: "Most founders write one great article a month. Then it disappears." },
  { day: "Wed", time: "9:00 AM", kind: "data", colour: "#a5f3fc", text: "Launches that posted 3 times in launch week got twice the sign-ups." },
  { day: "Fri", time: "10:00 AM", kind: "question", colour: "#fed7aa", text: "What is the one idea from your last article that deserved more readers?" },
];

const html = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; font-family: "Liberation Sans", Arial, sans-serif; color: #fff;
    /* A vertical gradient only: every row is one colour, so the PNG stays small. */
    background: linear-gradient(180deg, ${INDIGO} 0%, #3730a3 100%); }
  .card { display: flex; gap: 56px; align-items: center; height: 100%; padding: 64px 72px; }
  .left { flex: 1 1 0; min-width: 0; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 40px; font-weight: 700; letter-spacing: -0.5px; }
  h1 { margin-top: 48px; font-size: 66px; line-height: 1.05; font-weight: 700; letter-spacing: -1.5px; }
  .lead { margin-top: 28px; font-size: 27px; line-height: 1.35; color: #e0e7ff; }
  .chip { display: inline-block; margin-top: 36px; padding: 12px 22px; border-radius: 999px; background: #fff; color: ${INDIGO}; font-size: 24px; font-weight: 700; }
  .plan { width: 430px; flex: none; border-radius: 24px; background: #fff; color: #1f2937; padding: 26px; box-shadow: 0 30px 60px rgba(15, 10, 60, 0.45); }
  .plan-title { display: flex; justify-content: space-between; align-items: center; font-size: 20px; font-weight: 700; padding-bottom: 14px; border-bottom: 2px solid #eef2ff; }
  .week { font-size: 15px; font-weight: 700; color: ${INDIGO}; background: #eef2ff; border-radius: 999px; padding: 5px 12px; }
  .post { display: flex; gap: 14px; margin-top: 14px; padding: 14px; border-radius: 14px; background: #f5f6fb; }
  .n { flex: none; width: 32px; height: 32px; border-radius: 50%; background: ${INDIGO}; color: #fff; font-weight: 700; font-size: 17px; display: flex; align-items: center; justify-content: center; }
  .meta { font-size: 15px; color: #4b5563; display: flex; gap: 8px; align-items: center; }
  .kind { font-size: 13px; font-weight: 700; color: #1e1b4b; border-radius: 999px; padding: 2px 9px; }
  .text { margin-top: 5px; font-size: 17px; line-height: 1.3; color: #111827; }
</style></head>
<body><div class="card">
  <div class="left">
    <div class="brand">
      <svg width="64" height="64" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#fff"/>
        <path d="M9 21.5c2.2-7 4.4-11 7-11s2.3 5.5 4.6 5.5c1.3 0 2.3-1 3.4-3" fill="none" stroke="${INDIGO}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>
      <span>${escapeHtml(productName)}</span>
    </div>
    <h1>${escapeHtml(tagline)}</h1>
    <p class="lead">Paste one blog post. Get a week of LinkedIn posts, each with the best day, time and the reason why.</p>
    <span class="chip">7-day free trial · then £6/month</span>
  </div>
  <div class="plan">
    <div class="plan-title"><span>Your plan for the week</span><span class="week">6 posts</span></div>
    ${posts
      .map(
        (post, i) => `<div class="post"><span class="n">${i + 1}</span><div>
          <p class="meta"><span class="kind" style="background:${post.colour}">${post.kind}</span>${post.day} · ${post.time}</p>
          <p class="text">${escapeHtml(post.text)}</p></div></div>`,
      )
      .join("")}
  </div>
</div></body></html>`;

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: out, type: "png", clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
  console.log(`og-image: ${out} (${WIDTH}x${HEIGHT}, ${((await Bun.file(out).bytes()).byteLength / 1024).toFixed(1)} KiB)`);
} finally {
  await browser.close();
}
