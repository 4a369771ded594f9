/**
 * A real app process (boot() as in production) with one extra job kind, `record-run`, that
 * writes a row per execution to queue_test_runs. The multi-process queue tests spawn it.
 *
 * env: DATABASE_URL or DATA_DIR; WORKER_ID; JOB_MS (how long each job works); LEASE_MS;
 *      CLOCK_OFFSET_MS (this process's clock runs that far ahead: "the clock moved");
 *      ENQUEUE (jobs to add, then exit without running any);
 *      EXIT_WHEN_IDLE (exit once no job is queued or running).
 * stdout: "started <n>" when a job begins, so a test can kill the process mid-job.
 */
import { sql } from "drizzle-orm";
import * as v from "valibot";
import { boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import type { JobDefinition } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { runUntilIdleOrSignal } from "./processes";

const workerId = process.env.WORKER_ID ?? "worker";
const jobMs = Number(process.env.JOB_MS ?? 0);
const enqueueCount = Number(process.env.ENQUEUE ?? 0);
const config = loadConfig({ ...process.env, PORT: "0", LOG_LEVEL: "silent", NODE_ENV: "test" });

const clockOffsetMs = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const recordRun: JobDefinition<{ n: number }> = {
  kind: "record-run",
  payload: v.object({ n: v.number() }),
  async run(payload, context) {
    console.log(`started ${payload.n}`);
    if (jobMs > 0) await Bun.sleep(jobMs); // stands for real work (a provider call)
    await running.database.db.execute(
      sql`insert into queue_test_runs (job_id, n, worker, attempt) values (${context.jobId}, ${payload.n}, ${workerId}, ${context.attempt})`,
    );
  },
};
const running = await boot(config, {
  logger: createLogger("silent"),
  clock: { now: () => new Date(Date.now() + clockOffsetMs) },
  runJobs: enqueueCount === 0,
  queue: { workerId, pollIntervalMs: 50, leaseMs: Number(process.env.LEASE_MS ?? 30_000), concurrency: 2 },
  extraJobs: [recordRun],
});

if (enqueueCount > 0) {
  for (let n = 0; n < enqueueCount; n++) await running.queue.enqueue(recordRun.kind, { n });
  await running.stop();
  process.exit(0);
}

await runUntilIdleOrSignal(running);
