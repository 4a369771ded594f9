import { startTestApp } from "./test-app";
/**
 * A local stand-in for the parts of Stripe's API Cadence calls, speaking its wire format so the
 * real `stripe` SDK talks to it unchanged (host/port/protocol options): form-encoded requests
 * with bracketed keys, Bearer auth, JSON objects with `object` and `id`, and errors as
 * `{error: {type, message}}` with the HTTP status Stripe uses.
 *
 * Tests read `requests`, and script a failure with `failNext`.
 */

export type FakeStripeRequest = { method: string; path: string; params: Record<string, string> };

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  requests: FakeStripeRequest[];
  failNext(status: 400 | 402 | 500, message: string): void;
  stop(): Promise<void>;
};

export function startFakeStripe(): FakeStripe {
  const secretKey = "sk_test_fake";
  const requests: FakeStripeRequest[] = [];
  const failures: { status: number; message: string }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);

  const error = (status: number, type: string, message: string) => Response.json({ error: { type, message } }, { status });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      requests.push({ method: request.method, path: url.pathname, params });
      if (request.headers.get("authorization") !== `Bearer ${secretKey}`) return error(401, "invalid_request_error", "Invalid API Key provided.");
      const failure = failures.shift();
      if (failure)
        return error(failure.status, failure.status === 402 ? "card_error" : failure.status === 500 ? "api_error" : "invalid_request_error", failure.message);

      const path = url.pathname;
      if (request.method === "POST" && path === "/v1/customers") {
        return Response.json({ id: nextId("cus"), object: "customer", email: params.email ?? null, name: params.name ?? null, created: now() });
      }
      if (request.method === "POST" && path === "/v1/checkout/sessions") {
        const id = nextId("cs_test");
        return Response.json({
          id,
          object: "checkout.session",
          mode: params.mode,
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
        });
      }
      if (request.method === "POST" && path === "/v1/subscriptions") {
        const id = nextId("sub");
        return Response.json({
          id,
          object: "subscription",
          customer: params.customer,
          status: "incomplete",
          latest_invoice: {
            id: nextId("in"),
            object: "invoice",
            confirmation_secret: { client_secret: `pi_${id}_secret_${counter}`, type: "payment_intent" },
          },
        });
      }
      const subscription = path.match(/^\/v1\/subscriptions\/(sub_[\w-]+)$/);
      if (subscription && request.method === "DELETE") {
        return Response.json({ id: subscription[1], object: "subscription", status: "canceled" });
      }
      if (subscription && request.method === "POST") {
        return Response.json({ id: subscription[1], object: "subscription", status: "active", cancel_at_period_end: params.cancel_at_period_end === "true" });
      }
      return error(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${path}).`);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    secretKey,
    webhookSecret: "whsec_test_fake_secret",
    priceId: "price_test_monthly_gbp6",
    requests,
    failNext: (status, message) => failures.push({ status, message }),
    stop: async () => {
      await server.stop(true);
    },
  };
}

/**
 * The app on Stripe billing against `fake` (the real Stripe SDK, our fake's wire format): the one
 * place a test says how the app is pointed at it. `publishableKey` turns on the Payment Element page.
 */
export function startStripeTestApp(fake: FakeStripe, options: Parameters<typeof startTestApp>[0] & { publishableKey?: string } = {}) {
  const { publishableKey, ...rest } = options;
  return startTestApp({
    ...rest,
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PRICE_ID: fake.priceId,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      ...(publishableKey ? { STRIPE_PUBLISHABLE_KEY: publishableKey } : {}),
      ...rest.env,
    },
  });
}
