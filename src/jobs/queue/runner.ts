import type { Logger } from "../../logger";
import type { JobRow } from "./job-definition";
import type { WakeSignal } from "./signals";

/**
 * The background loop: claims due jobs up to `concurrency` at a time, runs them, and sleeps
 * pollIntervalMs when there is nothing to do (a wake cuts the sleep short). It queues the
 * recurring kinds' first runs as it starts.
 */
export function createRunner(deps: {
  logger: Logger;
  concurrency: number;
  pollIntervalMs: number;
  signal: WakeSignal;
  seedRecurring: () => Promise<void>;
  claim: () => Promise<JobRow | undefined>;
  execute: (job: JobRow) => Promise<void>;
}) {
  const { logger, concurrency, pollIntervalMs, signal, claim, execute } = deps;
  const active = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;

  /** Runs jobs in the background until stop(). */
  function start() {
    if (running) return;
    running = true;
    loop = (async () => {
      try {
        await deps.seedRecurring();
      } catch (error) {
        logger.error("queueing recurring jobs failed", { error });
      }
      while (running) {
        signal.clear();
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
              signal.wake();
            });
          active.add(run);
        }
        if (!running) break;
        if ((claimedAny || signal.requested()) && active.size < concurrency) continue;
        await signal.sleep(pollIntervalMs);
      }
    })();
  }

  /** Stops claiming and waits for the jobs already running to finish. */
  async function stop() {
    running = false;
    signal.interrupt();
    await loop;
    await Promise.all(active);
  }

  return { start, stop };
}
