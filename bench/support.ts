import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForOk } from "../tests/support/free-port";

export const root = join(import.meta.dir, "..");

/**
 * Starts the app as its own process (so the load generator does not share its event loop),
 * with its data in a fresh temporary DATA_DIR unless one is given.
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), "cadence-bench-"));
  const child = Bun.spawn(["bun", join(root, "src/main.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(port), ...env, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://localhost:${port}`;
  await waitForOk(`${url}/api/health`, 60_000);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

// The load generator for HTTP benchmarks is in load.ts (wrk, or a raw client that does not gunzip).

export const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
