import type { BillingProvider } from "./billing-provider";

/**
 * The embedded default: checkout happens on Cadence's own /demo-checkout page, clearly labelled
 * as a demo where no card is charged. Trial end and renewals are driven by the app's clock
 * (src/services/billing/subscription.ts nextDemoStep), so a demo trial really ends.
 */
export function createDemoBillingProvider(options: { appUrl: string }): BillingProvider {
  return {
    name: "demo",
    async createCheckoutSession() {
      return { sessionUrl: `${options.appUrl}/demo-checkout`, customerId: null };
    },
    async createSubscription(customer) {
      // The demo form on /subscribe needs no secret from a provider; this names the attempt.
      return { clientSecret: `demo_${customer.id}`, customerId: null, subscriptionId: null };
    },
    async cancelSubscription() {
      // Nothing to tell: the demo subscription lives only in our own database.
    },
  };
}
