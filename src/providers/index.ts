import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { EmailProvider } from "./email/email-provider";
import { createOutboxEmailProvider } from "./email/outbox";
import { createResendEmailProvider } from "./email/resend";

/**
 * One adapter per vendor, each with an embedded twin that really works, chosen by config:
 * email (resend | outbox), strategist (openai | local), billing (stripe | demo).
 */
export type Providers = {
  email: EmailProvider;
};

export type ProviderDeps = { config: Config; database: Database; clock: Clock; logger: Logger };

export function createProviders(deps: ProviderDeps): Providers {
  const { config, logger } = deps;
  return {
    email:
      config.email.provider === "resend" && config.email.resendApiKey
        ? createResendEmailProvider({ apiKey: config.email.resendApiKey, baseUrl: config.email.resendBaseUrl })
        : createOutboxEmailProvider({ logger }),
  };
}
