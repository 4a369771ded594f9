/**
 * LinkedIn's "little" text format, which the Posts API reads `commentary` in (WIRE.md, "Little
 * Text Format"). Every reserved character must be backslash-escaped to be shown as written, even
 * where it would not form an element; an unescaped one can make LinkedIn cut or misread the post.
 * Hashtags are written as the documented HashtagTemplate so they stay clickable.
 */

/** The reserved characters, as LinkedIn's page lists them. */
export const LITTLE_TEXT_RESERVED = ["\\", "|", "{", "}", "@", "[", "]", "(", ")", "<", ">", "#", "*", "_", "~"] as const;

const reservedClass = "\\\\|{}@\\[\\]()<>#*_~";
const reservedChar = new RegExp(`[${reservedClass}]`, "g");

// A hashtag is `#` at the start of a word followed by word characters (any script, combining
// marks included) with at least one letter: "#1" and "C#" stay plain text.
const wordChar = "\\p{L}\\p{M}\\p{N}_";
const hashtag = new RegExp(`(?<![${wordChar}])#([${wordChar}]*\\p{L}[${wordChar}]*)`, "gu");
// A `#` inside a link is an anchor, never a hashtag (https://example.com/#pricing).
const url = /\bhttps?:\/\/[^\s]+/giu;

function escapeReserved(text: string): string {
  return text.replace(reservedChar, (char) => `\\${char}`);
}

function escapeWithHashtags(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(hashtag)) {
    out += escapeReserved(text.slice(last, match.index));
    out += `{hashtag|\\#|${escapeReserved(match[1]!)}}`;
    last = match.index + match[0].length;
  }
  return out + escapeReserved(text.slice(last));
}

/** Plain text as a member would type it, written as little text that LinkedIn shows unchanged. */
export function escapeLittleText(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(url)) {
    out += escapeWithHashtags(text.slice(last, match.index));
    out += escapeReserved(match[0]);
    last = match.index + match[0].length;
  }
  return out + escapeWithHashtags(text.slice(last));
}

export class LittleTextError extends Error {
  override name = "LittleTextError";
}

const escaped = new RegExp(`\\\\([${reservedClass}])`, "y");
const template = new RegExp(`\\{hashtag\\|(\\\\?[#\\uFF03])\\|((?:[^${reservedClass}]|\\\\[${reservedClass}])+)\\}`, "y");
const mention = new RegExp(`@\\[((?:[^${reservedClass}]|\\\\[${reservedClass}])+)\\]\\((urn:li:[a-zA-Z]+:[^()\\s]+)\\)`, "y");
const unescapeAll = new RegExp(`\\\\([${reservedClass}])`, "g");

/**
 * What LinkedIn would display for a little text: escapes removed, a hashtag template shown as
 * `#value`, a mention as its name. Strict on purpose: a reserved character that is neither
 * escaped nor part of an element throws, because that is where LinkedIn would misread the text.
 */
export function unescapeLittleText(little: string): string {
  let out = "";
  let at = 0;
  while (at < little.length) {
    for (const pattern of [escaped, template, mention]) pattern.lastIndex = at;
    const esc = escaped.exec(little);
    if (esc) {
      out += esc[1];
      at = escaped.lastIndex;
      continue;
    }
    const tag = template.exec(little);
    if (tag) {
      out += tag[1]!.replace("\\", "") + tag[2]!.replace(unescapeAll, "$1");
      at = template.lastIndex;
      continue;
    }
    const named = mention.exec(little);
    if (named) {
      out += named[1]!.replace(unescapeAll, "$1");
      at = mention.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(little.codePointAt(at)!);
    if ((LITTLE_TEXT_RESERVED as readonly string[]).includes(char)) {
      throw new LittleTextError(`unescaped reserved character ${JSON.stringify(char)} at ${at}`);
    }
    out += char;
    at += char.length;
  }
  return out;
}
