import * as v from "valibot";
import { pruneExpiredCredentials } from "../services/expired-credentials";
import { pruneRateLimits } from "../services/rate-limits";
import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { BillingService } from "../services/billing/billing";
import type { TrialClaims } from "../services/billing/trial-claims";
import { DEMO_BILLING_CLOCK, PRUNE_JOBS } from "./kinds";
import type { JobDefinition, Queue } from "./queue";

const DAY_MS = 24 * 60 * 60_000;
const noPayload = v.object({});

/**
 * Every hour: deletes finished jobs older than JOB_RETENTION_DAYS (so the table does not grow
 * forever), expired trial claims, stale rate limit counters and dead credentials (sessions,
 * reset tokens, LinkedIn sign-in states); then, on PGlite, vacuums and
 * analyses (there is no autovacuum there: the planner would never learn the tables' sizes).
 */
export function pruneJobsJob(deps: {
  config: Pick<Config, "jobRetentionDays">;
  clock: Clock;
  database: Database;
  queue: Pick<Queue, "prune">;
  trialClaims: Pick<TrialClaims, "prune">;
}): JobDefinition<object> {
  return {
    kind: PRUNE_JOBS,
    payload: noPayload,
    everyMs: 60 * 60_000,
    async run() {
      const now = deps.clock.now();
      const before = new Date(now.getTime() - deps.config.jobRetentionDays * DAY_MS);
      // The trial fingerprints go too once past the retention the privacy page states.
      const pruned = {
        deleted: await deps.queue.prune(before),
        trialClaimsDeleted: await deps.trialClaims.prune(now),
        // Rate limit counters untouched for a day are past every window.
        rateLimitsDeleted: await pruneRateLimits(deps.database, new Date(now.getTime() - DAY_MS)),
        // Sessions, reset tokens and LinkedIn states a day past working.
        ...(await pruneExpiredCredentials(deps.database, new Date(now.getTime() - DAY_MS))),
      };
      await deps.database.maintain();
      return pruned;
    },
  };
}

/**
 * Every minute, with the demo billing provider only: trials end and months renew without the
 * user visiting (a visit also catches up, in the session plugin). A queue job rather than a
 * timer, so with several instances one of them does it each minute.
 */
export function demoBillingClockJob(billing: Pick<BillingService, "advanceDemo">): JobDefinition<object> {
  return {
    kind: DEMO_BILLING_CLOCK,
    payload: noPayload,
    everyMs: 60_000,
    async run() {
      return { steps: await billing.advanceDemo() };
    },
  };
}
