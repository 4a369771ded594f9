import type { Role } from "./writer";
import { shorten } from "./writer";
import type { ScheduledDraft } from "./schedule-week";

/**
 * The reasoning the UI shows under "Why Post This First/Second/...": what this post does, how
 * it connects to the posts around it, and why this day and time. Built from the post itself
 * and its neighbours, so no two explanations read alike.
 */

const ROLE_NAMES: Record<Role, string> = {
  opener: "teaser",
  story: "story",
  data: "data post",
  value: "deep-value post",
  howto: "how-to",
  question: "question",
  insight: "insight post",
};

const quote = (text: string) => `“${shorten(text, 80)}”`;

function whatItDoes(post: ScheduledDraft, teased: number): string {
  switch (post.role) {
    case "opener":
      return teased > 0
        ? `It opens the week with the article's headline idea, ${quote(post.hook)}, and names ${teased} of the topics coming next, so people who like it have a reason to come back.`
        : `It opens the week with the article's headline idea, ${quote(post.hook)}: the promise the rest of the week delivers on.`;
    case "story":
      return `A story is the easiest post to read and the hardest to scroll past: ${post.detail} puts people in the moment before the ideas arrive.`;
    case "data":
      return `Figures stop the scroll and give the week its evidence: ${post.detail}, each one from the article.`;
    case "value":
      return `This is the deep-value post, ${post.detail}, written to be saved and shared: saves and reshares keep a post in feeds for days.`;
    case "howto":
      return `It turns the week's ideas into action: ${post.detail} that readers can try the same day.`;
    case "question":
      return `It closes the week with ${post.detail}, so the people who followed along have something to answer; comments are the strongest signal LinkedIn reads, and they carry the post further.`;
    case "insight":
      return post.topic
        ? `It gives one idea from ${quote(post.topic)} a post of its own, ${quote(post.hook)}, so it is not lost in a list.`
        : `It gives one idea a post of its own, ${quote(post.hook)}, so it is not lost in a list.`;
  }
}

function howItConnects(index: number, week: ScheduledDraft[]): string {
  const previous = week[index - 1];
  const next = week[index + 1];
  if (!previous && next) return `${next.day}'s ${ROLE_NAMES[next.role]} picks up from here.`;
  if (previous && !next) return `It follows ${previous.day}'s ${ROLE_NAMES[previous.role]} and ends the series.`;
  if (previous && next) return `It comes after ${previous.day}'s ${ROLE_NAMES[previous.role]} and sets up ${next.day}'s ${ROLE_NAMES[next.role]}.`;
  return "";
}

export function explainPost(
  post: ScheduledDraft,
  index: number,
  week: ScheduledDraft[],
  context: { timezoneLabel: string; contentUrl?: string; linked: boolean; teased?: number },
): string {
  const parts = [
    whatItDoes(post, context.teased ?? 0),
    howItConnects(index, week),
    `${post.day} at ${post.time} (${context.timezoneLabel}): ${post.why}.`,
  ];
  if (context.linked && context.contentUrl) {
    parts.push(`Post ${context.contentUrl} as the first comment right after publishing: LinkedIn tends to show posts with an outside link in the body to fewer people.`);
  }
  return parts.filter(Boolean).join(" ");
}

export function explainWeek(week: ScheduledDraft[], context: { title: string | undefined; timezoneLabel: string; contentUrl?: string }): string {
  const source = context.title ? `“${context.title}”` : "your article";
  const steps = week.map((post) => {
    switch (post.role) {
      case "opener":
        return `${post.day} opens with a teaser (${quote(post.hook)})`;
      case "question":
        return `${post.day} closes with a question that invites replies`;
      case "value":
        return `${post.day}, mid-week, carries the deep-value post (${post.detail})`;
      default:
        return `${post.day} brings ${withArticle(ROLE_NAMES[post.role])} (${post.detail})`;
    }
  });
  const arc = `${steps.slice(0, -1).join("; ")}; and ${steps.at(-1)}.`;
  return [
    `A ${week.length}-post week built from ${source}, each post using the article's own words and a different angle on it.`,
    arc[0]!.toUpperCase() + arc.slice(1),
    `The heaviest posts land on Tuesday to Thursday mornings, where Sprout Social's, Hootsuite's and Buffer's LinkedIn studies find engagement peaks. Times are in ${context.timezoneLabel}.`,
    context.contentUrl ? `The link to the article goes in the first comment of ${week[0]!.day}'s post, never in a post's body.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
