import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { jobs } from "../../../db/schema";
import type { Clock } from "../../clock";
import type { JobRow, JobStatus } from "./job-definition";
import type { FinishSignal } from "./signals";

/** Reading the queue: one job, waiting for one to finish, the counts by status, whether it is idle. */
export function createQueueReads(deps: { database: Database; clock: Clock; finished: FinishSignal }) {
  const { database, clock, finished } = deps;
  const db = database.db;

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
      await finished.waitOnce(jobId, Math.min(pollMs, left));
    }
  }

  async function counts(): Promise<Record<JobStatus, number>> {
    const rows = await database.rows<{ status: JobStatus; n: number }>(sql`select status, count(*)::int as n from jobs group by status`);
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

  return { get, waitFor, counts, idle };
}
