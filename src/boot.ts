import { randomBytes } from "node:crypto";
import { type Database, openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { createApp } from "./app";
import { loadAssets } from "./assets";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import { jobDefinitions } from "./jobs/definitions";
import { createProviders, type Providers } from "./providers";
import { createServices, type Services } from "./services";
import { sessionSecret } from "./services/secrets";
import { createQueue, type JobDefinition, type Queue, type QueueOptions } from "./jobs/queue";
import { createLogger, type Logger } from "./logger";
import { defaultRateLimits, type RateLimits } from "./services/rate-limits";

export type BootOptions = {
  /** An already open database (tests pass a fresh one); otherwise opened from config. */
  database?: Database;
  clock?: Clock;
  logger?: Logger;
  /** Extra job kinds beside the app's own (tests use this to watch the queue work). */
  extraJobs?: JobDefinition[];
  queue?: Partial<Pick<QueueOptions, "pollIntervalMs" | "leaseMs" | "backoffMs" | "concurrency" | "workerId">>;
  /** Start the job runner (default true). */
  runJobs?: boolean;
  /** Change some rate limits (tests of other behaviour raise them out of the way). */
  rateLimits?: Partial<RateLimits>;
  /** Replace some providers (tests hand in adapters pointed at local fake servers). */
  providers?: Partial<Providers>;
  /** How long the Generate request waits for its plan before answering 202 (tests of a slow model shorten it). */
  generationWaitMs?: number;
};

export type RunningApp = Awaited<ReturnType<typeof boot>>;

/**
 * The composition root: opens and migrates the database, builds the queue and the app, listens
 * on config.port (0 picks a free port) and starts the job runner. main.ts and the tests both
 * start the app through here, so tests run what production runs.
 */
export async function boot(config: Config, options: BootOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  // Read (and gzipped) while the database opens and migrates.
  const assetsLoading = loadAssets();
  assetsLoading.catch(() => {}); // awaited below; a failure is thrown there
  const database = options.database ?? (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  const applied = await migrate(database);
  if (applied.length > 0) logger.info("migrations applied", { applied });

  const providers: Providers = { ...createProviders({ config, database, clock, logger }), ...options.providers };
  // In this order, each built from what came before: the queue (its store and runner, no kinds
  // yet), the services (they enqueue through it), then the job kinds with the services they run,
  // registered before anything is enqueued or the runner starts.
  const queue: Queue = createQueue({ database, clock, logger, ...options.queue });
  const services: Services = createServices({ config, database, clock, logger, queue, providers });
  queue.register([...jobDefinitions({ config, database, clock, logger, providers, services, queue }), ...(options.extraJobs ?? [])]);
  const rateLimits: RateLimits = { ...defaultRateLimits, ...options.rateLimits };
  // Development's outbox holds reset links: it opens only with this key, new at every start.
  const outboxKey = config.env === "development" ? randomBytes(24).toString("base64url") : undefined;
  const app = createApp({
    config,
    database,
    queue,
    clock,
    logger,
    services,
    rateLimits,
    sessionSecret: await sessionSecret(database, config.sessionSecret),
    assets: await assetsLoading,
    outboxKey,
    generationWaitMs: options.generationWaitMs,
  });
  app.listen({ port: config.port, hostname: "0.0.0.0" });
  const port = app.server!.port!;
  // The runner also runs the recurring kinds: the demo billing clock and the prune of old jobs.
  if (options.runJobs ?? true) queue.start();
  logger.info("listening", { url: `http://localhost:${port}`, database: database.kind });
  const outboxUrl = outboxKey ? `http://localhost:${port}/email-preview?outbox=${outboxKey}` : undefined;
  if (outboxUrl) {
    // Printed once, at start: the one way in to the emails this install "sent".
    logger.warn(
      "development mode: not for the internet (set NODE_ENV=production); the outbox, reset links included, is at this address, from this machine only",
      { outbox: outboxUrl },
    );
  }

  let stopped = false;
  return {
    app,
    database,
    queue,
    services,
    providers,
    port,
    url: `http://localhost:${port}`,
    /** Development only: the outbox's secret address. */
    outboxUrl,
    /** Stops taking requests, lets running jobs finish, closes the database. */
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.stop();
      await queue.stop();
      if (!options.database) await database.close();
    },
  };
}
