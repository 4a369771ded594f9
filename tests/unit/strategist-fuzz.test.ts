import { describe, expect, test } from "bun:test";
import { HttpError } from "../../src/http-error";
import { planWeek } from "../../src/strategist/local";
import { rewriteLocally } from "../../src/strategist/local/rewrite";
import { lintPlan } from "../../src/strategist/lint";
import { type Plan, WEEKDAYS } from "../../src/strategist/plan";
import { articlesDir, corpusArticles } from "../support/corpus";

/**
 * Pastes no one would write on purpose, made from the fixtures' own lines shuffled with debris,
 * broken markup and odd characters (a fixed seed, so every run sees the same ones): the local
 * strategist answers a plan or a 400, never anything else, and the lint and the local rewrite
 * never throw on what they are given. Found a 3,000-character post once; keeps it found.
 */

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const files = [...corpusArticles(), ...corpusArticles(articlesDir)];
const texts = await Promise.all(files.map((path) => Bun.file(path).text()));
const lines = texts.flatMap((text) => text.split("\n"));
const odd = [
  "",
  "\u0000",
  "\ud800",
  "🚀🚀",
  "| a | b |",
  "|---|---|",
  "```",
  "<div>",
  "# ",
  "## 1.",
  "> >",
  "☐ ☐ ☐",
  "[00:00:01] A:",
  "Best,",
  "©",
  "P.S.",
  "—",
  "#1 #2 #3 #4",
  "a".repeat(4000),
  "日本語の文章です。".repeat(100),
];

function paste(next: () => number): string {
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const parts = Array.from({ length: 5 + Math.floor(next() * 100) }, () => (next() < 0.8 ? pick(lines) : pick(odd)));
  return parts.join(next() < 0.5 ? "\n" : "\n\n").slice(0, 100_000);
}

describe("odd pastes", () => {
  test("the local strategist answers a valid plan or a 400, for 150 of them", () => {
    const next = random(20261123);
    const unexpected: string[] = [];
    for (let i = 0; i < 150; i++) {
      const text = paste(next);
      try {
        const plan = planWeek({ contentText: text, contentType: "blog", timezone: next() < 0.5 ? "Europe/London" : "Not/AZone" });
        expect(plan.posts.length).toBeGreaterThanOrEqual(5);
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 400)) unexpected.push(`${i}: ${(error as Error).message.slice(0, 120)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  test("the lint never throws on any plan a model could answer", () => {
    const next = random(7);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const post = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => (next() < 0.8 ? pick(lines) : pick(odd))).join("\n\n");
    for (let i = 0; i < 100; i++) {
      const plan: Plan = {
        strategyOverview: post(),
        posts: WEEKDAYS.slice(0, 5).map((day, index) => ({
          content: post(),
          hook: "x",
          postOrder: String(index + 1),
          postType: "insight",
          strategyExplanation: post(),
          recommendedDay: day,
          recommendedTime: "9:00 AM",
        })),
      };
      expect(() => lintPlan(plan, { sourceText: next() < 0.5 ? pick(texts) : undefined })).not.toThrow();
    }
  });

  test("the local rewrite answers a post or refuses with a reason, never anything else", async () => {
    const next = random(11);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    for (let i = 0; i < 30; i++) {
      const source = pick(texts);
      const content = Array.from({ length: 3 }, () => pick(lines)).join("\n\n") || "x";
      for (const action of ["hook", "shorter", "rewrite"] as const) {
        try {
          await rewriteLocally({ sourceText: source, content, action });
        } catch (error) {
          expect((error as Error).name).toBe("RewriteRefusedError");
        }
      }
    }
  });
});
