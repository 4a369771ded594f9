import { Elysia } from "elysia";
import { HttpError } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { guardFields } from "../services/accounts";
import type { BillingService } from "../services/billing/billing";

type Deps = { session: ReturnType<typeof sessionPlugin>; billing: BillingService };

/** Checkout, the embedded payment form, cancellation, Stripe's webhook and the demo checkout. */
export function billingRoutes({ session, billing }: Deps) {
  return new Elysia({ name: "routes/billing" })
    .use(session)
    .post("/api/stripe/create-checkout-session", async ({ requireUser }) => json(200, await billing.createCheckoutSession(await requireUser())))
    .post("/api/create-subscription", async ({ requireUser }) => {
      const user = await requireUser();
      try {
        return json(200, await billing.createSubscription(user));
      } catch (error) {
        // The Payment Element page reads {error: {message}} (SPEC.md section 3).
        if (error instanceof HttpError) return json(error.status, { error: { message: error.message }, message: error.message });
        throw error;
      }
    })
    .post("/api/stripe/cancel-subscription", async ({ requireUser }) => {
      const user = await billing.cancelSubscription(await requireUser());
      return json(200, { message: "Subscription cancelled", user: guardFields(user) });
    })
    .post("/api/demo-checkout/complete", async ({ requireUser }) => {
      const user = await billing.completeDemoCheckout(await requireUser());
      return json(200, { user: guardFields(user) });
    })
    // The raw text is what Stripe signed, so the body is not parsed before verification.
    .post("/api/stripe/webhook", async ({ body, request }) => {
      const result = await billing.handleWebhook(typeof body === "string" ? body : "", request.headers.get("stripe-signature"));
      return json(200, { received: true, applied: result.applied });
    }, { parse: "text" });
}
