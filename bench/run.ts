/** `bun run bench`: every benchmark in turn, printing its figures. Builds the assets first. */
import { cpus, totalmem } from "node:os";
import { benchGeneration } from "./generation";
import { benchHttp } from "./http";
import { benchJsBudget } from "./js-budget";
import { benchLighthouse } from "./lighthouse";
import { benchQueue } from "./queue";
import { benchStartup } from "./startup";
import { root } from "./support";

const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(1);

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}, ${new Date().toISOString()}`,
);
console.log(await benchStartup());
console.log(await benchHttp());
console.log((await benchJsBudget()).text);
console.log((await benchLighthouse()).text);
console.log(await benchQueue());
console.log(await (await import("./strategist")).benchStrategist());
console.log(await benchGeneration());
// The hardening proof: mixed load, malformed requests, and kill -9 at random moments.
console.log(await (await import("./load")).benchLoad());
console.log(await (await import("./fuzz")).benchFuzz());
console.log(await (await import("./crash")).benchCrash());
// Signed-in speed: the dashboard under 50 subscribers, and reads as one user's history grows.
// Then the carousel PDF (issue 25) at 5 and 10 slides.
// Each runs as a script of its own (top-level figures), one after the other.
console.log(await (await import("./app-js")).benchAppJs());
for (const script of ["bench/dashboard.ts", "bench/lists.ts", "bench/html-weight.ts", "bench/compression.ts", "bench/carousel.ts"]) {
  const run = Bun.spawnSync(["bun", script], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (run.exitCode !== 0) process.exit(run.exitCode ?? 1);
}
