import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Providers } from "../providers";
import type { JobDefinition } from "./queue";
import { sendEmailJob } from "./send-email";

export type JobDeps = { config: Config; database: Database; clock: Clock; logger: Logger; providers: Providers };

/**
 * Every kind of background job the app runs, one file each beside this one
 * (send-email, generate-plan, ...), registered here with the dependencies they need.
 */
export function jobDefinitions(deps: JobDeps): JobDefinition<any>[] {
  return [sendEmailJob(deps)];
}
