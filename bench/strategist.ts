/**
 * The local strategist over every article in the shared corpus (../shared/corpus, real posts
 * with their front matter, MDX and code left in): the shape and quality of each plan and the
 * time it takes (median of repeated runs, after a warm-up). `--plans` also prints every plan.
 */
import { basename } from "node:path";
import { planWeek } from "../src/providers/strategist/local";
import type { Plan } from "../src/services/strategist/plan";
import { corpusArticles } from "../tests/support/corpus";
import { planQuality } from "../tests/support/plan-quality";
import { fmt } from "./support";

const RUNS = Number(process.env.BENCH_STRATEGIST_RUNS ?? 25);

const input = (contentText: string) => ({ contentText, contentType: "blog" as const, timezone: "America/New_York" });

function medianMs(text: string): number {
  for (let i = 0; i < 3; i++) planWeek(input(text));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    planWeek(input(text));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export function renderPlan(plan: Plan): string {
  const ordinal = ["First", "Second", "Third"];
  return [
    `Weekly Content Strategy\n${plan.strategyOverview}`,
    ...plan.posts.map((post, index) =>
      [
        `#${post.postOrder} [${post.postType}] ${post.recommendedDay} ${post.recommendedTime}`,
        `Why Post This ${ordinal[index] ?? `#${index + 1}`}: ${post.strategyExplanation}`,
        "",
        post.content,
        "",
        `${post.content.length} characters · ~${Math.ceil(post.content.split(/\s+/).length / 200)} min read`,
      ].join("\n"),
    ),
  ].join("\n\n---\n\n");
}

export async function benchStrategist(options: { plans?: boolean } = {}) {
  const articles = corpusArticles();
  const lines = [`strategist: local, ${articles.length} corpus articles, median of ${RUNS} runs each`];
  lines.push(
    `  ${"article".padEnd(58)} words posts longest hook types days grounded min/mean overlap tags    ms`,
  );
  const all = { posts: 0, grounded: [] as number[], overlap: 0, longest: 0, hook: 0, tags: 0, times: [] as number[], types: Infinity };
  for (const path of articles) {
    const text = await Bun.file(path).text();
    const plan = planWeek(input(text));
    const quality = planQuality(plan, text);
    const ms = medianMs(text);
    const words = text.split(/\s+/).filter(Boolean).length;
    const mean = quality.grounded.reduce((sum, share) => sum + share, 0) / quality.grounded.length;
    lines.push(
      [
        `  ${basename(path).replace(/\.\w+$/, "").padEnd(58)}`,
        String(words).padStart(5),
        String(quality.posts).padStart(5),
        String(quality.longestPost).padStart(7),
        String(quality.longestHook).padStart(4),
        String(quality.distinctTypes).padStart(5),
        String(quality.distinctDays).padStart(4),
        `${fmt(Math.min(...quality.grounded) * 100).padStart(8)}% / ${fmt(mean * 100)}%`,
        `${fmt(quality.maxOverlap * 100)}%`.padStart(7),
        `${Math.min(...quality.hashtags)}-${Math.max(...quality.hashtags)}`.padStart(4),
        fmt(ms, 1).padStart(5),
      ].join(" "),
    );
    all.posts += quality.posts;
    all.grounded.push(...quality.grounded);
    all.overlap = Math.max(all.overlap, quality.maxOverlap);
    all.longest = Math.max(all.longest, quality.longestPost);
    all.hook = Math.max(all.hook, quality.longestHook);
    all.tags = Math.max(all.tags, ...quality.hashtags);
    all.types = Math.min(all.types, quality.distinctTypes);
    all.times.push(ms);
    if (options.plans) lines.push("", renderPlan(plan), "");
  }
  all.times.sort((a, b) => a - b);
  const mean = all.grounded.reduce((sum, share) => sum + share, 0) / all.grounded.length;
  lines.push(
    `  total: ${all.posts} posts in ${articles.length} plans (${fmt(all.posts / articles.length, 1)} per plan), longest post ${all.longest}, longest hook ${all.hook}, fewest types in a plan ${all.types}, grounded min ${fmt(Math.min(...all.grounded) * 100)}% mean ${fmt(mean * 100)}%, largest overlap ${fmt(all.overlap * 100)}%, at most ${all.tags} hashtags, median plan ${fmt(all.times[Math.floor(all.times.length / 2)]!, 1)} ms (slowest article ${fmt(all.times.at(-1)!, 1)} ms)`,
  );
  return lines.join("\n");
}

if (import.meta.main) console.log(await benchStrategist({ plans: process.argv.includes("--plans") }));
