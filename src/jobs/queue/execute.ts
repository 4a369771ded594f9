import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import type { Db } from "../../../db/client";
import { jobs } from "../../../db/schema";
import type { Clock } from "../../clock";
import type { Logger } from "../../logger";
import { type JobRow, PermanentJobError } from "./job-definition";
import { queueNextRun } from "./recurring";
import type { JobRegistry } from "./registry";
import type { FinishSignal } from "./signals";

export type ExecuteDeps = {
  db: Db;
  clock: Clock;
  logger: Logger;
  registry: JobRegistry;
  finished: FinishSignal;
  workerId: string;
  leaseMs: number;
  backoffMs: (attempt: number) => number;
};

/**
 * Runs one claimed job while renewing its lease, then marks it completed; a failure is retried
 * with backoff up to its maxAttempts, then the job stays `failed` with its last error, for
 * people and pages to see. A bad payload or a PermanentJobError fails at once.
 */
export async function executeJob(job: JobRow, deps: ExecuteDeps) {
  const { db, clock, logger, registry, workerId, backoffMs } = deps;
  const stopRenewing = holdLease(job, deps);
  try {
    const definition = registry.definitionOf(job.kind);
    const payload = v.parse(definition.payload, job.payload);
    const result = await definition.run(payload, { jobId: job.id, attempt: job.attempts, logger });
    stopRenewing();
    const now = clock.now();
    await finish(job, { status: "completed", result: (result ?? null) as object, lastError: null, lockedUntil: null, finishedAt: now, updatedAt: now }, deps);
    logger.debug("job completed", { jobId: job.id, kind: job.kind, attempt: job.attempts });
  } catch (error) {
    stopRenewing();
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentJobError || error instanceof v.ValiError || !registry.has(job.kind);
    const now = clock.now();
    if (permanent || job.attempts >= job.maxAttempts) {
      await finish(job, { status: "failed", lastError: message, lockedUntil: null, finishedAt: now, updatedAt: now }, deps);
      logger.error("job failed", { jobId: job.id, kind: job.kind, attempt: job.attempts, error: message });
    } else {
      const runAt = new Date(now.getTime() + backoffMs(job.attempts));
      await db
        .update(jobs)
        .set({ status: "queued", lastError: message, lockedUntil: null, lockedBy: null, runAt, updatedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      logger.warn("job will be retried", { jobId: job.id, kind: job.kind, attempt: job.attempts, runAt, error: message });
    }
  } finally {
    deps.finished.notify(job.id);
  }
}

/**
 * Renews a running job's lease every third of its length; if this worker dies, the lease runs
 * out and another worker takes the job over. Answers the function that stops renewing.
 */
function holdLease(job: JobRow, deps: Pick<ExecuteDeps, "db" | "clock" | "logger" | "workerId" | "leaseMs">) {
  const { db, clock, logger, workerId, leaseMs } = deps;
  const renew = setInterval(
    () => {
      const until = new Date(clock.now().getTime() + leaseMs);
      db.update(jobs)
        .set({ lockedUntil: until })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
        .catch((error) => logger.warn("job lease renewal failed", { jobId: job.id, error }));
    },
    Math.max(leaseMs / 3, 10),
  );
  return () => clearInterval(renew);
}

/** Marks a job finished and, for a recurring kind, queues its next run, in one transaction. */
async function finish(job: JobRow, values: Partial<typeof jobs.$inferInsert>, deps: Pick<ExecuteDeps, "db" | "clock" | "registry" | "workerId">) {
  await deps.db.transaction(async (tx) => {
    const [finished] = await tx
      .update(jobs)
      .set(values)
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, deps.workerId)))
      .returning({ id: jobs.id });
    if (finished) await queueNextRun(tx, job, deps);
  });
}
