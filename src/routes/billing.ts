import { Elysia } from "elysia";
import { HttpError } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { guardFields } from "../services/accounts";
import type { BillingService } from "../services/billing/billing";
import { documented } from "./api-operation";
import * as r from "./api-responses";

type Deps = { session: ReturnType<typeof sessionPlugin>; billing: BillingService };

/** Checkout, the embedded payment form, cancellation, Stripe's webhook and the demo checkout. */
export function billingRoutes({ session, billing }: Deps) {
  return (
    new Elysia({ name: "routes/billing" })
      .use(session)
      .post(
        "/api/stripe/create-checkout-session",
        async ({ requireUser }) => json(200, await billing.createCheckoutSession(await requireUser())),
        documented({
          operationId: "createCheckoutSession",
          summary: "Start checkout (Stripe Checkout, or the demo checkout page)",
          access: "session",
          ok: { 200: r.checkoutResponse },
          errors: [409, 502],
        }),
      )
      .post(
        "/api/create-subscription",
        async ({ requireUser }) => {
          const user = await requireUser();
          try {
            return json(200, await billing.createSubscription(user));
          } catch (error) {
            // The Payment Element page reads {error: {message}} (SPEC.md section 3).
            if (error instanceof HttpError) return json(error.status, { error: { message: error.message }, message: error.message });
            throw error;
          }
        },
        documented({
          operationId: "createSubscription",
          summary: "Create an incomplete subscription for the Payment Element",
          access: "session",
          ok: { 200: r.subscriptionResponse },
          errors: [409, 502],
        }),
      )
      .post(
        "/api/stripe/cancel-subscription",
        async ({ requireUser }) => {
          const user = await billing.cancelSubscription(await requireUser());
          return json(200, { message: "Subscription cancelled", user: guardFields(user) });
        },
        documented({
          operationId: "cancelSubscription",
          summary: "Cancel: at once during a trial, at the period end otherwise",
          access: "session",
          ok: { 200: r.cancelledResponse },
          errors: [409, 502],
        }),
      )
      .post(
        "/api/demo-checkout/complete",
        async ({ requireUser }) => {
          const user = await billing.completeDemoCheckout(await requireUser());
          return json(200, { user: guardFields(user) });
        },
        documented({
          operationId: "completeDemoCheckout",
          summary: "Complete the demo checkout (demo billing only)",
          access: "session",
          ok: { 200: r.signedInResponse },
          errors: [404, 409],
        }),
      )
      // The raw text is what Stripe signed, so the body is not parsed before verification.
      .post(
        "/api/stripe/webhook",
        async ({ body, request }) => {
          const result = await billing.handleWebhook(typeof body === "string" ? body : "", request.headers.get("stripe-signature"));
          return json(200, { received: true, applied: result.applied });
        },
        documented(
          {
            operationId: "receiveStripeEvent",
            summary: "Stripe's events, verified by their signature (the body is Stripe's event JSON, read raw)",
            access: "stripe-signature",
            ok: { 200: r.webhookResponse },
            errors: [400, 404],
          },
          { parse: "text" },
        ),
      )
  );
}
