import Stripe from "stripe";
import { HttpError } from "../../http-error";
import type { BillingCustomer, BillingProvider } from "./billing-provider";

export type StripeOptions = {
  secretKey: string;
  priceId: string;
  webhookSecret: string;
  appUrl: string;
  /** Another API address (tests point the real SDK at a local fake server). */
  apiUrl?: string;
};

/** Billing through Stripe: Checkout with a 7-day trial, the Payment Element, signed webhooks. */
export function createStripeBillingProvider(options: StripeOptions): BillingProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" }
      : {}),
  });

  /** Stripe's failures become answers the client can show, never a bare 500. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof Stripe.errors.StripeError) {
        const status = error.type === "StripeCardError" ? 402 : 502;
        throw new HttpError(status, error.message || `${what} failed at the payment provider.`);
      }
      throw error;
    }
  }

  async function customerFor(customer: BillingCustomer): Promise<string> {
    if (customer.billingCustomerId) return customer.billingCustomerId;
    const created = await stripe.customers.create({ email: customer.email, name: customer.name, metadata: { userId: customer.id } });
    return created.id;
  }

  return {
    name: "stripe",

    createCheckoutSession: (customer, { trial }) =>
      call("Checkout", async () => {
        const customerId = await customerFor(customer);
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: customerId,
          client_reference_id: customer.id,
          line_items: [{ price: options.priceId, quantity: 1 }],
          // Card up front; with a trial nothing is charged until it ends (SPEC.md section 1), without
          // one (a returning subscriber) the first month is charged now.
          payment_method_collection: "always",
          subscription_data: { ...(trial ? { trial_period_days: 7 } : {}), metadata: { userId: customer.id } },
          success_url: `${options.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${options.appUrl}/payment-setup`,
        });
        if (!session.url) throw new HttpError(502, "Failed to create checkout session. Please try again.");
        return { sessionUrl: session.url, customerId };
      }),

    createSubscription: (customer) =>
      call("Payment setup", async () => {
        const customerId = await customerFor(customer);
        const subscription = await stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: options.priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { userId: customer.id },
          expand: ["latest_invoice.confirmation_secret"],
        });
        const invoice = subscription.latest_invoice;
        const clientSecret = typeof invoice === "object" && invoice ? invoice.confirmation_secret?.client_secret : undefined;
        if (!clientSecret) throw new HttpError(502, "Failed to initialize payment. Please try again.");
        return { clientSecret, customerId, subscriptionId: subscription.id };
      }),

    cancelSubscription: (customer, when) =>
      call("Cancellation", async () => {
        const subscriptionId = customer.billingSubscriptionId;
        if (!subscriptionId) return;
        if (when === "now") await stripe.subscriptions.cancel(subscriptionId);
        else await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      }),

    async verifyWebhook(payload, signature) {
      let event: Stripe.Event;
      try {
        // The async variant: the synchronous one throws under Bun (STACK-NOTES.md).
        event = await stripe.webhooks.constructEventAsync(payload, signature, options.webhookSecret);
      } catch {
        throw new HttpError(400, "Invalid webhook signature.");
      }
      return { id: event.id, type: event.type, created: new Date(event.created * 1000), object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}
