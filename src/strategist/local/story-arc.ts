import type { Language } from "../language";
import { leansOnContext } from "../references";
import { type Candidate, type Paragraph, paragraphWords, passageIds } from "./candidate";
import type { Ideas, Sentence } from "./extract-ideas";
import { RESULTS } from "./outcomes";
import { TEASES } from "./passages";

/**
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
const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember";
const EVENT = new RegExp(
  String.raw`^(?:(?:in|on|by|at|early|late|en|à|au|le|im|am|anfang|ende)\s+(?:(?:the|l['’]|le|la|des|der|dem)\s*)?(?:(?:early|late|mid|début|fin)\s+)?(?:\d{1,2}\s+)?(?:\d{4}|${MONTHS}|spring|summer|autumn|fall|winter|printemps|été|automne|hiver|frühjahr|sommer|herbst)|(?:${MONTHS})\s+\d{4})(?![\p{L}])`,
  "iu",
);

/** Money or a share is the headline result when the results say both: turnover first, then the rest. */
const TAKINGS = /(?<![\p{L}])(?:turnover|revenue|sales|profit|margin|takings|ARR|MRR|chiffre d['’]affaires|marge|bénéfice|Umsatz|Gewinn|Marge)(?![\p{L}])/iu;

/** A figure that moved: "rose from 41% to 56%", "our best ever", "en hausse de 11 %". */
const MOVED =
  /(?<![\p{L}])(?:from\s.+\sto\s|rose|fell|dropped|grew|doubled|halved|up|down|best|worst|record|crossed|reached|en (?:hausse|baisse)|passée? de|remontée?|gestiegen|gesunken|von\s.+\sauf\s)(?![\p{L}])/iu;

/** How the figures were measured is no result ("We compared 1 December to 26 January against the same eight weeks..."). */
const METHOD = /^(?:we|I) (?:compared|measured|tracked|counted|looked at|excluded|adjusted)(?![\p{L}])/iu;

/** The last lines of a newsletter or a blog that look ahead or advertise close no story. */
const LOOKS_AHEAD = /(?<![\p{L}])(?:hiring|next (?:quarter|week|month|issue|time)|more on that|subscribe|stay tuned|prochain|nächste)(?![\p{L}])/iu;

/** The closing lines join only when short: a last paragraph of this many words at most. */
const MAX_CLOSING_WORDS = 45;

/** Words post 1 may reach with its arc: LinkedIn's longest posts that still read whole. */
const MAX_ARC_POST_WORDS = 320;

/** Results headline sentences, at most. */
const MAX_RESULTS = 2;

const standsAlone = (sentence: Sentence | undefined, language: Language): sentence is Sentence =>
  sentence !== undefined &&
  sentence.from === "paragraph" &&
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
  // The lead result is the takings that moved, then any takings, then any figure that moved: not the method line
  // ("We compared 1 December to 26 January against the same eight weeks the year before").
  const lead =
    figures.find((sentence) => TAKINGS.test(sentence.text) && MOVED.test(sentence.text)) ??
    figures.find((sentence) => TAKINGS.test(sentence.text)) ??
    figures.find((sentence) => MOVED.test(sentence.text));
  if (!lead) return first;
  // ...with the figure after it in its paragraph, which may lean on it ("...212 000 €, soit moins qu'en 2022. Mais notre
  // marge brute est remontée à 58 %"), or else the next takings ("ARR dropped to $791,000." ... "we crossed $1.6 million").
  const after = sections[resultsAt]!.sentences.find((sentence) => sentence.id === lead.id + 1 && sentence.blockId === lead.blockId);
  const second =
    after && HEADLINE_FIGURE.test(after.text) && !after.traits.meta ? after : figures.find((sentence) => sentence.id > lead.id && TAKINGS.test(sentence.text));
  const results = second ? [lead, second].slice(0, MAX_RESULTS) : [lead];
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
