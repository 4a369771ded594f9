/**
 * `bun run test`: builds the browser assets, then runs every test (unit, API, e2e in Chromium)
 * with `bun test`, and ends with one line "N passed, N failed".
 * The database is PGlite, or the PostgreSQL server in DATABASE_URL when it is set; each test
 * file makes its own database there, so runs never collide.
 * Extra arguments go to `bun test` (e.g. a path to run one file).
 */
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const on = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : "PGlite";
console.log(`Running the test suite on ${on}`);

const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const args = process.argv.slice(2);
const child = Bun.spawn(["bun", "test", "--timeout", "120000", ...(args.length > 0 ? args : ["tests"])], {
  cwd: root,
  stdout: "pipe",
  stderr: "pipe",
  env: process.env,
});

// Echo everything as it comes, keeping a copy to read the totals from.
let output = "";
async function pump(stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    output += text;
    sink.write(text);
  }
}
await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
const code = await child.exited;

const count = (word: string) => Number(output.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);
const passed = count("pass");
const failed = count("fail") + (code !== 0 && count("fail") === 0 ? 1 : 0);
const skipped = count("skip");
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(code === 0 ? 0 : 1);
