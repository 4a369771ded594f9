import type { Plan } from "./plan";

/**
 * The one interface both strategists implement (src/providers/strategist): the local one,
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
};

export type Strategist = {
  name: "local" | "openai";
  createPlan(input: StrategistInput): Promise<Plan>;
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
