/**
 * The strategists over every corpus article (tests/fixtures/corpus, real posts with their front
 * matter, MDX and code left in) and every held-out article (tests/fixtures/articles, the kinds
 * users paste, kept out of the corpus): per article, its words, the plan's posts, the plan
 * lint's findings, the words of material per post, the post types (its forms) and the time it
 * takes; then the time at about 1,000, 3,000 and 10,000 words of one article.
 *
 * The local strategist is timed as the median of repeated runs after a warm-up. With
 * OPENAI_API_KEY set (OPENAI_BASE_URL and OPENAI_MODEL as in the app), the same articles also
 * go through the OpenAI strategist once each, so anyone with a key can measure the AI path.
 *
 *   bun bench/strategist.ts [--findings] [--plans]
 *   bun bench/strategist.ts --openai [--findings] [--plans]
 *   bun bench/strategist.ts --prompt
 *
 * `--findings` lists every lint finding under its article; `--plans` prints every plan.
 * `--openai` runs only the AI path (a key, or OPENAI_BASE_URL at a local Ollama): per plan its
 * lint findings, its retries (contract corrections and repairs), tokens in and out, the cost at
 * the model's list price and the time. `--prompt` counts the AI prompt's tokens offline
 * (o200k_base, gpt-4o's tokenizer) for one plan and for a plan with one repair.
 */
import { basename } from "node:path";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import {
  createLocalStrategist,
  createOpenAiStrategist,
  proseWords,
  type LintFinding,
  lintPlan,
  materialWords,
  type Plan,
  type StrategistInput,
} from "../src/strategist";
import { corpusArticles, heldOutArticles } from "../tests/support/corpus";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { fmt } from "./support";
import type { CompletionUsage } from "../src/strategist/openai";
import { weekPlanJsonSchema } from "../src/strategist/openai/answer-schema";
import { SYSTEM_PROMPT, userPrompt } from "../src/strategist/openai/prompt";
import { repairJsonSchema, repairMessages } from "../src/strategist/openai/repair";
import { parsePlan } from "../src/strategist/plan";

const RUNS = Number(process.env.BENCH_STRATEGIST_RUNS ?? 25);
/** The product promise: a 3,000-word article is planned in under this (README "Strategist"). */
const BUDGET_MS = 100;

const input = (contentText: string): StrategistInput => ({ contentText, contentType: "blog", timezone: "America/New_York" });

type Article = { name: string; set: "corpus" | "held-out"; text: string; words: number; prose: number };
type Row = { plan?: Plan; findings: LintFinding[]; ms: number; error?: string };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Words as a reader counts them: whitespace-separated, as the "3,000-word article" figure has always been measured. */
const rawWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const local = createLocalStrategist();

async function medianMs(text: string): Promise<number> {
  for (let i = 0; i < 3; i++) await local.createPlan(input(text));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await local.createPlan(input(text));
    times.push(performance.now() - started);
  }
  return median(times);
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

async function loadArticles(): Promise<Article[]> {
  const sets = [
    ...corpusArticles().map((path) => ({ path, set: "corpus" as const })),
    ...heldOutArticles().map((path) => ({ path, set: "held-out" as const })),
  ];
  return Promise.all(
    sets.map(async ({ path, set }) => {
      const text = await Bun.file(path).text();
      return { name: basename(path), set, text, words: rawWords(text), prose: proseWords(text) };
    }),
  );
}

const HEADER = `  ${"article".padEnd(62)} ${"words".padStart(6)} ${"prose".padStart(6)} posts lint words/post (min/med) ${"ms".padStart(7)}  types`;

function row(article: Article, result: Row, msDigits: number): string {
  const label = `${article.set === "held-out" ? "* " : ""}${article.name.replace(/\.\w+$/, "")}`;
  const start = `  ${label.padEnd(62)} ${String(article.words).padStart(6)} ${String(article.prose).padStart(6)}`;
  if (!result.plan) return `${start}  failed: ${result.error}`;
  const sizes = result.plan.posts.map((post) => materialWords(post.content));
  return [
    start,
    String(result.plan.posts.length).padStart(5),
    String(result.findings.length).padStart(4),
    `${Math.min(...sizes)} / ${median(sizes)}`.padStart(22),
    fmt(result.ms, msDigits).padStart(7),
    ` ${result.plan.posts.map((post) => post.postType).join(",")}`,
  ].join(" ");
}

function findingLines(findings: LintFinding[]): string[] {
  return findings.map((finding) => `      ${finding.post ? `post ${finding.post}` : "plan  "} ${finding.detector.padEnd(12)} ${finding.message}`);
}

function summary(articles: Article[], rows: Row[]): string {
  const planned = rows.filter((result) => result.plan);
  const clean = planned.filter((result) => result.findings.length === 0).length;
  const findings = planned.reduce((sum, result) => sum + result.findings.length, 0);
  const byDetector = new Map<string, number>();
  for (const result of planned) for (const finding of result.findings) byDetector.set(finding.detector, (byDetector.get(finding.detector) ?? 0) + 1);
  const sizes = planned.flatMap((result) => result.plan!.posts.map((post) => materialWords(post.content)));
  const posts = sizes.length;
  const detectors = [...byDetector]
    .sort((a, b) => b[1] - a[1])
    .map(([detector, count]) => `${detector} ${count}`)
    .join(", ");
  return [
    `  total: ${planned.length} of ${articles.length} articles planned, ${clean} with zero lint findings; ${findings} findings${detectors ? ` (${detectors})` : ""}`,
    `         ${posts} posts (${fmt(posts / Math.max(1, planned.length), 1)} per plan), words of material per post: min ${Math.min(...sizes)}, median ${median(sizes)}, ${sizes.filter((size) => size < 40).length} under 40`,
  ].join("\n");
}

async function benchLocal(articles: Article[], options: { plans?: boolean; findings?: boolean }): Promise<string> {
  const lines = [
    `strategist: local, ${articles.length} articles (* held out of the corpus), median of ${RUNS} runs each`,
    "  words: whitespace-separated; prose: words of prose after cleaning, as the product counts them (CJK by character, a repeated sentence once)",
    HEADER,
  ];
  const rows: Row[] = [];
  for (const article of articles) {
    let result: Row;
    try {
      const plan = await local.createPlan(input(article.text));
      result = { plan, findings: lintPlan(plan, { sourceText: article.text }), ms: await medianMs(article.text) };
    } catch (error) {
      result = { findings: [], ms: 0, error: error instanceof Error ? error.message : String(error) };
    }
    rows.push(result);
    lines.push(row(article, result, 1));
    if (options.findings) lines.push(...findingLines(result.findings));
    if (options.plans && result.plan) lines.push("", renderPlan(result.plan), "");
  }
  lines.push(summary(articles, rows));
  // The speed promise, on the corpus article closest to 3,000 words.
  const corpus = articles.map((article, index) => ({ article, result: rows[index]! })).filter(({ article }) => article.set === "corpus");
  const nearest = corpus.reduce((best, next) => (Math.abs(next.article.words - 3_000) < Math.abs(best.article.words - 3_000) ? next : best));
  const slowest = rows.reduce((best, next) => (next.ms > best.ms ? next : best));
  const slowestArticle = articles[rows.indexOf(slowest)]!;
  lines.push(
    `  3,000-word article: ${nearest.article.name} (${fmt(nearest.article.words)} words) planned in ${fmt(nearest.result.ms, 1)} ms median (budget ${BUDGET_MS} ms: ${nearest.result.ms < BUDGET_MS ? "within" : "OVER"}); slowest ${slowestArticle.name} (${fmt(slowestArticle.words)} words) ${fmt(slowest.ms, 1)} ms`,
  );
  return lines.join("\n");
}

/** List prices in US dollars per million tokens (input, output), from OpenAI's pricing page; a model not listed (a local one) costs nothing to run here. */
const PRICES: Record<string, [number, number]> = {
  "gpt-4o-mini": [0.15, 0.6],
  "gpt-4o": [2.5, 10],
  "gpt-4.1-mini": [0.4, 1.6],
  "gpt-4.1-nano": [0.1, 0.4],
  "gpt-4.1": [2, 8],
};

async function benchOpenAi(articles: Article[], options: { plans?: boolean; findings?: boolean }): Promise<string | undefined> {
  const { strategist: config } = loadConfig({
    OPENAI_API_KEY: process.env.OPENAI_API_KEY,
    OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
    OPENAI_MODEL: process.env.OPENAI_MODEL,
  });
  if (!config.openaiApiKey) return undefined;
  let usages: CompletionUsage[] = [];
  const strategist = createOpenAiStrategist({
    apiKey: config.openaiApiKey,
    baseUrl: config.openaiBaseUrl,
    model: config.openaiModel,
    logger: createLogger("silent"),
    onUsage: (usage) => usages.push(usage),
  });
  const price = PRICES[config.openaiModel];
  const lines = [
    `strategist: openai (${config.openaiModel}${config.openaiBaseUrl ? ` at ${config.openaiBaseUrl}` : ""}), ${articles.length} articles, one run each (ms: the whole plan, with its correction or repair if there was one)`,
    `  price: ${price ? `$${price[0]} in, $${price[1]} out per million tokens (list price)` : "not listed (a local model): no cost"}`,
    `  ${"article".padEnd(62)} findings retries tokens-in tokens-out ${"cost $".padStart(8)} ${"ms".padStart(7)}`,
  ];
  const rows: Row[] = [];
  const totals = { in: 0, out: 0, retries: 0, ms: 0 };
  for (const article of articles) {
    usages = [];
    const started = performance.now();
    let result: Row;
    try {
      const plan = await strategist.createPlan(input(article.text));
      result = { plan, findings: lintPlan(plan, { sourceText: article.text }), ms: performance.now() - started };
    } catch (error) {
      result = { findings: [], ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
    }
    rows.push(result);
    const tokensIn = usages.reduce((sum, usage) => sum + usage.promptTokens, 0);
    const tokensOut = usages.reduce((sum, usage) => sum + usage.completionTokens, 0);
    const retries = usages.filter((usage) => usage.purpose !== "plan").length;
    const cost = price ? (tokensIn * price[0] + tokensOut * price[1]) / 1e6 : 0;
    Object.assign(totals, { in: totals.in + tokensIn, out: totals.out + tokensOut, retries: totals.retries + retries, ms: totals.ms + result.ms });
    const label = `${article.set === "held-out" ? "* " : ""}${article.name.replace(/\.\w+$/, "")}`;
    lines.push(
      result.plan
        ? `  ${label.padEnd(62)} ${String(result.findings.length).padStart(8)} ${String(retries).padStart(7)} ${String(tokensIn).padStart(9)} ${String(tokensOut).padStart(10)} ${cost.toFixed(5).padStart(8)} ${fmt(result.ms, 0).padStart(7)}`
        : `  ${label.padEnd(62)} failed after ${fmt(result.ms, 0)} ms: ${result.error}`,
    );
    if (options.findings) lines.push(...findingLines(result.findings));
    if (options.plans && result.plan) lines.push("", renderPlan(result.plan), "");
  }
  const n = Math.max(1, articles.length);
  lines.push(
    summary(articles, rows),
    `  per plan: ${fmt(totals.retries / n, 2)} retries, ${fmt(totals.in / n)} tokens in, ${fmt(totals.out / n)} out, $${price ? ((totals.in * price[0] + totals.out * price[1]) / 1e6 / n).toFixed(5) : "0"}, ${fmt(totals.ms / n / 1000, 1)} s`,
  );
  return lines.join("\n");
}

/**
 * The AI prompt's size, counted offline with gpt-4o's tokenizer over the corpus: the system
 * prompt, the answer schema, the first request's input, and the repair of two flagged posts
 * (its input, and its output as the two posts the recorded answer has). The output of a plan is
 * the recorded answer (tests/fixtures/openai-plans) with a week outline of its hooks.
 */
async function benchPromptTokens(): Promise<string> {
  const count = (text: string) => encode(text).length;
  const system = count(SYSTEM_PROMPT);
  const schema = count(JSON.stringify(weekPlanJsonSchema));
  let firstIn = 0;
  let planOut = 0;
  let repairIn = 0;
  let repairOut = 0;
  const paths = corpusArticles();
  for (const path of paths) {
    const text = await Bun.file(path).text();
    const plan = parsePlan(JSON.parse(await Bun.file(`${import.meta.dir}/../tests/fixtures/openai-plans/${basename(path).replace(/\.\w+$/, "")}.json`).text()));
    firstIn += system + schema + count(userPrompt(input(text), "America/New_York"));
    planOut += count(
      JSON.stringify({
        week: { ideas: plan.posts.map((post) => post.hook), posts: plan.posts.map((post) => ({ angle: post.postType, day: post.recommendedDay })) },
        strategyOverview: plan.strategyOverview,
        posts: plan.posts,
      }),
    );
    const findings: LintFinding[] = [
      { detector: "thin", post: 2, message: "The post has 11 words of material; it needs about 40" },
      { detector: "canned", post: 5, message: "A stock line that is not the post's own" },
    ];
    repairIn +=
      count(JSON.stringify(repairJsonSchema)) + repairMessages(plan, findings, text).reduce((sum, message) => sum + count(String(message.content)), 0);
    repairOut += count(
      JSON.stringify({
        posts: [2, 5].map((at) => ({
          postOrder: String(at),
          strategyExplanation: plan.posts[at - 1]!.strategyExplanation,
          content: plan.posts[at - 1]!.content,
        })),
        strategyOverview: null,
      }),
    );
  }
  const n = paths.length;
  return [
    `strategist: openai prompt size (o200k_base tokens, mean over ${n} corpus articles)`,
    `  system prompt ${system} tokens (${fmt(SYSTEM_PROMPT.length)} characters), answer schema ${schema}`,
    `  one plan: ${fmt(firstIn / n)} in, about ${fmt(planOut / n)} out`,
    `  a plan with one repair of two posts: ${fmt((firstIn + repairIn) / n)} in, about ${fmt((planOut + repairOut) / n)} out (the repair alone ${fmt(repairIn / n)} in, ${fmt(repairOut / n)} out)`,
  ].join("\n");
}

/**
 * Time against length: the long guide cut at paragraph ends to about 1,000, 3,000 and 10,000
 * words, each planned RUNS times after a warm-up. Linear time means 10,000 words take about
 * ten times 1,000 words, not a hundred times (issue target: 10,000 words under 300 ms).
 */
async function benchScaling(articles: Article[]): Promise<string> {
  const guide = articles.find((article) => article.name === "en-long-guide.md");
  if (!guide) return "scaling: en-long-guide.md not found";
  const paragraphs = guide.text.split(/\n{2,}/);
  const lines = ["strategist: local, time against length (the long guide cut at paragraph ends; median of RUNS runs)"];
  for (const target of [1_000, 3_000, 10_000]) {
    const taken: string[] = [];
    for (const paragraph of paragraphs) {
      if (rawWords(taken.join("\n\n")) >= target) break;
      taken.push(paragraph);
    }
    const text = taken.join("\n\n");
    lines.push(`  ${fmt(rawWords(text)).padStart(7)} words: ${fmt(await medianMs(text), 1).padStart(7)} ms`);
  }
  return lines.join("\n").replace("RUNS", String(RUNS));
}

export async function benchStrategist(options: { plans?: boolean; findings?: boolean; openai?: boolean; prompt?: boolean } = {}): Promise<string> {
  if (options.prompt) return benchPromptTokens();
  const articles = await loadArticles();
  if (options.openai)
    return (
      (await benchOpenAi(articles, options)) ??
      "strategist: openai needs OPENAI_API_KEY (any value for a local Ollama, with OPENAI_BASE_URL=http://127.0.0.1:11434/v1 and OPENAI_MODEL)"
    );
  const local = [await benchLocal(articles, options), await benchScaling(articles)].join("\n\n");
  const openAi = await benchOpenAi(articles, options);
  return [local, openAi ?? "strategist: openai skipped (set OPENAI_API_KEY to run the same articles through the AI path)"].join("\n\n");
}

if (import.meta.main) {
  const flag = (name: string) => process.argv.includes(name);
  console.log(await benchStrategist({ plans: flag("--plans"), findings: flag("--findings"), openai: flag("--openai"), prompt: flag("--prompt") }));
}
