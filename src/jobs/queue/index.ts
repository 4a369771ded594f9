import type { Database } from "../../../db/client";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import { claimNextJob } from "./claim";
import { createJobWrites } from "./enqueue";
import { executeJob } from "./execute";
import { createQueueReads } from "./inspect";
import { defaultBackoffMs, type JobDefinition } from "./job-definition";
import { pruneFinishedJobs } from "./prune";
import { seedRecurring } from "./recurring";
import { createJobRegistry } from "./registry";
import { createRunner } from "./runner";
import { createFinishSignal, createWakeSignal } from "./signals";

export { defaultBackoffMs, type JobContext, type JobDefinition, type JobRow, type JobStatus, PermanentJobError, recurringKey } from "./job-definition";

/**
 * A PostgreSQL-backed job queue: a jobs table claimed with FOR UPDATE SKIP LOCKED.
 *
 * Why not pg-boss: it brings its own schema and maintenance loops, and on PGlite needs an
 * adapter over a single shared connection. What Cadence needs fits in this folder, one concern a file:
 * - a job is a row, so it survives a restart or crash of the process (enqueue.ts);
 * - a claim takes the row lock and marks it running in one transaction, so with several
 *   processes on one database each job is claimed by exactly one of them (claim.ts);
 * - a running job holds a lease that its worker renews; if the worker dies, the lease runs
 *   out and another worker takes the job over (claim.ts, execute.ts);
 * - a failure is retried with exponential backoff up to maxAttempts, then the job stays
 *   `failed` with its last error, for people and pages to see (execute.ts);
 * - a job can be due later (runAt) and can carry a key: at most one job per key waits or runs
 *   (a unique index), so a keyed job can be moved (schedule again) or cancelled, and two
 *   processes starting together never queue it twice (enqueue.ts);
 * - a kind can recur (`everyMs`): when one run finishes, the next is queued under the same key
 *   in the same transaction, so the chain survives restarts and runs once across processes (recurring.ts);
 * - finished jobs are deleted after a retention period (the recurring prune-jobs kind, prune.ts).
 */

export type QueueOptions = {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** The kinds known from the start; more can be registered before start() (boot.ts registers the app's once its services exist). */
  definitions?: JobDefinition[];
  /** Names this process in locked_by, for people reading the table. */
  workerId?: string;
  /** How many jobs this process runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (enqueues in this process wake it at once). */
  pollIntervalMs?: number;
  /** How long a claim holds without renewal; a dead worker's jobs are taken over after this. */
  leaseMs?: number;
  /** Delay before retry n (1-based). Default 2s, 4s, 8s... capped at 5 minutes. */
  backoffMs?: (attempt: number) => number;
};

export type Queue = ReturnType<typeof createQueue>;

export function createQueue(options: QueueOptions) {
  const { database, clock, logger } = options;
  const db = database.db;
  const workerId = options.workerId ?? `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const registry = createJobRegistry(options.definitions);
  const signal = createWakeSignal();
  const finished = createFinishSignal();
  const worker = { db, clock, logger, registry, finished, workerId, leaseMs, backoffMs: options.backoffMs ?? defaultBackoffMs };

  const writes = createJobWrites({ db, clock, registry, wake: signal.wake });
  const reads = createQueueReads({ database, clock, finished });
  const claim = () => claimNextJob(worker);
  const execute = (job: Parameters<typeof executeJob>[0]) => executeJob(job, worker);
  const seed = () => seedRecurring({ db, clock, registry });
  const runner = createRunner({
    logger,
    concurrency: options.concurrency ?? 4,
    pollIntervalMs: options.pollIntervalMs ?? 500,
    signal,
    seedRecurring: seed,
    claim,
    execute,
  });

  /** Claims and runs one due job. Answers whether there was one (a stale job given up counts). */
  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    await execute(job);
    return true;
  }

  return {
    workerId,
    /** Adds job kinds (before start(), or before anything enqueues them). */
    register: registry.register,
    ...writes,
    /** Deletes jobs that finished before `before`. Answers how many. */
    prune: (before: Date) => pruneFinishedJobs(db, before),
    seedRecurring: seed,
    /** Tells this process's runner to look for due jobs now (after committing an enqueue). */
    wake: signal.wake,
    claim,
    runOnce,
    ...reads,
    ...runner,
  };
}
