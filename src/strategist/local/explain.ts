import { LANGUAGE_NAMES, type Language } from "../language";
import type { Candidate, Role } from "./passages";
import { POSTING_SLOTS, type Slot } from "../schedule-week";
import { punch, standsAlone } from "./compose";
import type { Sentence } from "./extract-ideas";
import { setsTheScene } from "./sentences";
import { asHook, shorten } from "./hooks";

/**
 * The reasoning shown under "Why Post This First/Second/...", and the week's overview. Every
 * sentence is computed from what the post and the week contain (its opening line, its last
 * line, its figures, its place in the week, the slot's research), so it is specific and true.
 */

export type WeekPost = Candidate &
  Slot & {
    content: string;
    /** The article's own closing question, when this post carries it. */
    articleQuestion: string | undefined;
    /** This post got the best free slot because it is the strongest of the middle posts. */
    bestSlot: boolean;
  };

export type WeekContext = {
  story: boolean;
  /** Post 1 is the whole piece; the other posts return to its parts. */
  wholeFirst?: boolean;
  /** Told in the past: the middle of the week keeps the article's order. */
  narrative: boolean;
  /** The paste says it is confidential or not for forwarding ("marked"), or it is written to the company's investors. */
  confidential?: "marked" | "investors";
  title: string | undefined;
  timezoneLabel: string;
  contentUrl: string | undefined;
  language: Language;
  /** How many of the user's posts with results shaped the days and times (none: the research alone). */
  learnedFrom?: number;
};

const ROLE_NAMES: Record<Role, string> = {
  opener: "headline post",
  story: "story",
  data: "data post",
  value: "list",
  howto: "how-to",
  question: "question",
  insight: "insight",
};

const quote = (text: string, max = 90) => `“${shorten(text, max)}”`;

/** A line quoted whole when it is short enough to read in passing, else up to a clause's end (never mid-phrase). */
function quoteWhole(text: string): string {
  const line = text.replace(/[.:;,]$/, "");
  if (line.length <= 160) return `“${line}”`;
  const clause = line.slice(0, 160).match(/^(.{40,}?)[,;:—–](?=\s)/u)?.[1];
  return clause ? `“${clause}…”` : quote(line, 120);
}

function listItems(post: WeekPost): number {
  return post.body
    .filter((paragraph) => paragraph.list)
    .reduce((sum, paragraph) => sum + paragraph.sentences.filter((sentence) => sentence.indexInBlock === 0).length, 0);
}

/**
 * The post's idea in its own words: the line that says what the post means (a verdict, a rule,
 * a result, a figure), not its first or last line by position.
 */
function pointOf(post: WeekPost): string {
  const sentences = post.body
    .flatMap((paragraph) => (paragraph.list ? [] : paragraph.sentences))
    .filter((sentence) => sentence.text !== post.hook && standsAlone(sentence));
  const last = post.body.filter((paragraph) => !paragraph.list).at(-1)?.sentences ?? [];
  const weight = (sentence: Sentence) =>
    punch(sentence) +
    sentence.traits.claim * 0.6 +
    (sentence.traits.opinion ? 1 : 0) +
    (LESSON.test(sentence.text) ? 1.2 : 0) +
    // The takeaway usually closes the post; a line that sets the scene is where it starts, not what it says.
    (last.includes(sentence) ? 0.8 : 0) -
    (setsTheScene(sentence.text) ? 1.5 : 0);
  const best = sentences.sort((a, b) => weight(b) - weight(a))[0];
  // A hook that makes a claim is usually the post's point ("if your company has fewer than 100 people, quarterly
  // OKRs are probably making you slower"): a line from the body must say more to be named instead.
  const opening = post.paragraphs.flatMap((paragraph) => paragraph.sentences).find((sentence) => asHook(sentence.text) === post.hook);
  if (opening && best && weight(opening) + 1.5 >= weight(best) && (opening.traits.claim > 0 || opening.traits.opinion)) return post.hook;
  // Only a line that says what the post means is named: its closing takeaway, an opinion or a lesson. A strong line
  // from the middle ("We offered a $25 gift card...") is a detail, and readers found it named as the point wrong.
  const says = best && (last.includes(best) || best.traits.opinion || LESSON.test(best.text)) && !ASKS.test(best.text);
  return best && says && weight(best) > 4 ? best.text : post.hook;
}

const LESSON = /\b(?:I|we) (?:now|learned|realised|realized)\b|\bthe (?:lesson|problem|mistake|truth|point)\b/i;
/** A line that asks the reader for something ("email me", "I'd like to hear how you handled it") is a call, not a point. */
const ASKS = /\b(?:email me|reply|let me know|i'd (?:genuinely )?(?:like|love) to hear|tell me|send me|subscribe|share (?:it|this))\b/i;

function whatItDoes(post: WeekPost, index: number, week: WeekPost[], context: WeekContext): string {
  // The article's title is not a section of it.
  const topic = post.topic && post.hookFrom !== "heading" && post.topic !== context.title ? ` from “${post.topic}”` : "";
  const point = pointOf(post);
  const also = point !== post.hook ? ` Its point: ${quoteWhole(point)}.` : "";
  // Only a post that holds the article's first lines opens "with the article's own opening".
  const opensArticle = post.paragraphs[0]?.sentences[0]?.id !== undefined && post.paragraphs[0]!.sentences[0]!.id <= 2;
  // A story's later post under the title's claim (headline.ts claimLeads): the claim is context, its own line the idea.
  if (post.claimed && index > 0) {
    const own = post.topic && post.topic !== context.title ? `“${post.topic}”` : "the story";
    return `It takes up ${own} from ${quote(post.body[0]?.sentences[0]?.text ?? post.hook)}, under the claim the article's title makes, ${quote(post.hook)}: that line is what its first line leans on, so a reader who missed ${week[0]!.day} still knows what the story is about.${also}`;
  }
  switch (post.role) {
    case "opener":
      if (post.headline)
        return `It leads with the claim the article's title makes, ${quote(post.hook)}, then tells it from the article's own opening${post.paysOff ? ` through ${quote(post.paysOff)}` : ""}, so the first post carries the headline idea in full rather than a setup.${also}`;
      return post.id < 0
        ? `The article's main idea in one post, opened by ${quote(post.hook)}, with ${post.strengthReason.replace(/^the article's main idea with /, "")}; the later posts tell those parts at length.${also}`
        : post.paysOff
          ? // (What pays it off may be a section's heading: then the post carries that section, it does not quote it.)
            post.paysOff === post.topic || !/[.!?]["”’)]?$/u.test(post.paysOff)
            ? `It opens the week with the article's own opening, ${quote(post.hook)}, and carries the section after it, “${post.paysOff}”, in the same post, so the first post is more than a setup.${also}`
            : `It opens the week with the article's own opening, ${quote(post.hook)}, and pays it off in the same post with ${quote(post.paysOff)}, so the first post carries the headline idea in full rather than a setup.${also}`
          : opensArticle
            ? `It opens the week with the article's own opening, ${quote(post.hook)}.${also}`
            : strongest(post, week)
              ? `It opens the week with ${quote(post.hook)}, the part the week rates highest (${post.strengthReason}), so the first post carries an idea in full.${also}`
              : `It opens the week with ${quote(post.hook)}, a part that reads without the article's opening.${also}`;
    case "story":
      // A short piece posted whole is not "part 1 of 5"; the later posts each go back to one part of it.
      if (context.wholeFirst && index === 0)
        return `The whole piece in one post, start to finish, opened by ${quote(post.hook)}: short enough for LinkedIn, so no reader waits days for the ending.${also}`;
      if (context.wholeFirst) return `It goes back to one part of ${week[0]!.day}'s story, opened by ${quote(post.hook)}.${also}`;
      if (context.story) return `Part ${index + 1} of ${week.length} of the story, in the order it happened, opened by ${quote(post.hook)}.${also}`;
      return `A story${topic}, opened by its strongest line, ${quote(post.hook)}.${also}`;
    case "data": {
      const figures = post.body.flatMap((paragraph) => paragraph.sentences).filter((sentence) => sentence.traits.numbers >= 2.5).length;
      return `It carries ${figures > 1 ? `${figures} of the article's figures` : "the article's figures"}, each beside the sentence that explains it, under ${quote(post.hook)}: numbers stop the scroll.${also}`;
    }
    case "value": {
      // (A "list" of one or two points is a post with a list in it, not a list post: round 29 read "A 1-point list".)
      const points = listItems(post);
      return points >= 3
        ? `A ${points}-point list${topic}, opened by ${quote(post.hook)}: the kind of post people save and come back to.${also}`
        : `One idea${topic}: ${quote(post.hook)}.${also}`;
    }
    case "howto":
      return `Steps${topic} a reader can act on the same day, opened by ${quote(post.hook)}.${also}`;
    case "question":
      return post.articleQuestion && index === week.length - 1
        ? `It closes the week on the article's own question, ${quote(post.articleQuestion, 120)}, with the thinking that leads to it, so the people who followed along have something to answer.`
        : `It takes one question the article answers and gives the article's answer, opened by ${quote(post.hook)}.${also}`;
    case "insight": {
      // The figure that backs the point sits beside it in the article, not anywhere in the post.
      const sentences = post.body.flatMap((paragraph) => paragraph.sentences);
      const pointAt = sentences.find((sentence) => sentence.text === point)?.id;
      const figure = sentences.find(
        (sentence) => sentence.traits.numbers >= 2.5 && sentence.text !== point && pointAt !== undefined && Math.abs(sentence.id - pointAt) <= 1,
      );
      return `One idea${topic}: ${quoteWhole(point)}${figure ? `, backed by the article's own figure, ${quote(figure.text)}` : ""}.`;
    }
  }
}

function whyThisSlot(post: WeekPost, context: WeekContext, index: number): string {
  // The studies are cited once, under the first post and in the overview; after that the reason is said without its
  // citation (readers found the same Sprout Social, Hootsuite and Buffer lines under every post).
  const research = POSTING_SLOTS[post.day].why === post.why;
  const why = index > 0 && research ? post.why.replace(/\s*\([^)]*\)/g, "") : post.why;
  const slot = `${post.day} at ${post.time} (${context.timezoneLabel}): ${why}.`;
  // The reason is said only when it is a fact worth saying (figures, a list, a whole story), not a word count.
  const reason = /words of the article/.test(post.strengthReason) ? "" : ` (${post.strengthReason})`;
  if (post.bestSlot) return `${slot} It is one of the week's stronger posts${reason}, so the week's days are set to give it this mid-week slot.`;
  return slot;
}

function neighbours(index: number, week: WeekPost[]): string {
  const previous = week[index - 1];
  const next = week[index + 1];
  const name = (post: WeekPost) => `${post.day}'s ${ROLE_NAMES[post.role]}`;
  if (!previous && next) return `${name(next)} follows.`;
  if (previous && !next) return `It follows ${name(previous)} and ends the week.`;
  if (previous && next) return `It comes between ${name(previous)} and ${name(next)}.`;
  return "";
}

export function explainPost(post: WeekPost, index: number, week: WeekPost[], context: WeekContext): string {
  const parts = [whatItDoes(post, index, week, context), neighbours(index, week), whyThisSlot(post, context, index)];
  if (index === 0 && context.contentUrl) {
    parts.push(
      `Post ${context.contentUrl} as the first comment right after publishing: LinkedIn tends to show posts with an outside link in the body to fewer people.`,
    );
  }
  return parts.filter(Boolean).join(" ");
}

/** The post the week rates highest (its strength is what chose it): only it is said to be rated highest. */
const strongest = (post: WeekPost, week: WeekPost[]) => week.every((other) => other.strength <= post.strength);

/** Whether the week follows the article, said only as far as it is true. */
function inOrder(week: WeekPost[]): string {
  const rising = (posts: WeekPost[]) => posts.every((post, index) => index === 0 || post.id > posts[index - 1]!.id);
  if (rising(week)) return "The posts keep the article's order, so nothing arrives before what it builds on";
  // (Not "nothing arrives before what it builds on": the opener may come from late in the article, and readers found
  // that claim false when Sunday posted the outcome of a story Monday began.)
  if (rising(week.slice(1)))
    return week[0] && strongest(week[0], week)
      ? "After the opener, the part the week rates highest, the posts follow the article's order"
      : "After the opener, the posts follow the article's order";
  return "Each post stands on its own part of the article";
}

/** ": Tuesday, Wednesday and Thursday mornings" for the mid-week days the plan uses. */
function midWeek(week: WeekPost[]): string {
  const days = week.map((post) => post.day).filter((day) => day === "Tuesday" || day === "Wednesday" || day === "Thursday");
  if (days.length === 0) return "";
  const list = days.length === 1 ? days[0]! : `${days.slice(0, -1).join(", ")} and ${days.at(-1)}`;
  return ` (${list} ${days.length === 1 ? "morning" : "mornings"})`;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

export function explainWeek(week: WeekPost[], context: WeekContext): string {
  const source = context.title ? `“${shorten(context.title, 100)}”` : "your article";
  const language = context.language !== "en" && context.language !== "other" ? `, written in ${LANGUAGE_NAMES[context.language]} like the article` : "";
  const first = week[0]!;
  const last = week.at(-1)!;
  const named = new Set<string>();
  // A section named once; a second part of it is named by its own opening line.
  const middle = week.slice(1, -1).map((post) => {
    const fresh = post.topic && post.topic !== context.title && !named.has(post.topic);
    if (post.topic) named.add(post.topic);
    return `${post.day} ${fresh ? `takes up “${shorten(post.topic!, 60)}”` : `brings ${quote(post.hook, 60)}`}`;
  });
  const closing = last.articleQuestion ? `${last.day} closes on the article's own question` : `${last.day} closes with ${withArticle(ROLE_NAMES[last.role])}`;
  const arc = context.wholeFirst
    ? `${first.day} posts the whole piece, short enough for one LinkedIn post; ${week
        .slice(1)
        .map((post) => post.day)
        .join(", ")
        .replace(
          /, ([^,]+)$/,
          " and $1",
        )} each return to one part of it, for the people who missed ${first.day} and to keep the idea in front of those who didn't.`
    : context.story
      ? `The story is told in the order it happened, one part a day from ${first.day} to ${last.day}, so each post picks up where the last one stopped.`
      : `${first.day} opens with ${first.paysOff ? `the article's introduction and what it leads to, ${quote(first.paysOff, 60)}` : first.id === 0 ? "the article's introduction" : quote(first.hook, 60)}; ${middle.join("; ")}; ${closing}.`;
  const slots = context.story
    ? "Each day's time follows the LinkedIn studies of Sprout Social, Hootsuite and Buffer."
    : `${inOrder(week)}, and the days are chosen so the strongest posts land where Sprout Social's, Hootsuite's and Buffer's LinkedIn studies find the most engagement${midWeek(week)}.`;
  return [
    // A paste marked confidential (an investor update) may hold what should not go public.
    context.confidential === "marked"
      ? "The text is marked confidential: check every post before you publish it."
      : context.confidential === "investors"
        ? "The text is written to the company's investors: check every post before you publish it, since cash, burn and runway figures are usually kept private."
        : "",
    `A ${week.length}-post week from ${source}${language}${context.wholeFirst ? "." : ", one part of the article a day."}`,
    arc,
    slots,
    context.learnedFrom
      ? `The days and times also follow your own results on ${context.learnedFrom} posts: where your numbers and the studies disagree, your numbers weigh more as they grow.`
      : "",
    `Times are in ${context.timezoneLabel}.`,
    context.contentUrl ? `The link to the article goes in the first comment of ${first.day}'s post, never in a post's body.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
