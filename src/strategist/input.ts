import * as v from "valibot";
import { HttpError } from "../http-error";
import { cleanSource } from "./clean";
import type { ContentType } from "./types";
import { MAX_CONTENT_TEXT_CHARS, measureProse, type TextMeasure } from "../shared/words";

export { MAX_CONTENT_TEXT_CHARS } from "../shared/words";

/**
 * What a generation needs from the user (PRODUCT.md "Generation"): the pasted text, an
 * optional URL of where it was published, and its kind. The route parses a request with
 * generateInputSchema; the service and the strategists call assertPlannable, so a paste of
 * three sentences (or of three sentences repeated fifty times) gets a clear 400 before anything
 * is stored, rather than a thin week or a failed job.
 */

export const CONTENT_TYPES = ["blog", "newsletter", "thread", "other"] as const satisfies readonly ContentType[];
/** Five posts of at least 40 words of the article's material each, none repeating another: below this a week can only pad. */
export const MIN_PROSE_WORDS = 200;
/** Five posts need at least this many different things said; a paste of the same few sentences repeated has enough words and nothing to post. */
export const MIN_DISTINCT_SENTENCES = 6;

export const generateInputSchema = v.object({
  contentText: v.pipe(
    v.string("contentText must be text"),
    v.check((text) => text.trim() !== "", "Paste the content you want to turn into posts"),
    v.maxLength(MAX_CONTENT_TEXT_CHARS, `Content can be at most ${MAX_CONTENT_TEXT_CHARS.toLocaleString("en-GB")} characters`),
  ),
  contentUrl: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((url) => (url === "" ? undefined : url)),
      v.optional(v.pipe(v.string(), v.url("contentUrl must be an absolute URL"), v.regex(/^https?:\/\//i, "contentUrl must start with http:// or https://"))),
    ),
  ),
  contentType: v.optional(v.picklist(CONTENT_TYPES, "contentType must be blog, newsletter, thread or other"), "blog"),
});

export type GenerateInput = v.InferOutput<typeof generateInputSchema>;

/** Words and different full sentences of the prose after cleaning: headings, code, markup and link addresses do not count; a repeated sentence counts once. */
export function measureText(text: string): TextMeasure {
  return measureProse(
    cleanSource(text)
      .blocks.filter((block) => block.kind !== "heading")
      .map((block) => block.text),
  );
}

/** Words of prose after cleaning (a repeated sentence counts once). */
export function proseWords(text: string): number {
  return measureText(text).words;
}

const needs = `a week of posts needs at least ${MIN_PROSE_WORDS} words of prose in at least ${MIN_DISTINCT_SENTENCES} different sentences`;

/**
 * The 400 for text too thin to plan from. `sentences`, when given, is how many different
 * sentences there are (repeats count once), so the message can say which of the two is missing.
 */
export function notEnoughTextError(words: number, sentences?: number, paragraphWords?: number): HttpError {
  const repeats = " (a repeated sentence counts once)";
  if (words === 0) return new HttpError(400, `Paste a little more: ${needs}, and this text has none (only headings, links or code).`);
  if (words < MIN_PROSE_WORDS) {
    const found = sentences === undefined ? `${words}` : `${words} words in ${sentences} different ${sentences === 1 ? "sentence" : "sentences"}${repeats}`;
    return new HttpError(400, `Paste a little more: ${needs}, and this text has ${found}.`);
  }
  if (sentences !== undefined && sentences < MIN_DISTINCT_SENTENCES) {
    return new HttpError(
      400,
      `Paste a little more: ${needs}, and this text has ${words} words but only ${sentences} different ${sentences === 1 ? "sentence" : "sentences"}${repeats}.`,
    );
  }
  // Enough of both by these counts, yet a strategist found too little it could post (most of it lists, labels or asides).
  return new HttpError(
    400,
    `Paste a little more: this text has ${words} words in ${sentences ?? "a few"} different sentences${paragraphWords !== undefined && paragraphWords < words ? ` (${paragraphWords} of those words in paragraphs, the rest in lists, labels and figures)` : ""}, not enough connected prose for five posts that each stand on their own; about ${MIN_PROSE_WORDS * 2} words of paragraphs usually make a week.`,
  );
}

/**
 * Throws a 400 saying how much text a plan needs when the paste is too thin to plan a week
 * from: too few words of prose, or too few different sentences (the same few repeated). Called
 * before anything is stored, and by every strategist on its own input.
 */
export function assertPlannable(text: string): void {
  const { words, sentences } = measureText(text);
  if (words < MIN_PROSE_WORDS || sentences < MIN_DISTINCT_SENTENCES) throw notEnoughTextError(words, sentences);
}
