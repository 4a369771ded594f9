import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { jobs } from "../../../db/schema";
import type { Clock } from "../../clock";
import { type JobRow, recurringKey } from "./job-definition";
import type { JobRegistry } from "./registry";

/**
 * A recurring kind (`everyMs`) has one waiting job under its key: when one run finishes, the next
 * is queued in the same transaction, so the chain survives restarts and runs once across processes.
 */

/** Queues each recurring kind's first run unless another process already has (the unique key). */
export async function seedRecurring(deps: { db: Db; clock: Clock; registry: JobRegistry }) {
  const now = deps.clock.now();
  for (const definition of deps.registry.all()) {
    if (!definition.everyMs) continue;
    await deps.db
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

/** A recurring kind's next run, after one finished or was given up. */
export async function queueNextRun(tx: Tx, job: JobRow, deps: { clock: Clock; registry: JobRegistry }) {
  const everyMs = deps.registry.get(job.kind)?.everyMs;
  if (!everyMs || job.key !== recurringKey(job.kind)) return;
  await tx
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, payload: {}, maxAttempts: job.maxAttempts, runAt: new Date(deps.clock.now().getTime() + everyMs) })
    .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` });
}
