import { countWords as countProseWords } from "../../src/shared/words";
/**
 * The small numbers the Generate page shows about a text (SPEC.md "Generate"): its word count,
 * its reading time, and which post of the week it is. Pure, so the server render and the
 * browser agree, and unit tests cover them.
 */

/**
 * LinkedIn's limit for one post, as the plan contract (src/strategist/plan.ts) and the
 * posts API enforce it. Repeated here because that module builds valibot schemas as it loads,
 * which would all land in the browser bundle; a unit test keeps the two equal.
 */
export const MAX_POST_CHARS = 3_000;

/** SPEC.md section 9: reading speed 200 words per minute. */
export const WORDS_PER_MINUTE = 200;

/** Words in every script (a Japanese essay is not one word): the same count the server uses. */
export const countWords = countProseWords;

/** '~N min read': words / 200, rounded up (so a short post is "~1 min", never "~0"). */
export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

const ORDINALS = ["First", "Second", "Third"];

/** 'Why Post This First', '...Second', '...Third', then '...#4' and on (SPEC.md "Generate"). */
export function whyPostLabel(postOrder: string | number): string {
  const order = Number(postOrder);
  return `Why Post This ${ORDINALS[order - 1] ?? `#${order}`}`;
}

/** "1,234": the same grouping on the server and in every browser, whatever its locale. */
export const formatCount = (value: number) => value.toLocaleString("en-US");

/** "1 word", "2 words". */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;
