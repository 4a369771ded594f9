import type { Database } from "../../db/client";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { EmailProvider } from "./email/email-provider";
import { createOutboxEmailProvider } from "./email/outbox";
import { createResendEmailProvider } from "./email/resend";
import { type Strategist, createStrategist } from "../strategist";
import type { BillingProvider } from "./billing/billing-provider";
import { createDemoBillingProvider } from "./billing/demo";
import { createStripeBillingProvider } from "./billing/stripe";

// LinkedIn auto-posting has no embedded twin: without an app there is nothing to post to, so the
// factory answers null and the integration decides what the UI offers.
export { linkedinProvider } from "./linkedin";
import { type LinkedinProvider, linkedinProvider } from "./linkedin";

/**
 * One adapter per vendor, each with an embedded twin that really works, chosen by config:
 * email (resend | outbox), strategist (openai | local), billing (stripe | demo); LinkedIn (or none).
 */
export type Providers = {
  email: EmailProvider;
  strategist: Strategist;
  billing: BillingProvider;
  /** Null when no LinkedIn app is configured: no auto-posting, the posting assistant reminds. */
  linkedin: LinkedinProvider | null;
};

export type ProviderDeps = { config: Config; database: Database; clock: Clock; logger: Logger };

export function createProviders(deps: ProviderDeps): Providers {
  const { config, logger, clock } = deps;
  return {
    email:
      config.email.provider === "resend" && config.email.resendApiKey
        ? createResendEmailProvider({ apiKey: config.email.resendApiKey, baseUrl: config.email.resendBaseUrl })
        : createOutboxEmailProvider({ logger }),
    strategist: createStrategist({ config, logger }),
    billing: billingProvider(config),
    linkedin: linkedinProvider(config, { clock }),
  };
}

function billingProvider(config: Config): BillingProvider {
  const { billing } = config;
  if (billing.provider === "stripe" && billing.stripeSecretKey && billing.stripePriceId && billing.stripeWebhookSecret) {
    return createStripeBillingProvider({
      secretKey: billing.stripeSecretKey,
      priceId: billing.stripePriceId,
      webhookSecret: billing.stripeWebhookSecret,
      appUrl: config.appUrl,
      apiUrl: billing.stripeApiUrl,
    });
  }
  return createDemoBillingProvider({ appUrl: config.appUrl });
}
