import type { LearnedTimes } from "./best-times";
import type { Plan, Weekday } from "./plan";

/**
 * The one interface both strategists implement (src/strategist): the local one,
 * embedded and deterministic, and the OpenAI one. Whatever they return has passed the plan
 * contract (./plan.ts).
 */
export type ContentType = "blog" | "newsletter" | "thread" | "other";

export type StrategistInput = {
  contentText: string;
  /** Never fetched: offered as a "link in the first comment" note. */
  contentUrl?: string;
  contentType: ContentType;
  /** IANA zone; recommended times are wall-clock times there. */
  timezone: string;
  /** The user's own results, once there are enough (./best-times.ts): they move days and times. */
  learnedTimes?: LearnedTimes;
  /** The day the plan's week starts, today or tomorrow in the user's zone (src/shared/plan-week.ts); Sunday when absent. */
  weekStartsOn?: Weekday;
  /** The author's own past posts (Settings, "Your voice"): examples of how they write, never material. */
  voice?: string[];
};

/** The per-post rewrites on a plan card and in the Edit dialog: a new opening line, a shorter post, or the same idea rewritten. */
export const REWRITE_ACTIONS = ["hook", "shorter", "rewrite"] as const;
export type RewriteAction = (typeof REWRITE_ACTIONS)[number];

export type RewriteInput = {
  /** The article the post came from: the only material a rewrite may use. */
  sourceText: string;
  /** The post as it reads now (the user may have edited it). */
  content: string;
  action: RewriteAction;
  /** The article's language, when the caller knows it; otherwise the strategist reads it from the text. */
  language?: string;
  /** The author's own past posts, as examples of voice (see StrategistInput). */
  voice?: string[];
  /** The post's type in its plan (a question post needs fewer words of material). */
  postType?: string;
  /** The opening lines of the week's other posts, so a rewrite takes an angle of its own. */
  otherHooks?: string[];
};

/** Where a plan's writing is, for the generator to show while it waits (the job records it). */
export const PLAN_STAGES = ["queued", "reading", "writing", "checking"] as const;
export type PlanStage = (typeof PLAN_STAGES)[number];

export type Strategist = {
  name: "local" | "openai";
  /** `onProgress` hears each stage as the plan reaches it (a model's plan takes tens of seconds). */
  createPlan(input: StrategistInput, progress?: { onProgress?: (stage: PlanStage) => void }): Promise<Plan>;
  /**
   * Throws the 400 a paste would end in, before anything is stored: the local strategist knows
   * at once (it plans in milliseconds) whether five real posts can be made; a model is not asked.
   */
  checkInput?(input: StrategistInput): void;
  /**
   * The longest one plan can honestly take (every request timing out and retried, plus the
   * correction and the repair): how long the generator waits before it calls a plan failed.
   * Absent: a strategist that plans in milliseconds (the local one).
   */
  planTimeLimitMs?: number;
  /** One post rewritten; the caller checks it against the one-post contract (./post-contract.ts). */
  rewritePost(input: RewriteInput): Promise<{ content: string }>;
};

/**
 * A strategist failure with a message a person can read. `retryable` says whether trying the
 * same input again could work (a rate limit, a timeout, a bad answer from a model) or not
 * (a rejected API key, an unknown model).
 */
export class StrategistError extends Error {
  override name = "StrategistError";
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
  }
}

/**
 * A rewrite the article cannot support ("This article has no other opening line for this
 * post."): answering the same text again would look like a broken button, so the user is told.
 */
export class RewriteRefusedError extends Error {
  override name = "RewriteRefusedError";
}
