import type { Language } from "../language";
import { leansOnContext } from "../references";
import { type Candidate, type Paragraph, paragraphWords } from "./candidate";
import type { Ideas, Section, Sentence } from "./extract-ideas";
import { CHANGED, CLEAR_MARGIN, RESULTS, stems } from "./outcomes";

/**
 * A story's actions, each told with what it did. Founder stories set out what they did as a section per action ("Quiet
 * Mornings", "Fewer party packages") and then one prose section of results that names each action's number in turn
 * ("Quiet Mornings had 1,900 child visits across the year..."). Round 39's readers scored the action posts 3, "idea
 * with no result: the 212 members and £5,088 a month are in post 6". Each result sentence that plainly answers one
 * action goes to the end of that action's post and leaves the results post, which keeps the totals. outcomes.ts does
 * the same for a data post's lists; this is its prose kin.
 */

/** The weighted words a result and an action must share: one word only they use counts 1. */
const LEAST_SHARED = 1.5;

/** What the results post must keep once its paired sentences are gone; below, it would be a fragment. */
const MIN_KEPT_WORDS = 40;

type Action = { ids: Set<number>; words: Set<string> };

/**
 * The article's action sections and its results section: the sections after a "What we did" heading (and those under
 * it) up to a results heading, or, without one, the run of sections right before the results headed by what the
 * author did ("We stopped relying on one site.").
 */
function actionsAndResults(ideas: Ideas): { actions: Action[]; results: Section } | undefined {
  const sections = ideas.sections;
  const resultsAt = sections.findIndex(
    (section, index) => index > 0 && section.heading !== undefined && RESULTS.test(section.heading) && section.sentences.some((s) => s.from !== "quote"),
  );
  if (resultsAt === -1) return undefined;
  const changedAt = sections.slice(0, resultsAt).findLastIndex((section) => section.heading !== undefined && CHANGED.test(section.heading));
  let chosen: Section[];
  if (changedAt !== -1) chosen = sections.slice(changedAt + 1, resultsAt);
  else {
    chosen = [];
    for (let index = resultsAt - 1; index > 0; index--) {
      const heading = sections[index]!.heading;
      if (!heading || !/^(?:we|I)\s/u.test(heading)) break;
      chosen.unshift(sections[index]!);
    }
  }
  // An action is a section with its heading; the unheaded parts under it ("Drittens haben wir...") are its own.
  const actions: Action[] = [];
  for (const section of chosen.filter((section) => section.sentences.length > 0)) {
    const parent = actions.find((action) => section.parentId !== undefined && action.ids.has(section.parentId));
    const text = `${section.heading ?? ""} ${section.sentences.map((sentence) => sentence.text).join(" ")}`;
    if (parent && !section.heading) {
      parent.ids.add(section.id);
      for (const word of stems(text)) parent.words.add(word);
    } else actions.push({ ids: new Set([section.id]), words: stems(text) });
  }
  return actions.length >= 2 ? { actions, results: sections[resultsAt]! } : undefined;
}

/**
 * The results section's sentences each paired with the action it plainly answers: the action is the sentence's best by
 * half as much again as the next, and the sentence is the action's best among those that pair with nothing else in
 * its run. A sentence that leans on the one before it ("That's four referrals.") goes with it.
 */
function resultsOf(actions: Action[], results: Section, language: Language): Map<Action, Sentence[]> {
  const sentences = results.sentences.filter((sentence) => sentence.from !== "quote");
  const words = sentences.map((sentence) => stems(sentence.text));
  const uses = new Map<string, number>();
  for (const set of [...actions.map((action) => action.words), ...words]) for (const word of set) uses.set(word, (uses.get(word) ?? 0) + 1);
  const score = (action: Action, sentence: Set<string>) =>
    [...action.words].filter((word) => sentence.has(word)).reduce((sum, word) => sum + 2 / uses.get(word)!, 0);
  const out = new Map<Action, Sentence[]>();
  let previous: { action: Action; sentence: Sentence } | undefined;
  for (const [index, sentence] of sentences.entries()) {
    const leans = leansOnContext(sentence.text, language);
    if (leans) {
      // (It follows the one it leans on, when that one moved with it in the same paragraph.)
      if (previous && previous.sentence.blockId === sentence.blockId && previous.sentence.id === sentences[index - 1]?.id) {
        out.get(previous.action)!.push(sentence);
        previous = { action: previous.action, sentence };
      } else previous = undefined;
      continue;
    }
    previous = undefined;
    const row = actions.map((action) => score(action, words[index]!));
    const best = row.indexOf(Math.max(...row));
    const rivals = row.filter((_, at) => at !== best);
    if (row[best]! < LEAST_SHARED || row[best]! < CLEAR_MARGIN * Math.max(0, ...rivals)) continue;
    const action = actions[best]!;
    out.set(action, [...(out.get(action) ?? []), sentence]);
    previous = { action, sentence };
  }
  return out;
}

/** The action a post tells, when all its lines come from one action's sections. */
function actionOf(candidate: Candidate, actions: Action[]): Action | undefined {
  const sections = new Set(candidate.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.sectionId)));
  const found = actions.filter((action) => [...sections].every((section) => action.ids.has(section)));
  return found.length === 1 ? found[0] : undefined;
}

/** Paragraphs without the given sentences; a paragraph left empty goes. */
const without = (paragraphs: Paragraph[], moved: Set<number>) =>
  paragraphs
    .map((paragraph) => ({ ...paragraph, sentences: paragraph.sentences.filter((sentence) => !moved.has(sentence.id)) }))
    .filter((paragraph) => paragraph.sentences.length > 0);

/**
 * The week with each action post ending on its results, taken from the post that told the results. Nothing moves when
 * the results post would keep too little, or when a moved sentence is its opening line.
 */
export function actionsWithResults(week: Candidate[], ideas: Ideas, language: Language): Candidate[] {
  const found = actionsAndResults(ideas);
  if (!found) return week;
  const paired = resultsOf(found.actions, found.results, language);
  const resultIds = new Set(found.results.sentences.map((sentence) => sentence.id));
  const holder = week.findIndex((candidate) => candidate.paragraphs.some((paragraph) => paragraph.sentences.some((sentence) => resultIds.has(sentence.id))));
  const moves = new Map<number, Sentence[]>();
  for (const [index, candidate] of week.entries()) {
    if (index === holder) continue;
    const action = actionOf(candidate, found.actions);
    const results = action && paired.get(action);
    if (results) moves.set(index, results);
  }
  if (moves.size === 0) return week;
  const moving = [...moves.values()].flat();
  const moved = new Set(moving.map((sentence) => sentence.id));
  const told = new Set(week.flatMap((candidate) => candidate.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.id))));
  // A result the week already tells elsewhere (another post quotes it) is not told twice.
  if ([...moved].some((id) => told.has(id) && !resultIds.has(id))) return week;
  if (holder !== -1) {
    const rest = without(week[holder]!.paragraphs, moved);
    const hook = week[holder]!.hook;
    if (paragraphWords(rest) < MIN_KEPT_WORDS || moving.some((sentence) => sentence.text === hook)) return week;
  }
  return week.map((candidate, index) => {
    if (index === holder) {
      const paragraphs = without(candidate.paragraphs, moved);
      return { ...candidate, paragraphs, body: without(candidate.body, moved), words: paragraphWords(paragraphs) };
    }
    const results = moves.get(index);
    if (!results) return candidate;
    const ending: Paragraph = { list: false, ordered: false, sentences: results.map((sentence) => ({ ...sentence, from: "paragraph" as const })) };
    const paragraphs = [...candidate.paragraphs, ending];
    return { ...candidate, paragraphs, body: [...candidate.body, ending], words: paragraphWords(paragraphs) };
  });
}
