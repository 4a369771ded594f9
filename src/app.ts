import { Elysia } from "elysia";
import type { Database } from "../db/client";
import type { Site } from "../views/site";
import type { Assets } from "./assets";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Queue } from "./jobs/queue";
import type { Logger } from "./logger";
import type { Services } from "./services";
import { errorsPlugin } from "./plugins/errors";
import { securityHeaders } from "./plugins/security-headers";
import { assetRoutes } from "./routes/assets";
import { healthRoutes } from "./routes/health";
import { createPublicPages } from "./routes/public-pages";

/** Everything the app is built from; tests hand in a test database, a manual clock, etc. */
export type AppDeps = {
  config: Config;
  database: Database;
  queue: Queue;
  clock: Clock;
  logger: Logger;
  services: Services;
  assets: Assets;
};

/** Builds the Elysia app. It does not listen: main.ts does, and tests may call app.handle(). */
export function createApp(deps: AppDeps) {
  const { config, database, logger, assets } = deps;
  const site: Site = { productName: config.productName, appUrl: config.appUrl, assets };
  const publicPages = createPublicPages(site);
  const headers = securityHeaders(config.env === "production");

  return new Elysia()
    // Set first so every answer carries them, errors and 404s included.
    .onRequest(({ set }) => {
      Object.assign(set.headers, headers);
    })
    .use(errorsPlugin({ logger, notFoundPage: publicPages.notFoundResponse }))
    .use(healthRoutes(database))
    .use(assetRoutes(assets))
    .use(publicPages.routes);
}

export type App = ReturnType<typeof createApp>;
