import type { Weekday } from "../plan";
import type { WeekPost } from "./explain";
import { type Candidate, postWords } from "./passages";
import { daysFor } from "../schedule-week";
import { RESEARCH_DAY_VALUE } from "../best-times";
import { leansOnContext } from "../references";
import { squash } from "../language";
import { asHook } from "./hooks";

/**
 * The week's shape: which passages make it, in what order and on which days. Pure functions over
 * candidates (passages.ts) so the rules can be read apart
 * from the pipeline in index.ts.
 */

/** Most good days first: Tuesday to Thursday mornings lead every study, weekends trail. */
const SLOT_RANK: Weekday[] = ["Tuesday", "Wednesday", "Thursday", "Monday", "Friday", "Sunday", "Saturday"];

export function containsSentence(candidate: Candidate, sentence: string): boolean {
  const wanted = squash(sentence);
  return squash(candidate.hook) === wanted || candidate.body.some((paragraph) => paragraph.sentences.some((own) => squash(own.text) === wanted));
}

/**
 * The week for an article that is not one story: its introduction opens (when it has one that
 * makes a post), the passage with its closing question closes, and the strongest of the rest
 * fill the middle, one per section before any section gets a second. The week then follows the
 * article's order, so a problem comes before its fix and day one before day two.
 */
export function chooseWeek(candidates: Candidate[], count: number, question: string | undefined, title?: string, narrative = false): Candidate[] {
  // What the title promises ("We Turned Down £2.5 Million") must be in the week: passages that share its words rank higher.
  const promised = new Set((title ?? "").toLowerCase().match(/[\p{L}\p{N}£$€%.]{4,}/gu) ?? []);
  const promise = (candidate: Candidate) => {
    const text = [candidate.hook, ...candidate.body.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.text))].join(" ").toLowerCase();
    return [...promised].filter((word) => text.includes(word)).length;
  };
  const rank = (candidate: Candidate) => candidate.strength + Math.min(3, promise(candidate));
  const strongest = [...candidates].sort((a, b) => rank(b) - rank(a) || a.id - b.id);
  // Post 1 carries the article's headline idea in full: its strongest whole post (what the title
  // promises counts), never a teaser of the others. The rest follow the article's order.
  // A story told in order starts where it starts.
  // An article told in order opens on its start only when the start is nearly as strong as its best part: a
  // setup whose payoff is two posts later reads as a teaser (readers scored such openers 1-2).
  const start = [...candidates].sort((a, b) => a.id - b.id)[0]!;
  // ...and the week's first post must read cold: its first line names what it is about ("she asked", "La réponse était oui" do not).
  const readsCold = (candidate: Candidate) =>
    !leansOnContext(candidate.hook) &&
    !/^(?:she|he|they|her|his|their|elle|il|ils|sie|er|ella|él|ela|ele|zij|hij|the answer|la réponse|die antwort|la respuesta|a resposta|het antwoord)(?![\p{L}])/iu.test(
      candidate.hook,
    );
  // A story's outcome never opens its week: round 17's reader scored a recovery posted the day before its incident
  // ("the outcome arrives before the event"), round 16's a relaunch posted before the launch. The best part from the
  // first half of the article, opening in its own order, opens instead when there is one. A finding from the middle of
  // a data post still leads ("Customers think we cost 2.3x what they pay.").
  const lastId = Math.max(...candidates.map((candidate) => candidate.id));
  const top = strongest.find(readsCold) ?? strongest[0]!;
  // A short introduction joins the best part when both fit one post (index.ts, introJoinsOpener): the setup and its
  // outcome told together are the story's headline (pt-primeiro-cliente), so the rule is for outcomes that cannot join it.
  const joins = start.words < SETUP_WORDS && start.words + top.words <= WHOLE_POST_WORDS;
  const early =
    narrative && !joins && top.id > (lastId * 2) / 3
      ? strongest.find(
          (candidate) =>
            candidate.id <= lastId / 2 &&
            readsCold(candidate) &&
            rank(candidate) >= rank(top) * 0.5 &&
            // ...a part of the story as written, not a short introduction (its setup reads as a teaser) or a line moved
            // up from the middle of an answer.
            inOrder(candidate) &&
            (candidate.words >= SETUP_WORDS || (candidate.topic !== undefined && squash(candidate.topic) !== squash(title ?? ""))),
        )
      : undefined;
  const best = early ?? top;
  const opener = narrative && (rank(start) >= rank(best) * 0.8 || best === start) ? start : best;
  const closer = question ? candidates.find((candidate) => candidate !== opener && containsSentence(candidate, question)) : undefined;
  const picked = new Set<Candidate>([opener, ...(closer ? [closer] : [])]);
  const sections = new Set([...picked].map((candidate) => candidate.sectionId));
  // A story's origin ("How it started", "Der Anfang") fills a day last: on its own it is backstory with no point, which
  // readers scored 2 or 3 in every round from 36 to 40, while the action it left out ("We chased every open quote":
  // 41 quotes phoned, nine yeses, the payroll covered) was "in no post".
  const backstory = (candidate: Candidate) => narrative && candidate.topic !== undefined && ORIGIN.test(candidate.topic.trim());
  const filling = [...strongest.filter((candidate) => !backstory(candidate)), ...strongest.filter(backstory)];
  for (const candidate of filling) {
    if (picked.size >= count) break;
    if (picked.has(candidate) || sections.has(candidate.sectionId)) continue;
    picked.add(candidate);
    sections.add(candidate.sectionId);
  }
  for (const candidate of filling) {
    if (picked.size >= count) break;
    picked.add(candidate);
  }
  const rest = [...picked].filter((candidate) => candidate !== opener && candidate !== closer).sort((a, b) => a.id - b.id);
  // The closing question goes last only if nothing the week posts comes after it in the article (its answer, say).
  if (closer && rest.some((candidate) => candidate.id > closer.id)) return [opener, ...[...rest, closer].sort((a, b) => a.id - b.id)];
  return [opener, ...rest, ...(closer ? [closer] : [])];
}

/** A section that tells how the business began: "How it started", "Setting up", "Der Anfang", "Les débuts". */
const ORIGIN =
  /^(?:how (?:it|we|I|this|the business) (?:all )?(?:started|began|got started)|setting up|starting out|getting started|the (?:beginning|start|early days|early years|backstory|background)|background|where (?:it|we|I) started|in the beginning|der anfang|die anfänge|wie alles (?:begann|anfing)|les débuts|au début|le début|comment tout a commencé|los comienzos|el comienzo|los inicios|o começo|os primeiros anos)$/iu;

/** Below this, an article's introduction is setup for what follows, not a post of its own. */
export const SETUP_WORDS = 150;
/** A piece up to about this long fits one LinkedIn post (3,000 characters, with room for the link note). */
export const WHOLE_POST_WORDS = 420;

/** A candidate that opens on its own first line (or its heading), not on a line moved up from its middle. */
export function inOrder(candidate: Candidate): boolean {
  const lead = candidate.paragraphs[0]?.sentences[0];
  return candidate.hookFrom === "heading" || (lead !== undefined && squash(asHook(lead.text) ?? "") === squash(candidate.hook));
}

/** A story keeps its order: the start, the turning point, the end, and the strongest parts between, as told. */
export function chooseStory(candidates: Candidate[], count: number, turnId: number | undefined): Candidate[] {
  const picked = new Set<Candidate>([candidates[0]!, candidates.at(-1)!]);
  const turn =
    turnId === undefined
      ? undefined
      : candidates.find(
          (candidate) =>
            candidate.body.some((paragraph) => paragraph.sentences.some((sentence) => sentence.id === turnId)) ||
            candidate.paragraphs[0]!.sentences[0]!.id === turnId,
        );
  if (turn) picked.add(turn);
  for (const candidate of [...candidates].sort((a, b) => b.strength - a.strength || a.id - b.id)) {
    if (picked.size >= count) break;
    picked.add(candidate);
  }
  return [...picked].sort((a, b) => a.id - b.id);
}

const WEEK: Weekday[] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The days for posts that keep their order: of every way to give n posts n rising days of the
 * plan's week (`week`: Sunday to Saturday, or the seven days from the day the plan starts,
 * src/shared/plan-week.ts), the one where the strongest posts sit on the best slots (the sum of
 * strength times slot value is largest). Five posts may skip a weak day so a strong post lands
 * mid-week; seven use every day. Each day's value is the research's (schedule-week.ts cites it),
 * or, once the user has results, the research blended with them (strategist/best-times.ts).
 */
export function chooseDays(
  posts: Candidate[],
  slotValue: Record<Weekday, number> = RESEARCH_DAY_VALUE,
  week: readonly Weekday[] = WEEK,
  // The posts' sizes as written out (people and products introduced), when the caller has them.
  sizes: number[] = posts.map(postWords),
): Weekday[] {
  const n = posts.length;
  const size = (post: Candidate) => sizes[posts.indexOf(post)]!;
  // Figures make a post strong, but a post under half the size of the longest is not the one for the best slot.
  const longest = Math.max(...sizes);
  const shortest = Math.min(...sizes);
  // Filler: the week's shortest post when it is under half the longest (what the lint calls filler on Tuesday).
  const filler = (post: Candidate) => size(post) === shortest && shortest < longest * 0.5;
  const weight = posts.map((post) => (size(post) < longest * 0.5 ? 0.5 : Math.max(0.5, post.strength)));
  let best: { value: number; days: Weekday[] } = { value: -1, days: daysFor(n) };
  const pick = (from: number, index: number, days: Weekday[], value: number) => {
    if (index === n) {
      // Saturday, the week's weakest slot, only once Tuesday to Thursday are all in use.
      const saturdayTooSoon = days.includes("Saturday") && !(["Tuesday", "Wednesday", "Thursday"] as const).every((day) => days.includes(day));
      if ((!rules.saturday || !saturdayTooSoon) && value > best.value) best = { value, days: [...days] };
      return;
    }
    // The week starts at its start: the first post goes out on its first day or the next.
    const last = index === 0 ? Math.min(1, week.length - n) : week.length - (n - index);
    for (let day = from; day <= last; day++) {
      // The best slot never carries filler (a post under half the size of the longest).
      if (rules.filler && week[day] === "Tuesday" && filler(posts[index]!)) continue;
      days.push(week[day]!);
      pick(day + 1, index + 1, days, value + weight[index]! * slotValue[week[day]!]);
      days.pop();
    }
  };
  let rules = { saturday: true, filler: true };
  pick(0, 0, [], 0);
  // A week starting mid-week can leave no way to keep both rules (six posts from a Tuesday whose
  // opener is filler need Saturday before Tuesday is used): Saturday's rule gives way first, then
  // the filler's, so the week still rises from its start.
  for (const relaxed of [
    { saturday: false, filler: true },
    { saturday: false, filler: false },
  ]) {
    if (best.value >= 0 || week === WEEK) break;
    rules = relaxed;
    pick(0, 0, [], 0);
  }
  return best.days;
}

/** A post between the first and the last, on a Tuesday-to-Thursday morning, and among the stronger half: its explanation says so. */
export function markBestSlots(week: WeekPost[], story: boolean) {
  if (story || week.length < 3) return;
  const middle = week.slice(1, -1);
  const median = [...middle].map((post) => post.strength).sort((a, b) => a - b)[Math.floor(middle.length / 2)]!;
  const medianWords = [...middle].map((post) => post.words).sort((a, b) => a - b)[Math.floor(middle.length / 2)]!;
  for (const post of middle) post.bestSlot = SLOT_RANK.indexOf(post.day) <= 2 && post.strength >= median && post.words >= medianWords;
}
