/**
 * `bun scripts/make-carousel-screenshot.tsx`: docs/carousel-designs.png, three slides of one
 * carousel in each design (light, dark, brand colour), for the README. The slides are the local
 * strategist's carousel of a post from a fixture article, drawn by the editor's own preview
 * component (islands/carousel/carousel-slide.tsx) from the layout the PDF uses, with the PDF's fonts, in
 * Chromium. Run it again when the layout changes.
 */
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { SlidePreview } from "../islands/carousel/carousel-slide";
import { PREVIEW_FONT_FILES } from "../src/services/carousels/fonts";
import { DEFAULT_DESIGN, type Design } from "../src/shared/carousel";
import { layoutCarousel } from "../src/shared/carousel-layout";
import { createLocalStrategist } from "../src/strategist";
import { readArticle } from "../tests/support/corpus";
import { launchBrowser } from "../tests/support/browser";

const out = join(import.meta.dir, "..", "docs", "carousel-designs.png");
const local = createLocalStrategist();
const article = await readArticle("r5-bulleted-lessons.md");
const plan = await local.createPlan({ contentText: article, contentType: "blog", timezone: "UTC" });
const slides = await local.makeCarousel!({ post: plan.posts[0]!.content, sourceText: article, author: { name: "Priya Raman", handle: "@priya-raman" } });
const designs: [string, Design][] = [
  ["Light", { ...DEFAULT_DESIGN, theme: "light" }],
  ["Dark", { ...DEFAULT_DESIGN, theme: "dark" }],
  ["Brand colour (#0a66c2, white text)", { ...DEFAULT_DESIGN, theme: "brand" }],
];
const WIDTH = 300;
const rows = designs
  .map(([label, design]) => {
    const layouts = layoutCarousel({ slides, design, author: { name: "Priya Raman", handle: "@priya-raman" } });
    const shown = [0, 2, layouts.length - 1].map((i) => renderToStaticMarkup(<SlidePreview layout={layouts[i]!} width={WIDTH} label={`Slide ${i + 1}`} />));
    return `<section><h2>${label}</h2><div class="row">${shown.join("")}</div></section>`;
  })
  .join("");
const faces: string[] = [];
for (const [name, path] of Object.entries(PREVIEW_FONT_FILES)) {
  const data = Buffer.from(await Bun.file(path).arrayBuffer()).toString("base64");
  faces.push(`@font-face{font-family:"Cadence Sans";font-weight:${name.includes("700") ? 700 : 400};src:url("data:font/woff;base64,${data}") format("woff")}`);
}
const fontFace = faces.join("");
const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${fontFace}
  body{margin:0;padding:24px;background:#f3f4f6;font-family:"Cadence Sans",sans-serif;width:${3 * WIDTH + 2 * 16}px}
  h2{font-size:16px;margin:0 0 8px;color:#111827} section{margin-bottom:20px} .row{display:flex;gap:16px}
  figure{margin:0;position:relative;overflow:hidden;border-radius:6px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
</style></head><body>${rows}</body></html>`;

const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 3 * WIDTH + 2 * 16 + 48, height: 800 }, deviceScaleFactor: 1 });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`wrote ${out}`);
