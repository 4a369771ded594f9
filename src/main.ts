// First, before anything else loads: without DATABASE_URL the app runs on PGlite, whose 9 MB of
// wasm then compiles on the engine's threads while the app's modules load below (the import()s
// are what lets them overlap: static imports would all load before this line ran).
import { compiledPgliteModules } from "../db/pglite-wasm";

if (!process.env.DATABASE_URL && !process.argv.includes("healthcheck")) compiledPgliteModules().catch(() => {}); // a failure surfaces where PGlite opens

/**
 * Starts Cadence: `bun run start`, or the compiled binary. `cadence healthcheck` instead asks a
 * running instance's /api/health on PORT and exits 0 when it answers 200 (Docker's HEALTHCHECK:
 * the slim image has no curl).
 */
if (process.argv.includes("healthcheck")) {
  const port = process.env.PORT || "3000";
  const healthy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3_000) })
    .then((response) => response.status === 200)
    .catch(() => false);
  process.exit(healthy ? 0 : 1);
}

const [{ DataDirLockedError }, { boot }, { ConfigError, loadConfig }] = await Promise.all([import("../db/pglite-lock"), import("./boot"), import("./config")]);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let running: Awaited<ReturnType<typeof boot>>;
try {
  running = await boot(config);
} catch (error) {
  // A second process on one PGlite folder: one clear line, not a stack.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

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
