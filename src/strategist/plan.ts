import { withoutInput } from "../http-error";
import * as v from "valibot";

/**
 * The plan contract: what every strategist (local or OpenAI) must hand back, checked in one
 * place (PRODUCT.md "Generation"). Output that breaks it is repaired where the repair cannot
 * change what the author meant (whitespace, numbering, spelling of a day or a time) and is
 * otherwise rejected, so a broken plan never reaches a user.
 */

export const MIN_POSTS = 5;
export const MAX_POSTS = 7;
/** LinkedIn's limit for one post. */
export const MAX_CONTENT_CHARS = 3_000;
/** About what LinkedIn shows before "...see more" on desktop. */
export const MAX_HOOK_CHARS = 210;
/** LinkedIn's own guidance is three to five; more reads as spam. */
export const MAX_HASHTAGS = 5;
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** The types the UI gives a colour of their own; any other short type is allowed. */
export const CORE_POST_TYPES = ["hook", "value", "story", "data", "question"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

const TIME_PATTERN = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;
const LINK_PATTERN = /https?:\/\/|www\.\S+\.\S/i;
const HASHTAG_PATTERN = /(^|\s)#[\p{L}\p{N}_]+/gu;

/** The first line of a post: what LinkedIn shows above the fold. */
/** Enough of a post to show its opening line in a one-line preview (a read need not fetch the rest). */
export const OPENING_CHARS = 300;

export function openingLine(content: string): string {
  return (content.trimStart().split("\n", 1)[0] ?? "").trim();
}

export function countHashtags(content: string): number {
  return content.match(HASHTAG_PATTERN)?.length ?? 0;
}

/** The hashtags a post carries, as written ("#ShiftSwap"). */
export function hashtagsIn(content: string): string[] {
  return [...content.matchAll(HASHTAG_PATTERN)].map((match) => match[0].trim());
}

const text = (what: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(`${what} must not be blank`));

export const planPostEntries = {
  content: v.pipe(
    text("content"),
    v.maxLength(MAX_CONTENT_CHARS, `content must be at most ${MAX_CONTENT_CHARS} characters`),
    // LinkedIn shows posts with an outside link in the body to fewer people: the link goes in the first comment.
    v.check((content) => !LINK_PATTERN.test(content), "content must not contain a link (it goes in the first comment)"),
    v.check((content) => countHashtags(content) <= MAX_HASHTAGS, `content must have at most ${MAX_HASHTAGS} hashtags`),
  ),
  hook: v.pipe(text("hook"), v.maxLength(MAX_HOOK_CHARS, `hook must be at most ${MAX_HOOK_CHARS} characters`)),
  postOrder: v.pipe(v.string(), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7, as a string")),
  postType: v.pipe(text("postType"), v.maxLength(30, "postType must be at most 30 characters")),
  strategyExplanation: text("strategyExplanation"),
  recommendedDay: v.picklist(WEEKDAYS, "recommendedDay must be a day of the week, e.g. Tuesday"),
  recommendedTime: v.pipe(v.string(), v.regex(TIME_PATTERN, 'recommendedTime must look like "9:00 AM"')),
};

export const planPostSchema = v.pipe(
  v.object(planPostEntries),
  v.forward(
    v.check((post) => post.hook === openingLine(post.content), "hook must be the first line of content"),
    ["hook"],
  ),
);

export const planEntries = {
  posts: v.pipe(
    v.array(planPostSchema),
    v.minLength(MIN_POSTS, `a plan has ${MIN_POSTS} to ${MAX_POSTS} posts`),
    v.maxLength(MAX_POSTS, `a plan has ${MIN_POSTS} to ${MAX_POSTS} posts`),
  ),
  strategyOverview: text("strategyOverview"),
};

export const planSchema = v.pipe(
  v.object(planEntries),
  v.forward(
    v.check((plan) => plan.posts.every((post, index) => post.postOrder === String(index + 1)), "postOrder must run 1, 2, 3... in the order of the posts"),
    ["posts"],
  ),
  v.forward(
    v.check((plan) => new Set(plan.posts.map((post) => post.recommendedDay)).size === plan.posts.length, "every post needs a different recommendedDay"),
    ["posts"],
  ),
);

export type Plan = v.InferOutput<typeof planSchema>;
export type PlanPost = Plan["posts"][number];

/** A strategist's output that breaks the contract even after the safe repairs. */
export class PlanContractError extends Error {
  override name = "PlanContractError";
  constructor(readonly problems: string[]) {
    super(`The plan breaks the contract: ${problems.slice(0, 3).join("; ")}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}`);
  }
}

export type PlanCheck = { ok: true; plan: Plan } | { ok: false; problems: string[] };

/** Repairs what is safe to repair, then validates. Never throws. */
export function checkPlan(raw: unknown): PlanCheck {
  const result = v.safeParse(planSchema, repairPlan(raw));
  if (result.success) return { ok: true, plan: result.output };
  return {
    ok: false,
    problems: result.issues.map((issue) => {
      const path = v.getDotPath(issue);
      // Without the value received: these reach the logs and the user's error, and may quote a post.
      return path ? `${path}: ${withoutInput(issue.message)}` : withoutInput(issue.message);
    }),
  };
}

/** Like checkPlan, but throws PlanContractError naming the problems. */
export function parsePlan(raw: unknown): Plan {
  const checked = checkPlan(raw);
  if (!checked.ok) throw new PlanContractError(checked.problems);
  return checked.plan;
}

/**
 * The repairs that cannot change meaning: trimming, tidy line breaks, posts put in the order
 * their postOrder says and renumbered 1..N, "tuesday"/"Tue" -> "Tuesday", "09:00 am"/"14:30" ->
 * "9:00 AM"/"2:30 PM", a type in lower case, and a hook that differs from the content's first
 * line only in spacing. Anything else (a hook that is not the opening line, a repeated day, too
 * many posts) is left for validation to reject: guessing there would change the plan.
 */
export function repairPlan(raw: unknown): unknown {
  if (!isRecord(raw) || !Array.isArray(raw.posts)) return raw;
  const posts = raw.posts.map((post) => (isRecord(post) ? repairPost(post) : post));
  const orders = posts.map((post) => (isRecord(post) ? Number(post.postOrder) : Number.NaN));
  const sortable = orders.every((order) => Number.isFinite(order)) && new Set(orders).size === orders.length;
  const ordered = sortable
    ? posts
        .map((post, index) => ({ post, order: orders[index]! }))
        .sort((a, b) => a.order - b.order)
        .map(({ post }) => post)
    : posts;
  return {
    ...raw,
    strategyOverview: typeof raw.strategyOverview === "string" ? raw.strategyOverview.trim() : raw.strategyOverview,
    // The array's order is the week's order (after sorting by postOrder where every post has a distinct one).
    posts: ordered.map((post, index) => (isRecord(post) ? { ...post, postOrder: String(index + 1) } : post)),
  };
}

function repairPost(post: Record<string, unknown>): Record<string, unknown> {
  const repaired: Record<string, unknown> = { ...post };
  for (const key of ["hook", "postType", "strategyExplanation", "recommendedDay", "recommendedTime"] as const) {
    if (typeof repaired[key] === "string") repaired[key] = (repaired[key] as string).trim();
  }
  if (typeof post.postOrder === "number") repaired.postOrder = String(post.postOrder);
  if (typeof repaired.postOrder === "string") repaired.postOrder = repaired.postOrder.trim();
  if (typeof post.content === "string") repaired.content = tidyContent(post.content);
  if (typeof repaired.postType === "string") repaired.postType = repaired.postType.toLowerCase();
  if (typeof repaired.recommendedDay === "string") repaired.recommendedDay = normaliseDay(repaired.recommendedDay);
  if (typeof repaired.recommendedTime === "string") repaired.recommendedTime = normaliseTime(repaired.recommendedTime);
  if (typeof repaired.content === "string") {
    const first = openingLine(repaired.content);
    const hook = typeof repaired.hook === "string" ? repaired.hook : "";
    if (hook === "" || squash(hook) === squash(first)) repaired.hook = first;
  }
  return repaired;
}

/** Line breaks as LinkedIn keeps them: no trailing spaces, at most one blank line, nothing around. */
export function tidyContent(content: string): string {
  return content
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const squash = (value: string) => value.replace(/\s+/g, " ").trim();

function normaliseDay(day: string): string {
  const lower = day.toLowerCase();
  if (lower.length < 3) return day;
  return WEEKDAYS.find((weekday) => weekday.toLowerCase().startsWith(lower.replace(/\.$/, ""))) ?? day;
}

/** "09:00 am", "9am", "9 A.M.", "14:30" -> "9:00 AM", "2:30 PM"; anything else is left alone. */
export function normaliseTime(time: string): string {
  const match = time
    .toUpperCase()
    .replace(/\./g, "")
    .match(/^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)?$/);
  if (!match) return time;
  let hours = Number(match[1]);
  const minutes = match[2] ?? "00";
  let meridiem = match[3];
  if (Number(minutes) > 59) return time;
  if (!meridiem) {
    if (match[2] === undefined || hours > 23) return time; // "9" alone is too vague to guess
    meridiem = hours >= 12 ? "PM" : "AM";
    hours = hours % 12 || 12;
  } else if (hours < 1 || hours > 12) {
    return time;
  }
  return `${hours}:${minutes} ${meridiem}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The same contract as a JSON Schema, for OpenAI's structured output (response_format
 * json_schema, strict). Built from the valibot entries above so the two cannot drift apart
 * (a unit test compares them); the limits strict mode cannot express are in the descriptions,
 * and planSchema still checks every answer.
 */
const postFieldDescriptions: Record<keyof typeof planPostEntries, Record<string, unknown>> = {
  content: {
    type: "string",
    description: `The whole post as it will be published, at most ${MAX_CONTENT_CHARS} characters: the hook as its first line, short paragraphs separated by blank lines, no links, ${MAX_HASHTAGS} hashtags at most on the last line.`,
  },
  hook: { type: "string", description: `Exactly the first line of content, at most ${MAX_HOOK_CHARS} characters.` },
  postOrder: { type: "string", description: 'Position in the week: "1" for the first post, then "2", "3"...' },
  postType: { type: "string", description: `One of ${CORE_POST_TYPES.join(", ")}, or another short lower-case type such as how-to or insight.` },
  strategyExplanation: { type: "string", description: "Why this post, on this day and at this time, in this place in the week: specific to the post." },
  recommendedDay: { type: "string", enum: [...WEEKDAYS], description: "A different day for every post." },
  recommendedTime: { type: "string", pattern: TIME_PATTERN.source, description: 'Local time in the user\'s timezone, like "9:00 AM".' },
};

export const planJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: Object.keys(planEntries),
  properties: {
    posts: {
      type: "array",
      minItems: MIN_POSTS,
      maxItems: MAX_POSTS,
      items: {
        type: "object",
        additionalProperties: false,
        required: Object.keys(planPostEntries),
        properties: postFieldDescriptions,
      },
    },
    strategyOverview: { type: "string", description: "The arc of the week: how the posts build on each other and why in this order." },
  },
} as const;
