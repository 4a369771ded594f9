import { Elysia } from "elysia";
import type { Database } from "../db/client";
import type { Site } from "../views/site";
import type { Assets } from "./assets";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Queue } from "./jobs/queue";
import type { Logger } from "./logger";
import type { Services } from "./services";
import { allowedMethods } from "./plugins/allowed-methods";
import { bodyRules } from "./plugins/body-rules";
import { compression } from "./plugins/compression";
import { errorsPlugin } from "./plugins/errors";
import { originCheck } from "./plugins/origin-check";
import { createRateLimiter, type RateLimits } from "./services/rate-limits";
import { securityHeaders } from "./plugins/security-headers";
import { assetRoutes } from "./routes/assets";
import { contactRoutes } from "./routes/contact";
import { emailPreviewRoutes } from "./routes/email-preview";
import { healthRoutes } from "./routes/health";
import { openApiRoutes } from "./routes/openapi";
import { createPublicPages } from "./routes/public-pages";
import { seoRoutes } from "./routes/seo";
import { authRoutes } from "./routes/auth";
import { appPageRoutes } from "./routes/app-pages";
import { billingRoutes } from "./routes/billing";
import { postRoutes } from "./routes/posts";
import { billingPageRoutes } from "./routes/billing-pages";
import { generationRoutes } from "./routes/generation";
import { voiceRoutes } from "./routes/voice";
import { rewriteRoutes } from "./routes/rewrite";
import { carouselRoutes } from "./routes/carousels";
import { postingAssistantRoutes } from "./routes/posting-assistant";
import { linkedinRoutes } from "./routes/linkedin";
import { sessionPlugin } from "./plugins/session";

// The largest body a client may send: a 100,000-character article in any script fits easily.
export const MAX_BODY_BYTES = 1024 * 1024;
// Bun's own limit, above ours: a body between the two gets our JSON 413 (body-rules.ts); a
// streamed one past this still gets Bun's bare refusal.
const SERVER_BODY_LIMIT = 4 * MAX_BODY_BYTES;

/** Everything the app is built from; tests hand in a test database, a manual clock, etc. */
export type AppDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  clock: Clock;
  logger: Logger;
  services: Services;
  assets: Assets;
  rateLimits: RateLimits;
  /** Signs session cookies (src/services/secrets.ts). */
  sessionSecret: string;
  /** Development only: the secret in the outbox's address (boot.ts). */
  outboxKey?: string;
  /** How long POST /api/posts/generate waits for its plan before a 202 (tests shorten it). */
  generationWaitMs?: number;
};

/** Builds the Elysia app. It does not listen: main.ts does, and tests may call app.handle(). */
export function createApp(deps: AppDeps) {
  const { config, database, logger, assets, services, clock, rateLimits } = deps;
  const site: Site = {
    productName: config.productName,
    appUrl: config.appUrl,
    supportEmail: config.email.supportEmail,
    autoPosting: config.linkedin.configured,
    assets,
  };
  const publicPages = createPublicPages(site);
  // One budget for plans and per-post rewrites: both ask the strategist to write.
  const generationLimiter = createRateLimiter("generation", rateLimits.generation, { database, clock });
  const headers = securityHeaders(config.env === "production");
  const session = sessionPlugin({
    secret: deps.sessionSecret,
    secure: config.env === "production",
    accounts: services.accounts,
    // The demo provider's clock catches up whenever a user is loaded, so its trials end on time.
    refresh: services.billing.advanceDemoFor,
  });

  const methods = allowedMethods({ headers });
  const openApi = openApiRoutes({ productName: config.productName, appUrl: config.appUrl });

  // Cached public pages are answered by Bun's router directly (public-pages.tsx, issue 27).
  const app = new Elysia({ serve: { maxRequestBodySize: SERVER_BODY_LIMIT, routes: publicPages.nativeRoutes(headers) } })
    // Set first so every answer carries them, errors and 404s included.
    .onRequest(({ set }) => {
      Object.assign(set.headers, headers);
    })
    .use(methods.plugin)
    .use(compression())
    .use(bodyRules({ maxBytes: MAX_BODY_BYTES, headers }))
    .use(errorsPlugin({ logger, notFoundPage: publicPages.notFoundResponse }))
    .use(originCheck(config.appUrl, { production: config.env === "production" }))
    .use(healthRoutes(database))
    .use(openApi.plugin)
    .use(assetRoutes(assets))
    .use(seoRoutes(config.appUrl))
    .use(publicPages.routes)
    .use(emailPreviewRoutes({ site, config, database, outboxKey: deps.outboxKey }))
    .use(
      contactRoutes({
        contact: services.contact,
        limiter: createRateLimiter("contact", rateLimits.contact, { database, clock }),
        trustProxy: config.trustProxy,
        renderFormResult: publicPages.contactFormResult,
      }),
    )
    .use(
      authRoutes({
        session,
        cancelBilling: services.billing.cancelForDeletion,
        accounts: services.accounts,
        passwordReset: services.passwordReset,
        database,
        clock,
        limits: rateLimits,
        trustProxy: config.trustProxy,
        productName: config.productName,
        calendarFeed: services.calendarFeed,
      }),
    )
    .use(
      appPageRoutes({
        session,
        site,
        clock,
        dashboard: services.dashboard,
        calendar: services.calendar,
        calendarFeed: services.calendarFeed,
        allowance: services.posts.allowance,
        posts: services.posts,
        postLists: services.postLists,
        planLibrary: services.planLibrary,
        linkedin: services.linkedin,
        carousels: services.carousels,
        notFoundPage: publicPages.notFoundResponse,
      }),
    )
    .use(
      billingPageRoutes({
        session,
        site,
        clock,
        provider: services.billing.provider,
        stripePublishableKey: config.billing.stripePublishableKey,
        trialClaims: services.trialClaims,
        notFoundPage: publicPages.notFoundResponse,
      }),
    )
    .use(billingRoutes({ session, billing: services.billing }))
    .use(
      postRoutes({
        session,
        posts: services.posts,
        postLists: services.postLists,
        dashboard: services.dashboard,
        results: services.results,
        planSchedule: services.planSchedule,
        publishing: services.publishing,
      }),
    )
    .use(linkedinRoutes({ session, site, linkedin: services.linkedin }))
    .use(generationRoutes({ session, generation: services.generation, limiter: generationLimiter, waitMs: deps.generationWaitMs }))
    .use(rewriteRoutes({ session, rewrite: services.rewrite, limiter: generationLimiter }))
    .use(carouselRoutes({ session, carousels: services.carousels, limiter: generationLimiter }))
    .use(postingAssistantRoutes({ session, site, reminders: services.reminders, calendarFeed: services.calendarFeed, carousels: services.carousels }))
    .use(voiceRoutes({ session, voice: services.voice }));
  // Every route is registered now: the 405 check learns which methods each /api path has, and
  // the OpenAPI document what each one declared.
  methods.learn(app.routes);
  openApi.learn(app.routes);
  return app;
}

export type App = ReturnType<typeof createApp>;
