/**
 * `bun run validate`: every gate CI runs, in order, stopping at the first that fails:
 *   1. build      `bun scripts/build.ts` (the browser assets, the browser-boundary check, build/manifest.ts tsc needs)
 *   2. types      `tsc --noEmit` over the whole tree (tsconfig.json's include)
 *   3. lint       `biome lint` (biome.jsonc: recommended rules; warnings fail too)
 *   4. format     `biome format` in check mode (`bun run format` rewrites)
 *   5. tests      `bun run test` (scripts/test.ts), with this script's arguments passed on
 * Like scripts/test.ts it ends with one line "N passed, N failed"; a failed static gate counts as
 * "0 passed, 1 failed".
 */
import { join } from "node:path";

const root = join(import.meta.dir, "..");

const gates: { name: string; command: string[]; hint?: string }[] = [
  { name: "build", command: ["bun", "scripts/build.ts"] },
  { name: "types (tsc --noEmit)", command: ["bun", "x", "tsc", "--noEmit"] },
  {
    name: "lint (biome lint)",
    command: ["bun", "x", "biome", "lint", "--error-on-warnings", "."],
    hint: "a finding the code is right about takes a `// biome-ignore lint/<rule>: <reason>`",
  },
  { name: "format (biome format)", command: ["bun", "x", "biome", "format", "."], hint: "`bun run format` rewrites the files" },
];

for (const gate of gates) {
  const started = performance.now();
  console.log(`validate: ${gate.name}`);
  const run = Bun.spawnSync(gate.command, { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (run.exitCode !== 0) {
    console.log(`validate: ${gate.name} failed (exit ${run.exitCode}); stopped before the tests${gate.hint ? ` (${gate.hint})` : ""}`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  console.log(`validate: ${gate.name} passed in ${Math.round(performance.now() - started)} ms`);
}

// The tests print their own last line "N passed, N failed"; their build is cached (about a second).
console.log("validate: tests");
const tests = Bun.spawnSync(["bun", "scripts/test.ts", ...process.argv.slice(2)], { cwd: root, stdout: "inherit", stderr: "inherit", env: process.env });
process.exit(tests.exitCode ?? 1);
