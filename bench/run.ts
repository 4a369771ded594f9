/** `bun run bench`: every benchmark in turn, printing its figures. Builds the assets first. */
import { cpus, totalmem } from "node:os";
import { benchHttp } from "./http";
import { benchQueue } from "./queue";
import { benchStartup } from "./startup";
import { root } from "./support";

const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(1);

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}, ${new Date().toISOString()}`);
console.log(await benchStartup());
console.log(await benchHttp());
console.log(await benchQueue());
