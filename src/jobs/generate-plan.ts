import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { sources, users } from "../../db/schema";
import { HttpError } from "../http-error";
import type { Logger } from "../logger";
import {
  CONTENT_TYPES,
  checkPlan,
  type Plan,
  type PlanStage,
  parsePlan,
  type Strategist,
  StrategistError,
  learnTimes,
  measureVoice,
  withVoiceNote,
} from "../strategist";
import { type JobDefinition, PermanentJobError } from "./queue";
import { readOne } from "../services/json-reads";
import { resultsRead } from "../services/results";
import { GENERATE_PLAN } from "./kinds";
import { type Clock, systemClock } from "../clock";
import { planWeekStart } from "../shared/plan-week";
import { POSTING_SLOTS, validTimezone } from "../strategist";

export const generatePlanPayload = v.object({ sourceId: v.pipe(v.string(), v.uuid()) });
export type GeneratePlanPayload = v.InferOutput<typeof generatePlanPayload>;

/** `clock` decides the day the plan's week starts (the system clock unless a test moves time). */
export type GeneratePlanDeps = { database: Database; logger: Logger; providers: { strategist: Strategist }; clock?: Clock };

/**
 * Writes the plan for one source: loads the pasted content and the user's timezone, runs the
 * configured strategist, checks the plan against the contract and stores it on the source
 * (so it survives the request that asked for it), and returns it as the job's result.
 *
 * Failures a retry cannot fix (the source is gone, the text is unusable, the provider refuses
 * the key) fail at once; anything else (a timeout, a rate limit, a model's bad answer) is
 * retried by the queue with backoff, and the last message stays on the job for the user.
 */
export function generatePlanJob(deps: GeneratePlanDeps): JobDefinition<GeneratePlanPayload> {
  const { database, logger, providers } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  return {
    kind: GENERATE_PLAN,
    payload: generatePlanPayload,
    async run({ sourceId }, context) {
      const [source] = await db
        .select({
          userId: sources.userId,
          contentText: sources.contentText,
          contentUrl: sources.contentUrl,
          contentType: sources.contentType,
          plan: sources.plan,
          timezone: users.timezone,
          voicePosts: users.voicePosts,
        })
        .from(sources)
        .innerJoin(users, eq(users.id, sources.userId))
        .where(eq(sources.id, sourceId));
      if (!source) throw new PermanentJobError("The content for this plan was deleted before the plan was written");

      // A stored plan means an earlier run did the work but died before marking the job done:
      // use it rather than pay a provider twice.
      const stored = source.plan ? checkPlan(source.plan) : undefined;
      if (stored?.ok) return stored.plan;

      // Each stage is written as it is reached, in order (the generator polls it); a lost write only costs a stale label.
      let staged = Promise.resolve();
      const onProgress = (stage: PlanStage) => {
        staged = staged
          .then(() =>
            db
              .update(sources)
              .set({ stage })
              .where(eq(sources.id, sourceId))
              .then(() => undefined),
          )
          .catch((error) => logger.warn("plan stage not recorded", { sourceId, error }));
      };
      let plan: Plan;
      try {
        plan = await providers.strategist.createPlan(
          {
            contentText: source.contentText,
            contentUrl: source.contentUrl ?? undefined,
            contentType: v.is(v.picklist(CONTENT_TYPES), source.contentType) ? source.contentType : "other",
            timezone: source.timezone,
            // The user's own results move days and times once there are enough of them.
            learnedTimes: learnTimes(await readOne(database, resultsRead(source.userId)), source.timezone),
            // Today if today's first slot is still ahead in the user's zone, else tomorrow.
            weekStartsOn: planWeekStart(clock.now(), validTimezone(source.timezone), (day) => POSTING_SLOTS[day].time),
            voice: source.voicePosts.length > 0 ? source.voicePosts : undefined,
          },
          { onProgress },
        );
      } catch (error) {
        await staged;
        if (error instanceof HttpError && error.status < 500) throw new PermanentJobError(error.message);
        if (error instanceof StrategistError && !error.retryable) throw new PermanentJobError(error.message);
        throw error;
      }
      // Strategists check their own output; checked again here so no provider can store a broken plan.
      // A plan written with the author's voice says so in its overview, whichever strategist wrote it.
      const checked = parsePlan(withVoiceNote(plan, measureVoice(source.voicePosts)));
      const stores = { posts: checked.posts, strategyOverview: checked.strategyOverview };
      await staged;
      await db.update(sources).set({ plan: stores, stage: null }).where(eq(sources.id, sourceId));
      logger.info("plan generated", {
        sourceId,
        jobId: context.jobId,
        attempt: context.attempt,
        strategist: providers.strategist.name,
        posts: checked.posts.length,
      });
      return stores;
    },
  };
}
