import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../logger";

/**
 * One adapter per vendor, each with an embedded twin that really works, chosen by config:
 * email (resend | outbox), strategist (openai | local), billing (stripe | demo).
 */
export type Providers = {};

export type ProviderDeps = { config: Config; database: Database; clock: Clock; logger: Logger };

export function createProviders(_deps: ProviderDeps): Providers {
  return {};
}
