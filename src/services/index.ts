import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Queue } from "../jobs/queue";
import type { Logger } from "../logger";
import type { Providers } from "../providers";

/** The domain services the routes call. Each takes its dependencies here, so tests can build one alone. */
export type Services = {};

export type ServiceDeps = { config: Config; database: Database; clock: Clock; logger: Logger; queue: Queue; providers: Providers };

export function createServices(_deps: ServiceDeps): Services {
  return {};
}
