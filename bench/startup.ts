/** Time from process start to a 200 from /api/health, on a new DATA_DIR (initdb + migrations) and on an existing one. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fmt, startServer } from "./support";

export async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), "cadence-bench-"));
  try {
    const lines = ["startup: process start to /api/health 200 (PGlite)"];
    for (const label of ["new DATA_DIR", "existing DATA_DIR"]) {
      const started = performance.now();
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
      lines.push(`  ${label.padEnd(18)} ${fmt(performance.now() - started)} ms`);
      await server.stop();
    }
    return lines.join("\n");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await benchStartup());
