import * as v from "valibot";
import { HttpError } from "../../http-error";
import { cleanSource, countWords } from "../../providers/strategist/local/clean";
import type { ContentType } from "./strategist";

/**
 * What a generation needs from the user (PRODUCT.md "Generation"): the pasted text, an
 * optional URL of where it was published, and its kind. The route parses a request with
 * generateInputSchema; the service and the strategists check there is enough prose to work
 * with, so a paste of three sentences gets a clear 400 rather than a thin week.
 */

export const CONTENT_TYPES = ["blog", "newsletter", "thread", "other"] as const satisfies readonly ContentType[];
export const MAX_CONTENT_TEXT_CHARS = 50_000;
/** Below this, five posts would have to repeat each other or pad: about five real sentences. */
export const MIN_PROSE_WORDS = 80;

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

/** Words of prose after cleaning: headings, code, markup and link addresses do not count. */
export function proseWords(text: string): number {
  return cleanSource(text)
    .blocks.filter((block) => block.kind !== "heading")
    .reduce((sum, block) => sum + countWords(block.text), 0);
}

/** The 400 for text too thin to plan from; `sentences` when the words are there but the sentences are not (repeats count once). */
export function notEnoughTextError(words: number, sentences?: number): HttpError {
  const found =
    words === 0
      ? "this text has none (only headings, links or code)"
      : sentences !== undefined && words >= MIN_PROSE_WORDS
        ? `this text has ${sentences} different full sentences`
        : `this text has ${words}${sentences !== undefined ? " (a repeated sentence counts once)" : ""}`;
  return new HttpError(
    400,
    `Paste a little more: a week of posts needs at least ${MIN_PROSE_WORDS} words of prose (about five full sentences), and ${found}.`,
  );
}

/** Throws a 400 saying how much text is needed when the paste is too short to plan a week from. */
export function assertEnoughText(text: string): void {
  const words = proseWords(text);
  if (words < MIN_PROSE_WORDS) throw notEnoughTextError(words);
}
