import { and, asc, eq, lte, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { jobs } from "../../../db/schema";
import type { Clock } from "../../clock";
import type { JobRow } from "./job-definition";
import { queueNextRun } from "./recurring";
import type { JobRegistry } from "./registry";
import type { FinishSignal } from "./signals";

export type ClaimDeps = { db: Db; clock: Clock; registry: JobRegistry; finished: FinishSignal; workerId: string; leaseMs: number };

/**
 * Takes the next due job (or one whose worker's lease ran out) and marks it running for this
 * worker. The row lock (FOR UPDATE SKIP LOCKED) and the update are one transaction, so with
 * several processes on one database each job is claimed by exactly one of them.
 */
export async function claimNextJob(deps: ClaimDeps): Promise<JobRow | undefined> {
  const { db, clock, workerId, leaseMs } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select()
      .from(jobs)
      .where(or(and(eq(jobs.status, "queued"), lte(jobs.runAt, now)), and(eq(jobs.status, "running"), lte(jobs.lockedUntil, now))))
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
      await queueNextRun(tx, candidate, deps);
      deps.finished.notify(candidate.id);
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
