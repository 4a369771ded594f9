import type * as v from "valibot";
import type { jobs } from "../../../db/schema";
import type { Logger } from "../../logger";

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

/** Delay before retry n (1-based): 2s, 4s, 8s... capped at 5 minutes. */
export const defaultBackoffMs = (attempt: number) => Math.min(2_000 * 2 ** (attempt - 1), 5 * 60_000);
