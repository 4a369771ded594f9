/**
 * How much text a paste holds, in words and in different sentences, for every script. Pure and
 * without dependencies, so the generator's counter in the browser can use it as the server does.
 */

/** A 10,000-word article is 60,000 to 80,000 characters; this leaves room for its markup. */
export const MAX_CONTENT_TEXT_CHARS = 100_000;

// Chinese and Japanese (and Thai, Lao, Khmer, Burmese) put no spaces between words, so a word
// cannot be told from a run of letters without a dictionary. Each character counts as one
// word: a Chinese or Japanese word is one to three of them, so this overcounts by about half,
// which is harmless for a minimum (the check on different sentences is what refuses a thin
// paste) and never refuses a real article.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;
// Korean is written with spaces between words; a run of syllables longer than any word
// (text typed without spaces) is counted like Chinese, one syllable per word.
const HANGUL_RUN = /\p{Script=Hangul}+/gu;
const LONGEST_HANGUL_WORD = 10;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu;

/** Words in a text: runs of letters or digits, and each character of a script written without spaces (see above). */
export function countWords(text: string): number {
  let words = 0;
  const spaced = text
    .replace(UNSPACED, () => {
      words++;
      return " ";
    })
    .replace(HANGUL_RUN, (run) => {
      words += run.length > LONGEST_HANGUL_WORD ? run.length : 1;
      return " ";
    });
  return words + (spaced.match(WORD)?.length ?? 0);
}

/** Longer than this without an ending mark (a paste with no punctuation), a sentence is cut into pieces of this many words. */
const RUN_ON_WORDS = 40;

/**
 * The sentences of a paragraph, by their ending marks (. ! ? … and the CJK and Arabic ones).
 * Deliberately simple: "e.g." may end a sentence here, which only ever counts one more.
 */
export function splitSentences(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?…؟]["'”’»)\]]*)\s+|(?<=[。！？][」』”’)]*)(?![」』”’)])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
  return sentences.flatMap((sentence) => {
    const words = sentence.split(/\s+/);
    if (words.length <= RUN_ON_WORDS) return [sentence];
    const pieces: string[] = [];
    for (let i = 0; i < words.length; i += RUN_ON_WORDS) pieces.push(words.slice(i, i + RUN_ON_WORDS).join(" "));
    return pieces;
  });
}

/** A sentence as compared for repeats: case, punctuation and spacing do not make it different. */
export function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, " ")
    .trim();
}

/** Below this, a "sentence" is a fragment (a label, "Yes.", a date) and does not count as a different full sentence. */
export const MIN_SENTENCE_WORDS = 3;

export type TextMeasure = {
  /** Words of the paragraphs, each different sentence counted once. */
  words: number;
  /** Different full sentences (at least MIN_SENTENCE_WORDS words). */
  sentences: number;
};

/** Words and different sentences of some paragraphs of prose: a sentence repeated counts once, for both. */
export function measureProse(paragraphs: string[]): TextMeasure {
  const seen = new Set<string>();
  let words = 0;
  let sentences = 0;
  for (const paragraph of paragraphs) {
    for (const sentence of splitSentences(paragraph)) {
      const key = sentenceKey(sentence);
      if (key === "" || seen.has(key)) continue;
      seen.add(key);
      const count = countWords(sentence);
      words += count;
      if (count >= MIN_SENTENCE_WORDS) sentences++;
    }
  }
  return { words, sentences };
}

/** The first line of a post that has any text, for one-line previews. */
export function firstContentLine(content: string): string {
  return (
    content
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? ""
  );
}
