import { Elysia } from "elysia";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { guardFields } from "../services/accounts";
import type { BillingService } from "../services/billing/billing";
import { newPostSchema, planPostsSchema, postFields, type PostsService, UUID } from "../services/posts";

type Deps = { session: ReturnType<typeof sessionPlugin>; billing: BillingService; posts: PostsService };

/** Checkout, the embedded payment form, cancellation, Stripe's webhook, the demo checkout, and saving posts within the allowance. */
export function billingRoutes({ session, billing, posts }: Deps) {
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
    }, { parse: "text" })
    .get("/api/posts/allowance", async ({ requireUser }) => json(200, await posts.allowance((await requireUser()).id)))
    .post("/api/posts", async ({ body, requireUser }) => {
      const user = await requireUser();
      const post = await posts.createDraft(user.id, parseInput(newPostSchema, body));
      return json(201, postFields(post));
    })
    // Save All to Drafts: the plan's posts in one transaction (services/posts.ts savePlan).
    .post("/api/sources/:id/drafts", async ({ params, body, requireUser }) => {
      const user = await requireUser();
      const input = parseInput(planPostsSchema, body);
      if (!UUID.test(params.id)) throw new HttpError(404, "Source not found.");
      const { saved, alreadySaved, unsaved, limit } = await posts.savePlan(user.id, params.id, input.posts);
      return json(saved.length > 0 ? 201 : 200, {
        saved: saved.map(postFields),
        alreadySaved,
        unsaved,
        ...(limit ? { message: limit.message, ...limit.extra } : {}),
      });
    });
}
