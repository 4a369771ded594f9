import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { jobs } from "../../../db/schema";

/** Deletes jobs that finished (completed or failed) before `before`. Answers how many. The prune-jobs kind calls it hourly. */
export async function pruneFinishedJobs(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["completed", "failed"]), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return removed.length;
}
