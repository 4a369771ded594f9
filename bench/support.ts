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

/** Closed-loop load: `connections` loops each fetching `url` back to back for `seconds`. */
export async function load(url: string, options: { seconds: number; connections: number; headers?: Record<string, string> }) {
  const deadline = performance.now() + options.seconds * 1000;
  let requests = 0;
  let failures = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(url, { headers: options.headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.ok) requests++;
        else failures++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: requests / options.seconds, failures, p50: at(0.5), p99: at(0.99) };
}

export const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
