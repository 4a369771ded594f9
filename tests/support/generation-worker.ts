/**
 * A real app process (boot() as in production) whose strategist is the local one behind a
 * delay, so a test can kill the process in the middle of a generation. The generate-plan job,
 * the queue and the database are the app's own.
 *
 * env: DATABASE_URL or DATA_DIR; WORKER_ID; LEASE_MS; STRATEGIST_DELAY_MS (how long the
 *      strategist "thinks"); EXIT_WHEN_IDLE (exit once no job is queued or running).
 * stdout: "generating <timezone>" when the strategist starts, so a test knows the job is mid-run.
 */
import { boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { createLocalStrategist } from "../../src/strategist/local";
import type { Strategist } from "../../src/strategist/types";
import { runUntilIdleOrSignal } from "./processes";

const delayMs = Number(process.env.STRATEGIST_DELAY_MS ?? 0);
const config = loadConfig({ ...process.env, PORT: "0", LOG_LEVEL: "silent", NODE_ENV: "test", OPENAI_API_KEY: "" });
const local = createLocalStrategist();
const slowStrategist: Strategist = {
  name: "local",
  async createPlan(input) {
    console.log(`generating ${input.timezone}`);
    if (delayMs > 0) await Bun.sleep(delayMs); // stands for a slow provider call
    return local.createPlan(input);
  },
  rewritePost: local.rewritePost,
};

const running = await boot(config, {
  logger: createLogger("silent"),
  queue: { workerId: process.env.WORKER_ID ?? "worker", pollIntervalMs: 50, leaseMs: Number(process.env.LEASE_MS ?? 30_000) },
  providers: { strategist: slowStrategist },
});

await runUntilIdleOrSignal(running);
