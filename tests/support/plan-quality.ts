import { cleanSource } from "../../src/strategist/clean";
import { LINK_NOTES, TEASER_LINES } from "../../src/strategist/local/render";
import { countHashtags, type Plan } from "../../src/strategist/plan";

/**
 * How good a plan is, measured the same way by the corpus test and bench/strategist.ts:
 * - grounded: the share of a post's sentences that come from the source (the sentence is in
 *   the source, or at least 60% of its three-word runs are). Hashtag lines do not count.
 * - overlap: for two posts of one plan, the sentences they share over the sentences of the
 *   shorter one; the plan's figure is the largest over all pairs.
 * Hashtag lines and the standard "link in the first comment" note are structure, not content,
 * and count for neither. Measured on the text, not on how the strategist built it.
 */

const LINK_NOTE_LINES = new Set(Object.values(LINK_NOTES));

export type PlanQuality = {
  posts: number;
  longestPost: number;
  longestHook: number;
  distinctTypes: number;
  distinctDays: number;
  /** Per post, in order. */
  grounded: number[];
  maxOverlap: number;
  /** Per post, in order. */
  hashtags: number[];
};

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The sentences of a post as a reader sees them: one per line or sentence, bullets and numbering stripped. */
export function postSentences(content: string): string[] {
  // The opener's teaser names later posts by their opening lines: a preview, not content of its own.
  const lines = content.split("\n");
  const framing = lines.findIndex((line) => TEASER_LINES.includes(line.trim()));
  const teaser = new Set(framing === -1 ? [] : lines.slice(framing).filter((line, index) => index === 0 || line.startsWith("→")));
  return lines
    .filter((line) => !teaser.has(line))
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^(#[\p{L}\p{N}_]+\s*)+$/u.test(line) && !LINK_NOTE_LINES.has(line))
    .map((line) => line.replace(/^(?:→|•|-|\d+\.)\s+/, ""))
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=["“‘(\p{Lu}\p{N}])/u))
    .map(normalise)
    .filter((sentence) => sentence !== "");
}

export function sourceIndex(sourceText: string) {
  const clean = cleanSource(sourceText);
  const text = ` ${normalise([clean.title ?? "", clean.description ?? "", ...clean.blocks.map((block) => block.text)].join(" \n "))} `;
  const trigrams = new Set<string>();
  const words = text.trim().split(" ");
  for (let i = 0; i + 2 < words.length; i++) trigrams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return {
    grounded(sentence: string): boolean {
      if (text.includes(` ${sentence} `)) return true;
      const own = sentence.split(" ");
      if (own.length < 3) return false;
      let hits = 0;
      for (let i = 0; i + 2 < own.length; i++) if (trigrams.has(`${own[i]} ${own[i + 1]} ${own[i + 2]}`)) hits++;
      return hits / (own.length - 2) >= 0.6;
    },
  };
}

export function planQuality(plan: Plan, sourceText: string): PlanQuality {
  const source = sourceIndex(sourceText);
  const sentences = plan.posts.map((post) => postSentences(post.content));
  let maxOverlap = 0;
  // Post 1 sums the article up, so its lines return where later posts tell those parts in full: overlap is measured among the others.
  for (let a = 1; a < sentences.length; a++) {
    for (let b = a + 1; b < sentences.length; b++) {
      const shared = new Set(sentences[a]).intersection(new Set(sentences[b])).size;
      const smaller = Math.min(sentences[a]!.length, sentences[b]!.length) || 1;
      maxOverlap = Math.max(maxOverlap, shared / smaller);
    }
  }
  return {
    posts: plan.posts.length,
    longestPost: Math.max(...plan.posts.map((post) => post.content.length)),
    longestHook: Math.max(...plan.posts.map((post) => post.hook.length)),
    distinctTypes: new Set(plan.posts.map((post) => post.postType)).size,
    distinctDays: new Set(plan.posts.map((post) => post.recommendedDay)).size,
    grounded: sentences.map((own) => (own.length === 0 ? 0 : own.filter((sentence) => source.grounded(sentence)).length / own.length)),
    maxOverlap,
    hashtags: plan.posts.map((post) => countHashtags(post.content)),
  };
}
