import { boot } from "./boot";
import { ConfigError, loadConfig } from "./config";

/** Starts Cadence: `bun run start`, or the compiled binary. */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const running = await boot(config);

// Graceful shutdown: finish in-flight requests and jobs; anything unfinished stays queued in the database.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  });
}
