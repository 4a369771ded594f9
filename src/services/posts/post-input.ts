import * as v from "valibot";
import { HttpError, parseInput } from "../../http-error";
import type { PublishMode } from "../scheduling";
import { postListQuerySchema } from "../post-lists";
import { MAX_CONTENT_CHARS, MAX_HOOK_CHARS, WEEKDAYS } from "../../strategist";

/** What the posts API takes: a new post, a plan's posts, and the one change a PATCH makes. */

const optionalText = (max: number, label: string) =>
  v.optional(v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`)), "");

export const newPostSchema = v.object({
  content: v.pipe(
    v.string("Content is required."),
    v.trim(),
    v.nonEmpty("Content is required."),
    v.maxLength(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters (LinkedIn's limit).`),
  ),
  hook: optionalText(MAX_HOOK_CHARS, "Hook"),
  postOrder: v.optional(v.pipe(v.string("postOrder must be a string."), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7.")), "1"),
  postType: v.optional(
    v.pipe(v.string("postType must be text."), v.trim(), v.nonEmpty("postType must not be blank."), v.maxLength(30, "postType must be at most 30 characters.")),
    "value",
  ),
  strategyExplanation: optionalText(2_000, "strategyExplanation"),
  recommendedDay: v.optional(v.nullable(v.picklist(WEEKDAYS, "recommendedDay must be a day of the week."))),
  recommendedTime: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/, 'recommendedTime must look like "9:00 AM".')))),
  status: v.optional(v.literal("draft", "A new post is always saved as a draft."), "draft"),
  sourceId: v.optional(v.nullable(v.pipe(v.string(), v.uuid("sourceId must be an id.")))),
});

export type NewPost = v.InferOutput<typeof newPostSchema>;

/** GET /api/posts/upcoming?limit=: as many as a page of a list holds, unless asked for fewer. */
export const upcomingQuerySchema = v.object({ limit: postListQuerySchema.entries.limit });

/** POST /api/sources/:id/drafts (Save All to Drafts): the plan's posts, each as POST /api/posts takes it, without the source. */
export const planPostsSchema = v.strictObject(
  {
    posts: v.pipe(
      v.array(v.omit(newPostSchema, ["sourceId"]), "posts must be a list of posts."),
      v.minLength(1, "posts must hold at least one post."),
      v.maxLength(7, "posts must hold at most 7 posts (a plan's most)."),
      v.check((list) => new Set(list.map((post) => post.postOrder)).size === list.length, "Each post of a plan must have its own postOrder."),
    ),
  },
  "Send {posts: [...]} and nothing else.",
);
export type PlanPost = Omit<NewPost, "sourceId">;

/** POST /api/sources/:id/save-and-schedule: the plan's posts and the slots the user confirmed, by postOrder. */
export const saveAndScheduleSchema = v.strictObject(
  {
    posts: planPostsSchema.entries.posts,
    slots: v.pipe(
      v.array(
        v.strictObject({
          postOrder: v.pipe(v.string("postOrder must be a string."), v.regex(/^[1-7]$/, "postOrder must be a number from 1 to 7.")),
          scheduledTime: v.pipe(
            v.string("scheduledTime must be a date and time."),
            v.isoTimestamp("scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z."),
          ),
        }),
        "slots must be a list.",
      ),
      v.maxLength(7, "slots must hold at most 7 posts (a plan's most)."),
      v.check((list) => new Set(list.map((slot) => slot.postOrder)).size === list.length, "Each post may appear once."),
    ),
    publishMode: v.optional(v.picklist(["auto", "remind"], "publishMode must be 'auto' or 'remind'.")),
  },
  "Send {posts: [...], slots: [{postOrder, scheduledTime}]} and nothing else.",
);

export const PUBLISH_MODES = ["auto", "remind"] as const satisfies readonly PublishMode[];
export type { PublishMode };

const ONE_CHANGE =
  "Send exactly one change: {scheduledTime, status: 'scheduled'}, {status: 'posted'} (with linkedinUrl if you like), {status: 'draft'} (unschedule, or mark as not posted) or {content}.";

/** PATCH /api/posts/:id (SPEC.md section 7): exactly one of three changes, nothing else beside it. */
export const scheduleSchema = v.strictObject(
  {
    scheduledTime: v.pipe(
      v.string("scheduledTime must be a date and time."),
      v.isoTimestamp("scheduledTime must be an ISO date and time with its offset, e.g. 2026-03-03T14:00:00Z."),
      v.transform((text) => new Date(text)),
      v.check((date) => !Number.isNaN(date.getTime()), "scheduledTime is not a real date."),
    ),
    status: v.literal("scheduled", "status must be 'scheduled' when scheduling."),
    // Auto-posting: publish on LinkedIn at the time, or remind (the posting assistant).
    publishMode: v.optional(v.picklist(PUBLISH_MODES, "publishMode must be 'auto' or 'remind'.")),
  },
  ONE_CHANGE,
);
const LINKEDIN_URL = "linkedinUrl must be the address of your post on linkedin.com (https://www.linkedin.com/...), or empty.";
/** The published post's address, given optionally on marking as posted; blank means none. */
export const linkedinUrlSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(LINKEDIN_URL),
      v.trim(),
      v.maxLength(500, "linkedinUrl must be at most 500 characters."),
      v.check((text) => text === "" || isLinkedinUrl(text), LINKEDIN_URL),
      v.transform((text) => (text === "" ? null : text)),
    ),
  ),
);

function isLinkedinUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      url.protocol === "https:" && (url.hostname === "linkedin.com" || url.hostname.endsWith(".linkedin.com")) && url.username === "" && url.password === ""
    );
  } catch {
    return false;
  }
}

export const markPostedSchema = v.strictObject({ status: v.literal("posted", "status must be 'posted'."), linkedinUrl: linkedinUrlSchema }, ONE_CHANGE);
export const unscheduleSchema = v.strictObject({ status: v.literal("draft", "status must be 'draft'.") }, ONE_CHANGE);
export const editSchema = v.strictObject(
  {
    content: v.pipe(
      v.string("Content must be text."),
      v.trim(),
      v.nonEmpty("Content must not be blank."),
      v.maxLength(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS.toLocaleString("en-GB")} characters (LinkedIn's limit).`),
    ),
  },
  ONE_CHANGE,
);

export type PostChange =
  | { kind: "schedule"; scheduledTime: Date; publishMode?: PublishMode }
  | { kind: "markPosted"; linkedinUrl: string | null }
  | { kind: "unschedule" }
  | { kind: "edit"; content: string };

/** Picks the change a PATCH body asks for by its keys, then validates it whole (400 otherwise). */
export function parsePostChange(body: unknown): PostChange {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(400, ONE_CHANGE);
  const fields = body as Record<string, unknown>;
  if ("content" in fields) return { kind: "edit", content: parseInput(editSchema, body).content };
  if ("scheduledTime" in fields || fields.status === "scheduled") {
    const { scheduledTime, publishMode } = parseInput(scheduleSchema, body);
    return { kind: "schedule", scheduledTime, publishMode };
  }
  if (fields.status === "posted") return { kind: "markPosted", linkedinUrl: parseInput(markPostedSchema, body).linkedinUrl ?? null };
  if (fields.status === "draft") {
    parseInput(unscheduleSchema, body);
    return { kind: "unschedule" };
  }
  throw new HttpError(400, ONE_CHANGE);
}
