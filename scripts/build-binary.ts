/**
 * Compiles Cadence into one executable, dist/cadence, with the Bun runtime, the built assets,
 * the migrations, PGlite's wasm and the snapshot a new PGlite folder starts from embedded (each
 * is imported `with { type: "file" }` or as text, which is what makes `bun build --compile` carry
 * them). Run `bun run build` first; `bun run build:binary` does both.
 */
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const outfile = process.argv[2] ?? join(root, "dist/cadence");
const started = performance.now();
const result = Bun.spawnSync(
  ["bun", "build", "--compile", "--minify", "--sourcemap", join(root, "src/main.ts"), "--outfile", outfile],
  { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, NODE_ENV: "production" } },
);
if (result.exitCode !== 0) {
  console.error(result.stdout.toString(), result.stderr.toString());
  process.exit(1);
}
const size = Bun.file(outfile).size;
console.log(`build:binary: ${outfile} (${(size / 1024 / 1024).toFixed(0)} MiB) in ${Math.round(performance.now() - started)} ms`);
