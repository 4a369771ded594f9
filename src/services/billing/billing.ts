import type { Database } from "../../../db/client";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import type { BillingProvider } from "../../providers/billing/billing-provider";
import type { EmailService } from "../email";
import { createBillingEmails } from "./billing-emails";
import { createCancelling } from "./cancel";
import { createDemoClock } from "./demo-clock";
import { createSubscribing } from "./subscribe";
import type { BillingFields } from "./subscription";
import type { TrialClaims } from "./trial-claims";
import { createWebhooks } from "./webhooks";

/**
 * The subscription lifecycle: checkout, the embedded payment form (subscribe.ts), cancellation
 * (cancel.ts), Stripe's webhooks (webhooks.ts) and the demo provider's clock (demo-clock.ts).
 * Every change to a user's billing fields happens in one transaction with the emails it
 * triggers (trial started, trial ending, cancellation).
 */
export function createBillingService(deps: {
  database: Database;
  clock: Clock;
  logger: Logger;
  provider: BillingProvider;
  email: EmailService;
  trialClaims: TrialClaims;
}) {
  const { database, clock, logger, provider, email, trialClaims } = deps;
  const emails = createBillingEmails(email);
  return {
    provider: provider.name,
    ...createSubscribing({ database, clock, provider, trialClaims, emails }),
    ...createCancelling({ database, clock, provider, emails }),
    ...createWebhooks({ database, clock, logger, provider, email, trialClaims, emails }),
    ...createDemoClock({ database, clock, provider, email }),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
export type { BillingFields };
