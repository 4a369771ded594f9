import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "../../db/migrate";
import { type ProcessDatabase, processDatabase, spawnWorker, waitForLine, type Worker } from "../support/processes";
import { onPostgres } from "../support/test-database";
import { boot } from "../../src/boot";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { signUp } from "../support/api-client";

/**
 * The queue's promises, proven with real, separate app processes (tests/support/queue-worker.ts):
 * jobs survive a restart, a job whose process was killed is finished by the next one, and two
 * processes on one PostgreSQL database run each job exactly once.
 */

const worker = join(import.meta.dir, "../support/queue-worker.ts");
let db: ProcessDatabase;
const spawn = (env: Record<string, string>) => spawnWorker(worker, db, env);

async function finished(child: Worker) {
  expect(await child.exited).toBe(0);
}

type RunRow = { n: number; worker: string; attempt: number };
const runs = () => db.withDatabase((database) => database.rows<RunRow>(sql`select n, worker, attempt from queue_test_runs order by n`));

beforeEach(async () => {
  db = await processDatabase("queue");
  await db.withDatabase(async (database) => {
    await migrate(database);
    await database.db.execute(sql`create table queue_test_runs (job_id uuid, n int, worker text, attempt int)`);
  });
});

afterEach(async () => {
  await db.cleanup();
});

describe("queue across processes", () => {
  test("jobs enqueued while no worker runs are done when a process starts", async () => {
    await finished(spawn({ ENQUEUE: "10", WORKER_ID: "enqueuer" }));
    expect(await runs()).toHaveLength(0);
    await finished(spawn({ WORKER_ID: "second-life", EXIT_WHEN_IDLE: "1" }));
    const rows = await runs();
    expect(rows.map((row) => row.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(["second-life"]));
  });

  test("a job whose process was killed mid-run is finished once by the next process", async () => {
    await finished(spawn({ ENQUEUE: "1", WORKER_ID: "enqueuer" }));
    const doomed = spawn({ WORKER_ID: "doomed", JOB_MS: "600000", LEASE_MS: "1000" });
    await waitForLine(doomed, "started 0");
    doomed.kill("SIGKILL");
    await doomed.exited;

    await finished(spawn({ WORKER_ID: "successor", LEASE_MS: "1000", EXIT_WHEN_IDLE: "1" }));
    expect(await runs()).toEqual([{ n: 0, worker: "successor", attempt: 2 }]);
    const jobs = await db.withDatabase((database) =>
      // The recurring kinds (prune, demo billing clock) wait for their time beside it.
      database.rows<{ status: string; locked_by: string }>(sql`select status, locked_by from jobs where key is null`),
    );
    expect(jobs).toEqual([{ status: "completed", locked_by: "successor" }]);
  });

  // PGlite is an embedded, single-process database: two processes cannot share it, so this
  // claim only exists, and is only tested, on a PostgreSQL server.
  test.if(onPostgres)("two processes on one database run each job exactly once", async () => {
    await finished(spawn({ ENQUEUE: "80", WORKER_ID: "enqueuer" }));
    const a = spawn({ WORKER_ID: "a", JOB_MS: "40", EXIT_WHEN_IDLE: "1" });
    const b = spawn({ WORKER_ID: "b", JOB_MS: "40", EXIT_WHEN_IDLE: "1" });
    await Promise.all([finished(a), finished(b)]);
    const rows = await runs();
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 80 }, (_, n) => n));
    // Both processes took part, or the test would prove nothing about sharing.
    expect(rows.filter((row) => row.worker === "a").length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.worker === "b").length).toBeGreaterThan(0);
  });
});

describe("reminders across processes", () => {
  // Two app processes on one PostgreSQL database, their clocks moved past the post's time:
  // exactly one reminder email, whichever process takes the job.
  test.if(onPostgres)("a post scheduled a minute ahead gets exactly one reminder with two worker processes", async () => {
    const config = loadConfig({ NODE_ENV: "test", PORT: "0", LOG_LEVEL: "silent", ...db.env });
    const app = await boot(config, { logger: createLogger("silent"), runJobs: false });
    let postId: string;
    try {
      const { client } = await signUp(app.url);
      expect((await client.json("POST", "/api/demo-checkout/complete")).status).toBe(200);
      const created = await client.json("POST", "/api/posts", { content: "Reminded once, whoever runs the job." });
      postId = created.body.id;
      const inAMinute = new Date(Date.now() + 60_000).toISOString();
      expect((await client.json("PATCH", `/api/posts/${postId}`, { scheduledTime: inAMinute, status: "scheduled" })).status).toBe(200);
    } finally {
      await app.stop();
    }
    const a = spawn({ WORKER_ID: "a", CLOCK_OFFSET_MS: "120000", EXIT_WHEN_IDLE: "1" });
    const b = spawn({ WORKER_ID: "b", CLOCK_OFFSET_MS: "120000", EXIT_WHEN_IDLE: "1" });
    await Promise.all([finished(a), finished(b)]);
    const sent = await db.withDatabase((database) => database.rows<{ kind: string }>(sql`select kind from email_outbox where kind = 'post-reminder'`));
    expect(sent).toHaveLength(1);
    const reminderJobs = await db.withDatabase((database) => database.rows<{ status: string }>(sql`select status from jobs where kind = 'post-reminder'`));
    expect(reminderJobs).toEqual([{ status: "completed" }]);
  });
});
