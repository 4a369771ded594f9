import { countWords, EN_MONTHS, type Language, NUMBER_WORDS } from "../language";
import { stripHeadingLabel } from "../structure";
import { leansOnContext } from "../references";
import { type Candidate, type Paragraph, paragraphWords, passageIds } from "./candidate";
import type { Ideas, Sentence } from "./extract-ideas";
import { LABELS, RESULTS, TAKINGS } from "./outcomes";
import { HOOK_CHARS } from "./hooks";
import { sentenceCase, TEASES } from "./passages";
import { ordinalRank } from "./sentences";

/**
 * Post 1 with its payoff. A story's post 1 that told only how it started ends on the story's arc (storyArc); a data
 * post's post 1 that counts its findings lists them (findingsListed).
 *
 * Post 1 of a founder story told in sections (how it started, the crisis, what we did, the results) is its opening
 * section, and it ended on setup: "Birthday parties alone were about a third of our income." Every founder story of
 * rounds 37 to 39 scored it 2, "backstory with no point: the payoff is in post 2". It now ends on the story's arc in
 * the article's own lines: the sentence that opens the next section (the trampoline park that opened three miles
 * away), the results' headline figures, and the article's closing lines. Post 1 carries the article's main idea in
 * full (the issue's rule); the posts after it tell each part at length, so it may repeat their lines.
 */

/** A result worth a headline: money or a share ("our best ever: turnover of £368,000", "up 11%"). */
const HEADLINE_FIGURE = /[£$€¥]\s?\d|\d\s?(?:€|%|k\b|per ?cent|pour cent|Prozent|Euro)/iu;

/**
 * The next section opens on an event: a date or a season, then what happened ("In September 2022 a
 * 22,000-square-foot trampoline park opened three miles away.", "On 14 September 2022 I got an email...",
 * "À l'automne 2022, ... j'ai commandé"). A data post's next finding or a "First, ..." opens no arc.
 */
const MONTHS = `${EN_MONTHS}|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember`;
const EVENT = new RegExp(
  String.raw`^(?:(?:in|on|by|at|early|late|en|à|au|le|im|am|anfang|ende)\s+(?:(?:the|l['’]|le|la|des|der|dem)\s*)?(?:(?:early|late|mid|début|fin)\s+)?(?:\d{1,2}\s+)?(?:\d{4}|${MONTHS}|spring|summer|autumn|fall|winter|printemps|été|automne|hiver|frühjahr|sommer|herbst)|(?:${MONTHS})\s+\d{4})(?![\p{L}])`,
  "iu",
);

/** A figure that moved: "rose from 41% to 56%", "our best ever", "en hausse de 11 %" ("the worst month" is no payoff). */
const MOVED =
  /(?<![\p{L}])(?:from\s.+\sto\s|rose|fell|dropped|grew|doubled|halved|up|down|best|record|crossed|reached|en (?:hausse|baisse)|passée? de|remontée?|gestiegen|gesunken|von\s.+\sauf\s)(?![\p{L}])/iu;

/** A figure that went up: the story's turnaround. */
const ROSE = /(?<![\p{L}])(?:up|rose|grew|best|record|doubled|increased|crossed|reached|en hausse|gestiegen)(?![\p{L}])/iu;

/** How the figures were measured is no result ("We compared 1 December to 26 January against the same eight weeks..."). */
const METHOD = /^(?:we|I) (?:compared|measured|tracked|counted|looked at|excluded|adjusted)(?![\p{L}])/iu;

/** The last lines of a newsletter or a blog that look ahead or advertise close no story. */
const LOOKS_AHEAD = /(?<![\p{L}])(?:hiring|next (?:quarter|week|month|issue|time)|more on that|subscribe|stay tuned|prochain|nächste)(?![\p{L}])/iu;

/** The closing lines join only when short: a last paragraph of this many words at most. */
const MAX_CLOSING_WORDS = 45;

/** Words post 1 may reach with its arc: LinkedIn's longest posts that still read whole. */
const MAX_ARC_POST_WORDS = 320;

const standsAlone = (sentence: Sentence | undefined, language: Language): sentence is Sentence =>
  sentence !== undefined &&
  // (A list's item that is a sentence of its own counts: "- Turnover was £688,000, up 12% on the year before the
  // crisis.", round 41; "Jobs: 548 (503)" does not.)
  (sentence.from === "paragraph" || (sentence.from === "item" && /[.!]$/u.test(sentence.text) && !/^[^:]{1,40}:\s/u.test(sentence.text))) &&
  !sentence.traits.dangling &&
  !sentence.traits.question &&
  !sentence.traits.meta &&
  !/:$/u.test(sentence.text) &&
  !leansOnContext(sentence.text, language);

/** Post 1 ending on the story's turn, its results and its last lines, when it told only the story's opening. */
export function storyArc(first: Candidate, ideas: Ideas, language: Language): Candidate {
  const sections = ideas.sections;
  const resultsAt = sections.findIndex((section, index) => index > 0 && section.heading !== undefined && RESULTS.test(section.heading));
  if (resultsAt === -1) return first;
  const ids = new Set(passageIds(first));
  const lastId = Math.max(...ids);
  const holds = sections.filter((section) => section.sentences.some((sentence) => ids.has(sentence.id)));
  // Post 1 is the opening: its lines are all in the sections before the next one starts.
  const nextAt = sections.findIndex((section) => section.sentences.length > 0 && section.sentences[0]!.id > lastId && !holds.includes(section));
  if (nextAt === -1 || nextAt >= resultsAt - 1 || holds.some((section) => sections.indexOf(section) >= nextAt)) return first;
  const turn = sections[nextAt]!.sentences[0];
  const figures = sections[resultsAt]!.sentences.filter(
    (sentence) => HEADLINE_FIGURE.test(sentence.text) && !METHOD.test(sentence.text) && standsAlone(sentence, language),
  );
  // The lead result is the takings that rose (the turnaround: "Turnover was £688,000, up 12.4%..." over "Turnover fell
  // to £574,000...", round 43), then takings that moved, then any takings, then any figure that moved; never the method
  // line ("We compared 1 December to 26 January against the same eight weeks the year before").
  const lead =
    figures.find((sentence) => TAKINGS.test(sentence.text) && ROSE.test(sentence.text)) ??
    figures.find((sentence) => TAKINGS.test(sentence.text) && MOVED.test(sentence.text)) ??
    figures.find((sentence) => TAKINGS.test(sentence.text)) ??
    figures.find((sentence) => MOVED.test(sentence.text));
  if (!lead) return first;
  // ...with the figure after it in its paragraph, which may lean on it ("...212 000 €, soit moins qu'en 2022. Mais notre
  // marge brute est remontée à 58 %").
  const after = sections[resultsAt]!.sentences.find((sentence) => sentence.id === lead.id + 1 && sentence.blockId === lead.blockId);
  // ...or else the next takings after it ("ARR dropped to $791,000." ... "we crossed $1.6 million"), never one before it:
  // "Turnover fell to £574,000... Turnover was £688,000" read as glued, round 43.
  const second =
    after && HEADLINE_FIGURE.test(after.text) && !after.traits.meta ? after : figures.find((sentence) => sentence.id > lead.id && TAKINGS.test(sentence.text));
  const results = second ? [lead, second] : [lead];
  // (Without an event to open it, the arc is the results and the last lines: a crisis told in post 1 needs no turn.)
  const turns = standsAlone(turn, language) && EVENT.test(turn.text) && turn.words >= 8 && !ids.has(turn.id) ? [turn] : [];
  // The article's last paragraph, when it is a short closing of its own and no list.
  const last = ideas.sentences.at(-1);
  const closing = last ? ideas.sentences.filter((sentence) => sentence.blockId === last.blockId && sentence.sectionId === last.sectionId) : [];
  const closes =
    closing.length > 0 &&
    closing[0]!.id > sections[resultsAt]!.sentences.at(-1)!.id &&
    closing.reduce((sum, sentence) => sum + sentence.words, 0) <= MAX_CLOSING_WORDS &&
    standsAlone(closing[0], language) &&
    // ("Write the sticky note.": advice at the end names what the lessons set up.)
    !closing[0]!.traits.imperative &&
    closing.every((sentence) => sentence.from === "paragraph" && !sentence.traits.meta && !TEASES.test(sentence.text) && !LOOKS_AHEAD.test(sentence.text));
  const paragraph = (sentences: Sentence[]): Paragraph => ({ list: false, ordered: false, sentences });
  const arc = [...(turns.length > 0 ? [paragraph(turns)] : []), paragraph(results), ...(closes ? [paragraph(closing)] : [])];
  // Post 1 stays a post: the last lines go first when it would run long, and the arc when even that is too long.
  while (arc.length > 1 && paragraphWords([...first.paragraphs, ...arc]) > MAX_ARC_POST_WORDS && arc.at(-1)!.sentences !== results) arc.pop();
  if (paragraphWords([...first.paragraphs, ...arc]) > MAX_ARC_POST_WORDS) return first;
  const paragraphs = [...first.paragraphs, ...arc];
  return { ...first, paragraphs, body: [...first.body, ...arc], words: paragraphWords(paragraphs) };
}

/** "When I finally did, six things jumped out.", "I found four patterns:": a line that counts what the article tells next. */
const COUNTS_FINDINGS =
  /(?<![\p{L}])(two|three|four|five|six|seven|eight|deux|trois|quatre|cinq|six|sept|huit|zwei|drei|vier|fünf|sechs|sieben|acht)\s(?:\p{L}+\s)?(?:things|findings|patterns|lessons|surprises|problems|mistakes|choses|leçons|erreurs|Dinge|Erkenntnisse|Fehler)(?:\s[^.!?:]{0,30})?[.:]$/iu;

/** A line that points at the rest of the article ("I'll use the old words below"): post 1 no longer has a below. */
const POINTS_BELOW = /(?<![\p{L}])(?:below|further down|in this post|ci-dessous|plus bas|unten|weiter unten)(?![\p{L}])/iu;

/**
 * Post 1 of a data post that counts its findings and stops ("When I finally did, six things jumped out.", round 39: "a
 * teaser with no payoff: none of the six is told") lists them under the count: each finding's heading, as a sentence.
 * Only when the sections after post 1 are headed by exactly that many claims, in a row; a line after the count that
 * points "below" goes, since post 1 is read alone.
 *
 * A guide's post 1 that ends on its promise ("Two years later, we're at 4%. Here's exactly what we did, in the order I'd
 * do it again.", round 43: "a teaser: it ends with nothing done") lists the steps its headings name, when three or more
 * follow in a row.
 */
export function findingsListed(first: Candidate, ideas: Ideas): Candidate {
  const ids = new Set(passageIds(first));
  const sentences = first.paragraphs.flatMap((paragraph) => paragraph.sentences);
  const counted = sentences.find((sentence) => COUNTS_FINDINGS.test(sentence.text));
  // (A guide's promise of steps is its post's last line.)
  const last = sentences.at(-1);
  const promised = !counted && last !== undefined && TEASES.test(last.text) && PROMISES_STEPS.test(last.text) ? last : undefined;
  const promise = counted ?? promised;
  if (!promise) return first;
  // A count the post goes on to tell ("Replace the annual plan with two things." / "First, a ninety-day horizon.") is kept.
  const told = sentences.filter((sentence) => sentence.id > promise.id);
  if (told.some((sentence) => sentence.from === "item" || ordinalRank(sentence.text) >= 0)) return first;
  const lastId = Math.max(...ids);
  const claims: string[] = [];
  for (const section of ideas.sections) {
    if (section.sentences.length === 0 || section.sentences[0]!.id <= lastId || !section.heading || ideas.asides.has(section.id)) continue;
    const heading = stripHeadingLabel(sentenceCase(section.heading)).replace(/[.:!]+$/u, "");
    // (A finding's heading is a claim of three words or more: no question word in front, no label.)
    if (countWords(heading) < 3 || LABELS.test(heading) || /\?$/u.test(heading) || heading.length > HOOK_CHARS) break;
    // (A step says what to do: "A short example of how this works in practice" is no step.)
    if (promised && NOT_A_STEP.test(heading)) break;
    claims.push(`${heading}.`);
  }
  if (counted ? claims.length !== NUMBER_WORDS[COUNTS_FINDINGS.exec(counted.text)![1]!.toLowerCase()] : claims.length < 3) return first;
  const list: Paragraph = {
    list: true,
    ordered: promised !== undefined,
    sentences: claims.map((text, index) => ({ ...promise, text, from: "item" as const, blockId: -1 - index, indexInBlock: 0, words: countWords(text) })),
  };
  // The post up to its count's paragraph, the list, then what follows that does not point below.
  const cut = (paragraphs: Paragraph[]) => {
    const at = paragraphs.findIndex((paragraph) => paragraph.sentences.some((sentence) => sentence.id === promise.id));
    if (at === -1) return undefined;
    const after = paragraphs.slice(at + 1).filter((paragraph) => !paragraph.sentences.some((sentence) => POINTS_BELOW.test(sentence.text)));
    return [...paragraphs.slice(0, at + 1), list, ...after];
  };
  const paragraphs = cut(first.paragraphs);
  // (A promise the written post's tail drops, as render.ts drops every teaser there, comes back as the list's lead-in.)
  const leadIn: Paragraph = { list: false, ordered: false, sentences: [promise] };
  const body = cut(first.body) ?? (promised ? [...first.body, leadIn, list] : undefined);
  if (!paragraphs || !body) return first;
  return { ...first, paragraphs, body, words: paragraphWords(paragraphs) };
}

/** A heading that names a thing, not a step: "A short example...", "The results", "Why it works", "Our numbers". */
const NOT_A_STEP = /^(?:a|an|the|some|one|our|my|why|how|what|when|where|results?|summary|conclusion|example|faq)(?![\p{L}])/iu;

/** A promise of what was done, step by step: "Here's exactly what we did, in the order I'd do it again." */
const PROMISES_STEPS = /(?<![\p{L}])(?:did|done|changed|steps?|in (?:the|that) order)(?![\p{L}])/iu;
