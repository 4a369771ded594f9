import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database, Db, Tx } from "../../db/client";
import { jobs } from "../../db/schema";
import type { Clock } from "../clock";
import type { Logger } from "../logger";

/**
 * A PostgreSQL-backed job queue: a jobs table claimed with FOR UPDATE SKIP LOCKED.
 *
 * Why not pg-boss: it brings its own schema and maintenance loops, and on PGlite needs an
 * adapter over a single shared connection. What Cadence needs fits in this file:
 * - a job is a row, so it survives a restart or crash of the process;
 * - a claim takes the row lock and marks it running in one transaction, so with several
 *   processes on one database each job is claimed by exactly one of them;
 * - a running job holds a lease that its worker renews; if the worker dies, the lease runs
 *   out and another worker takes the job over;
 * - a failure is retried with exponential backoff up to maxAttempts, then the job stays
 *   `failed` with its last error, for people and pages to see;
 * - a job can be due later (runAt) and can carry a key: at most one job per key waits or runs
 *   (a unique index), so a keyed job can be moved (schedule again) or cancelled, and two
 *   processes starting together never queue it twice;
 * - a kind can recur (`everyMs`): when one run finishes, the next is queued under the same key
 *   in the same transaction, so the chain survives restarts and runs once across processes;
 * - finished jobs are deleted after a retention period (the recurring prune-jobs kind).
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = "queued" | "running" | "completed" | "failed";

export type JobContext = { jobId: string; attempt: number; logger: Logger };

export type JobDefinition<P = unknown> = {
  kind: string;
  /** Payloads are checked when enqueued and again when run: rows can outlive a deploy. */
  payload: v.GenericSchema<unknown, P>;
  run(payload: P, context: JobContext): Promise<unknown>;
  maxAttempts?: number;
  /** A recurring kind: queued at start, and again this long after each run finishes. Its payload is {}. */
  everyMs?: number;
};

/** The key a recurring kind's one waiting job carries. */
export const recurringKey = (kind: string) => `every:${kind}`;

/** Throw this from a job for failures a retry cannot fix (bad input, a missing row). */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export type QueueOptions = {
  database: Database;
  clock: Clock;
  logger: Logger;
  definitions: JobDefinition[];
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

export const defaultBackoffMs = (attempt: number) => Math.min(2_000 * 2 ** (attempt - 1), 5 * 60_000);

export function createQueue(options: QueueOptions) {
  const { database, clock, logger } = options;
  const db = database.db;
  const workerId = options.workerId ?? `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const leaseMs = options.leaseMs ?? 30_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const definitions = new Map(options.definitions.map((definition) => [definition.kind, definition]));

  const finishedListeners = new Map<string, Set<() => void>>();
  const active = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeLoop: (() => void) | undefined;
  // A wake that arrives while the loop is busy claiming is remembered, not lost.
  let wakeRequested = false;

  function definitionOf(kind: string): JobDefinition {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`No job is defined for kind "${kind}"`);
    return definition;
  }

  /** Adds a job. Pass `on: tx` to enqueue inside a transaction, so the job exists only if the rest commits. */
  async function enqueue(kind: string, payload: unknown, opts: { on?: Db | Tx; runAt?: Date } = {}): Promise<string> {
    const definition = definitionOf(kind);
    const checked = v.parse(definition.payload, payload);
    const [row] = await (opts.on ?? db)
      .insert(jobs)
      .values({
        kind,
        payload: checked as object,
        maxAttempts: definition.maxAttempts ?? 3,
        runAt: opts.runAt ?? clock.now(),
      })
      .returning({ id: jobs.id });
    // Inside a caller's transaction the row is not visible to a claim until the commit, so the
    // caller wakes the runner afterwards (wake()); otherwise it would look, find nothing and sleep.
    if (!opts.on) wake();
    return row!.id;
  }

  /**
   * Puts the job named `key` at runAt: a waiting one is replaced (moved, with the new payload),
   * none is added. Answers the job id, or undefined when the keyed job is running right now (it
   * checks its own payload against the current state, so the caller's change still wins).
   */
  async function schedule(kind: string, payload: unknown, opts: { key: string; runAt: Date; on?: Db | Tx }): Promise<string | undefined> {
    const definition = definitionOf(kind);
    const checked = v.parse(definition.payload, payload);
    const on = opts.on ?? db;
    await on.delete(jobs).where(and(eq(jobs.key, opts.key), eq(jobs.status, "queued")));
    const [row] = await on
      .insert(jobs)
      .values({ kind, key: opts.key, payload: checked as object, maxAttempts: definition.maxAttempts ?? 3, runAt: opts.runAt })
      .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` })
      .returning({ id: jobs.id });
    if (!opts.on) wake();
    return row?.id;
  }

  /** Removes the waiting job named `key`, if any (one already running finishes). Answers whether one was removed. */
  async function cancel(key: string, opts: { on?: Db | Tx } = {}): Promise<boolean> {
    const removed = await (opts.on ?? db)
      .delete(jobs)
      .where(and(eq(jobs.key, key), eq(jobs.status, "queued")))
      .returning({ id: jobs.id });
    return removed.length > 0;
  }

  /** Queues each recurring kind's first run unless another process already has (the unique key). */
  async function seedRecurring() {
    const now = clock.now();
    for (const definition of definitions.values()) {
      if (!definition.everyMs) continue;
      await db
        .insert(jobs)
        .values({
          kind: definition.kind,
          key: recurringKey(definition.kind),
          payload: {},
          maxAttempts: definition.maxAttempts ?? 3,
          runAt: new Date(now.getTime() + definition.everyMs),
        })
        .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` });
    }
  }

  /** Marks a job finished and, for a recurring kind, queues its next run, in one transaction. */
  async function finish(job: JobRow, values: Partial<typeof jobs.$inferInsert>) {
    await db.transaction(async (tx) => {
      const [finished] = await tx
        .update(jobs)
        .set(values)
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      if (finished) await queueNextRun(tx, job);
    });
  }

  /** A recurring kind's next run, after one finished or was given up. */
  async function queueNextRun(tx: Tx, job: JobRow) {
    const everyMs = definitions.get(job.kind)?.everyMs;
    if (!everyMs || job.key !== recurringKey(job.kind)) return;
    await tx
      .insert(jobs)
      .values({ kind: job.kind, key: job.key, payload: {}, maxAttempts: job.maxAttempts, runAt: new Date(clock.now().getTime() + everyMs) })
      .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` });
  }

  /** Deletes jobs that finished (completed or failed) before `before`. Answers how many. */
  async function prune(before: Date): Promise<number> {
    const removed = await db
      .delete(jobs)
      .where(and(inArray(jobs.status, ["completed", "failed"]), lt(jobs.finishedAt, before)))
      .returning({ id: jobs.id });
    return removed.length;
  }

  /** Tells this process's runner to look for due jobs now (after committing an enqueue). */
  function wake() {
    wakeRequested = true;
    wakeLoop?.();
  }

  /** Takes the next due job (or one whose worker's lease ran out) and marks it running for this worker. */
  async function claim(): Promise<JobRow | undefined> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [candidate] = await tx
        .select()
        .from(jobs)
        .where(
          or(
            and(eq(jobs.status, "queued"), lte(jobs.runAt, now)),
            and(eq(jobs.status, "running"), lte(jobs.lockedUntil, now)),
          ),
        )
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!candidate) return undefined;

      if (candidate.status === "running" && candidate.attempts >= candidate.maxAttempts) {
        // Its worker died on the last allowed attempt: give up rather than loop forever.
        await tx
          .update(jobs)
          .set({ status: "failed", lastError: "The worker stopped while running this job", finishedAt: now, updatedAt: now, lockedUntil: null })
          .where(eq(jobs.id, candidate.id));
        await queueNextRun(tx, candidate);
        notifyFinished(candidate.id);
        return undefined;
      }

      const [claimed] = await tx
        .update(jobs)
        .set({
          status: "running",
          attempts: candidate.attempts + 1,
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })
        .where(eq(jobs.id, candidate.id))
        .returning();
      return claimed;
    });
  }

  /** Claims and runs one due job. Answers whether there was one (a stale job given up counts). */
  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    await execute(job);
    return true;
  }

  async function execute(job: JobRow) {
    const renew = setInterval(() => {
      const until = new Date(clock.now().getTime() + leaseMs);
      db.update(jobs)
        .set({ lockedUntil: until })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
        .catch((error) => logger.warn("job lease renewal failed", { jobId: job.id, error }));
    }, Math.max(leaseMs / 3, 10));

    try {
      const definition = definitionOf(job.kind);
      const payload = v.parse(definition.payload, job.payload);
      const result = await definition.run(payload, { jobId: job.id, attempt: job.attempts, logger });
      clearInterval(renew);
      const now = clock.now();
      await finish(job, { status: "completed", result: (result ?? null) as object, lastError: null, lockedUntil: null, finishedAt: now, updatedAt: now });
      logger.debug("job completed", { jobId: job.id, kind: job.kind, attempt: job.attempts });
    } catch (error) {
      clearInterval(renew);
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || error instanceof v.ValiError || !definitions.has(job.kind);
      const now = clock.now();
      if (permanent || job.attempts >= job.maxAttempts) {
        await finish(job, { status: "failed", lastError: message, lockedUntil: null, finishedAt: now, updatedAt: now });
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
      notifyFinished(job.id);
    }
  }

  function notifyFinished(jobId: string) {
    for (const listener of finishedListeners.get(jobId) ?? []) listener();
  }

  async function get(jobId: string): Promise<JobRow | undefined> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    return row;
  }

  /**
   * Resolves with the job once it is completed or failed, or with its current row after
   * timeoutMs. A job run in this process wakes the waiter at once; one run by another
   * process is noticed by polling.
   */
  async function waitFor(jobId: string, timeoutMs: number, pollMs = 250): Promise<JobRow | undefined> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const row = await get(jobId);
      if (!row || row.status === "completed" || row.status === "failed") return row;
      const left = deadline - performance.now();
      if (left <= 0) return row;
      await new Promise<void>((resolve) => {
        const listeners = finishedListeners.get(jobId) ?? new Set();
        finishedListeners.set(jobId, listeners);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(done);
          if (listeners.size === 0) finishedListeners.delete(jobId);
          resolve();
        };
        const timer = setTimeout(done, Math.min(pollMs, left));
        listeners.add(done);
      });
    }
  }

  /** Runs jobs in the background until stop(). */
  function start() {
    if (running) return;
    running = true;
    loop = (async () => {
      try {
        await seedRecurring();
      } catch (error) {
        logger.error("queueing recurring jobs failed", { error });
      }
      while (running) {
        wakeRequested = false;
        let claimedAny = false;
        while (running && active.size < concurrency) {
          let job: JobRow | undefined;
          try {
            job = await claim();
          } catch (error) {
            logger.error("job claim failed", { error });
            break;
          }
          if (!job) break;
          claimedAny = true;
          const run = execute(job)
            .catch((error) => logger.error("job bookkeeping failed", { jobId: job.id, error }))
            .finally(() => {
              active.delete(run);
              wake();
            });
          active.add(run);
        }
        if (!running) break;
        if ((claimedAny || wakeRequested) && active.size < concurrency) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wakeLoop = () => {
            clearTimeout(timer);
            wakeLoop = undefined;
            resolve();
          };
        });
      }
    })();
  }

  /** Stops claiming and waits for the jobs already running to finish. */
  async function stop() {
    running = false;
    wakeLoop?.();
    await loop;
    await Promise.all(active);
  }

  async function counts(): Promise<Record<JobStatus, number>> {
    const rows = await database.rows<{ status: JobStatus; n: number }>(
      sql`select status, count(*)::int as n from jobs group by status`,
    );
    const result: Record<JobStatus, number> = { queued: 0, running: 0, completed: 0, failed: 0 };
    for (const row of rows) result[row.status] = Number(row.n);
    return result;
  }

  /** Whether nothing is running and nothing is due now (recurring kinds always have a later run waiting). */
  async function idle(): Promise<boolean> {
    const now = clock.now();
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(or(eq(jobs.status, "running"), and(eq(jobs.status, "queued"), lte(jobs.runAt, now))));
    return Number(row?.n ?? 0) === 0;
  }

  return { workerId, enqueue, schedule, cancel, prune, seedRecurring, wake, claim, runOnce, get, waitFor, start, stop, counts, idle };
}
