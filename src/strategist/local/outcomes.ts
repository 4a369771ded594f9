import { ALL_STOP_WORDS, countWords, EN_MONTHS, type Language } from "../language";
import { type Candidate, type Paragraph, paragraphWords, passageIds } from "./candidate";
import { WHOLE_POST_WORDS } from "./choose-week";
import type { Ideas, Section, Sentence } from "./extract-ideas";
import { buildPassages, headingOpens, sentenceCase, toCandidate } from "./passages";

/**
 * A data post's findings, each told with what the author changed for it and what happened. Such articles set out their
 * findings as sections ("4. We had the wrong boats."), then one list of changes ("WHAT WE CHANGED FOR 2025") and one of
 * results ("THE RESULTS"). Rounds 33 to 35 posted the findings on Monday to Wednesday, the changes on Thursday and the
 * results on Friday, "so no post completes a loop"; the readers asked for "each finding with its change and its 2025
 * number". Changes pair with findings in the article's order, results only where the match is clear (pairs()), each
 * item once. Nothing is written that the article does not say: the lists keep their own headings as labels.
 */

/** A heading that labels a section rather than claiming something ("What I'd say to anyone...", "Method: ..."). */
export const LABELS =
  /^(?:what|how|why|where|when|who|which|was|wie|warum|ce que|comment|pourquoi)(?![\p{L}])|^[^:]{1,30}:\s|^(?:background|method|methodology|context|summary|conclusion|contexte|hintergrund|fazit)$/iu;

/** Money or a share is the headline result when the results say both: turnover first, then the rest. */
export const TAKINGS =
  /(?<![\p{L}])(?:turnover|revenue|sales|profit|margin|takings|ARR|MRR|chiffre d['’]affaires|marge|bénéfice|Umsatz|Gewinn|Marge)(?![\p{L}])/iu;

/** A list section of the article: its heading as a label and its items, each one or more sentences. */
type OutcomeList = { sectionId: number; label: string; items: Sentence[][]; sectionIds: number[] };
export type Outcomes = { changes: OutcomeList; results: OutcomeList | undefined };

export const CHANGED =
  /(?<![\p{L}])(?:what (?:we|I) (?:changed|did|do now|are doing)|(?:the )?changes(?: we made)?|ce que (?:nous avons|j['’]ai) (?:changé|fait)|was (?:wir|ich) (?:geändert|geändert haben|gemacht))(?![\p{L}])/iu;
export const RESULTS =
  /(?<![\p{L}])(?:the )?(?:results?|what happened|(?:six months|a year|(?:two|three|four|five) years) on|the numbers|where (?:we|things) (?:are|stand) (?:now|today)|did it work|résultats|le bilan|ergebnisse|bilanz|was ist dabei herausgekommen|wo wir heute stehen)(?![\p{L}])/iu;

/** The article's list of changes and, after it, its list of results, when both are lists of three items or more. */
export function outcomeLists(ideas: Ideas, language: Language): Outcomes | undefined {
  const listOf = (section: Section): OutcomeList | undefined => {
    // A long list is cut into parts (extract-ideas.ts, chunkLongSections): the parts after the first are its own.
    const parts = [section, ...ideas.sections.filter((part) => part.parentId === section.id && part.heading === undefined)];
    const sentences = parts.flatMap((part) => part.sentences);
    const items = itemsOf(sentences);
    // (Prose before the list makes it a section of prose; a remark after it, "Nobody complained about the £82 autumn
    // price...", is the author's comment on the list: round 40.)
    const firstItem = sentences.findIndex((sentence) => sentence.from === "item");
    const lead = firstItem === -1 ? sentences : sentences.slice(0, firstItem);
    if (!section.heading || items.length < 3 || lead.some((sentence) => sentence.from === "paragraph" && sentence.words > 25)) return undefined;
    return { sectionId: section.id, label: labelOf(section.heading, language), items, sectionIds: parts.map((part) => part.id) };
  };
  const changedAt = ideas.sections.findIndex((section) => section.heading !== undefined && CHANGED.test(section.heading) && listOf(section));
  if (changedAt === -1) return undefined;
  const changes = listOf(ideas.sections[changedAt]!)!;
  const resultSection = ideas.sections.slice(changedAt + 1).find((section) => section.heading !== undefined && RESULTS.test(section.heading));
  return { changes, results: resultSection ? listOf(resultSection) : undefined };
}

/** A list's items: the sentences of each list item, in order. */
function itemsOf(sentences: Sentence[]): Sentence[][] {
  const items = new Map<number, Sentence[]>();
  for (const sentence of sentences.filter((sentence) => sentence.from === "item"))
    items.set(sentence.blockId, [...(items.get(sentence.blockId) ?? []), sentence]);
  return [...items.values()];
}

/** "WHAT WE CHANGED FOR 2025" -> "What we changed for 2025:"; "What we changed, starting in February" -> "...February:". */
function labelOf(heading: string, language: Language): string {
  const plain = heading.replace(/[:.]\s*$/u, "").trim();
  // ("WHAT I CHANGED (from 1 February 2024)" is in capitals too: its note in brackets does not count.)
  const capitals = !/\p{Ll}/u.test(plain.replace(/\([^)]*\)/gu, ""));
  const written = capitals
    ? plain
        .toLowerCase()
        .replace(/(?<![\p{L}])i(?![\p{L}])/gu, "I")
        .replace(new RegExp(String.raw`(?<![\p{L}])(?:${EN_MONTHS})(?![\p{L}])`, "gu"), (month) => month.charAt(0).toUpperCase() + month.slice(1))
    : plain;
  // (French sets a space before the colon: "Ce que nous avons changé :".)
  return `${written.charAt(0).toUpperCase()}${written.slice(1)}${language === "fr" ? " :" : ":"}`;
}

/**
 * Words that say what a line is about: no stop word, cut to a stem ("cancelling" and "cancellations", "bag" and "bags").
 * Not rewrite.ts's keyWords(): a short item pairs on its three-letter words ("dry bag hire"), and every figure would
 * tie a result to each finding that has one.
 */
export function stems(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => !ALL_STOP_WORDS.has(word)).map((word) => word.replace(/s$/u, "").slice(0, 5)),
  );
}

/**
 * Each finding's item in a list, in the article's order: authors list their changes and results in the order of their
 * findings, so the pairs never cross ("the weather call" goes with the wind finding even where it shares as many words
 * with the no-show one). Among the pairings in order, the one whose pairs share the most words; a pair shares a word at
 * least. `findings` are the article's finding sections, in order.
 */
function pairs(
  findings: [number, Set<string>][],
  list: OutcomeList,
  least: number,
  inOrder = true,
  also = new Map<number, Set<string>>(),
): Map<number, Sentence[]> {
  const words = list.items.map((sentences) => stems(sentences.map((sentence) => sentence.text).join(" ")));
  // A word every finding uses ("members", "bookings") says nothing about which one an item answers: each shared word
  // counts one over the number of findings and items that use it.
  const uses = new Map<string, number>();
  for (const set of [...findings.map(([id, finding]) => new Set([...finding, ...(also.get(id) ?? [])])), ...words])
    for (const word of set) uses.set(word, (uses.get(word) ?? 0) + 1);
  const weight = (finding: Set<string>, item: Set<string>) => [...finding].filter((word) => item.has(word)).reduce((sum, word) => sum + 2 / uses.get(word)!, 0);
  // (Words of the change made for a finding count half: "27% of new members joined through Bring a Mate" names the
  // change, but "a day and a half a week" shares only small words with one.)
  const score = findings.map(([id, finding]) => {
    const change = new Set([...(also.get(id) ?? [])].filter((word) => !finding.has(word)));
    return words.map((item) => weight(finding, item) + weight(change, item) / 2);
  });
  if (!inOrder) return strongestPairs(findings, list, score, least);
  // best[a][b]: the most shared words pairing the first a findings with the first b items.
  const best = Array.from({ length: findings.length + 1 }, () => new Array<number>(words.length + 1).fill(0));
  for (let a = 1; a <= findings.length; a++)
    for (let b = 1; b <= words.length; b++) {
      const pair = score[a - 1]![b - 1]! >= least ? best[a - 1]![b - 1]! + score[a - 1]![b - 1]! : Number.NEGATIVE_INFINITY;
      best[a]![b] = Math.max(best[a - 1]![b]!, best[a]![b - 1]!, pair);
    }
  const out = new Map<number, Sentence[]>();
  for (let a = findings.length, b = words.length; a > 0 && b > 0; ) {
    if (best[a]![b] === best[a - 1]![b]) a--;
    else if (best[a]![b] === best[a]![b - 1]) b--;
    else {
      out.set(findings[a - 1]![0], list.items[b - 1]!);
      a--;
      b--;
    }
  }
  return out;
}

/**
 * Pairs where neither side has a close rival: the item is its finding's best by half as much again as the next, and the
 * finding the item's. Results are often listed by size, the total first (round 37's bookshop put "Thursday evenings
 * brought in £186, against £112 for the Wednesdays they replaced" second), not in the findings' order, and a result
 * told under the wrong finding would say something the article does not.
 */
function strongestPairs(findings: [number, Set<string>][], list: OutcomeList, score: number[][], least: number): Map<number, Sentence[]> {
  const clear = (values: number[], at: number) => {
    const others = values.filter((_, index) => index !== at);
    return values[at]! >= least && values[at]! >= CLEAR_MARGIN * Math.max(0, ...others);
  };
  const out = new Map<number, Sentence[]>();
  for (const [finding, row] of score.entries()) {
    const item = row.indexOf(Math.max(...row));
    const column = score.map((values) => values[item]!);
    if (item === -1 || !clear(row, item) || !clear(column, finding)) continue;
    out.set(findings[finding]![0], list.items[item]!);
  }
  return out;
}

/** How far a pair's words must outweigh the next best pair's to be told without a check: half as much again. */
export const CLEAR_MARGIN = 1.5;

/** The weighted words a finding and an item must share to pair: one word only they use counts 1. */
const LEAST_SHARED = 1;

/** Words a post that told a list needs to keep once its paired items are gone (below, it is a fragment). */
const MIN_REST_WORDS = 40;

/** A label line made from a list's heading: a sentence of the article's own, standing alone over its item. */
function labelParagraph(label: string, like: Sentence): Paragraph {
  return { list: false, ordered: false, sentences: [{ ...like, text: label, from: "paragraph", indexInBlock: 0, words: label.split(/\s+/u).length }] };
}

/** The finding section a post tells, when it tells one finding and nothing of the lists. */
function findingOf(candidate: Candidate, findingIds: Set<number>): number | undefined {
  const sections = new Set(candidate.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.sectionId)));
  const found = [...sections].filter((section) => findingIds.has(section));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The week with each finding post followed by its change and its result, and the posts that told the lists whole
 * replaced by findings the week left out (or dropped while five posts remain). The week is returned as it was when fewer
 * than two findings pair, or when it would fall under five posts.
 */
export function pairedOutcomes(week: Candidate[], ideas: Ideas, outcomes: Outcomes | undefined, narrative: boolean): Candidate[] {
  if (!outcomes) return week;
  const listIds = new Set([...outcomes.changes.sectionIds, ...(outcomes.results ? outcomes.results.sectionIds : [])]);
  // A finding is a section headed by its claim ("4. We had the wrong boats."), never a note on method ("How we measured
  // it") or the article's opening.
  // (A heading in capitals is read as it would be written: "NO ACCESS IS EXPENSIVE", round 40.)
  const claims = (heading: string) =>
    countWords(heading) >= 3 && (/[.!]$/u.test(heading) || headingOpens(sentenceCase(heading)) || (!/\p{Ll}/u.test(heading) && !LABELS.test(heading)));
  const findingSections = ideas.sections.filter(
    (section) =>
      section.id < outcomes.changes.sectionId &&
      section.heading !== undefined &&
      section.heading !== ideas.title &&
      claims(section.heading) &&
      !ideas.asides.has(section.id) &&
      section.sentences.length > 0,
  );
  const findings = findingSections.map((section): [number, Set<string>] => [
    section.id,
    stems(`${section.heading} ${section.sentences.map((sentence) => sentence.text).join(" ")}`),
  ]);
  const changeOf = pairs(findings, outcomes.changes, LEAST_SHARED);
  // ...and a result only when it says plainly which finding or change it answers ("27% of new members joined through
  // Bring a Mate" names the change, not the finding): a total ("Booked moves: 140") answers none.
  const changed = new Map(findings.map(([id]) => [id, stems((changeOf.get(id) ?? []).map((sentence) => sentence.text).join(" "))]));
  const resultOf = outcomes.results ? pairs(findings, outcomes.results, LEAST_SHARED * 1.5, false, changed) : new Map<number, Sentence[]>();
  const findingIds = new Set([...changeOf.keys()]);
  // A list of changes that answers the findings one by one pairs most of its items; one that describes something new
  // (a whole email sequence, round 12) pairs by chance, and stays its own post.
  if (findingIds.size < Math.max(2, Math.ceil(outcomes.changes.items.length / 2))) return week;
  const tellsList = (candidate: Candidate) => candidate.paragraphs.some((paragraph) => paragraph.sentences.some((sentence) => listIds.has(sentence.sectionId)));
  // A post that told a list keeps what no finding carries ("Total revenue: £186,400... Up 15%, with one fewer boat on
  // the water.", the headline), opening on the strongest of it; with nothing of its own left, it goes.
  const used = new Set([...changeOf.values(), ...resultOf.values()].flat().map((sentence) => sentence.id));
  const rest = (candidate: Candidate): Candidate | undefined => {
    const paragraphs = candidate.paragraphs
      .map((paragraph) => ({ ...paragraph, sentences: paragraph.sentences.filter((sentence) => !used.has(sentence.id)) }))
      // (A list's label, "The results (2025 season):", goes with the items it labelled.)
      .filter((paragraph) => paragraph.sentences.length > 0 && !(paragraph.sentences.length === 1 && /:$/u.test(paragraph.sentences[0]!.text)));
    const words = paragraphWords(paragraphs);
    if (!paragraphs.some((paragraph) => paragraph.list) || words < MIN_REST_WORDS) return undefined;
    // It opens on the takings left, said as a sentence ("Revenue for the six months was £66,900..."), or else the first
    // item (the total, most often), never the list's label ("What happened, comparing April to December 2024...", round 37) nor the line over
    // the list ("It's been five months, so these are early numbers").
    const list = paragraphs.findIndex((paragraph) => paragraph.list);
    const items = paragraphs[list]!.sentences.filter((sentence) => sentence.indexInBlock === 0);
    const lead = items.find((sentence) => TAKINGS.test(sentence.text) && !/^[^:]{1,40}:\s/u.test(sentence.text)) ?? paragraphs[list]!.sentences[0]!;
    const body = paragraphs
      .map((paragraph, index) =>
        index === list ? { ...paragraph, sentences: paragraph.sentences.filter((sentence) => sentence.blockId !== lead.blockId) } : paragraph,
      )
      .filter((paragraph) => paragraph.sentences.length > 0);
    const leadRest = paragraphs[list]!.sentences.filter((sentence) => sentence.blockId === lead.blockId).slice(1);
    const opening = leadRest.length > 0 ? [{ list: false, ordered: false, sentences: leadRest }] : [];
    return { ...candidate, paragraphs, words, hook: lead.text, hookFrom: "sentence", body: [...opening, ...body] };
  };
  const kept = week.filter((candidate) => !tellsList(candidate));
  const rests = week.filter(tellsList).flatMap((candidate) => rest(candidate) ?? []);
  // A finding too short to be a post alone ("Midweek mornings were nearly empty.", two lines) is one with its change and
  // its result: each paired finding the week does not tell is a spare, the whole section as written.
  const told = (section: number) => kept.some((other) => findingOf(other, findingIds) === section);
  const spares = buildPassages(ideas, WHOLE_POST_WORDS, undefined, narrative)
    .filter((passage) => findingIds.has(passage.sectionId) && passage.firstInSection && !told(passage.sectionId))
    .map((passage) => toCandidate(passage, { story: false, narrative, moveBest: false }))
    .filter((candidate): candidate is Candidate => candidate !== undefined && findingOf(candidate, findingIds) !== undefined)
    // (Ordered as the pool is: by where its opening line sits in the article.)
    .map((candidate) => ({ ...candidate, id: candidate.paragraphs[0]?.sentences[0]?.id ?? candidate.id }));
  const filled = [...kept];
  for (const spare of spares) {
    if (filled.length >= week.length) break;
    if (filled.some((other) => findingOf(other, findingIds) === findingOf(spare, findingIds))) continue;
    filled.push(spare);
  }
  // A finding told whole with its change and result is worth more than what is left of a list: the rest takes a day
  // only when one is free, and what it held otherwise ends post 1.
  for (const left of rests) if (filled.length < week.length) filled.push(left);
  if (filled.length < Math.min(5, week.length)) return week;
  const first = filled[0]!;
  const ordered = [first, ...filled.slice(1).sort((a, b) => a.id - b.id)];
  // Results no finding carries and no post kept ("Revenue up 14% on the same five months last year, with exactly the
  // same team.", round 28's headline) end post 1, under their label.
  const results = outcomes.results;
  const shown = new Set(ordered.flatMap(passageIds));
  const unheard = results ? results.items.filter((item) => item.every((sentence) => !used.has(sentence.id) && !shown.has(sentence.id))) : [];
  const ending: Paragraph[] =
    results && unheard.length > 0 ? [labelParagraph(results.label, unheard[0]![0]!), { list: true, ordered: false, sentences: unheard.flat() }] : [];
  return ordered.map((candidate, index) => {
    const closing = index === 0 ? ending : [];
    const finding = findingOf(candidate, findingIds);
    if (finding === undefined) return { ...candidate, body: [...candidate.body, ...closing], paragraphs: [...candidate.paragraphs, ...closing] };
    const change = changeOf.get(finding)!;
    const result = resultOf.get(finding);
    // (Post 1's own result and the ones no finding carries share one label.)
    const heard = result && index === 0 ? [...result, ...unheard.flat()] : result;
    const told: Paragraph[] = [
      labelParagraph(outcomes.changes.label, change[0]!),
      { list: true, ordered: false, sentences: change },
      ...(heard && outcomes.results ? [labelParagraph(outcomes.results.label, heard[0]!), { list: true, ordered: false, sentences: heard }] : closing),
    ];
    return { ...candidate, body: [...candidate.body, ...told], paragraphs: [...candidate.paragraphs, ...told] };
  });
}
