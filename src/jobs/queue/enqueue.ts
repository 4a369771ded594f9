import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Db, Tx } from "../../../db/client";
import { jobs } from "../../../db/schema";
import type { Clock } from "../../clock";
import type { JobRegistry } from "./registry";

/** The writes services make: add a job, put a keyed job at a time, take a keyed job back. */
export function createJobWrites(deps: { db: Db; clock: Clock; registry: JobRegistry; wake: () => void }) {
  const { db, clock, registry, wake } = deps;

  /** Adds a job. Pass `on: tx` to enqueue inside a transaction, so the job exists only if the rest commits. */
  async function enqueue(kind: string, payload: unknown, opts: { on?: Db | Tx; runAt?: Date } = {}): Promise<string> {
    const definition = registry.definitionOf(kind);
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
    const definition = registry.definitionOf(kind);
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

  return { enqueue, schedule, cancel };
}
