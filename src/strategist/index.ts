/**
 * The strategist's one public entry: everything outside src/strategist imports from here.
 * Inside, `local/` is the embedded strategist, `openai/` the model-backed one; both answer
 * through the plan contract (plan.ts) and are judged by the same lint (lint.ts).
 */
export { createStrategist } from "./create-strategist";
export { createLocalStrategist } from "./local";
export { createOpenAiStrategist, type OpenAiStrategistOptions } from "./openai";
export { assertPlannable, CONTENT_TYPES, type GenerateInput, generateInputSchema, proseWords } from "./input";
export { type LintFinding, lintPlan, materialWords } from "./lint";
export {
  checkPlan,
  planEntries,
  MAX_CONTENT_CHARS,
  MAX_HOOK_CHARS,
  OPENING_CHARS,
  openingLine,
  type Plan,
  type PlanPost,
  parsePlan,
  WEEKDAYS,
  type Weekday,
} from "./plan";
export { checkRewrittenPost, type RewrittenPost } from "./post-contract";
export { type CarouselSlides, type CarouselStrategyInput, carouselSlidesSchema, checkSlides, MAX_CAROUSEL_SLIDES, MIN_CAROUSEL_SLIDES } from "./carousel";
export { makeCarousel } from "./make-carousel";
export { POSTING_SLOTS, validTimezone } from "./schedule-week";
export { MAX_VOICE_POSTS, measureVoice, withVoiceNote } from "./voice";
export { bestTimesSummary, formatRatio, learnTimes, MIN_RESULTS, type PostResult } from "./best-times";
export {
  type ContentType,
  PLAN_STAGES,
  type PlanStage,
  REWRITE_ACTIONS,
  type RewriteAction,
  type RewriteInput,
  RewriteRefusedError,
  type Strategist,
  StrategistError,
  type StrategistInput,
} from "./types";
