import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { migrate } from "../../db/migrate";
import { jobs, sources } from "../../db/schema";
import { generatePlanJob } from "../../src/jobs/generate-plan";
import { createQueue } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { createLocalStrategist } from "../../src/strategist/local";
import { createGenerationService } from "../../src/services/generation";
import { parsePlan } from "../../src/strategist/plan";
import { readArticle } from "../support/corpus";
import { insertUser } from "../support/generation-fixtures";
import { ManualClock } from "../support/manual-clock";
import { type ProcessDatabase, processDatabase, spawnWorker, waitForLine } from "../support/processes";

/**
 * A generation survives the death of the process running it: real app processes
 * (tests/support/generation-worker.ts), one killed mid-generation, the next one finishing the
 * job from the database alone. On PGlite and on PostgreSQL.
 */

const worker = join(import.meta.dir, "../support/generation-worker.ts");
let db: ProcessDatabase;

beforeEach(async () => {
  db = await processDatabase("generate");
});

afterEach(async () => {
  await db.cleanup();
});

test("a generation whose process is killed mid-run is finished by the next process", async () => {
  const article = await readArticle("the-plan-for-react-18.md");
  const { sourceId, jobId } = await db.withDatabase(async (database) => {
    await migrate(database);
    const logger = createLogger("silent");
    const queue = createQueue({
      database,
      clock: new ManualClock(),
      logger,
      definitions: [generatePlanJob({ database, logger, providers: { strategist: createLocalStrategist() } })],
    });
    const user = await insertUser(database.db, { timezone: "Asia/Tokyo" });
    return createGenerationService({ database, queue }).startGeneration(user.id, { contentText: article, contentType: "blog" });
  });

  const doomed = spawnWorker(worker, db, { WORKER_ID: "doomed", STRATEGIST_DELAY_MS: "600000", LEASE_MS: "1000" });
  expect(await waitForLine(doomed, "generating")).toBe("generating Asia/Tokyo");
  doomed.kill("SIGKILL");
  await doomed.exited;

  const midway = await db.withDatabase(async (database) => ({
    job: (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!,
    source: (await database.db.select().from(sources).where(eq(sources.id, sourceId)))[0]!,
  }));
  expect(midway.job).toMatchObject({ status: "running", attempts: 1, lockedBy: "doomed" });
  expect(midway.source.plan).toBeNull();

  const successor = spawnWorker(worker, db, { WORKER_ID: "successor", LEASE_MS: "1000", EXIT_WHEN_IDLE: "1" });
  expect(await successor.exited).toBe(0);

  await db.withDatabase(async (database) => {
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    const [source] = await database.db.select().from(sources).where(eq(sources.id, sourceId));
    expect(job).toMatchObject({ status: "completed", attempts: 2, lockedBy: "successor", lastError: null });
    const plan = parsePlan(source!.plan);
    expect(job!.result).toEqual(plan);
    expect(plan.strategyOverview).toContain("Times are in Tokyo time.");
  });
}, 120_000);
