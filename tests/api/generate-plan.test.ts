import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs, sources, users } from "../../db/schema";
import { HttpError } from "../../src/http-error";
import { generatePlanJob } from "../../src/jobs/generate-plan";
import { GENERATE_PLAN } from "../../src/jobs/kinds";
import { createQueue } from "../../src/jobs/queue";
import { createLogger } from "../../src/logger";
import { createLocalStrategist } from "../../src/strategist/local";
import { createGenerationService, PlanStillWriting, waitLimitMs } from "../../src/services/generation";
import { planTimeLimitMs } from "../../src/strategist/openai";
import { eventually } from "../support/eventually";
import { type Plan, parsePlan } from "../../src/strategist/plan";
import { type Strategist, type StrategistInput, StrategistError } from "../../src/strategist/types";
import { readArticle } from "../support/corpus";
import { insertUser } from "../support/generation-fixtures";
import { ManualClock } from "../support/manual-clock";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { JAPANESE_ESSAY } from "../support/sample-texts";

/** The generate-plan job and the generation service on a real database (PGlite, or PostgreSQL with DATABASE_URL). */

const logger = createLogger("silent");
let testDb: TestDatabase;
let article: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  article = await readArticle("react-canaries.md");
});
afterAll(async () => {
  await testDb.drop();
});
beforeEach(async () => {
  await testDb.database.db.delete(jobs);
  await testDb.database.db.delete(users); // sources go with their users
});

/** A strategist that records what it was asked and answers as scripted (by default, like the local one). */
function scriptedStrategist(answer: (input: StrategistInput, call: number) => Promise<Plan> = (input) => createLocalStrategist().createPlan(input)) {
  const inputs: StrategistInput[] = [];
  const strategist: Strategist = {
    name: "local",
    createPlan: (input) => {
      inputs.push(input);
      return answer(input, inputs.length);
    },
    rewritePost: (input) => createLocalStrategist().rewritePost(input),
  };
  return { strategist, inputs };
}

function setup(strategist: Strategist, options: { withJob?: boolean } = {}) {
  const clock = new ManualClock();
  const { database } = testDb;
  const queue = createQueue({
    database,
    clock,
    logger,
    definitions: options.withJob === false ? [] : [generatePlanJob({ database, logger, providers: { strategist }, clock })],
    backoffMs: (attempt) => 1_000 * 2 ** (attempt - 1),
    pollIntervalMs: 20,
  });
  return { clock, queue, service: createGenerationService({ database, queue }) };
}

const input = () => ({ contentText: article, contentType: "newsletter" as const, contentUrl: "https://example.com/canaries" });
const sourceRow = async (id: string) => (await testDb.database.db.select().from(sources).where(eq(sources.id, id)))[0];

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected an HttpError");
}

describe("generate-plan job", () => {
  test("writes the plan in the user's timezone, stores it on the source and returns it as the job's result", async () => {
    const user = await insertUser(testDb.database.db, { timezone: "Europe/Paris" });
    const { strategist, inputs } = scriptedStrategist();
    const { queue, service } = setup(strategist);

    const { sourceId, jobId } = await service.startGeneration(user.id, input());
    expect(await sourceRow(sourceId)).toMatchObject({
      userId: user.id,
      jobId,
      plan: null,
      contentType: "newsletter",
      contentUrl: "https://example.com/canaries",
    });
    expect(await queue.get(jobId)).toMatchObject({ kind: GENERATE_PLAN, status: "queued", payload: { sourceId } });
    expect(await service.getSource(user.id, sourceId)).toMatchObject({ status: "pending", plan: null, error: null });

    expect(await queue.runOnce()).toBe(true);
    const generated = await service.waitForPlan(sourceId, 1_000);
    expect(generated.sourceId).toBe(sourceId);
    const plan = parsePlan({ posts: generated.posts, strategyOverview: generated.strategyOverview });
    expect(plan.strategyOverview).toContain("Times are in Paris time.");
    expect((await sourceRow(sourceId))!.plan).toEqual(plan);
    expect(await queue.get(jobId)).toMatchObject({ status: "completed", attempts: 1, result: plan });
    expect(inputs).toEqual([
      {
        contentText: article,
        contentUrl: "https://example.com/canaries",
        contentType: "newsletter",
        timezone: "Europe/Paris",
        weekStartsOn: expect.any(String),
      },
    ]);
    expect(await service.getSource(user.id, sourceId)).toMatchObject({ id: sourceId, status: "completed", plan, error: null, contentType: "newsletter" });
  });

  test("the plan's week starts on the next usable day in the user's zone: today while today's slot is ahead, else tomorrow", async () => {
    const user = await insertUser(testDb.database.db, { timezone: "America/New_York" });
    const { strategist, inputs } = scriptedStrategist();
    const { clock, queue, service } = setup(strategist);
    // Wednesday 4 March 2026, 8:30 AM in New York: Wednesday's 9:00 AM slot is still ahead.
    clock.set("2026-03-04T13:30:00Z");
    await service.startGeneration(user.id, input());
    await queue.runOnce();
    // 9:30 AM: it has gone, so the week starts on Thursday.
    clock.set("2026-03-04T14:30:00Z");
    const { sourceId } = await service.startGeneration(user.id, input());
    await queue.runOnce();
    expect(inputs.map((asked) => asked.weekStartsOn)).toEqual(["Wednesday", "Thursday"]);
    const plan = (await sourceRow(sourceId))!.plan as Plan;
    expect(["Thursday", "Friday"]).toContain(plan.posts[0]!.recommendedDay);
  });

  test("a request waiting on a running worker gets the plan as soon as the job finishes", async () => {
    const user = await insertUser(testDb.database.db);
    const { queue, service } = setup(scriptedStrategist().strategist);
    queue.start();
    try {
      const { sourceId } = await service.startGeneration(user.id, input());
      const generated = await service.waitForPlan(sourceId, 20_000);
      expect(generated.posts.length).toBeGreaterThanOrEqual(5);
    } finally {
      await queue.stop();
    }
  });

  test("a failing strategist is retried with backoff, then the job fails with its message", async () => {
    const user = await insertUser(testDb.database.db);
    const { strategist, inputs } = scriptedStrategist(async () => {
      throw new StrategistError("The AI strategist is rate limited (429); try again in a minute");
    });
    const { clock, queue, service } = setup(strategist);
    const { sourceId, jobId } = await service.startGeneration(user.id, input());

    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "The AI strategist is rate limited (429); try again in a minute",
    });
    expect(await queue.runOnce()).toBe(false); // backing off
    clock.advance(1_000);
    await queue.runOnce();
    clock.advance(2_000);
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "failed", attempts: 3 });
    expect(inputs).toHaveLength(3);

    const error = await rejection(service.waitForPlan(sourceId, 1_000));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Could not generate posts: The AI strategist is rate limited (429); try again in a minute");
    expect(error.extra).toEqual({ sourceId });
    expect(await service.getSource(user.id, sourceId)).toMatchObject({
      status: "failed",
      plan: null,
      error: "The AI strategist is rate limited (429); try again in a minute",
    });
  });

  test("a strategist that recovers on the retry completes the job", async () => {
    const user = await insertUser(testDb.database.db);
    const { strategist } = scriptedStrategist(async (input, call) => {
      if (call === 1) throw new Error("socket hang up");
      return createLocalStrategist().createPlan(input);
    });
    const { clock, queue, service } = setup(strategist);
    const { sourceId, jobId } = await service.startGeneration(user.id, input());
    await queue.runOnce();
    clock.advance(1_000);
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({ status: "completed", attempts: 2, lastError: null });
    expect((await service.waitForPlan(sourceId, 1_000)).posts.length).toBeGreaterThanOrEqual(5);
  });

  test("a broken plan is never stored: the job checks the contract whatever the strategist", async () => {
    const user = await insertUser(testDb.database.db);
    const { strategist } = scriptedStrategist(async (input) => {
      const plan = await createLocalStrategist().createPlan(input);
      return { ...plan, posts: plan.posts.slice(0, 2) };
    });
    const { clock, queue, service } = setup(strategist);
    const { sourceId, jobId } = await service.startGeneration(user.id, input());
    for (let attempt = 0; attempt < 3; attempt++) {
      await queue.runOnce();
      clock.advance(10_000);
    }
    expect(await queue.get(jobId)).toMatchObject({ status: "failed", attempts: 3 });
    expect((await queue.get(jobId))!.lastError).toContain("a plan has 5 to 7 posts");
    expect((await sourceRow(sourceId))!.plan).toBeNull();
  });

  test("failures a retry cannot fix fail at once: unusable text, a refused key, a deleted source", async () => {
    const user = await insertUser(testDb.database.db);
    const failures = [
      new HttpError(400, "Paste a little more: a week of posts needs at least 200 words of prose."),
      new StrategistError("The AI strategist refused the request (401): bad key", false),
    ];
    for (const failure of failures) {
      const { strategist, inputs } = scriptedStrategist(async () => {
        throw failure;
      });
      const { queue, service } = setup(strategist);
      const { jobId } = await service.startGeneration(user.id, input());
      await queue.runOnce();
      expect(await queue.get(jobId)).toMatchObject({ status: "failed", attempts: 1, lastError: failure.message });
      expect(inputs).toHaveLength(1);
    }

    const { strategist, inputs } = scriptedStrategist();
    const { queue, service } = setup(strategist);
    const { sourceId, jobId } = await service.startGeneration(user.id, input());
    await testDb.database.db.delete(sources).where(eq(sources.id, sourceId));
    await queue.runOnce();
    expect(await queue.get(jobId)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "The content for this plan was deleted before the plan was written",
    });
    expect(inputs).toHaveLength(0);
  });

  test("a rerun after the plan was stored (the worker died before finishing the job) reuses the stored plan", async () => {
    const user = await insertUser(testDb.database.db);
    const first = scriptedStrategist();
    const { queue, service } = setup(first.strategist);
    const { sourceId, jobId } = await service.startGeneration(user.id, input());
    await queue.runOnce();
    const stored = (await sourceRow(sourceId))!.plan;
    // As if the process had died between storing the plan and completing the job.
    await testDb.database.db.update(jobs).set({ status: "queued", result: null }).where(eq(jobs.id, jobId));
    const second = scriptedStrategist();
    const rerun = setup(second.strategist);
    await rerun.queue.runOnce();
    expect(second.inputs).toHaveLength(0);
    expect(await queue.get(jobId)).toMatchObject({ status: "completed", result: stored });
  });
});

describe("generation service", () => {
  test("too little text is a 400 before anything is stored", async () => {
    const user = await insertUser(testDb.database.db);
    const { service } = setup(scriptedStrategist().strategist);
    const error = await rejection(service.startGeneration(user.id, { contentText: "# Title\n\nToo short to plan a week from.", contentType: "blog" }));
    expect(error.status).toBe(400);
    expect(error.message).toContain("at least 200 words");
    expect(await testDb.database.db.select().from(sources)).toHaveLength(0);
    expect(await testDb.database.db.select().from(jobs)).toHaveLength(0);
  });

  test("the same few sentences repeated is a 400 before anything is stored, though the words are there", async () => {
    const user = await insertUser(testDb.database.db);
    const { service, queue } = setup(scriptedStrategist().strategist);
    const repeated = Array.from({ length: 30 }, () => "We ship every Friday. Customers notice the rhythm. Our churn fell after we started.").join("\n\n");
    const error = await rejection(service.startGeneration(user.id, { contentText: repeated, contentType: "newsletter" }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "Paste a little more: a week of posts needs at least 200 words of prose in at least 6 different sentences, and this text has 14 words in 3 different sentences (a repeated sentence counts once).",
    );
    expect(await testDb.database.db.select().from(sources)).toHaveLength(0);
    expect(await testDb.database.db.select().from(jobs)).toHaveLength(0);
    expect(await queue.runOnce()).toBe(false);
  });

  test("text without spaces between words (Japanese) is not refused as too short", async () => {
    const user = await insertUser(testDb.database.db);
    const { service } = setup(scriptedStrategist().strategist);
    const essay = JAPANESE_ESSAY;
    const { sourceId } = await service.startGeneration(user.id, { contentText: essay, contentType: "blog" });
    expect(await sourceRow(sourceId)).toMatchObject({ contentText: essay });
  });

  test("the source and its job are written in one transaction: no job, no source", async () => {
    const user = await insertUser(testDb.database.db);
    const { service } = setup(scriptedStrategist().strategist, { withJob: false });
    await expect(service.startGeneration(user.id, input())).rejects.toThrow(/No job is defined/);
    expect(await testDb.database.db.select().from(sources)).toHaveLength(0);
  });

  test("getSource is scoped to its owner: another user's id, an unknown id and a malformed id all give null", async () => {
    const owner = await insertUser(testDb.database.db);
    const stranger = await insertUser(testDb.database.db);
    const { service } = setup(scriptedStrategist().strategist);
    const { sourceId } = await service.startGeneration(owner.id, input());
    expect(await service.getSource(owner.id, sourceId)).toMatchObject({ id: sourceId, contentText: article });
    expect(await service.getSource(stranger.id, sourceId)).toBeNull();
    expect(await service.getSource(owner.id, crypto.randomUUID())).toBeNull();
    expect(await service.getSource(owner.id, "not-a-uuid")).toBeNull();
  });

  test("waitForPlan: a job still queued after the wait is PlanStillWriting with the sourceId and its stage; an unknown source is a 404", async () => {
    const user = await insertUser(testDb.database.db);
    const { service } = setup(scriptedStrategist().strategist);
    const { sourceId } = await service.startGeneration(user.id, input());
    const pending = await service.waitForPlan(sourceId, 30).catch((error: unknown) => error);
    expect(pending).toBeInstanceOf(PlanStillWriting);
    expect(pending).toMatchObject({ sourceId, stage: "queued" });
    expect((await service.getSource(user.id, sourceId))?.stage).toBe("queued");
    expect((await rejection(service.waitForPlan(crypto.randomUUID(), 30))).status).toBe(404);
    expect((await rejection(service.waitForPlan("nope", 30))).status).toBe(404);
  });

  test("a running plan shows the stage its strategist reports, and the stage is cleared with the plan", async () => {
    const user = await insertUser(testDb.database.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const strategist: Strategist = {
      name: "openai",
      async createPlan(plan, progress) {
        progress?.onProgress?.("reading");
        progress?.onProgress?.("writing");
        await held;
        progress?.onProgress?.("checking");
        return createLocalStrategist().createPlan(plan);
      },
      rewritePost: (rewrite) => createLocalStrategist().rewritePost(rewrite),
    };
    const { queue, service } = setup(strategist);
    const { sourceId } = await service.startGeneration(user.id, input());
    queue.start();
    try {
      expect(await eventually(async () => ((await service.getSource(user.id, sourceId))?.stage === "writing" ? "writing" : undefined))).toBe("writing");
      release();
      const done = await service.waitForPlan(sourceId, 5_000);
      expect(done.posts.length).toBeGreaterThanOrEqual(5);
      expect(await service.getSource(user.id, sourceId)).toMatchObject({ status: "completed", stage: null });
      expect((await sourceRow(sourceId))!.stage).toBeNull();
    } finally {
      await queue.stop();
    }
  });

  test("a plan pending past the longest the strategist can take is failed, saying why; never before", async () => {
    const user = await insertUser(testDb.database.db);
    const clock = new ManualClock();
    const { queue } = setup(scriptedStrategist().strategist);
    const strategist = { planTimeLimitMs: planTimeLimitMs(45_000, 2) };
    const service = createGenerationService({ database: testDb.database, queue, clock, strategist });
    const { sourceId } = await service.startGeneration(user.id, input());
    const limit = waitLimitMs(strategist);
    // Three attempts of three completions, each 45 s tried three times with the SDK's backoff: over 20 minutes.
    expect(limit).toBeGreaterThan(20 * 60_000);
    const created = (await sourceRow(sourceId))!.createdAt.getTime();
    clock.set(new Date(created + limit - 1_000));
    expect(await service.getSource(user.id, sourceId)).toMatchObject({ status: "pending", error: null });
    clock.set(new Date(created + limit + 1_000));
    const overdue = await service.getSource(user.id, sourceId);
    expect(overdue).toMatchObject({ status: "failed", stage: null });
    expect(overdue!.error).toContain("the longest the strategist can take");
  });
});
