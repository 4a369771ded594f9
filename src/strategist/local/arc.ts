import { countWords, escapeRegExp, type Language } from "../language";
import { VERB } from "../lint";
import type { Candidate, Paragraph } from "./candidate";
import { ASKS, punch, standsAlone } from "./compose";
import { type Ideas, lineBeside, type Sentence } from "./extract-ideas";
import { asHook, withoutLabel } from "./hooks";
import { TEASES } from "./passages";

/**
 * The article's whole arc in one post: its headline, where it started, what turned, what came of it and what the
 * author took from it, one line each from across the article. Every round's readers asked for this post ("no post
 * carries the 5-level version: a quarter of tickets, day 4 of 8, one sentence in an email, 59% fewer tickets") while
 * the week cut the same story by heading into a setup, a turn and an outcome that each leaned on the other posts.
 */

/** The author speaking: a founder's story, data post or launch, not a docs page or a guide written to "you". */
const FIRST_PERSON = /\b(?:I|I['’]m|I['’]d|I['’]ve|we|we['’]re|we['’]d|we['’]ve|my|our|us)\b/i;

/** A newsletter's tagline or a banner above the article ("Sent every other Sunday.", "New: … Learn more →"). */
const TAGLINE = /\b(?:sent every|every other (?:sunday|week)|learn more|read more|subscribe|view in browser)\b|→|^\W*(?:new|neu|nouveau)\s*:/iu;

const MIXED_ISSUE =
  /\b(?:reader(?:s['’])? (?:question|mailbag)|(?:best|good) thing I read|what I['’]m (?:reading|listening)|worth your time|links? of the|quick hits|elsewhere)\b/i;

/** Chatter before a newsletter's content ("Short intro this week because I'm writing from a train…"): no headline. */
const CHATTER = /\b(?:this (?:week|issue|month|edition)|today['’]s issue|quick one|short (?:intro|one)|writing (?:this )?from)\b/i;

/** Lines in the arc, the headline aside: enough for the arc, few enough to read in one scroll. */
const MAX_LINES = 7;
/** The arc's size in words, the headline included: a full post, never the article again. */
const MAX_WORDS = 210;
const MIN_WORDS = 80;

/** A title as a line is written: "We Spent 14 Months Building the Wrong Feature Really Well" -> "We spent 14 months building the wrong feature really well." */
export function titleAsLine(title: string, prose: string): string {
  const words = title.trim().split(/\s+/);
  const titleCase = words.filter((word) => /^\p{L}{4,}/u.test(word)).every((word) => /^\p{Lu}/u.test(word));
  const line = titleCase
    ? words
        .map((word, index) => {
          if (index === 0 || !/^\p{Lu}\p{Ll}/u.test(word)) return word;
          // A name keeps its capital: the article writes it capitalised mid-sentence and never in lower case.
          const bare = word.replace(/[^\p{L}'’-]/gu, "");
          const lower = new RegExp(`(?<![\\p{L}])${escapeRegExp(bare.toLowerCase())}(?![\\p{L}])`, "u");
          const capital = new RegExp(`(?<=\\p{L}[,;]?\\s+)${escapeRegExp(bare)}(?![\\p{L}])`, "u");
          return capital.test(prose) && !lower.test(prose) ? word : word.toLowerCase();
        })
        .join(" ")
    : words.join(" ");
  // "…for five weeks. the \"Contact us\" button…": a sentence inside the title keeps its capital.
  const sentences = line.replace(/([.!?]\s+["“]?)(\p{Ll})/gu, (_, stop: string, letter: string) => stop + letter.toUpperCase());
  return /[.!?…]$/u.test(sentences) ? sentences : `${sentences}.`;
}

/** The title as the arc's opening line, when it is a claim with a verb (not a label, a question or a how-to). */
function titleHook(ideas: Ideas, prose: string): string | undefined {
  const title = ideas.title?.trim();
  if (!title || countWords(title) < 5 || countWords(title) > 22 || /[?:]/.test(title)) return undefined;
  if (/^(?:how|why|what|when|where|who|which|introducing|announcing|a|an|the (?:\w+ )?guide)\b/i.test(title)) return undefined;
  // A masthead ("Furrow Field Notes #19 — the hay farm…", "Issue 87 | …") names the newsletter, not the claim.
  if (/#\d|[—|·]|\b(?:issue|episode|edition|newsletter|update)\b/i.test(title)) return undefined;
  // "…Here's what we found.", "…Voici pourquoi.": a title's teaser promises the article; the arc is the payoff.
  const line = titleAsLine(title, prose)
    .split(/(?<=[.!?])\s+/u)
    .filter((sentence, index) => index === 0 || !TEASES.test(sentence))
    .join(" ");
  if (!VERB.test(line) && !/\d/.test(line)) return undefined;
  return asHook(line);
}

/** What the week knows of the article: an interview or podcast (its "I" is a guest's, told in turns) and a how-to have no arc. */
type ArcContext = { language: Language; interview: boolean; guide: boolean };

/** A beat of the arc: where in the article it may come from (share of its sentences) and what it says. */
const REALISES = /\b(?:reali[sz]ed?|found|turned out|discovered|noticed|the (?:real )?problem|the answer|wasn['’]t|weren['’]t|isn['’]t|didn['’]t|never)\b/i;
const CHANGES =
  /\b(?:we|I)\s+(?:\p{L}+\s+)?(?:changed|rebuilt|stopped|started|switched|moved|replaced|launched|raised|cut|dropped|added|removed|rewrote|hired|introduced|built|decided|began|turned|doubled|halved)\b/iu;
const OUTCOME = /%|\bfrom\b.*\bto\b|\b(?:dropped|fell|rose|grew|went|doubled|halved|increased|decreased|now)\b/i;

export function arcPost(ideas: Ideas, context: ArcContext): Candidate | undefined {
  if (context.interview || context.guide || ideas.sections.some((section) => section.asked)) return undefined;
  // A newsletter of several topics (a reader's question, a link of the month) has no one arc.
  if (ideas.sections.some((section) => MIXED_ISSUE.test(section.heading ?? ""))) return undefined;
  // English only for now: its checks for a "he" or "she" without a name, and for lines that lean on a question, are
  // English ("Pedi só para acompanhar… o dia dele" read well to the checks and points at no one).
  if (context.language !== "en") return undefined;
  const prose = ideas.sentences.filter((sentence) => sentence.from === "paragraph" && !sentence.traits.code);
  const proseWords = prose.reduce((sum, sentence) => sum + sentence.words, 0);
  // A short piece is posted whole (wholePiece); a paste mostly of bullets or code has no arc to tell.
  if (ideas.words < 550 || proseWords < ideas.words * 0.55) return undefined;
  if (prose.filter((sentence) => FIRST_PERSON.test(sentence.text)).length < prose.length * 0.25) return undefined;

  const skipped = new Set(ideas.sections.filter((section) => ideas.asides.has(section.id) || ASKS.test(section.heading ?? "")).map((section) => section.id));
  // A list item's label goes ("Churn: monthly logo churn dropped from 3.8% to 1.1%." reads as its sentence).
  const lines = ideas.sentences
    .filter((sentence) => !skipped.has(sentence.sectionId) && sentence.from !== "quote")
    .map((sentence) => {
      // Read as an opening line reads it: "So we…", "The honest answer is that…" and "Today," go (hooks.ts).
      const own = asHook(sentence.from === "item" ? withoutLabel(sentence.text) : trendLine(sentence.text));
      return own === undefined || own === sentence.text ? sentence : lineBeside(sentence, own);
    })
    .filter((sentence) => standsAlone(sentence) && sentence.words <= 35 && asHook(sentence.text) !== undefined);
  if (lines.length < 6) return undefined;
  const total = ideas.sentences.length;
  const at = (sentence: Sentence) => sentence.id / total;
  const text = prose.map((sentence) => sentence.text).join(" ");
  const taken = new Set<number>();
  // The title when it is a claim; else the article's own first line, when it stands alone.
  const first =
    lines[0]?.id === ideas.sentences[0]?.id &&
    lines[0]!.from === "paragraph" &&
    !TAGLINE.test(lines[0]!.text) &&
    !CHATTER.test(lines[0]!.text) &&
    asHook(lines[0]!.text)
      ? lines[0]!.text
      : undefined;
  // A line from the middle of the introduction read as a teaser without its context in the readers' rounds: no arc then.
  const opening = titleHook(ideas, text) ?? first;
  if (!opening) return undefined;
  // "We read 41,288 support tickets. A quarter of them were the same question.": the article's first line keeps the short
  // line that completes it.
  const second = ideas.sentences[1];
  const completes =
    opening === first &&
    second &&
    !TEASES.test(second.text) &&
    !TAGLINE.test(second.text) &&
    second.blockId === ideas.sentences[0]!.blockId &&
    second.words <= 12 &&
    !second.traits.question &&
    !second.traits.leadIn;
  const hook = asHook(completes ? `${opening} ${second.text}` : opening) ?? asHook(opening)!;
  if (completes) taken.add(second.id);

  const best = (from: number, to: number, test: (sentence: Sentence) => boolean = () => true) => {
    const found = lines
      .filter((sentence) => !taken.has(sentence.id) && sentence.text !== opening && at(sentence) >= from && at(sentence) < to && test(sentence))
      .sort((a, b) => value(b) - value(a) || a.id - b.id)[0];
    if (found) taken.add(found.id);
    return found;
  };
  // Setup, tension, what the author realised, what changed, what came of it.
  const beats = [
    best(0, 0.25),
    best(0.1, 0.6),
    best(0.25, 0.75, (sentence) => REALISES.test(sentence.text)),
    best(0.35, 0.9, (sentence) => CHANGES.test(sentence.text)),
    best(0.45, 1, (sentence) => sentence.traits.numbers >= 1 && OUTCOME.test(sentence.text)),
  ].filter((beat): beat is Sentence => beat !== undefined);
  // The ending: a lesson drawn in the article's last part, said in few words.
  const lesson = lessonOf(
    lines.filter((sentence) => !taken.has(sentence.id) && sentence.text !== opening && at(sentence) >= 0.6),
    total,
  );
  if (lesson) taken.add(lesson.id);
  // Fewer than four beats found: the strongest other lines, one per section, fill in.
  for (const section of ideas.sections) {
    if (beats.length >= 4) break;
    if (beats.some((beat) => beat.sectionId === section.id) || lesson?.sectionId === section.id) continue;
    const extra = best(0, 1, (sentence) => sentence.sectionId === section.id);
    if (extra) beats.push(extra);
  }
  let body = beats.sort((a, b) => a.id - b.id).slice(0, MAX_LINES - 1);
  const size = () => countWords(hook) + body.reduce((sum, line) => sum + line.words, 0) + (lesson?.words ?? 0);
  while (size() > MAX_WORDS && body.length > 3) {
    const weakest = [...body].sort((a, b) => value(a) - value(b))[0]!;
    body = body.filter((line) => line !== weakest);
  }
  const all = lesson ? [...body, lesson] : body;
  if (all.length < 3 || size() < MIN_WORDS || size() > MAX_WORDS) return undefined;

  const head = lineBeside(ideas.sentences[0]!, hook, -10);
  const paragraphs: Paragraph[] = [head, ...all].map((line) => ({ list: false, ordered: false, sentences: [{ ...line, indexInBlock: 0 }] }));
  return {
    id: -10,
    sectionId: -1,
    topic: undefined,
    firstInSection: true,
    paragraphs,
    words: size(),
    hook,
    hookFrom: "sentence",
    body: paragraphs.slice(1),
    role: "story",
    strength: 10,
    strengthReason: "the article's main idea with its setup, turn and outcome, a line each",
  };
}

/** "Refund tickets per 1,000 returns: down from 31.4 to 12.9." -> "Refund tickets per 1,000 returns went down from 31.4 to 12.9." */
function trendLine(text: string): string {
  return text.replace(/^(\p{Lu}[^:]{3,60}):\s+(down|up) (from \S+ to \S+)/u, "$1 went $2 $3");
}

/** What the author took from it: "If I started over, I'd skip the upvotes…", "Measure where your effort goes…", said late and in few words. */
const DRAWS =
  /\b(?:I['’]d|I would|if I (?:started|did|had|could)|lesson|learn(?:ed|t)|should|never|always|don['’]t|do not|the (?:real )?(?:point|question|job))\b/i;

function lessonOf(late: Sentence[], total: number): Sentence | undefined {
  return late
    .filter(
      (sentence) =>
        sentence.words <= 25 &&
        (sentence.traits.numbers < 1 || DRAWS.test(sentence.text)) &&
        (sentence.traits.opinion || sentence.traits.imperative || DRAWS.test(sentence.text) || sentence.traits.claim >= 1),
    )
    .sort((a, b) => lessonWorth(b, total) - lessonWorth(a, total) || b.id - a.id)[0];
}

/** A drawn lesson near the end beats a remark in the middle: said as advice, and the later the better. */
const lessonWorth = (sentence: Sentence, total: number) =>
  punch(sentence) + (sentence.traits.opinion || sentence.traits.imperative || DRAWS.test(sentence.text) ? 1.5 : 0) + (sentence.id / total) * 2;

/** A line's worth in the arc: its punch, more for a figure. */
function value(sentence: Sentence): number {
  return punch(sentence) + (sentence.traits.numbers >= 1 ? 0.8 : 0);
}
