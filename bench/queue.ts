/**
 * Job queue throughput: how fast one process claims and completes no-op jobs, on PGlite and,
 * when DATABASE_URL is set, on that PostgreSQL server (in a database made for the run).
 */
import * as v from "valibot";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { systemClock } from "../src/clock";
import { createQueue } from "../src/jobs/queue";
import { createLogger } from "../src/logger";
import { createServerDatabase } from "../tests/support/test-database";
import { fmt } from "./support";

const JOBS = Number(process.env.BENCH_JOBS ?? 500);

async function measure(label: string, database: Awaited<ReturnType<typeof openDatabase>>) {
  await migrate(database);
  const queue = createQueue({
    database,
    clock: systemClock,
    logger: createLogger("silent"),
    definitions: [{ kind: "noop", payload: v.object({ n: v.number() }), run: async () => null }],
    pollIntervalMs: 10,
  });
  let started = performance.now();
  for (let n = 0; n < JOBS; n++) await queue.enqueue("noop", { n });
  const enqueueMs = performance.now() - started;
  started = performance.now();
  queue.start();
  for (;;) {
    const counts = await queue.counts();
    if (counts.completed === JOBS) break;
    await Bun.sleep(5);
  }
  const runMs = performance.now() - started;
  await queue.stop();
  return `  ${label.padEnd(10)} enqueue ${fmt(JOBS / (enqueueMs / 1000))} jobs/s, run ${fmt(JOBS / (runMs / 1000))} jobs/s (${JOBS} jobs)`;
}

export async function benchQueue() {
  const lines = [`queue: one process, concurrency 4, no-op jobs`];
  const pglite = await openDatabase({ dataDir: "memory://" });
  lines.push(await measure("PGlite", pglite));
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const server = await createServerDatabase();
    const postgres = await openDatabase({ databaseUrl: server.url });
    lines.push(await measure("PostgreSQL", postgres));
    await postgres.close();
    await server.drop();
  }
  return lines.join("\n");
}

if (import.meta.main) console.log(await benchQueue());
