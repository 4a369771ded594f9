/**
 * The carousel PDF (issue 25): render time and file size for 5 and 10 slides, per design and
 * size, as the app renders it (src/services/carousels/render-pdf.tsx, fonts embedded and
 * subset). The first render loads the fonts (Noto Sans JP is a 5 MB TTF) and is reported apart;
 * then the median and slowest of RUNS renders. Also a Japanese carousel, whose glyphs come
 * from the JP font. Goal (issue 25): 10 slides in under 500 ms and under 1 MB.
 *
 *   bun bench/carousel.ts
 */
import { loadavg } from "node:os";
import { renderCarouselPdf } from "../src/services/carousels/render-pdf";
import { DEFAULT_DESIGN, type Design, type Slide } from "../src/shared/carousel";
import { createLocalStrategist } from "../src/strategist";
import { readArticle } from "../tests/support/corpus";

const RUNS = Number(process.env.BENCH_CAROUSEL_RUNS ?? 15);
const author = { name: "Priya Raman", handle: "@priya-raman" };

/** Real slides: the local strategist's carousels of a plan's posts, topped up to `count` from the others. */
async function slidesFrom(articleName: string, count: number): Promise<Slide[]> {
  const local = createLocalStrategist();
  const article = await readArticle(articleName);
  const plan = await local.createPlan({ contentText: article, contentType: "blog", timezone: "UTC" });
  const all: Slide[] = [];
  for (const post of plan.posts) {
    try {
      all.push(...(await local.makeCarousel!({ post: post.content, sourceText: article, author })));
    } catch {
      // a post too thin for a carousel: the others are enough
    }
  }
  const ideas = all.filter((slide) => slide.kind === "idea");
  return [all[0]!, ...ideas.slice(0, count - 2), all.find((slide) => slide.kind === "closing")!];
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(slides: Slide[], design: Design) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const bytes = await renderCarouselPdf({ title: slides[0]!.title, slides, design, author });
    times.push(performance.now() - start);
    size = bytes.length;
  }
  return { median: median(times), max: Math.max(...times), size };
}

const english = { 5: await slidesFrom("r5-bulleted-lessons.md", 5), 10: await slidesFrom("r5-bulleted-lessons.md", 10) };
const japanese = await slidesFrom("ja-short-essay.txt", 5);

const coldStart = performance.now();
const cold = await renderCarouselPdf({ title: "cold", slides: english[5], design: DEFAULT_DESIGN, author });
const coldMs = performance.now() - coldStart;

const rows: string[] = [];
console.log(
  `carousel PDF, ${RUNS} renders each after the first (font loading: ${coldMs.toFixed(0)} ms, ${cold.length} bytes); load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
console.log("slides  design  size      median ms  max ms  bytes");
for (const count of [5, 10] as const) {
  for (const theme of ["light", "dark", "brand"] as const) {
    for (const size of ["portrait", "square"] as const) {
      const result = await measure(english[count], { ...DEFAULT_DESIGN, theme, size });
      const line = `${String(count).padEnd(6)}  ${theme.padEnd(6)}  ${size.padEnd(8)}  ${result.median.toFixed(0).padStart(9)}  ${result.max.toFixed(0).padStart(6)}  ${result.size}`;
      rows.push(line);
      console.log(line);
    }
  }
}
const ja = await measure(japanese, DEFAULT_DESIGN);
console.log(`5 (ja)  light   portrait  ${ja.median.toFixed(0).padStart(9)}  ${ja.max.toFixed(0).padStart(6)}  ${ja.size}`);
const ten = await measure(english[10], DEFAULT_DESIGN);
console.log(
  `goal, 10 slides: under 500 ms (median ${ten.median.toFixed(0)} ms) and under 1 MB (${(ten.size / 1024).toFixed(1)} KB): ${ten.median < 500 && ten.size < 1024 * 1024 ? "met" : "NOT met"}`,
);
