import { notEnoughTextError } from "../../../services/strategist/input";
import { MAX_CONTENT_CHARS, MIN_POSTS } from "../../../services/strategist/plan";
import type { ContentType } from "../../../services/strategist/strategist";
import { type Ideas, usable } from "./extract-ideas";
import { writeData, writeHowTo, writeValue } from "./list-posts";
import { writeClaimQuestion, writeInsight, writeOpener, writeQuestion, writeStory } from "./narrative-posts";
import { createWriter, type Draft } from "./writer";
import type { ScheduledDraft } from "./schedule-week";

/**
 * Chooses how many posts the article can carry and of which kinds, then renders each post as
 * it will be published: hook, short paragraphs, a closing line, the "link in the first
 * comment" note and three hashtags.
 */

/** Enough material for a week: fewer usable sentences than this make thin posts, so the week is shorter. */
function postCountFor(usableSentences: number): number {
  if (usableSentences < 35) return 5;
  if (usableSentences < 80) return 6;
  return 7;
}

export function draftWeek(ideas: Ideas): Draft[] {
  const target = postCountFor(ideas.sentences.filter(usable).length);
  const writer = createWriter(ideas, target);
  // The kinds that need particular material go first, before a general post uses it up.
  const opener = writeOpener(writer);
  const asked = writeQuestion(writer);
  const optional = [writeData(writer), writeStory(writer)];
  const value = writeValue(writer);
  optional.push(writeHowTo(writer));
  const question = asked ?? writeClaimQuestion(writer);

  const week = [opener, value, question].filter((draft): draft is Draft => !!draft);
  for (const draft of optional) if (draft && week.length < target) week.push(draft);
  while (week.length < target) {
    const insight = writeInsight(writer);
    if (!insight) break;
    week.push(insight);
  }
  // Short text: any sentence left may carry a post, as long as the week reaches five.
  while (week.length < MIN_POSTS) {
    const insight = writeInsight(writer, { loose: true });
    if (!insight) break;
    week.push(insight);
  }
  if (week.length < MIN_POSTS) throw notEnoughTextError(ideas.words, ideas.sentences.filter(usable).length);
  return week;
}

/** The line that sends readers to the link in the first comment (LinkedIn shows posts with outside links to fewer people). */
export const LINK_NOTES: Record<ContentType, string> = {
  blog: "Full article: link in the first comment.",
  newsletter: "The full issue is linked in the first comment.",
  thread: "The full thread is linked in the first comment.",
  other: "Full piece: link in the first comment.",
};

export type RenderContext = {
  week: ScheduledDraft[];
  ideas: Ideas;
  contentType: ContentType;
  contentUrl: string | undefined;
  variant(role: string, options: readonly string[]): string;
};

/** The post as published, whether it points to the link in the first comment, and how many topics it teases. */
export function renderPost(post: ScheduledDraft, context: RenderContext): { content: string; linked: boolean; teased: number } {
  const parts = [post.hook, ...post.body];
  const teaser = post.role === "opener" && context.ideas.latin ? teaserLines(post, context) : undefined;
  if (teaser) parts.push(teaser);
  if (post.closing) parts.push(post.closing);
  const linked = post.role === "opener" && !!context.contentUrl;
  if (linked) parts.push(LINK_NOTES[context.contentType]);
  const tags = hashtagsFor(parts.join(" "), context.ideas.hashtags);
  const tail = tags.length > 0 ? [tags.join(" ")] : [];
  // LinkedIn's limit: drop body paragraphs from the end (never the hook) until the post fits.
  let content = [...parts, ...tail].join("\n\n");
  while (content.length > MAX_CONTENT_CHARS && parts.length > 1) {
    parts.splice(parts.length - (post.closing || linked ? 2 : 1), 1);
    content = [...parts, ...tail].join("\n\n");
  }
  if (content.length > MAX_CONTENT_CHARS) content = `${content.slice(0, MAX_CONTENT_CHARS - 1).replace(/\s+\S*$/, "")}…`;
  return { content, linked, teased: teaser ? teaser.split("\n").length - 1 : 0 };
}

function teaserLines(opener: ScheduledDraft, context: RenderContext): string | undefined {
  // Only posts with a heading of their own are named, in the article's words; a post that
  // opens with its heading is left out, or the week would repeat that line.
  const topics = [
    ...new Set(
      context.week
        .filter((post) => post !== opener && post.topic && post.topic !== opener.topic && !squash(post.hook).startsWith(squash(post.topic)))
        .map((post) => post.topic!),
    ),
  ].slice(0, 4);
  if (topics.length < 2) return undefined;
  const framing = context.variant("teaser", ["Over the next few days, one post on each:", "This week, I'm breaking it down:", "Coming up this week:"]);
  return [framing, ...topics.map((topic) => `→ ${topic}`)].join("\n");
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Three hashtags: the article's two main names, and one more the post itself mentions, so
 * the week does not repeat one block of tags seven times.
 */
export function hashtagsFor(text: string, hashtags: string[]): string[] {
  const squashed = squash(text);
  const main = hashtags.slice(0, 2);
  const specific = hashtags.slice(2).find((tag) => squashed.includes(tag.slice(1).toLowerCase()));
  return specific ? [...main, specific] : hashtags.slice(0, 3);
}
