/** The customer a billing call is about. */
export type BillingCustomer = {
  id: string;
  email: string;
  name: string;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
};

/** A verified event from the payment provider, reduced to what the billing service reads. */
export type BillingEvent = { id: string; type: string; created: Date; object: Record<string, unknown> };

/**
 * What Cadence needs from a payment provider. `stripe` talks to Stripe; `demo`, the embedded
 * default, completes checkouts on a local page where no card is charged.
 */
export interface BillingProvider {
  name: "stripe" | "demo";
  /** Starts a hosted checkout, with the 7-day trial when `trial` (one per person); the browser is sent to sessionUrl. */
  createCheckoutSession(customer: BillingCustomer, options: { trial: boolean }): Promise<{ sessionUrl: string; customerId: string | null }>;
  /** Creates a subscription awaiting payment, for the embedded payment form on /subscribe. */
  createSubscription(customer: BillingCustomer): Promise<{ clientSecret: string; customerId: string | null; subscriptionId: string | null }>;
  /** Cancels at the provider: at once (trials) or at the end of the paid period. */
  cancelSubscription(customer: BillingCustomer, when: "now" | "period-end"): Promise<void>;
  /** Checks a webhook's signature and returns the event (Stripe only). */
  verifyWebhook?(payload: string, signature: string): Promise<BillingEvent>;
}
