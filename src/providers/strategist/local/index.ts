import { MIN_PROSE_WORDS, notEnoughTextError } from "../../../services/strategist/input";
import { openingLine, type Plan, parsePlan } from "../../../services/strategist/plan";
import type { Strategist, StrategistInput } from "../../../services/strategist/strategist";
import { cleanSource, countWords } from "./clean";
import { explainPost, explainWeek } from "./explain";
import { extractIdeas } from "./extract-ideas";
import { createWriter, POST_TYPES } from "./writer";
import { scheduleWeek, timezoneLabel } from "./schedule-week";
import { draftWeek, renderPost } from "./write-posts";

/**
 * The embedded strategist: no network, no model, the same plan for the same input, in a few
 * milliseconds. It cleans the paste (clean.ts), reads its ideas (extract-ideas.ts), writes a
 * post per kind of material it finds (post-builders.ts, write-posts.ts), orders the week and
 * times it by LinkedIn engagement research (schedule-week.ts) and explains each choice
 * (explain.ts). Its output goes through the same plan contract as any model's.
 */
export function createLocalStrategist(): Strategist {
  return {
    name: "local",
    createPlan: async (input) => planWeek(input),
  };
}

export function planWeek(input: StrategistInput): Plan {
  const source = cleanSource(input.contentText);
  const words = source.blocks.filter((block) => block.kind !== "heading").reduce((sum, block) => sum + countWords(block.text), 0);
  if (words < MIN_PROSE_WORDS) throw notEnoughTextError(words);

  const ideas = extractIdeas(source);
  // Repeated sentences are read once: what is left must still be enough.
  if (ideas.words < MIN_PROSE_WORDS) throw notEnoughTextError(ideas.words, ideas.sentences.length);
  const week = scheduleWeek(draftWeek(ideas));
  const { variant } = createWriter(ideas);
  const zone = timezoneLabel(input.timezone);
  const posts = week.map((post, index) => {
    const { content, linked, teased } = renderPost(post, { week, ideas, contentType: input.contentType, contentUrl: input.contentUrl, variant });
    return {
      content,
      hook: openingLine(content),
      postOrder: String(index + 1),
      postType: POST_TYPES[post.role],
      strategyExplanation: explainPost(post, index, week, { timezoneLabel: zone, contentUrl: input.contentUrl, linked, teased }),
      recommendedDay: post.day,
      recommendedTime: post.time,
    };
  });
  return parsePlan({ posts, strategyOverview: explainWeek(week, { title: ideas.title, timezoneLabel: zone, contentUrl: input.contentUrl }) });
}
