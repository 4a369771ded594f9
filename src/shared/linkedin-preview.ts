/**
 * How LinkedIn's feed shows a post before '…see more', and the checks a ghostwriter would make.
 * Pure and browser-safe: the generator cards and the Edit dialog run it on every keystroke.
 *
 * The fold, as a model: the feed shows at most `lines` visual lines or `chars` characters,
 * whichever comes first (about 3 lines / 140 characters on a phone, 5 lines / 210 on desktop).
 * A written line wraps into visual lines of about `perLine` characters; an empty line (a blank
 * line between paragraphs) takes a visual line of its own. The cut never falls inside a word.
 * LinkedIn's real cut depends on fonts and widths; this lands within a few words of it, which is
 * what matters for "does my hook show?".
 */

export type PreviewView = "mobile" | "desktop";

export const FOLD: Record<PreviewView, { lines: number; chars: number; perLine: number }> = {
  mobile: { lines: 3, chars: 140, perLine: 48 },
  desktop: { lines: 5, chars: 210, perLine: 62 },
};

/** LinkedIn's limit for a post. */
export const MAX_LINKEDIN_CHARS = 3_000;
/** More hashtags than this reads as spam and LinkedIn's own guidance suggests three at most. */
export const MAX_HASHTAGS = 3;

/**
 * Where the feed cuts the text in this view: the index of the first hidden character, or null
 * when the whole post shows.
 */
export function foldPoint(text: string, view: PreviewView): number | null {
  const { lines: maxLines, chars: maxChars, perLine } = FOLD[view];
  let linesUsed = 0;
  let offset = 0;
  for (const line of text.split("\n")) {
    const visual = Math.max(1, Math.ceil(line.length / perLine));
    if (linesUsed + visual > maxLines) {
      // This written line does not fit whole: keep what fits of it, or cut before it.
      const room = (maxLines - linesUsed) * perLine;
      const cut = room > 0 ? wordBoundary(text, offset + Math.min(room, line.length), offset) : offset;
      return Math.min(trimmedEnd(text, cut), characterCut(text, maxChars) ?? Infinity);
    }
    linesUsed += visual;
    offset += line.length + 1;
    if (offset - 1 > maxChars) return characterCut(text, maxChars);
  }
  return text.length > maxChars ? characterCut(text, maxChars) : null;
}

/** The cut by characters alone: the last word boundary at or before `maxChars`. */
function characterCut(text: string, maxChars: number): number | null {
  if (text.length <= maxChars) return null;
  return trimmedEnd(text, wordBoundary(text, maxChars, 0));
}

/** Moves `index` back to the start of the word it falls in (not before `floor`, unless the word is longer than the line). */
function wordBoundary(text: string, index: number, floor: number): number {
  if (index >= text.length || /\s/.test(text[index]!)) return index;
  let at = index;
  while (at > floor && !/\s/.test(text[at - 1]!)) at--;
  return at > floor ? at : index;
}

/** The cut without the spaces and line breaks just before it ('…see more' follows the last word). */
function trimmedEnd(text: string, index: number): number {
  let at = index;
  while (at > 0 && /\s/.test(text[at - 1]!)) at--;
  return at;
}

/** The visible part and whether there is more, for a view. */
export function previewParts(text: string, view: PreviewView): { visible: string; truncated: boolean } {
  const cut = foldPoint(text, view);
  return cut === null ? { visible: text, truncated: false } : { visible: text.slice(0, cut), truncated: true };
}

/** The hook: the opening paragraph, up to the first blank line. */
export function hookOf(text: string): string {
  const trimmed = text.replace(/^\s+/, "");
  const blank = trimmed.search(/\n\s*\n/);
  return (blank === -1 ? trimmed : trimmed.slice(0, blank)).trimEnd();
}

export type PostWarning = { code: "hook-below-fold" | "hashtags" | "link" | "too-long"; message: string };

const HASHTAG = /(^|\s)#[\p{L}\p{N}_]+/gu;
const LINK = /\bhttps?:\/\/\S+|\bwww\.[a-z0-9-]+\.[a-z]{2,}\S*/i;

/** The warnings for a post; empty when it is ready as it is. */
export function checkPost(text: string): PostWarning[] {
  const warnings: PostWarning[] = [];
  const hook = hookOf(text);
  const leading = text.length - text.replace(/^\s+/, "").length;
  const cutViews = (["mobile", "desktop"] as const).filter((view) => {
    const cut = foldPoint(text, view);
    return cut !== null && cut < leading + hook.length;
  });
  if (cutViews.length > 0) {
    const where = cutViews.length === 2 ? "on phones and on desktop" : cutViews[0] === "mobile" ? "on phones" : "on desktop";
    warnings.push({
      code: "hook-below-fold",
      message: `The hook does not fit above '…see more' ${where}: readers decide from the first ${FOLD[cutViews[0]!].chars} characters or so. Shorten the opening or break it after the first sentence.`,
    });
  }
  const hashtags = text.match(HASHTAG)?.length ?? 0;
  if (hashtags > MAX_HASHTAGS) {
    warnings.push({ code: "hashtags", message: `${hashtags} hashtags: keep to ${MAX_HASHTAGS} at most, the ones your readers follow.` });
  }
  if (LINK.test(text)) {
    warnings.push({ code: "link", message: "A link in the post: LinkedIn shows posts with links to fewer people. Put the link in the first comment instead." });
  }
  if (text.length > MAX_LINKEDIN_CHARS) {
    warnings.push({
      code: "too-long",
      message: `${text.length.toLocaleString("en-GB")} characters: LinkedIn allows ${MAX_LINKEDIN_CHARS.toLocaleString("en-GB")}. Cut ${(text.length - MAX_LINKEDIN_CHARS).toLocaleString("en-GB")} before posting.`,
    });
  }
  return warnings;
}
