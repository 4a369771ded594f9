import { ALL_STOP_WORDS, countWords, type Language } from "../language";
import { type Ideas, isGenericHeading, lineBeside, type Sentence } from "./extract-ideas";
import type { Candidate, Paragraph, Passage, Role } from "./candidate";
import { RANKED_PARAGRAPH, stripHeadingLabel } from "../structure";
import { VERB } from "../lint";
import { bestOpening, punch, standsAlone } from "./compose";
import { asHook, HOOK_CHARS, stripConnective, withoutLabel } from "./hooks";
import { DANGLING, ordinalRank, setsTheScene, traitsOf } from "./sentences";
import { leansOnContext } from "../references";

/**
 * A passage is a run of the article's own paragraphs, in the article's order, about one thing:
 * a section, or part of a long one. Posts are made of passages rather than of sentences picked
 * from all over, so a post keeps the article's train of thought (a story keeps its order, a
 * quote its two halves, a figure the sentence that explains it) and reads as written.
 */

export type { Candidate, Paragraph, Passage, Role } from "./candidate";

/** An author introducing themselves: "I'm Gareth Pryce.", "My name is Bryony Atkins and...", "Je m'appelle...". */
const SELF_INTRODUCTION = /^(?:I['’]m|My name is|Je m['’]appelle|Je suis|Ich bin|Ich heiße|Me llamo|Mi chiamo)\s\p{Lu}\p{Ll}+/u;

/** The words a post carries as written: its opening line and its body (a teaser or framing line that went no longer counts). */
export const postWords = (candidate: Candidate) =>
  countWords(candidate.hook) + candidate.body.reduce((sum, paragraph) => sum + wordsOf(paragraph.sentences), 0);

/** A post carries at least this much of the article; LinkedIn's sweet spot is about 150-250 words. */
const MIN_PASSAGE_WORDS = 40;
export const MAX_PASSAGE_WORDS = 300;
/** An introduction this short joins the first section (buildPassages). */
const MAX_INTRO_WORDS = 110;

const wordsOf = (sentences: Sentence[]) => sentences.reduce((sum, sentence) => sum + sentence.words, 0);

/** Sentences that never belong in a post: about the page or its links, code, lead-ins to nothing. */
function keep(sentence: Sentence, next: Sentence | undefined, previous: Sentence | undefined): boolean {
  if (sentence.traits.meta || sentence.traits.code) return false;
  // A name or a word alone on a line (a signature, a label) is not material.
  // ...but a list's item with its figure is ("Linen: £180": without it round 28's "Total: £839" no longer added up).
  if (
    sentence.indexInBlock === 0 &&
    sentence.words <= 2 &&
    !/[.!?…。！？]$/.test(sentence.text) &&
    next?.blockId !== sentence.blockId &&
    // ...and so is any of a list's short items ("1. Business current account / 2. Credit card / 3. ...": round 44's guide
    // posted the author's order without its second step).
    !(sentence.from === "item" && (/\d/.test(sentence.text) || next?.from === "item" || previous?.from === "item"))
  )
    return false;
  // "It's here. No email gate.": a fragment that only makes sense beside the link line it follows.
  if (previous?.traits.meta && previous.blockId === sentence.blockId && sentence.words <= 4) return false;
  if (sentence.traits.leadIn && !(next && next.from !== "paragraph")) return false;
  return true;
}

function paragraphsOf(sentences: Sentence[]): Paragraph[] {
  const dropped = new Set(sentences.filter((sentence, index) => !keep(sentence, sentences[index + 1], sentences[index - 1])));
  // "It goes to a real person on our team": a sentence that leans on one dropped just before it in its paragraph goes
  // with it, and so does the next that leans on that one.
  for (const [index, sentence] of sentences.entries()) {
    const before = sentences[index - 1];
    if (before && dropped.has(before) && before.blockId === sentence.blockId && sentence.traits.dangling && sentence.from === "paragraph")
      dropped.add(sentence);
  }
  // A list item whose first sentence went ("Practice Makes Permanent by Daniel Osei.") goes whole: "Not a
  // business book" alone names nothing.
  const lostItems = new Set([...dropped].filter((sentence) => sentence.from === "item" && sentence.indexInBlock === 0).map((sentence) => sentence.blockId));
  const kept = sentences.filter((sentence) => !dropped.has(sentence) && !(sentence.from === "item" && lostItems.has(sentence.blockId)));
  const paragraphs: Paragraph[] = [];
  let previous: Sentence | undefined;
  for (const sentence of kept) {
    const list = sentence.from === "item";
    const current = paragraphs.at(-1);
    // Consecutive list items form one list; the sentences of one paragraph stay together.
    const sameBlock =
      previous &&
      current &&
      // (An item dropped from the middle, "Unsubscribe rate by day 10" once, leaves no gap in its list.)
      (previous.blockId === sentence.blockId || (list && current.list && sentence.indexInBlock === 0 && previous.from === "item"));
    if (sameBlock && current.list === list) current.sentences.push(sentence);
    else paragraphs.push({ list, ordered: sentence.ordered, sentences: [sentence] });
    previous = sentence;
  }
  return paragraphs.flatMap(splitLongParagraph);
}

/** A paragraph longer than a post is cut at sentence ends into pieces of about 70 words. */
function splitLongParagraph(paragraph: Paragraph): Paragraph[] {
  if (paragraph.list || wordsOf(paragraph.sentences) <= MAX_PASSAGE_WORDS * 0.6) return [paragraph];
  const pieces: Paragraph[] = [];
  let current: Sentence[] = [];
  for (const sentence of paragraph.sentences) {
    if (current.length > 0 && wordsOf(current) + sentence.words > 70 && !sentence.traits.dangling) {
      pieces.push({ ...paragraph, sentences: current });
      current = [];
    }
    current.push(sentence);
  }
  if (current.length > 0) pieces.push({ ...paragraph, sentences: current });
  return pieces;
}

/** The paragraph at `at` is one sentence ending in ":" with a list right after it. */
const leadsList = (paragraphs: Paragraph[], at: number) =>
  paragraphs[at]!.sentences.length === 1 && paragraphs[at]!.sentences[0]!.traits.leadIn && paragraphs[at + 1]?.list === true;

/** A paragraph that asks or announces: what answers it must stay in the same post. */
const endsOpen = (paragraph: Paragraph, lenient = false, next?: Paragraph) => {
  const last = paragraph.sentences.at(-1)!;
  // ...and never before a short reply to it ("I couldn't answer.", "Page 3, second paragraph.").
  lenient &&= (next?.sentences[0]?.words ?? 0) >= 8;
  // A question in quotation marks may be someone's words in the story ('"...Can you offer the rest to someone else?"')
  // rather than one the next paragraph answers ("I couldn't answer."): a cut after it is the last resort before a
  // refusal (round 25's 390-word food bank story was refused for want of it).
  return last.traits.leadIn || (last.traits.question && !(lenient && /["”»]$/u.test(last.text))) || TEASES.test(last.text);
};
/** A paragraph that leans on the one before ("But...", "I learned three things that year."): no cut before it. */
const opensDangling = (paragraph: Paragraph) => !paragraph.list && (paragraph.sentences[0]!.traits.dangling || leansOnContext(paragraph.sentences[0]!.text));

/**
 * A last line that only points at what comes next: "So we tested it.", "The comfortable story was wrong.",
 * "Here's what happened over the following twelve months.", « C'est justement là que le problème commence. »
 */
export const TEASES =
  /^(?:(?:.*[,;]\s+)?(?:so |and )?(?:we|I) (?:tested|checked|tried|did) (?:it|that)\.|this is (?:what happened|how it (?:happened|went|ended)|why)\b.*|(?:and )?this is the (?:\S+ )?(?:method|process|system|approach|framework|playbook|checklist|routine) (?:I|we) (?:use|used|follow|teach)\b.*|this is (?:that|my|our) (?:\S+ )?(?:method|process|system|approach|framework|playbook|checklist|routine)\b.*|(?:yours|your numbers|your figures) will (?:be|look) different\b.*|(?:so )?(?:we|I) asked (?:him|her|them) (?:how|why|what (?:happened|changed))\.|(?:until|till|bis (?:zum|zur|in den|ins|im)|jusqu['’](?:à|au|en)|hasta)\s(?:\S+\s?){1,3}\.|(?:then|dann|puis|und dann) (?:came|kam|vint|arriva)\s(?:\S+\s?){1,3}\.|(?:and |but )?there['’]s (?:a|one) (?:number|thing|figure|detail|part|stat|statistic) (?:I|we) (?:didn['’]t|did not|never) (?:expect|see coming)\b.*|here(?:'s|’s| is) (?:the|my|our) (?:\S+ ){0,2}(?:process|playbook|framework|system|approach|checklist|method|template|steps)\b[^:.!?]*\.|here(?:'s|’s| is) (?:exactly |precisely )?(?:what|how|why)\b.*|here(?:'s|’s| is| are) (?:\S+ ){0,5}\S+\.|(?:hier sind|hier ist|voici|voilà|aquí (?:van|están|tienes)|estas son|eis|ecco) [^:]{3,160}\.|(?:first|now|next),? (?:some |the |a few )?(?:\S+ )?(?:numbers|patterns|details|findings|data|context|background)\.|(?:two|three|four|five|six|seven|\d) (?:\S+ )?(?:lessons|things|takeaways|changes|ideas|mistakes)(?: \S+){0,5}[.:]|more on (?:that|this|each|those)(?: \S+)? (?:below|later|further down|in a (?:minute|moment|bit)|next week|next month)\.|(?:but )?(?:the|that|this|our) (?:comfortable |whole |real )?(?:story|theory|assumption|plan|explanation) was wrong\.|(?:but )?(?:the|our) (?:records|data|numbers|figures|spreadsheet|results) (?:said|told|showed|say|tell|show) (?:otherwise|something else|a different story)\.|(?:it|that) was (?:only |just )?the (?:start|beginning)\.|that's (?:where|when) (?:it|things|everything|the (?:problem|trouble|fun)) (?:started|starts|began|begins|got interesting)\.|what happened next\b.*|.*\S(?:…|\.{3})["”»)]?|(?:.*[,;]\s+)?(?:so |and )?I (?:want|wanted|'d like|’d like|would like) to (?:explain|lay out|walk (?:you )?through|go through|share|tell you about|show you)\b.*|c'est (?:justement |précisément )?(?:là|alors) que .*commenc\p{L}*\.|(?:das|es) war (?:erst|nur) der anfang\.|(?:und )?da (?:fing|begann) (?:es|alles|das problem)\b.*)$/iu;

/** The sections of a README that are about the repository, not the idea: "Contributing", "License", "Installation". */
const PROJECT_FURNITURE =
  /^(?:\W*\s*)?(?:contributing|contribute|how to contribute|license|licence|licensing|code of conduct|acknowledg(?:e)?ments|changelog|installation|install|installing|running (?:the )?tests|development setup|support)$/iu;

/** The article's sections cut into passages of at most maxWords, each starting where a reader can start. */
export function buildPassages(ideas: Ideas, maxWords = MAX_PASSAGE_WORDS, turn?: Sentence, narrative = false): Passage[] {
  // extract-ideas cuts long sections into chunks; a passage sees the whole section again.
  const units: { sectionId: number; heading: string | undefined; sentences: Sentence[] }[] = [];
  for (const section of ideas.sections) {
    const unit = units.at(-1);
    if (unit && section.heading === undefined && section.parentId === unit.sectionId) unit.sentences.push(...section.sentences);
    else units.push({ sectionId: section.id, heading: section.heading, sentences: [...section.sentences] });
  }
  // A README's project furniture (how to contribute, the license, how to install) has no point for a LinkedIn reader:
  // round 14 posted "Fork the repo and create a branch from main" and "3. Run the test suite:" with its code gone.
  for (let index = units.length - 1; index >= 0; index--) if (PROJECT_FURNITURE.test(units[index]!.heading ?? "")) units.splice(index, 1);
  // A section too short for a post of its own (an intro of two sentences) joins the next one when they share a subject.
  for (let index = 0; index < units.length - 1; index++) {
    const unit = units[index]!;
    const next = units[index + 1]!;
    // ...but a finding under its own claim ("Referrals were our best customers.") is a thought of its own: joined to the
    // next section it took over that section's heading (round 33 glued it to "WHAT WE CHANGED" with the label gone).
    const claims = unit.heading !== undefined && /[.!]$/u.test(unit.heading.trim()) && next.heading !== undefined;
    if (wordsOf(unit.sentences) < MIN_PASSAGE_WORDS && !claims && sharedWords(unit.sentences, next.sentences) >= 1) {
      // A FAQ's next question stays above its answer ("What if someone is both a technician and a dispatcher?"): the
      // answer alone ("Common in smaller teams...") answers nothing (round 16 scored it 1).
      const asked = next.heading !== undefined && /[?؟]$/.test(next.heading) && next.sentences[0] !== undefined;
      const first = next.sentences[0]!;
      // A list's heading stays above it too ("Growth: £295 a month" / "Complete: £520 a month": round 25 merged two price
      // packages into one list with neither name nor price).
      const lists = !asked && unit.sentences[0]?.from === "item" && first?.from === "item";
      const label = (heading: string | undefined) => (heading !== undefined && !/[.!?:]$/u.test(heading.trim()) ? `${heading.trim()}:` : undefined);
      const line = (text: string, opening: Sentence) => ({ ...lineBeside(opening, text, opening.id - 0.5), blockId: opening.blockId - 0.5 });
      const nextLabel = lists ? label(next.heading) : undefined;
      const ownLabel = nextLabel ? label(unit.heading) : undefined;
      const question = asked ? [line(next.heading!, first)] : nextLabel ? [line(nextLabel, first)] : [];
      const own = ownLabel ? [line(ownLabel, unit.sentences[0]!)] : [];
      next.sentences = [...own, ...unit.sentences, ...question, ...next.sentences];
      next.heading = unit.heading ?? next.heading;
      next.sectionId = unit.sectionId;
      units.splice(index, 1);
      index--;
    }
  }
  // A short introduction before the first heading announces the story rather than telling it ("Eighteen months
  // ago I hired... So I'm going to try to tell it straight."): alone it is a teaser, and the section after it a
  // setup without its hook (readers scored both 2). Together they make the week's natural first post.
  // Only when that section opens by setting the scene, so it is the story's setup: a guide's introduction leads
  // into steps whose headings would be lost, and a transcript's into its first answer.
  const intro = units[0];
  const first = units[1];
  if (
    narrative &&
    intro &&
    first &&
    units.length >= 3 &&
    first.heading !== undefined &&
    first.sentences[0] !== undefined &&
    setsTheScene(first.sentences[0].text) &&
    wordsOf(intro.sentences) < MAX_INTRO_WORDS &&
    wordsOf(intro.sentences) + wordsOf(first.sentences) <= maxWords &&
    !intro.sentences.some((sentence) => sentence.from === "item") &&
    // (An introduction that is the author's bio, "I'm Gareth Pryce. ...", opens nothing: joined to the story's first
    // section, the week set the whole section aside with the bio, and round 41's phone call was in no post.)
    !SELF_INTRODUCTION.test(intro.sentences[0]?.text ?? "")
  ) {
    first.sentences = [...intro.sentences, ...first.sentences];
    first.heading = intro.heading;
    first.sectionId = intro.sectionId;
    units.shift();
  }
  const passages: Passage[] = [];
  for (const unit of units) {
    const heading = unit.heading !== undefined ? cleanTopic(unit.heading) : undefined;
    const claimHeading = heading !== undefined && /^[^.!?]+[.!]$/.test(unit.heading!.trim()) && countWords(heading) >= 4;
    let current: Paragraph[] = [];
    let first = true;
    const flush = () => {
      if (current.length === 0) return;
      passages.push({
        id: passages.length,
        sectionId: unit.sectionId,
        topic: heading,
        claimHeading,
        firstInSection: first,
        paragraphs: current,
        words: current.reduce((sum, paragraph) => sum + wordsOf(paragraph.sentences), 0),
      });
      first = false;
      current = [];
    };
    for (const paragraph of paragraphsOf(unit.sentences)) {
      const words = current.reduce((sum, p) => sum + wordsOf(p.sentences), 0);
      const next = wordsOf(paragraph.sentences);
      // A story's turning point starts a post of its own.
      const turns = turn !== undefined && paragraph.sentences.includes(turn) && words >= MIN_PASSAGE_WORDS;
      // Cut where a reader can start again: never before a paragraph that leans on this one.
      if (
        turns ||
        (current.length > 0 &&
          words >= Math.min(MIN_PASSAGE_WORDS * 2, maxWords * 0.45) &&
          words + next > maxWords &&
          !opensDangling(paragraph) &&
          // The options or lessons of a ranked run stay together, up to half as long again as a passage.
          !(continuesRanks(paragraph) && words + next <= maxWords * 1.5) &&
          // ...and so do the items a count promised ("I did three things in the first month." / "First, ..." / "Third,
          // ..."): round 31 posted the third apart from the count.
          !(counted(current, paragraph) && words + next <= maxWords * 1.5) &&
          !endsOpen(current.at(-1)!))
      )
        flush();
      current.push(paragraph);
    }
    flush();
  }
  return passages;
}

/** A paragraph that goes on a run of ordinals ("Third, I had 3,400 bars...") under a count the passage already made. */
function counted(current: Paragraph[], paragraph: Paragraph): boolean {
  if (ordinalRank(paragraph.sentences[0]?.text ?? "") < 1) return false;
  return current.some((each) => each.sentences.some((sentence) => COUNTS_PROMISE.test(sentence.text)));
}

/** "I did three things in the first month.", "There were two reasons.", "Drei Dinge haben wir geändert:". */
const COUNTS_PROMISE =
  /(?<![\p{L}])(?:two|three|four|five|six|seven|deux|trois|quatre|cinq|zwei|drei|vier|fünf|dos|tres|cuatro|cinco|\d)\s(?:\p{L}+\s)?(?:things|changes|lessons|steps|ways|reasons|mistakes|decisions|rules|choses|changements|leçons|Dinge|Änderungen|Lektionen|cosas|cambios|lecciones)(?![\p{L}])/iu;

/**
 * The ways to cut a passage in two where a reader can start again: between paragraphs (or, for
 * one long paragraph, between sentences), never after a question or a lead-in, never before a
 * sentence that leans back; the most even cuts first. Empty when no cut leaves two posts' worth.
 */
export function splitPassage(passage: Passage, minFirst = MIN_PASSAGE_WORDS, lenient = false, minAfter = MIN_PASSAGE_WORDS): [Passage, Passage][] {
  const paragraphs =
    passage.paragraphs.length > 1
      ? passage.paragraphs
      : passage.paragraphs[0]!.list
        ? []
        : passage.paragraphs[0]!.sentences.map((sentence) => ({ list: false, ordered: false, sentences: [sentence] }));
  const cuts: { at: number; balance: number }[] = [];
  for (let at = 1; at < paragraphs.length; at++) {
    const before = paragraphs.slice(0, at).reduce((sum, paragraph) => sum + wordsOf(paragraph.sentences), 0);
    const after = passage.words - before;
    // The second part must open on its own: never on "So I kept doing it." or a sentence too long to be a hook.
    if (
      before < minFirst ||
      after < minAfter ||
      endsOpen(paragraphs[at - 1]!, lenient, paragraphs[at]) ||
      (!lenient && continuesRanks(paragraphs[at]!)) ||
      !(opensPost(paragraphs[at]!.sentences[0], leadsList(paragraphs, at)) || (lenient && opensLater(paragraphs.slice(at))))
    )
      continue;
    cuts.push({ at, balance: Math.min(before, after) });
  }
  const merge = (parts: Paragraph[]) =>
    passage.paragraphs.length > 1 ? parts : [{ list: false, ordered: false, sentences: parts.flatMap((part) => part.sentences) }];
  const words = (parts: Paragraph[]) => parts.reduce((sum, paragraph) => sum + wordsOf(paragraph.sentences), 0);
  return cuts
    .sort((a, b) => b.balance - a.balance)
    .map(({ at }) => {
      const first = merge(paragraphs.slice(0, at));
      const second = merge(paragraphs.slice(at));
      return [
        { ...passage, paragraphs: first, words: words(first) },
        { ...passage, firstInSection: false, paragraphs: second, words: words(second) },
      ];
    });
}

const FILLERS = new Set(
  "things because really little always people before during another something everything nothing actually around without between".split(" "),
);

function sharedWords(a: Sentence[], b: Sentence[]): number {
  // Longer content words only: "things" or "really" in common is not a shared subject.
  const words = (sentences: Sentence[]) =>
    new Set(
      sentences.flatMap((sentence) =>
        (sentence.text.toLowerCase().match(/[\p{L}\p{N}]{6,}/gu) ?? []).filter((word) => !FILLERS.has(word) && !ALL_STOP_WORDS.has(word)),
      ),
    );
  const own = words(a);
  return [...words(b)].filter((word) => own.has(word)).length;
}

/** A heading fit to name a post's topic: not "Introduction" or "Day 1", no "2." in front. */
function cleanTopic(heading: string): string | undefined {
  let topic = stripHeadingLabel(sentenceCase(heading))
    .replace(/[.:]+$/, "")
    .trim();
  // "THE HEADLINE: CUSTOMERS THINK WE COST 2.3X WHAT THEY PAY": in a heading in capitals, the label in front names the
  // slot and the rest is the claim. (A speaker's or a section's name in front of a mixed-case heading stays: it says whose.)
  const labelled = topic !== heading ? /^([^:]{1,24}):\s+(.+)$/u.exec(topic) : null;
  const claim = labelled ? labelled[2]!.charAt(0).toUpperCase() + labelled[2]!.slice(1) : "";
  if (labelled && countWords(labelled[1]!) <= 3 && headingOpens(claim)) topic = claim;
  if (topic.length < 3 || isGenericHeading(topic) || /[{}<>=]|\w\(\)|^[^\p{L}\p{N}]+$/u.test(topic)) return undefined;
  return topic;
}

/** Short words a heading in capitals keeps in capitals ("WHAT AI TAUGHT US" -> "What AI taught us"). */
const ACRONYMS = /^(?:AI|API|APIs|CEO|CTO|CFO|COO|VP|B2B|B2C|SaaS|ARR|MRR|KPI|KPIs|OKR|OKRs|UK|USA|EU|HR|PR|SEO|CRM|ROI|NPS|MVP|Q[1-4]|UX|UI|IT|SMS|PDF)$/;

/** English month and day names, written with a capital in any sentence. */
const CALENDAR_NAME =
  /^(?:JANUARY|FEBRUARY|MARCH|APRIL|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER|MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY)$/u;

/** A heading in capitals ("WHAT WE CHANGED") as a line is written ("What we changed"), for hooks and explanations. */
export function sentenceCase(heading: string): string {
  if (/\p{Ll}/u.test(heading) || !/\p{Lu}.*\s.*\p{Lu}/u.test(heading)) return heading;
  const parts = heading.split(/(\s+)/);
  const lastWord = parts.findLastIndex((part) => /\S/.test(part));
  return parts
    .map((word, index) => {
      const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      // "WHY WE BUILT IT": "IT" last is the pronoun; "IT TEAM" is the department.
      const last = index === lastWord;
      const acronym = bare === "IT" && last ? null : (ACRONYMS.exec(bare) ?? ACRONYMS.exec(bare.replace(/S$/, "s")));
      if (acronym) return word.replace(bare, acronym[0]);
      // A variant's letter ("WHY WE THINK B WON") stays; so do "I", "I'M", "I'D".
      if (index > 0 && /^[B-Z]$/.test(bare)) return word;
      // "I", "I'M", "I'D": the pronoun stays a capital.
      if (/^I(?:['’]\p{Lu}+)?$/u.test(bare)) return word.replace(bare, `I${bare.slice(1).toLowerCase()}`);
      const lower = word.toLowerCase();
      // A sentence's first word keeps its capital: "We cut our bestseller. Our margins went up."; so do a month and a
      // day ("WHAT I CHANGED (FROM 8 JANUARY 2024)", round 41).
      const opensSentence = index === 0 || /[.!?]["'”’)]*$/u.test(parts[index - 2] ?? "") || CALENDAR_NAME.test(bare);
      return opensSentence ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join("");
}

const TURN =
  /\b(?:that['’]s when|that was when|until|then one day|one day|everything changed|the turning point|the moment|finally|i reali[sz]ed|we reali[sz]ed|it worked|c['’]est là que|jusqu['’]au jour|tout a changé|bis eines tages|dann kam|plötzlich|hasta que|entonces|de repente|até que|foi então|de repente|finché|all['’]improvviso|tot(?:dat)?|toen)\b/i;

/** Past-tense verb forms a narrative is told in, per language ("I was", "fui", "j'ai", "ich hatte"). */
const PAST: Partial<Record<Language, RegExp>> = {
  en: /(?<!\p{L})(?:was|were|had|did|went|told|took|got|made|said|saw|\p{L}{3,}ed)(?!\p{L})/iu,
  pt: /(?<!\p{L})(?:fui|foi|fomos|tive|tinha|era|eram|\p{L}{2,}(?:ei|ou|aram|avam|ava|iam))(?!\p{L})/iu,
  es: /(?<!\p{L})(?:fui|fue|fuimos|tuve|tenía|había|era|\p{L}{2,}(?:é|ó|aron|ieron|aba|aban|ían))(?!\p{L})/iu,
  fr: /(?<!\p{L})(?:j['’]ai|nous avons|on a|avait|étais|était|\p{L}{3,}(?:ée|és|ait|aient))(?!\p{L})/iu,
  de: /(?<!\p{L})(?:hatte|hatten|war|waren|wurde|wurden|ge\p{L}{3,}t)(?!\p{L})/iu,
  it: /(?<!\p{L})(?:abbiamo|ero|erano|\p{L}{3,}(?:ato|ito|uto|ava|avano))(?!\p{L})/iu,
  nl: /(?<!\p{L})(?:had|hadden|was|waren|ge\p{L}{3,}[dt])(?!\p{L})/iu,
};
/** Languages that drop the subject pronoun ("Fui a Limeira"): the verb alone says who. */
const PRO_DROP = new Set<Language>(["pt", "es", "it"]);
const FIRST_PERSON =
  /(?<!\p{L})(?:I|I['’]m|I['’]d|I['’]ve|my|we|our|je|j['’]|nous|mon|ma|mes|ich|wir|mein|unser|yo|nosotros|mi|eu|nós|meu|minha|io|noi|mio|ik|wij|mijn|ons)(?!\p{L})/iu;

function narration(ideas: Ideas, language: Language) {
  const prose = ideas.sentences.filter((sentence) => sentence.from === "paragraph" && !sentence.traits.code);
  const past = PAST[language];
  if (prose.length < 12 || !past) return { person: 0, past: 0 };
  return {
    person: PRO_DROP.has(language) ? 1 : prose.filter((sentence) => FIRST_PERSON.test(sentence.text)).length / prose.length,
    past: prose.filter((sentence) => past.test(sentence.text)).length / prose.length,
  };
}

/** Told in the past, in the first person: the week keeps the article's order, or its ending would come before its turn. */
export function isNarrative(ideas: Ideas, language: Language): boolean {
  const { person, past } = narration(ideas, language);
  return person >= 0.35 && past >= 0.45;
}

/** A first-person story without sections (a founder's account): one post a stage, no teaser, in order. */
export function isStory(ideas: Ideas, language: Language): boolean {
  const headings = ideas.sections.filter((section) => section.heading !== undefined).length;
  return headings <= 2 && isNarrative(ideas, language);
}

/** The sentence where the story turns, if the article marks one. */
export function turningPoint(ideas: Ideas): Sentence | undefined {
  const middle = ideas.sentences.filter((sentence) => sentence.id > ideas.sentences.length * 0.25 && sentence.id < ideas.sentences.length * 0.85);
  return middle.find((sentence) => TURN.test(sentence.text) && !sentence.traits.code);
}

/**
 * A heading that can open a post is a claim of its own: four words or more with a verb or a
 * figure in them ("The demo project made things worse", "41% of people never uploaded
 * anything"), or a question. "My friend", "Le contexte" or "What to do instead" point elsewhere.
 */
export function headingOpens(heading: string): boolean {
  if (heading.length > HOOK_CHARS) return false;
  if (/[?؟]$/.test(heading)) return countWords(heading) >= 3;
  if (countWords(heading) < 4 || /\b(?:instead|context|contexte|kontext|contexto|along the way|and more|overview|introduction|summary)\b/i.test(heading))
    return false;
  // "What went well", "How it works": a question word without a question mark labels a section.
  if (
    /^(?:what|how|why|where|when|who|which|was|wie|warum|wo|wann|wer|ce que|ce qu['’]|comment|pourquoi|qué|cómo|por qué|o que|como|por que|wat|hoe|waarom)(?![\p{L}])/iu.test(
      heading,
    ) &&
    !/(?<![#\d])\d/.test(heading)
  )
    return false;
  // "Agosto: a virada", "Month 3 (November): The recall post": a label in front makes it a label.
  if (/^[^:]{1,30}:\s/u.test(heading)) return false;
  // A list of what the page covers ("Germination results, potatoes, and the Kingsland seed swap": round 35's newsletter
  // subject line opened its week) names topics, whatever word in it looks like a verb.
  if (/^[^,;:]{3,60},\s[^,;:]{3,60},?\s(?:and|&|und|et|y|e)\s[^,;:]{3,60}$/u.test(heading) && !/\s(?:is|are|was|were|has|have|had|did)\s/iu.test(heading))
    return false;
  // Advice said as a contrast opens whatever its verb ("Price with margin, not markup").
  if (/^\p{Lu}\p{Ll}+\s[^,:]{2,40},\s(?:not|never|pas|nicht|no)\s[^,:]{2,40}$/u.test(heading)) return true;
  // A claim: a verb and enough words to say something ("41% of people never uploaded anything"); a figure
  // alone ("Three hundred and twelve questions") names a section.
  return countWords(heading) >= 5 && (VERB.test(heading) || (/\d/.test(heading) && FINDING.test(heading)));
}

/** A heading that states a finding in a verb ("Customers think we cost 2.3x", "Churn fell 40%"), not a noun phrase with a figure. */
const FINDING =
  /(?<![\p{L}])(?:is|are|was|were|has|have|had|did|made|got|went|took|became|fell|rose|grew|\p{Ll}{2,}ed|think|thinks|cost|costs|pay|pays|beat|beats|drive|drives|double|doubles|halve|halves|predict|predicts|win|wins|lose|loses|grow|grows|buy|buys|want|wants|need|needs|matter|matters)(?![\p{L}])/u;

/**
 * The last resort before a paste is refused: a part whose first line leans back ("Reaching 20 people also
 * means...") can still make a post when it opens on its "So"-less first line or on a line further in.
 */
function opensLater(paragraphs: Paragraph[]): boolean {
  const first = paragraphs[0]!.sentences[0]!;
  if (opensAfterConnective(first)) return true;
  return paragraphs.some(
    (paragraph) => !paragraph.list && paragraph.sentences.some((sentence) => sentence !== first && opensPost(sentence) && standsAlone(sentence)),
  );
}

/** "So we're changing how we sell." opens once its "So" goes (asHook drops it). */
function opensAfterConnective(sentence: Sentence): boolean {
  const rest = stripConnective(sentence.text);
  return rest !== sentence.text && !traitsOf(rest).dangling && opensPost({ ...sentence, text: rest, traits: { ...sentence.traits, dangling: false } });
}

/** How a sentence can open a post: whole, about the subject, no leaning back, not a label. */
/**
 * "Then our head of customer success, Amara Chukwu, asked me a simple question." leans back only by its "Then": without
 * it (asHook drops it) the line opens a post. A round-12 story of 362 words was refused for want of that cut.
 */
function opensWithoutConnective(sentence: Sentence | undefined): sentence is Sentence {
  if (!sentence?.traits.dangling) return false;
  const stripped = stripConnective(sentence.text);
  return stripped !== sentence.text && !DANGLING.test(stripped) && opensPost({ ...sentence, text: stripped, traits: { ...sentence.traits, dangling: false } });
}

/** A heading that asks without its question mark: "What changes for existing monthly customers", "Why we built it". */
const ASKS =
  /^(?:what|who|which)\s+(?:\p{L}+s|is|are|was|were|do|does|did|can|will|should|happened|changed)\b|^(?:why|how|when|where)\s+(?:is|are|was|were|do|does|did|can|should|will|much|many|long)\b|^(?:is|are|do|does|can|should|will)\s/iu;
/** A line that only makes sense as the answer to a question: "Nothing, for at least 12 months.", "The honest answer is that...". */
const ANSWERS = /^(?:nothing|none|yes|no|not (?:yet|much|really)|everything|all of it|very little)\b|^the (?:honest |short |simple |real )?answer\b/iu;

/** The passage opens its section under a heading that asks, and its first line answers it. */
function impliedQuestion(passage: Passage, first: Sentence | undefined): boolean {
  return (
    passage.firstInSection &&
    passage.topic !== undefined &&
    ASKS.test(passage.topic) &&
    // "Why we are doing this", "What we changed" name a section; "What changes for existing customers" asks.
    !/^\p{L}+\s+(?:we|i|you|they|it|he|she|our|my|their)\b/iu.test(passage.topic) &&
    !/[?؟]$/.test(passage.topic) &&
    countWords(passage.topic) <= 12 &&
    first !== undefined &&
    ANSWERS.test(first.text)
  );
}

/** A short line that opens on an -ing word ("Treating it as...", "Only interviewing losses."). */
const FINITE =
  /\b(?:is|are|was|were|has|have|had|does|did|can|will|would|should|must|may|might|gets|makes|means|matters|works|costs|pays|kills|beats|wins)\b/iu;
const GERUND_LABEL = /^(?:(?:Only|Not|Never|Always|Over|Under)\s+)?\p{Lu}?\p{Ll}+ing\b(?:\s+\S+){0,7}[.!]?$/u;

function opensPost(sentence: Sentence | undefined, introducesList = false): sentence is Sentence {
  if (!sentence) return false;
  const { traits } = sentence;
  // A lead-in opens a post only when its list comes right after it ("What's worked for me:" → the list).
  if (traits.meta || (traits.leadIn && !introducesList) || traits.dangling || traits.question || traits.code || traits.broken) return false;
  // "Who: Greg, hired in 2020" or "Cost: $310,000" is a label line; "My guess at why: ..." is a sentence.
  // Three words make an opening ("Mid-market is working."); fewer are a fragment.
  if ((/^[\p{L}'’]+(?:\s[\p{L}'’]+)?:\s/u.test(sentence.text) && withoutLabel(sentence.text) === sentence.text) || sentence.words < 3) return false;
  // "Treating it as a save attempt.", "Only interviewing losses.": a mistake's or a step's label, with no verb of its own.
  if (GERUND_LABEL.test(sentence.text) && !FINITE.test(sentence.text)) return false;
  // A price list's small print opens nothing ("Labour... is charged at our standard workshop rate of £40 an hour").
  if (FINE_PRINT.test(sentence.text)) return false;
  // "In the first three months she made 412 calls.": a he or she in a sentence that names no one is someone the post
  // never met (round 23). "Before she started a company, Adaeze Nwosu spent..." names her.
  // (Spanish "he visto", "he aprendido" is "I have".)
  if (
    /(?<![\p{L}])(?:she|he(?!\s\p{L}+(?:ado|ido|isto|echo|icho|uesto|ierto|elto)(?![\p{L}])))(?![\p{L}])/iu.test(sentence.text) &&
    !/(?<=\S\s)\p{Lu}\p{Ll}+/u.test(sentence.text)
  )
    return false;
  return asHook(sentence.text) !== undefined;
}

/**
 * A line in the passage that opens it better than its own first line or its heading: one that
 * stands alone and hits clearly harder. Stories keep their first line when it can open (the
 * order is the story), unless the passage starts on a heading or a label.
 */
function strongerLine(passage: Passage, first: Sentence | undefined, story: boolean, always = false): Sentence | undefined {
  const prose = passage.paragraphs.filter((paragraph) => !paragraph.list).flatMap((paragraph) => paragraph.sentences);
  // A quoted template or a line that names something the passage set up before it ("...a link at the bottom, and it's
  // driven 140 sign-ups to the report") stays where it is: moved up, it is a stranger's line or points at nothing.
  // ...never an item of a run ("Second, every wet room gets a flood test..."): moved up, it left "First," and "Third," a
  // step apart under "Three things." (round 33's interview).
  const best = bestOpening(
    prose.filter(
      (sentence, index) =>
        !quotesSomeoneElse(sentence, prose) &&
        !refersBack(sentence, prose.slice(0, index)) &&
        ordinalRank(sentence.text) === -1 &&
        !FINE_PRINT.test(sentence.text),
    ),
  );
  if (!best || best === first || punch(best) < 3) return undefined;
  // Only a passage that cannot open on its own first line (a heading, a label, a line that leans back)
  // opens on a line from its middle: a reader found posts reordered for a punchier line harder to follow.
  const firstOpens = opensPost(first) && standsAlone(first!);
  return always || !(firstOpens || story) ? best : undefined;
}

/**
 * A price list's small print: "Labour for anything beyond a service... is charged at our standard workshop rate of £40 an
 * hour, less 10%." (round 44's launch post opened on it), "All plans run for a minimum of 12 months.". Never a hook.
 */
const FINE_PRINT =
  /(?<![\p{L}])(?:(?:is|are) charged at|(?:is|are) not included|(?:run|runs) for a minimum of|minimum (?:term|contract) of|subject to (?:availability|survey|our)|terms and conditions|T&Cs? apply|excluding VAT|exc(?:l)?\.? VAT)(?![\p{L}])/iu;

/**
 * "Two of them churned...", "They stayed.": a line that counts or names what the line before it introduced. "The median
 * was €62,000." after "I looked at what a single failed pharma shipment costs our customers." states that analysis's
 * figure (round 22's podcast moved the analysis up and left the median after the company's burn).
 */
export const COUNTS_BACK =
  /^(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|half|most|some|all|none|both|each|many|few|\d+) of (?:them|those|these|it)|they|it|these|those|the (?:median|average|mean|total|answer|result|range|typical (?:one|figure|cost)) (?:was|is|came (?:to|out at)|were)\b)\b/iu;

/** A line of a quoted email or script ("Here's the template we give clients:" / "> Hi Sam, ..."), not the author's pull quote. */
function quotesSomeoneElse(sentence: Sentence, prose: Sentence[]): boolean {
  if (sentence.from !== "quote") return false;
  const start = prose.findIndex((each) => each.blockId === sentence.blockId);
  const opening = prose[start];
  return (opening !== undefined && /^(?:hi|hello|hey|dear|bonjour|hallo|hola)\b/iu.test(opening.text)) || (start > 0 && /:\s*$/.test(prose[start - 1]!.text));
}

/**
 * "that booth", "these accounts", "at the bottom": a demonstrative whose noun an earlier line of the passage introduced,
 * or a place that only the thing before it has.
 */
function refersBack(sentence: Sentence, before: Sentence[]): boolean {
  if (before.length === 0) return false;
  const text = sentence.text.toLowerCase();
  if (/(?<![\p{L}])the (?:bottom|top|middle|rest|former|latter|remainder)(?![\p{L}])/u.test(text)) return true;
  const earlier = new Set(before.flatMap((each) => each.text.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
  const pointed = [...text.matchAll(/(?<![\p{L}])(?:that|this|these|those)\s+(\p{L}{4,})/gu)].map((match) => match[1]!);
  // ...and a sentence that opens on "the" and a thing the lines before it named ("The leisure centres could offer lane
  // hire..." after "Four were council leisure centres": round 29 moved it above the list it came from).
  const opening = /^the\s+(\p{L}{4,})(?:\s+(\p{L}{4,}))?/u.exec(text);
  const named = opening ? [opening[1]!, ...(opening[2] ? [opening[2]] : [])] : [];
  return [...pointed, ...named].some((word) => earlier.has(word) || earlier.has(word.replace(/s$/u, "")));
}

/** A paragraph that is only a label line ("Who: Greg, hired in March 2020"), which reads as a form once the heading is gone. */
const isLabelOnly = (paragraph: Paragraph) => paragraph.sentences.length === 1 && /^Who\s?:\s/u.test(paragraph.sentences[0]!.text);

/** Counts for the explanation and the ranking, measured on the passage. */
function measure(paragraphs: Paragraph[]) {
  const sentences = paragraphs.flatMap((paragraph) => paragraph.sentences);
  const listItems = paragraphs
    .filter((paragraph) => paragraph.list)
    .reduce((sum, paragraph) => sum + paragraph.sentences.filter((sentence) => sentence.indexInBlock === 0).length, 0);
  return {
    sentences,
    figures: sentences.filter((sentence) => sentence.traits.numbers >= 2.5).length,
    numbers: sentences.reduce((sum, sentence) => sum + Math.min(sentence.traits.numbers, 4), 0),
    story: sentences.reduce((sum, sentence) => sum + Math.min(sentence.traits.story, 3), 0) / Math.max(1, sentences.length),
    // Told in the first person and the past: "I hired", "we signed", "she resigned".
    told:
      sentences.filter((sentence) => /\b(?:I|we|my|our)\b/i.test(sentence.text) && /\b(?:was|were|had|did|\w{3,}ed)\b/i.test(sentence.text)).length /
      Math.max(1, sentences.length),
    claims: sentences.reduce((sum, sentence) => sum + sentence.traits.claim, 0),
    imperatives: sentences.filter((sentence) => sentence.traits.imperative).length,
    listItems,
    ordered: paragraphs.some((paragraph) => paragraph.list && paragraph.ordered),
  };
}

/** The passage as a post: its opening line, its kind and its strength; undefined when it cannot open. */
/**
 * A section that is only a list under a label ("THREE LESSONS", then "1. Ask customers what they think they pay...")
 * has no line of its own to open on: the article's title opens it, and the label, as a lead-in, introduces the
 * list ("We asked 600 customers what they think we cost. They were wrong by more than double." / "Three lessons:").
 * Only the article's words, in a post that says what the list is about.
 */
export function titledList(passage: Passage, title: string | undefined): Passage | undefined {
  if (!title || !passage.topic) return undefined;
  // Options or lessons written as ranked paragraphs ("1. Keep per-seat...", "2. Usage-based...") are a list too.
  const ranked = ranksInProse(passage);
  if (!ranked && passage.paragraphs.some((paragraph) => !paragraph.list)) return undefined;
  // A title in two sentences ("We're dropping per-seat pricing. Here's what we replaced it with") keeps its claim.
  if (ranked) title = title.split(/(?<=[.!])\s+(?=\p{Lu})/u)[0]!.replace(/[^.!?]$/, "$&.");
  const items = ranked ? 2 : passage.paragraphs.flatMap((paragraph) => paragraph.sentences).filter((sentence) => sentence.indexInBlock === 0).length;
  // The title must read as a claim ("We asked 600 customers..."), not a label ("Introducing X: ...", "How to ...").
  // (A first-person title sentence reads as a claim even without a listed verb: "We're dropping per-seat pricing.")
  const claim = headingOpens(title) || (ranked && countWords(title) >= 4 && /^(?:we|I)(?:['’](?:re|ve|m|ll))?\s/iu.test(title));
  if (items < 2 || !claim || countWords(passage.topic) > 6) return undefined;
  const anchor = passage.paragraphs[0]!.sentences[0]!;
  const label = /\p{Ll}/u.test(passage.topic) ? passage.topic : passage.topic.charAt(0) + passage.topic.slice(1).toLowerCase();
  // Just before the list, so the post keeps its place in the article's order.
  const line = (text: string, before: number): Sentence => lineBeside(anchor, text, anchor.id - before);
  const opening = [line(title, 0.2), line(`${label.replace(/[.:]$/, "")}:`, 0.1)].map((sentence) => ({ list: false, ordered: false, sentences: [sentence] }));
  return {
    ...passage,
    paragraphs: [...opening, ...passage.paragraphs],
    words: passage.words + opening.reduce((sum, paragraph) => sum + paragraph.sentences[0]!.words, 0),
  };
}

/**
 * A section that is only a list ("What I do differently now": five bold rules, each explained) opens on its first
 * item when that reads as a claim on its own: the item's explanation follows, then the other items as a list. Round
 * 11's readers found such lists, an article's most saveable part, never posted (no line of prose could open them).
 */
export function listOpensOnItem(passage: Passage): Passage | undefined {
  if (passage.paragraphs.some((paragraph) => !paragraph.list)) return undefined;
  const sentences = passage.paragraphs.flatMap((paragraph) => paragraph.sentences);
  const items = sentences.filter((sentence) => sentence.indexInBlock === 0);
  const first = items[0];
  if (items.length < 3 || !first || !standsAlone(first) || asHook(first.text) === undefined) return undefined;
  const own = sentences.filter((sentence) => sentence.blockId === first.blockId).map((sentence) => ({ ...sentence, from: "paragraph" as const }));
  const others = sentences.filter((sentence) => sentence.blockId !== first.blockId);
  // The other items lose their numbers: "1." went to the top, and "2." opening the list would count from nothing.
  return {
    ...passage,
    paragraphs: [
      { list: false, ordered: false, sentences: own },
      { list: true, ordered: false, sentences: others },
    ],
  };
}

/**
 * A section's first line that says more than its heading: readers scored heading hooks 3 ("Pin down the facts before you
 * open a spreadsheet", "Aller demander à ceux qui sont partis") where the line under them ("J'ai appelé moi-même les
 * vingt-deux conducteurs partis.") was the post's moment. Only a heading that is no claim of its own.
 */
const strongFirst = (sentence: Sentence, heading: string) => {
  if (/[.!]$/u.test(heading.trim()) || /\d/u.test(heading) || sentence.words < 6 || sentence.traits.imperative || sentence.score < 3) return false;
  // A label ("The hire that looked obvious", "Ce qui s'est vraiment passé") says less than any line under it.
  if (LABEL_HEADING.test(heading)) return true;
  // A step ("Aller demander à ceux qui sont partis") gives way to what the author did or counted, never to a general
  // remark, and a step said as a contrast ("Reconstruct the decision as a timeline, not a list of opinions") stays.
  const step =
    traitsOf(`${heading}.`).imperative ||
    (/^\p{Lu}\p{Ll}+(?:er|ir|re)\s\p{Ll}/u.test(heading) && /(?<![\p{L}])(?:à|au|aux|des|du|ceux|celles|qui|pour|avec|sans)(?![\p{L}])/u.test(heading));
  return step && !/,\s(?:not|pas|nicht)\s/u.test(heading) && (sentence.traits.numbers > 0 || FIRST_PERSON_DID.test(sentence.text));
};

/** A heading that names a moment or a thing: "The call I almost didn't take", "Ce qui s'est vraiment passé". */
const LABEL_HEADING =
  /^(?:the|a|an|le|la|les|un|une|der|die|das|ein|eine)\s(?:[\p{L}-]+\s){0,2}?[\p{L}-]+\s(?:that|who|which|where|when|I|we|everyone|nobody|où|que|qui|dont)(?![\p{L}'’])|^(?:ce qui|ce que|what|how|why|was|wie|warum)\s/iu;

/** The author telling what they did: "J'ai appelé moi-même...", "Our first pitch deck said...", "We met on October 5". */
const FIRST_PERSON_DID = /^(?:I|We|Our|My|J['’]ai|Nous avons|Notre|Ich habe|Wir haben|Unser\p{L}*)\s/u;

/** The paragraphs without one of their lines (the line that moved up to open the post), and without any left empty. */
const without = (paragraphs: Paragraph[], line: Sentence): Paragraph[] =>
  paragraphs
    .map((paragraph) => ({ ...paragraph, sentences: paragraph.sentences.filter((sentence) => sentence !== line) }))
    .filter((paragraph) => paragraph.sentences.length > 0);

/**
 * A list whose heading says what its items are ("Common mistakes") keeps it over them once a line from elsewhere opens
 * the post: round 29's "→ Pricing by what you'd feel comfortable saying out loud." read as advice without it.
 */
function withListLabel(body: Paragraph[], passage: Passage): Paragraph[] {
  const listAt = body.findIndex((paragraph) => paragraph.list);
  if (!passage.topic || !NEGATIVE_LIST.test(passage.topic) || listAt === -1 || !passage.paragraphs[0]?.list) return body;
  const anchor = body[listAt]!.sentences[0]!;
  const label: Paragraph = { list: false, ordered: false, sentences: [lineBeside(anchor, `${passage.topic.replace(/[.:]$/u, "")}:`, anchor.id - 0.5)] };
  return [...body.slice(0, listAt), label, ...body.slice(listAt)];
}

/** A heading that turns its items into things not to do: "Common mistakes", "What not to do", "Pitfalls", "Fehler". */
const NEGATIVE_LIST =
  /(?<![\p{L}])(?:mistakes?|pitfalls?|what not to do|don['’]?ts|red flags|myths?|traps?|errors?|anti-?patterns?|fehler|erreurs?|errores|errori|fouten)(?![\p{L}])/iu;

/**
 * The list item that states a result best: an item's first line with its figure, a subject of its own (a noun or a
 * number, never a pronoun) and six words or more ("74% of clients now rebook at checkout, up from about 45%.").
 */
function resultItem(passage: Passage, first: Sentence | undefined): Sentence | undefined {
  const items = passage.paragraphs.filter((paragraph) => paragraph.list).flatMap((paragraph) => paragraph.sentences);
  if (items.filter((sentence) => sentence.indexInBlock === 0).length < 3) return undefined;
  return (
    items
      .filter(
        (sentence) =>
          sentence.indexInBlock === 0 &&
          sentence.traits.numbers >= 1 &&
          sentence.words >= 6 &&
          !sentence.traits.imperative &&
          CHANGE.test(sentence.text) &&
          /[.!]$/u.test(sentence.text) &&
          !/^(?:it|its|they|their|this|that|these|those|he|she)(?![\p{L}])/iu.test(sentence.text) &&
          // ("Tickets de support par établissement : en baisse de 18 %" is a label and its figure.)
          !/^[^:.!?]{1,60}\s?:\s/u.test(sentence.text) &&
          asHook(sentence.text) !== undefined,
      )
      .sort((a, b) => b.score - a.score || a.id - b.id)
      // ...and clearly stronger than the line that opens the list.
      .find((sentence) => sentence.score >= 3.5 && (first === undefined || sentence.score >= first.score + 1))
  );
}

const askedAlone = (question: string) => {
  const rest = question.replace(/^(?:and|so|but|und|also|et|alors|mais|y|e)\s+(?=\p{L})/iu, "");
  // (Only the question a results section answers: "So what am I changing?" still opens on its section's own line.)
  return rest === question || !ASKS_RESULT.test(rest) ? question : rest.charAt(0).toUpperCase() + rest.slice(1);
};
const ASKS_RESULT = /(?<![\p{L}])(?:herausgekommen|did it work|what happened|how did it (?:go|turn out)|was it worth it|ça a donné|le résultat)(?![\p{L}])/iu;

/** A result said as a change: "down from 7.8% to 2.9%", "up $31", "fell from 5 days to 2". */
const CHANGE =
  /(?<![\p{L}])(?:up|down|fell|rose|from|increased|decreased|dropped|grew|cut|saved|doubled|halved|went|en (?:baisse|hausse)|gestiegen|gesunken|von)(?![\p{L}])/iu;

export const BARE_REPLY = /^(?:Yes|Yeah|Yep|No|Nope|Exactly|Right|Absolutely|Definitely|Sure|Correct|Totally|Ja|Genau|Oui|Exactement|Sí|Sim)[.!]$/u;

/** The author on why they write: "I'm writing this because...", "I want to share what we learned". */
export const FRAMES_ARTICLE =
  /^(?:I['’]m|I am|we['’]re|we are) (?:writing|sharing|telling|posting) (?:this|it|the story)\b|^I (?:want|wanted) to (?:share|tell|write|explain)\b|^(?:this|that) is why I['’]m (?:writing|sharing)\b|^so (?:here['’]s|I['’]m going to|let me)\b|^(?:je l['’]écris|j['’]écris ce|ich schreibe das|escribo esto)\b/iu;

/** "2. Usage-based pricing...", "Lesson three: ...": a paragraph that continues a ranked run started before it. */
const continuesRanks = (paragraph: Paragraph) => {
  const text = paragraph.list ? "" : (paragraph.sentences[0]?.text ?? "");
  return /^(?:[2-9]|1\d)\.\s/.test(text) || (RANKED_PARAGRAPH.test(text) && !/^\S+\s+(?:1|one|un|une|eins|uno)\b/iu.test(text));
};

/** A line moved up out of a ranked paragraph leaves its rank behind with a sentence that leaned on it ("We've paused it."). */
const ranksInProse = (passage: Passage) =>
  passage.paragraphs.filter(
    (paragraph) => !paragraph.list && (RANKED_PARAGRAPH.test(paragraph.sentences[0]?.text ?? "") || /^\d{1,2}\.\s/.test(paragraph.sentences[0]?.text ?? "")),
  ).length >= 2;

export function toCandidate(passage: Passage, options: { story: boolean; narrative?: boolean; moveBest?: boolean | "always" }): Candidate | undefined {
  const first = passage.paragraphs[0]!;
  const firstSentence = first.list ? undefined : first.sentences[0];
  // A question heading asks on its own without the "And" that tied it to the section before ("Und was ist dabei
  // herausgekommen?", round 44's results, which were in no post).
  const topic = passage.topic && /[?؟]$/u.test(passage.topic) ? askedAlone(passage.topic) : passage.topic;
  const topicHook =
    topic && (headingOpens(topic) || (passage.claimHeading && !/^[^:]{1,30}:\s/u.test(topic) && topic.length <= HOOK_CHARS)) ? topic : undefined;
  let hook: string | undefined;
  let best: Sentence | undefined;
  let hookFrom: Candidate["hookFrom"] = "sentence";
  let body = passage.paragraphs;
  const answered =
    firstSentence?.traits.question &&
    !firstSentence.traits.meta &&
    firstSentence.text.length <= HOOK_CHARS &&
    passage.paragraphs.flatMap((paragraph) => paragraph.sentences).length >= 3;
  // An interview's question ("How has it changed?") is the interviewer's line, not the author's claim:
  // a strong answer opens the post when there is one, and the question goes.
  const asked = (topicHook && /[?؟]$/.test(topicHook)) || answered;
  // ...unless the answer starts by leaning on the question ("Because I asked them..."): then the question stays.
  const replyOpens = passage.paragraphs.flatMap((paragraph) => paragraph.sentences).find((sentence) => sentence !== firstSentence || !answered);
  const answer =
    asked &&
    options.moveBest !== false &&
    replyOpens &&
    !replyOpens.traits.dangling &&
    !/^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?:\s*(?:Because|Yes|No|Well|So|That|It)\b/u.test(replyOpens.text)
      ? strongerLine(passage, undefined, false)
      : undefined;
  // A list of results under a heading that names none ("What happened": "It's been five months, so these are early
  // numbers... / - Revenue up 14% on the same five months last year, with exactly the same team.") opens on its strongest
  // result: round 28's payoff, the article's best material, was in no post.
  const result =
    !topicHook && passage.firstInSection && passage.paragraphs.filter((paragraph) => !paragraph.list).length <= 1
      ? resultItem(passage, firstSentence)
      : undefined;
  if (impliedQuestion(passage, firstSentence)) {
    // "WHAT CHANGES FOR EXISTING MONTHLY CUSTOMERS" over "Nothing, for at least 12 months.": the heading is the question
    // its first line answers, so it opens the post as one, and the answer follows in order.
    hook = `${topic}?`;
    hookFrom = "heading";
  } else if (
    topicHook &&
    passage.firstInSection &&
    !/[?؟]$/.test(topicHook) &&
    // A heading written as a sentence states the section's finding: it opens, whatever the first line.
    (passage.claimHeading || (/\d/.test(topicHook) && FINDING.test(topicHook) && !opensPost(firstSentence, leadsList(passage.paragraphs, 0))))
  ) {
    // A heading that makes a claim with a figure ("Customers think we cost 2.3x what they pay") opens a section
    // whose own first line cannot: better than a line moved up from the middle, whose neighbours it leaves behind.
    hook = passage.claimHeading ? `${topicHook}.` : topicHook;
    hookFrom = "heading";
  } else if (firstSentence && ranksInProse(passage) && RANKED_PARAGRAPH.test(firstSentence.text) && firstSentence.text.length <= HOOK_CHARS) {
    // "Lesson one: watch behaviour, not revenue." opens the lessons as "Watch behaviour, not revenue."; the others keep their rank.
    const claim = firstSentence.text.replace(RANKED_PARAGRAPH, "").trim();
    hook = claim.charAt(0).toUpperCase() + claim.slice(1);
    body = [{ ...first, sentences: first.sentences.slice(1) }, ...passage.paragraphs.slice(1)].filter((paragraph) => paragraph.sentences.length > 0);
  } else if (answer) {
    best = answer;
    hook = asHook(answer.text)!;
    body = passage.paragraphs
      .map((paragraph) => ({
        ...paragraph,
        sentences: paragraph.sentences.filter((sentence) => sentence !== answer && !(sentence === firstSentence && answered)),
      }))
      .filter((paragraph) => paragraph.sentences.length > 0 && !isLabelOnly(paragraph));
  } else if (topicHook && /[?؟]$/.test(topicHook)) {
    hook = topicHook;
    hookFrom = "heading";
  } else if (answered) {
    // A question the passage goes on to answer is the best opening there is.
    hook = firstSentence.text;
    body = [{ ...first, sentences: first.sentences.slice(1) }, ...passage.paragraphs.slice(1)].filter((paragraph) => paragraph.sentences.length > 0);
  } else if (
    options.moveBest !== false &&
    !ranksInProse(passage) &&
    // biome-ignore lint/suspicious/noAssignInExpressions: looks for the best line only when the branches above did not apply, and keeps it for this one
    (best = strongerLine(passage, firstSentence, options.story, options.moveBest === "always")) !== undefined
  ) {
    // The passage's best line sits in its middle (under a heading, a "Who:" label or a side remark): it opens the post,
    // and a line that leans on it comes up with it.
    hook = asHook(best.text)!;
    const follower = passage.paragraphs
      .flatMap((paragraph) => paragraph.sentences)
      .find(
        (sentence) =>
          sentence.id === best!.id + 1 &&
          sentence.blockId === best!.blockId &&
          (sentence.traits.dangling || COUNTS_BACK.test(sentence.text)) &&
          ordinalRank(sentence.text) === -1,
      );
    // A short link that led into the moved line ("So I kept doing it.") points at nothing once it has gone.
    const lead = passage.paragraphs
      .flatMap((paragraph) => paragraph.sentences)
      .find(
        (sentence) =>
          sentence.id === best!.id - 1 &&
          sentence.blockId === best!.blockId &&
          sentence.words <= 6 &&
          /^(?:so|and|but|then)\b(?:\s+\S+){0,4}\s+(?:it|that|this|them)[.!]$/iu.test(sentence.text),
      );
    const rest = passage.paragraphs
      .map((paragraph) => ({
        ...paragraph,
        sentences: paragraph.sentences.filter((sentence) => sentence !== best && sentence !== follower && sentence !== lead),
      }))
      .filter((paragraph) => paragraph.sentences.length > 0);
    body = [...(follower ? [{ list: false, ordered: false, sentences: [follower] }] : []), ...rest.filter((paragraph) => !isLabelOnly(paragraph))];
    body = withListLabel(body, passage);
  } else if (result !== undefined) {
    hook = asHook(result.text)!;
    body = without(passage.paragraphs, result);
  } else if (
    (opensPost(firstSentence, leadsList(passage.paragraphs, 0)) || opensWithoutConnective(firstSentence)) &&
    (!topicHook || !passage.firstInSection || passage.id === 0 || firstSentence.traits.leadIn || strongFirst(firstSentence, topicHook))
  ) {
    // The article's own first sentence opens the week better than its title, which the link already shows.
    // A heading that is a claim ("I stopped sending PDF proposals and my close rate went up") opens its section's post,
    // unless the first sentence is stronger still.
    hook = asHook(firstSentence.text)!;
    body = [{ ...first, sentences: first.sentences.slice(1) }, ...passage.paragraphs.slice(1)].filter((paragraph) => paragraph.sentences.length > 0);
  } else if (topicHook && passage.firstInSection) {
    hook = topicHook;
    hookFrom = "heading";
  } else if (!options.story && passage.firstInSection) {
    // No opening in place: the passage's strongest line opens it, if one can.
    const opener = passage.paragraphs
      .flatMap((paragraph) => (paragraph.list ? [] : paragraph.sentences))
      .filter((sentence) => opensPost(sentence))
      .sort((a, b) => b.score - a.score)[0];
    if (!opener || opener.score < 2.5) return undefined;
    hook = asHook(opener.text)!;
    // A line that leans on the opener comes up with it ("In that order, before lunch." after "...ring HMRC, ring a
    // solicitor, and ring your customers.": round 34 left it under a list).
    // (Short lines that finish it, one after another: a longer one is a thought of its own, often the closing line.)
    const lines = passage.paragraphs.flatMap((paragraph) => paragraph.sentences);
    const followers: Sentence[] = [];
    for (let at = lines.indexOf(opener) + 1; at > 0 && at < lines.length; at++) {
      const next = lines[at]!;
      const finishes = next.blockId === opener.blockId && next.id === (followers.at(-1) ?? opener).id + 1 && next.words <= 6;
      if (!finishes || !(next.traits.dangling || followers.length > 0) || ordinalRank(next.text) !== -1) break;
      followers.push(next);
    }
    const rest = withListLabel(
      followers.reduce((paragraphs, follower) => without(paragraphs, follower), without(passage.paragraphs, opener)),
      passage,
    );
    body = followers.length > 0 ? [{ list: false, ordered: false, sentences: followers }, ...rest] : rest;
  }
  if (!hook) return undefined;
  // A heading that opens a post as a claim or an instruction is written as the sentence it is ("Write a two-page report, not a deck.").
  // ("The result that surprised us", "Der Moment, in dem es kippte" name a section: they stay as they are.)
  if (
    hookFrom === "heading" &&
    !/[.!?:…"”»)]$/u.test(hook) &&
    headingOpens(hook) &&
    countWords(hook) >= 4 &&
    /^\p{Lu}/u.test(hook) &&
    !/[[\]{}()=/_¶#<>|]/u.test(hook) &&
    !/^\p{L}+ing\s/u.test(hook) &&
    !/^(?:the|a|an|der|die|das|le|la|les|el|los|las|un|une|ein|eine|one|two|three|four|five)\s/iu.test(hook) &&
    !/(?<![\p{L}])(?:that|which|who|if|in dem|in der|qui|que|dont)(?![\p{L}])/iu.test(hook)
  )
    hook = `${hook}.`;
  // "Yes." or "Exactly." answering a question the post does not ask (an interviewer's turn that went, a line moved up).
  const flat = body.flatMap((paragraph) => paragraph.sentences);
  const unasked = new Set(flat.filter((sentence, index) => BARE_REPLY.test(sentence.text) && !/[?؟]$/.test((index > 0 ? flat[index - 1]!.text : hook).trim())));
  if (unasked.size > 0)
    body = body
      .map((paragraph) => ({ ...paragraph, sentences: paragraph.sentences.filter((sentence) => !unasked.has(sentence)) }))
      .filter((paragraph) => paragraph.sentences.length > 0);
  // ...nor on a heading left at its end ("Frequently asked questions", round 31's docs): it names what the post lacks.
  while (body.length > 1) {
    const end = body.at(-1)!;
    if (end.list || end.sentences.length !== 1 || /[.!?:…"”»)]$/u.test(end.sentences[0]!.text.trim()) || countWords(end.sentences[0]!.text) > 6) break;
    body = body.slice(0, -1);
  }
  // A post never ends on a line that points at the next one ("The comfortable story was wrong."): its payoff is elsewhere.
  // (Nor on the promise before it: "This is that method, with my own numbers in it. Yours will be different, but the
  // steps are the same.", round 40.)
  for (let tail = body.at(-1); ; tail = body.at(-1)) {
    if (
      !tail ||
      tail.list ||
      !TEASES.test(tail.sentences.at(-1)!.text.trim()) ||
      wordsOf(body.flatMap((paragraph) => paragraph.sentences)) - tail.sentences.at(-1)!.words < MIN_PASSAGE_WORDS
    )
      break;
    body = [...body.slice(0, -1), { ...tail, sentences: tail.sentences.slice(0, -1) }].filter((paragraph) => paragraph.sentences.length > 0);
  }
  // ...nor on the author saying why they are writing ("I'm writing this because a year later... Most of what saved us
  // was boring."): that paragraph frames the article, and the post before it already ends on its moment.
  const last = body.at(-1);
  if (
    last &&
    body.length > 1 &&
    !last.list &&
    FRAMES_ARTICLE.test(last.sentences[0]!.text) &&
    wordsOf(body.slice(0, -1).flatMap((paragraph) => paragraph.sentences)) + countWords(hook) >= MIN_PASSAGE_WORDS
  )
    body = body.slice(0, -1);
  const counts = measure(body);
  const role: Role = /[?؟]$/.test(hook)
    ? "question"
    : counts.figures >= 3 || counts.numbers >= 10
      ? "data"
      : counts.ordered && counts.listItems >= 3 && counts.imperatives >= 2
        ? "howto"
        : counts.listItems >= 3
          ? "value"
          : counts.imperatives >= 3
            ? "howto"
            : counts.story >= 1 || counts.told >= 0.5 || options.story
              ? "story"
              : "insight";
  const words = Math.min(passage.words, MAX_PASSAGE_WORDS);
  // Quotable figures and claims weigh more than length: a 60-word post with "2.5x faster" beats 240 words of background.
  const strength =
    words / 60 +
    0.8 * Math.min(6, counts.figures) +
    0.4 * Math.min(6, counts.claims) +
    (counts.listItems >= 3 ? 1.5 : 0) +
    (counts.story >= 1 || counts.told >= 0.35 ? 1 : 0) -
    (passage.words < 60 ? 1 : 0);
  const strengthReason =
    counts.figures >= 3
      ? `${counts.figures} figures from the article`
      : counts.listItems >= 3
        ? `a ${counts.listItems}-point list`
        : role === "story" && passage.words >= 120
          ? "a whole story, start to finish"
          : `${passage.words} words of the article's reasoning`;
  return { ...passage, hook, hookFrom, body, role, strength, strengthReason };
}
