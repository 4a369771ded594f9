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
 * `services` is a getter: services enqueue jobs, so they are built after the queue, and the
 * queue needs these definitions first. A job reads it only when it runs.
 */
export type JobDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  logger: Logger;
  providers: Providers;
  services: () => Services;
  /** The queue these jobs run in (a getter, for the same reason as services). */
  queue: () => Queue;
};

/**
 * Every kind of background job the app runs, one file each beside this one
 * (send-email, generate-plan, ...), registered here with the dependencies they need.
 */
export function jobDefinitions(deps: JobDeps): JobDefinition[] {
  return [
    sendEmailJob(deps),
    requestPasswordResetJob(() => deps.services().passwordReset),
    generatePlanJob(deps),
    postReminderJob(() => deps.services().reminders),
    // Always defined: posts set to publish may outlive the LinkedIn app's configuration, and then fail visibly.
    publishPostJob(() => deps.services().publishing),
    ...(deps.config.linkedin.configured ? [linkedinExpiryJob(() => deps.services().publishing)] : []),
    pruneJobsJob(deps),
    ...(deps.providers.billing.name === "demo" ? [demoBillingClockJob(deps)] : []),
  ];
}
