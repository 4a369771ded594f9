/**
 * The app as bench/crash.ts runs it: the production boot with a 2-second job lease (instead of
 * 30) and a 100 ms poll, so a job whose process was killed is taken up again within a round.
 * With EXIT_WHEN_IDLE set it exits once no job is running or due; otherwise it runs until SIGTERM.
 */
import { boot } from "../src/boot";
import { loadConfig } from "../src/config";
import { runUntilIdleOrSignal } from "../tests/support/processes";

const running = await boot(loadConfig(), { queue: { leaseMs: 2_000, pollIntervalMs: 100 } });
await runUntilIdleOrSignal(running);
