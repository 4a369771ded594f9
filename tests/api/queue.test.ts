import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import * as v from "valibot";
import { jobs } from "../../db/schema";
import { createQueue, type JobDefinition, PermanentJobError } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { ManualClock } from "../support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const logger = createLogger("silent");
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});
beforeEach(async () => {
  await testDb.database.db.delete(jobs);
});

/** A job kind whose behaviour each test scripts: it fails `failTimes` times, then succeeds. */
function scriptedJob(options: { failTimes?: number; permanent?: boolean; maxAttempts?: number } = {}) {
  const runs: string[] = [];
  const definition: JobDefinition<{ label: string }> = {
    kind: "scripted",
    payload: v.object({ label: v.string() }),
    maxAttempts: options.maxAttempts ?? 3,
    async run(payload, context) {
      runs.push(`${payload.label}#${context.attempt}`);
      if (options.permanent) throw new PermanentJobError("this input can never work");
      if (runs.length <= (options.failTimes ?? 0)) throw new Error(`provider unavailable (run ${runs.length})`);
      return { done: payload.label };
    },
  };
  return { definition, runs };
}

function queueWith(definition: JobDefinition, clock: ManualClock, extra: Partial<Parameters<typeof createQueue>[0]> = {}) {
  return createQueue({ database: testDb.database, clock, logger, definitions: [definition], backoffMs: (n) => 1_000 * 2 ** (n - 1), ...extra });
}

describe("job queue", () => {
  test("runs a job once and stores its result", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob();
    const queue = queueWith(definition, clock);
    const id = await queue.enqueue("scripted", { label: "a" });
    expect((await queue.get(id))?.status).toBe("queued");
    expect(await queue.runOnce()).toBe(true);
    expect(await queue.runOnce()).toBe(false);
    const job = await queue.get(id);
    expect(job).toMatchObject({ status: "completed", attempts: 1, result: { done: "a" }, lastError: null });
    expect(runs).toEqual(["a#1"]);
  });

  test("retries a failing job with exponential backoff, then completes", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob({ failTimes: 2 });
    const queue = queueWith(definition, clock);
    const id = await queue.enqueue("scripted", { label: "b" });

    await queue.runOnce();
    let job = await queue.get(id);
    expect(job).toMatchObject({ status: "queued", attempts: 1, lastError: "provider unavailable (run 1)" });
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(1_000);

    expect(await queue.runOnce()).toBe(false); // not due yet
    clock.advance(1_000);
    await queue.runOnce();
    job = await queue.get(id);
    expect(job).toMatchObject({ status: "queued", attempts: 2 });
    expect(job!.runAt.getTime() - clock.now().getTime()).toBe(2_000); // doubled

    clock.advance(2_000);
    await queue.runOnce();
    expect(await queue.get(id)).toMatchObject({ status: "completed", attempts: 3, lastError: null });
    expect(runs).toEqual(["b#1", "b#2", "b#3"]);
  });

  test("ends failed, with the last error visible, after its last attempt", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob({ failTimes: 99, maxAttempts: 2 });
    const queue = queueWith(definition, clock);
    const id = await queue.enqueue("scripted", { label: "c" });
    await queue.runOnce();
    clock.advance(60_000);
    const lastRunAt = clock.now();
    await queue.runOnce();
    clock.advance(60_000);
    expect(await queue.runOnce()).toBe(false);
    expect(await queue.get(id)).toMatchObject({ status: "failed", attempts: 2, lastError: "provider unavailable (run 2)", finishedAt: lastRunAt });
    expect(runs).toHaveLength(2);
    expect(await queue.counts()).toMatchObject({ failed: 1, queued: 0 });
  });

  test("a permanent error fails at once without retries", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob({ permanent: true });
    const queue = queueWith(definition, clock);
    const id = await queue.enqueue("scripted", { label: "d" });
    await queue.runOnce();
    expect(await queue.get(id)).toMatchObject({ status: "failed", attempts: 1, lastError: "this input can never work" });
    expect(runs).toHaveLength(1);
  });

  test("refuses a payload that does not match the job's schema, and an unknown kind", async () => {
    const queue = queueWith(scriptedJob().definition, new ManualClock());
    await expect(queue.enqueue("scripted", { label: 42 })).rejects.toThrow();
    await expect(queue.enqueue("no-such-kind", {})).rejects.toThrow(/No job is defined/);
    expect(await queue.counts()).toMatchObject({ queued: 0 });
  });

  test("a job enqueued in a transaction that rolls back never exists", async () => {
    const queue = queueWith(scriptedJob().definition, new ManualClock());
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await queue.enqueue("scripted", { label: "e" }, { on: tx });
        throw new Error("the rest of the write failed");
      }),
    ).rejects.toThrow("the rest of the write failed");
    expect(await queue.counts()).toMatchObject({ queued: 0 });
  });

  test("a job whose worker died is taken over once its lease runs out", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob();
    const crashed = queueWith(definition, clock, { leaseMs: 30_000, workerId: "crashed" });
    const survivor = queueWith(definition, clock, { leaseMs: 30_000, workerId: "survivor" });
    const id = await crashed.enqueue("scripted", { label: "f" });

    const claimed = await crashed.claim(); // claims, then "dies" without running it
    expect(claimed?.lockedBy).toBe("crashed");
    expect(await survivor.runOnce()).toBe(false); // lease still held

    clock.advance(30_001);
    expect(await survivor.runOnce()).toBe(true);
    expect(await survivor.get(id)).toMatchObject({ status: "completed", attempts: 2, lockedBy: "survivor" });
    expect(runs).toEqual(["f#2"]);
  });

  test("two workers on one database never run the same job", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob();
    const a = queueWith(definition, clock, { workerId: "a" });
    const b = queueWith(definition, clock, { workerId: "b" });
    for (let i = 0; i < 40; i++) await a.enqueue("scripted", { label: `j${i}` });
    const drain = async (queue: typeof a) => {
      while (await queue.runOnce());
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
    expect(await a.counts()).toMatchObject({ completed: 40, queued: 0, running: 0 });
  });

  test("the background runner picks up new jobs at once and waitFor sees them finish", async () => {
    const { definition } = scriptedJob();
    const queue = createQueue({ database: testDb.database, clock: new ManualClock(), logger, definitions: [definition], pollIntervalMs: 60_000 });
    queue.start();
    try {
      const id = await queue.enqueue("scripted", { label: "g" });
      // The poll interval is a minute, so finishing well inside the wait proves enqueue woke the runner.
      const job = await queue.waitFor(id, 10_000);
      expect(job?.status).toBe("completed");
    } finally {
      await queue.stop();
    }
  });

  test("waitFor answers with the job as it is when the time is up", async () => {
    const queue = queueWith(scriptedJob().definition, new ManualClock());
    const id = await queue.enqueue("scripted", { label: "h" });
    const job = await queue.waitFor(id, 50);
    expect(job?.status).toBe("queued");
  });

  test("jobs are stored as rows a person can inspect", async () => {
    const queue = queueWith(scriptedJob().definition, new ManualClock());
    await queue.enqueue("scripted", { label: "i" });
    const rows = await testDb.database.rows<{ kind: string; status: string; payload: unknown }>(sql`select kind, status, payload from jobs`);
    expect(rows).toEqual([{ kind: "scripted", status: "queued", payload: { label: "i" } }]);
  });
});

describe("jobs due later, keyed and recurring", () => {
  test("a job due later runs only once its time has come", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob();
    const queue = queueWith(definition, clock);
    await queue.enqueue("scripted", { label: "later" }, { runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await queue.runOnce()).toBe(false);
    expect(await queue.idle()).toBe(true);
    clock.advance(59_999);
    expect(await queue.runOnce()).toBe(false);
    clock.advance(1);
    expect(await queue.idle()).toBe(false);
    expect(await queue.runOnce()).toBe(true);
    expect(runs).toEqual(["later#1"]);
  });

  test("scheduling a key again moves its job; cancelling removes it; one job per key", async () => {
    const clock = new ManualClock();
    const { definition, runs } = scriptedJob();
    const queue = queueWith(definition, clock);
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    await queue.schedule("scripted", { label: "first" }, { key: "post:1", runAt: at(10) });
    await queue.schedule("scripted", { label: "moved" }, { key: "post:1", runAt: at(30) });
    const waiting = await testDb.database.db.select().from(jobs);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ key: "post:1", payload: { label: "moved" }, runAt: at(30) });

    clock.advance(10 * 60_000);
    expect(await queue.runOnce()).toBe(false); // the old time is gone
    clock.advance(20 * 60_000);
    expect(await queue.runOnce()).toBe(true);
    expect(runs).toEqual(["moved#1"]);

    // Finished jobs do not hold the key: the same key can be scheduled again, then cancelled.
    await queue.schedule("scripted", { label: "again" }, { key: "post:1", runAt: at(5) });
    expect(await queue.cancel("post:1")).toBe(true);
    expect(await queue.cancel("post:1")).toBe(false);
    clock.advance(5 * 60_000);
    expect(await queue.runOnce()).toBe(false);
    expect(runs).toEqual(["moved#1"]);
  });

  test("two schedules of one key at once leave one waiting job", async () => {
    const clock = new ManualClock();
    const { definition } = scriptedJob();
    const queue = queueWith(definition, clock);
    const runAt = new Date(clock.now().getTime() + 60_000);
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        testDb.database.db.transaction((tx) => queue.schedule("scripted", { label: `race ${n}` }, { key: "post:race", runAt, on: tx })).catch(() => undefined),
      ),
    );
    expect(await testDb.database.db.select().from(jobs)).toHaveLength(1);
  });

  test("a recurring kind is queued once, runs when due, and queues its next run", async () => {
    const clock = new ManualClock();
    const ticks: string[] = [];
    const tick: JobDefinition<object> = {
      kind: "tick",
      payload: v.object({}),
      everyMs: 60_000,
      async run() {
        ticks.push(clock.now().toISOString());
      },
    };
    const queue = queueWith(tick, clock);
    const other = queueWith(tick, clock, { workerId: "other" });
    await queue.seedRecurring();
    await other.seedRecurring(); // a second process starting: still one waiting run
    expect(await testDb.database.db.select().from(jobs)).toHaveLength(1);
    expect(await queue.runOnce()).toBe(false);

    for (let minute = 1; minute <= 3; minute++) {
      clock.advance(60_000);
      expect(await (minute % 2 ? queue : other).runOnce()).toBe(true);
      expect(await queue.runOnce()).toBe(false);
    }
    expect(ticks).toEqual(["2026-03-02T09:01:00.000Z", "2026-03-02T09:02:00.000Z", "2026-03-02T09:03:00.000Z"]);
    const rows = await testDb.database.db.select().from(jobs);
    expect(rows.filter((row) => row.status === "queued")).toHaveLength(1);
    expect(rows.filter((row) => row.status === "completed")).toHaveLength(3);
  });

  test("prune deletes finished jobs older than the cut-off and keeps the rest", async () => {
    const clock = new ManualClock();
    const { definition } = scriptedJob();
    const queue = queueWith(definition, clock);
    const old = await queue.enqueue("scripted", { label: "old" });
    await queue.runOnce();
    clock.advance(15 * 24 * 60 * 60_000);
    const recent = await queue.enqueue("scripted", { label: "recent" });
    await queue.runOnce();
    const waiting = await queue.enqueue("scripted", { label: "waiting" }, { runAt: new Date(clock.now().getTime() + 60_000) });
    expect(await queue.prune(new Date(clock.now().getTime() - 14 * 24 * 60 * 60_000))).toBe(1);
    expect(await queue.get(old)).toBeUndefined();
    expect(await queue.get(recent)).toMatchObject({ status: "completed" });
    expect(await queue.get(waiting)).toMatchObject({ status: "queued" });
  });
});
