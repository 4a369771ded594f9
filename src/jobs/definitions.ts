import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Providers } from "../providers";
import type { Services } from "../services";
import { generatePlanJob } from "./generate-plan";
import { linkedinExpiryJob, publishPostJob } from "./linkedin";
import { postReminderJob } from "./post-reminder";
import { demoBillingClockJob, pruneJobsJob } from "./housekeeping";
import type { JobDefinition, Queue } from "./queue";
import { requestPasswordResetJob } from "./request-password-reset";
import { sendEmailJob } from "./send-email";

/**
 * What the app's jobs run with. Services enqueue through the queue, so boot.ts builds the queue,
 * then the services, then these definitions, and registers them before the queue starts.
 */
export type JobDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  providers: Providers;
  services: Services;
  /** The queue these jobs run in (the hourly prune deletes its finished jobs). */
  queue: Queue;
};

/**
 * Every kind of background job the app runs, one file each beside this one
 * (send-email, generate-plan, ...), registered here with the dependencies they need.
 */
export function jobDefinitions(deps: JobDeps): JobDefinition[] {
  const { config, database, clock, providers, services, queue } = deps;
  return [
    sendEmailJob(deps),
    requestPasswordResetJob(services.passwordReset),
    generatePlanJob(deps),
    postReminderJob(services.reminders),
    // Always defined: posts set to publish may outlive the LinkedIn app's configuration, and then fail visibly.
    publishPostJob(services.publishing),
    ...(config.linkedin.configured ? [linkedinExpiryJob(services.publishing)] : []),
    pruneJobsJob({ config, clock, database, queue, trialClaims: services.trialClaims }),
    ...(providers.billing.name === "demo" ? [demoBillingClockJob(services.billing)] : []),
  ];
}
