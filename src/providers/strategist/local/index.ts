import { assertPlannable, notEnoughTextError } from "../../../services/strategist/input";
import { detectLanguage, type Language } from "../../../services/strategist/language";
import { lintPost, MIN_POST_WORDS, MIN_QUESTION_POST_WORDS } from "../../../services/strategist/lint";
import { MAX_CONTENT_CHARS, openingLine, type Plan, parsePlan, type Weekday } from "../../../services/strategist/plan";
import type { Strategist, StrategistInput } from "../../../services/strategist/strategist";
import { weekFrom } from "../../../shared/plan-week";
import { chooseDays, chooseStory, chooseWeek, containsSentence, markBestSlots, teaserTopics } from "./choose-week";
import { cleanSource } from "../../../services/strategist/clean";
import { explainPost, explainWeek, type WeekContext, type WeekPost } from "./explain";
import { extractIdeas, type Ideas } from "./extract-ideas";
import { buildPassages, type Candidate, isNarrative, isStory, MAX_PASSAGE_WORDS, type Passage, postWords, splitPassage, toCandidate, turningPoint } from "./passages";
import { articleHashtags, linkNote, renderPost, surnames } from "./render";
import { POSTING_SLOTS, type Slot, timezoneLabel } from "../../../services/strategist/schedule-week";
import { rewriteLocally } from "./rewrite";
import { dayValues, type LearnedTimes, learnedReason, learnedTime } from "../../../services/strategist/best-times";

/**
 * The embedded strategist: no network, no model, the same plan for the same input, in a few
 * milliseconds. It cleans the paste (clean.ts, structure.ts), reads its sentences
 * (extract-ideas.ts), cuts the article into passages that each make a post (passages.ts),
 * keeps those the plan lint passes, picks the week, gives the best slots to the strongest
 * posts (schedule-week.ts has the research) and explains each choice (explain.ts).
 */
export function createLocalStrategist(): Strategist {
  return {
    name: "local",
    createPlan: async (input) => planWeek(input),
    checkInput: (input) => void planWeek(input),
    rewritePost: async (input) => rewriteLocally(input),
  };
}

export const POST_TYPES: Record<Candidate["role"], string> = {
  opener: "hook",
  story: "story",
  data: "data",
  value: "value",
  howto: "how-to",
  question: "question",
  insight: "insight",
};

/** How many posts the article carries: a week of five for a short piece, seven for a long one. */
const postCountFor = (words: number) => Math.max(5, Math.min(7, 3 + Math.floor(words / 300)));

/** Words for sizing the week: a Chinese or Japanese character counts as half a word here (a word is one to three of them). */
function weekWords(ideas: Ideas): number {
  const text = ideas.sentences.map((sentence) => sentence.text).join(" ");
  const unspaced = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return ideas.words - unspaced / 2;
}

/** The opening passage when it is too thin for a post alone (15 words or more, an opening line, nothing else wrong). */
function thinIntro(passages: Passage[], context: CandidateContext): Candidate | undefined {
  const first = passages[0];
  if (!first || first.id !== 0 || first.words < 15) return undefined;
  const candidate = toCandidate(first, { story: false });
  if (!candidate) return undefined;
  const content = renderPost(candidate, { language: context.language, hashtags: context.tags });
  const findings = lintPost(content, { language: context.language, postType: "hook", sourceText: context.sourceText });
  return findings.every((finding) => finding.detector === "thin") ? candidate : undefined;
}

/** The article's own question to its readers, near its end. */
function closingQuestion(ideas: Ideas): string | undefined {
  const tail = ideas.sentences.filter((sentence) => sentence.id >= ideas.sentences.length * 0.7 && sentence.from !== "item");
  const asked = tail.filter((sentence) => sentence.traits.question && !sentence.traits.meta && !sentence.traits.code && sentence.words >= 5 && sentence.text.length <= 200);
  return asked.at(-1)?.text;
}

export function planWeek(input: StrategistInput): Plan {
  // The same gate the service runs before anything is stored.
  assertPlannable(input.contentText);
  const ideas = extractIdeas(cleanSource(input.contentText));
  const language: Language = detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "));
  const story = isStory(ideas, language);
  const narrative = story || isNarrative(ideas, language);
  const tags = articleHashtags(ideas, input.contentText);
  // Names from the prose only: Title Case headings make every pair of words look like a name.
  const names = surnames(ideas.sentences.filter((sentence) => sentence.from !== "item").map((sentence) => sentence.text).join(" "));
  const question = closingQuestion(ideas);
  const turn = story ? turningPoint(ideas) : undefined;

  // Passages as long as a good post; a short article's longest passages are cut in two until the week has enough.
  const context = { language, tags, sourceText: input.contentText, story, narrative };
  const target = postCountFor(weekWords(ideas));
  let passages = buildPassages(ideas, MAX_PASSAGE_WORDS, turn);
  let candidates = candidatesOf(passages, context);
  while (candidates.length < target) {
    const split = morePosts(passages, candidates.length, context);
    if (!split) break;
    [passages, candidates] = split;
  }
  // No single cut helps (a thread of short paragraphs in one block): cut everything smaller at once.
  for (const maxWords of [150, 100, 70]) {
    if (candidates.length >= 5) break;
    const cut = buildPassages(ideas, maxWords, turn);
    const smaller = candidatesOf(cut, context);
    if (smaller.length > candidates.length) [passages, candidates] = [cut, smaller];
  }
  // A newsletter's two-line intro is too thin for a post alone, but with the week's teaser under it, it opens the week.
  let intro = candidates.length < target && !story && candidates[0]?.id !== 0 ? thinIntro(passages, context) : undefined;
  // Or the opening passage is a post already: its first paragraphs, cut off, may open the week with the teaser
  // while the rest makes a post of its own ("A short one this month... Tessel signed its first pilot." / "It took eleven weeks...").
  if (!intro && candidates.length < 5 && !story && candidates[0]?.id === 0) {
    for (const [head, rest] of splitPassage(passages[0]!, 15)) {
      const opening = thinIntro([head], context);
      const post = candidatesOf([{ ...rest, id: 0.5 }], context)[0];
      if (opening && post) {
        intro = opening;
        candidates = [post, ...candidates.slice(1)];
        break;
      }
    }
  }
  const pool = intro ? [intro, ...candidates] : candidates;
  if (pool.length < 5) throw notEnoughTextError(ideas.words, ideas.sentences.length);

  // As many posts as the article has real ones, up to seven: a listicle of seven lessons gets seven.
  const count = Math.min(7, Math.max(target, pool.length));
  const chosen = story ? chooseStory(pool, count, turn?.id) : chooseWeek(pool, count, question, intro, ideas.title);
  const slotValues = dayValues(input.learnedTimes);
  // The seven days from the day the plan starts (today or tomorrow); Sunday to Saturday without one.
  const weekDays = input.weekStartsOn ? weekFrom(input.weekStartsOn) : undefined;
  let days = chooseDays(chosen, slotValues, weekDays);
  // The week's best slot never carries its filler: a post under half the size of the longest that the order puts on
  // Tuesday leaves the week, as long as five posts remain.
  for (let tuesday = days.indexOf("Tuesday"); tuesday > 0 && tuesday < chosen.length - 1 && chosen.length > 5; tuesday = days.indexOf("Tuesday")) {
    const longest = Math.max(...chosen.map(postWords));
    const shortest = Math.min(...chosen.map(postWords));
    if (postWords(chosen[tuesday]!) > shortest || shortest >= longest * 0.5) break;
    chosen.splice(tuesday, 1);
    days = chooseDays(chosen, slotValues, weekDays);
  }
  const week: WeekPost[] = chosen.map((candidate, index) => {
    const last = index === chosen.length - 1;
    const carriesQuestion = last && !story && question !== undefined && containsSentence(candidate, question);
    // The article's closing question ends the week: on the post that holds it, or added to the last one
    // (never mid-story, never when another post already says it).
    const elsewhere = question !== undefined && chosen.some((other) => other !== candidate && containsSentence(other, question));
    const asks = carriesQuestion || (last && question !== undefined && !narrative && !elsewhere);
    const role = index === 0 && !story ? "opener" : asks ? "question" : candidate.role;
    return { ...candidate, role, ...slotFor(days[index]!, input.learnedTimes), content: "", teased: 0, articleQuestion: asks ? question : undefined, bestSlot: false };
  });
  markBestSlots(week, story);

  const teaser = story || language === "other" ? [] : teaserTopics(week);
  for (const [index, post] of week.entries()) {
    const appendQuestion = post.articleQuestion !== undefined && !containsSentence(post, post.articleQuestion);
    post.content = renderPost(post, {
      language,
      names,
      hashtags: tags,
      teaser: index === 0 ? teaser : undefined,
      closingQuestion: appendQuestion ? post.articleQuestion : undefined,
      link: index === 0 && input.contentUrl ? linkNote(language, input.contentType) : undefined,
    });
    if (index === 0) post.teased = teaser.length >= 2 ? teaser.length : 0;
  }
  // The thin intro stands only with its teaser: without one, the week is too short after all.
  if (intro && week[0] === undefined) throw notEnoughTextError(ideas.words, ideas.sentences.length);
  if (intro && lintPost(week[0]!.content, { language, postType: "hook", sourceText: input.contentText }).length > 0) {
    throw notEnoughTextError(ideas.words, ideas.sentences.length);
  }

  const confidential = /\b(?:confidential|do not forward|don['’]t forward|not for distribution|internal only|vertraulich|confidentiel)\b/i.test(input.contentText);
  const weekContext: WeekContext = { story, narrative, confidential, title: ideas.title, timezoneLabel: timezoneLabel(input.timezone), contentUrl: input.contentUrl, language, learnedFrom: input.learnedTimes?.results };
  const posts = week.map((post, index) => ({
    content: post.content,
    hook: openingLine(post.content),
    postOrder: String(index + 1),
    postType: POST_TYPES[post.role],
    strategyExplanation: explainPost(post, index, week, weekContext),
    recommendedDay: post.day,
    recommendedTime: post.time,
  }));
  return parsePlan({ posts, strategyOverview: explainWeek(week, weekContext) });
}

type CandidateContext = { language: Language; tags: string[]; sourceText: string; story: boolean; narrative: boolean };

function candidatesOf(passages: Passage[], context: CandidateContext): Candidate[] {
  const hooks = new Set<string>();
  return passages
    .map((passage) => toCandidate(passage, { story: context.story, narrative: context.narrative }))
    .filter((candidate): candidate is Candidate => candidate !== undefined && publishable(candidate, context))
    .filter((candidate) => {
      // Two parts of one section may both open on its heading: the first keeps it.
      if (hooks.has(candidate.hook)) return false;
      hooks.add(candidate.hook);
      return true;
    });
}

/** The first cut, largest passage first, that gives the week one more publishable post. */
function morePosts(passages: Passage[], have: number, context: CandidateContext): [Passage[], Candidate[]] | undefined {
  const bySize = passages.map((passage, index) => ({ passage, index })).sort((a, b) => b.passage.words - a.passage.words);
  for (const { passage, index } of bySize) {
    for (const halves of splitPassage(passage)) {
      const next = [...passages.slice(0, index), ...halves, ...passages.slice(index + 1)].map((each, id) => ({ ...each, id }));
      const candidates = candidatesOf(next, context);
      if (candidates.length > have) return [next, candidates];
    }
  }
  return undefined;
}

/** A candidate is kept only if, written out alone, the plan lint finds nothing wrong with it. */
function publishable(candidate: Candidate, context: CandidateContext): boolean {
  const minimum = candidate.role === "question" ? MIN_QUESTION_POST_WORDS : MIN_POST_WORDS;
  if (candidate.words < minimum) return false;
  const content = renderPost(candidate, { language: context.language, hashtags: context.tags });
  // Room under LinkedIn's 3,000 characters for the teaser, the link note or the closing question the week may add.
  if (content.length > MAX_CONTENT_CHARS - 400) return false;
  return lintPost(content, { language: context.language, postType: POST_TYPES[candidate.role], sourceText: context.sourceText }).length === 0;
}

/** A day's slot: the research's time and reason, or, with the user's results, their time band and their numbers. */
function slotFor(day: Weekday, learned: LearnedTimes | undefined): Slot {
  const research = POSTING_SLOTS[day];
  const time = learnedTime(learned, research.time) ?? research.time;
  const why = learnedReason(learned, day, time, time !== research.time);
  return { day, time, why: why ?? research.why };
}
