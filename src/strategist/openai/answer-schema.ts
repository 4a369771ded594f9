import { checkPlan, MAX_POSTS, MIN_POSTS, type PlanCheck, planJsonSchema, WEEKDAYS } from "../plan";

/**
 * What the model answers: the plan contract (../plan.ts) with the week planned first. Structured
 * output writes the fields in the schema's order, so the model ranks the article's ideas and
 * gives each post an angle and a day before it writes the overview, then each post's
 * explanation before its text: the week is decided once, and the posts follow it instead of
 * being explained after the fact. The `week` part is scaffolding; the plan is the rest.
 */

const postProperties = planJsonSchema.properties.posts.items.properties;

/** The post's fields with the plan's decisions first and the text last. */
const orderedPostProperties = {
  postOrder: postProperties.postOrder,
  recommendedDay: postProperties.recommendedDay,
  recommendedTime: postProperties.recommendedTime,
  postType: postProperties.postType,
  strategyExplanation: { type: "string", description: "One or two sentences: what this post says and its place in the week, from the week's plan." },
  hook: postProperties.hook,
  content: postProperties.content,
};

export const weekPlanJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["week", "strategyOverview", "posts"],
  properties: {
    week: {
      type: "object",
      additionalProperties: false,
      required: ["ideas", "posts"],
      description: "The week, planned before any post is written.",
      properties: {
        ideas: { type: "array", items: { type: "string" }, description: "The article's ideas, strongest first, one short line each." },
        posts: {
          type: "array",
          minItems: MIN_POSTS,
          maxItems: MAX_POSTS,
          description: "One entry per post, in posting order: a different angle and a different day for each.",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["angle", "day"],
            properties: {
              angle: { type: "string", description: "What this post says that no other post of the week says." },
              day: { type: "string", enum: [...WEEKDAYS] },
            },
          },
        },
      },
    },
    strategyOverview: { type: "string", description: "Two or three sentences: the week's arc, from the plan above." },
    posts: {
      ...planJsonSchema.properties.posts,
      items: { ...planJsonSchema.properties.posts.items, required: Object.keys(orderedPostProperties), properties: orderedPostProperties },
    },
  },
} as const;

export type WeekOutline = { ideas: string[]; posts: { angle: string; day: string }[] };

/**
 * The plan in a model's answer: the week's outline is set aside and the rest checked against the
 * contract. An answer without the outline (a server that ignores the schema's order) is still a
 * plan if the rest holds.
 */
export function planFromAnswer(parsed: unknown): PlanCheck & { outline?: WeekOutline } {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return checkPlan(parsed);
  const { week, ...plan } = parsed as Record<string, unknown>;
  return { ...checkPlan(plan), outline: isOutline(week) ? week : undefined };
}

function isOutline(value: unknown): value is WeekOutline {
  const week = value as WeekOutline | undefined;
  return Array.isArray(week?.ideas) && Array.isArray(week?.posts);
}
