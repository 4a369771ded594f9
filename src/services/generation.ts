import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { jobs, posts, sources } from "../../db/schema";
import { HttpError } from "../http-error";
import { GENERATE_PLAN } from "../jobs/kinds";
import type { Queue } from "../jobs/queue";
import { assertPlannable, type GenerateInput, checkPlan, type Plan, type PlanStage, type ContentType, type Strategist } from "../strategist";
import { defaultBackoffMs } from "../jobs/queue";
import { type Clock, systemClock } from "../clock";
import type { UserRow } from "./accounts";
import { requireLiveSubscription } from "./billing/subscription";

/**
 * Generation as the routes see it (PRODUCT.md "Generation"): a request records the source and
 * enqueues its generate-plan job in one transaction, then waits a little for the plan; if the
 * plan takes longer (a model's plan with a repair takes a minute or more), the request answers
 * that it is still being written and the page follows the source, which tells the job's stage.
 * A source is called failed only when its job failed, or when it has been pending longer than
 * the strategist can honestly take (waitLimitMs): never because a request timed out.
 */

/** How long the local strategist may take, queue and all: it plans in milliseconds. */
const LOCAL_PLAN_LIMIT_MS = 60_000;
/** The generate-plan job's attempts (the queue's default) and the lease a dead worker's job waits out. */
const JOB_ATTEMPTS = 3;
const LEASE_SLACK_MS = 60_000;

/** The longest a plan can be pending before it is honestly a failure: every attempt at the strategist's limit, with the queue's backoff between them. */
export function waitLimitMs(strategist: Pick<Strategist, "planTimeLimitMs"> | undefined): number {
  const attempt = strategist?.planTimeLimitMs ?? LOCAL_PLAN_LIMIT_MS;
  let limit = JOB_ATTEMPTS * attempt + LEASE_SLACK_MS;
  for (let retry = 1; retry < JOB_ATTEMPTS; retry++) limit += defaultBackoffMs(retry);
  return limit;
}

/** The plan is still being written when the request's wait ends: the route answers 202 and the page follows the source. */
export class PlanStillWriting extends Error {
  override name = "PlanStillWriting";
  constructor(
    readonly sourceId: string,
    readonly stage: PlanStage,
  ) {
    super("The plan is still being written");
  }
}

export type GeneratedPlan = Plan & { sourceId: string };

export type SourceView = {
  id: string;
  contentText: string;
  contentUrl: string | null;
  contentType: ContentType;
  createdAt: Date;
  status: "pending" | "completed" | "failed";
  plan: Plan | null;
  /** Why the plan could not be written, when status is failed. */
  error: string | null;
  /** While pending: waiting for the queue, reading the article, writing the posts, checking them. */
  stage: PlanStage | null;
  /** The plan's posts already saved as drafts (by postOrder): the generator leaves them out when it reopens the plan. */
  savedPostOrders: string[];
};

export type GenerationService = ReturnType<typeof createGenerationService>;

const isUuid = (value: string) => v.is(v.pipe(v.string(), v.uuid()), value);

/** `clock` decides whether a subscription is live (the system clock unless a test moves time). */
export function createGenerationService(deps: {
  database: Database;
  queue: Queue;
  strategist?: Pick<Strategist, "checkInput" | "planTimeLimitMs">;
  clock?: Clock;
}) {
  const { database, queue } = deps;
  const clock = deps.clock ?? systemClock;
  const db = database.db;
  const pendingLimitMs = waitLimitMs(deps.strategist);

  /** Records the pasted content and enqueues its plan; both or neither. A paste too thin to plan from (too few words, or the same few sentences repeated) is a 400 here, before anything is stored. */
  async function startGeneration(userId: string, input: GenerateInput): Promise<{ sourceId: string; jobId: string }> {
    assertPlannable(input.contentText);
    // A paste the strategist would refuse (too little connected prose for five posts) is a 400 here, not a failed job.
    deps.strategist?.checkInput?.({ contentText: input.contentText, contentUrl: input.contentUrl, contentType: input.contentType, timezone: "UTC" });
    const started = await db.transaction(async (tx) => {
      const [source] = await tx
        .insert(sources)
        .values({ userId, contentText: input.contentText, contentUrl: input.contentUrl ?? null, contentType: input.contentType })
        .returning({ id: sources.id });
      const jobId = await queue.enqueue(GENERATE_PLAN, { sourceId: source!.id }, { on: tx });
      await tx.update(sources).set({ jobId }).where(eq(sources.id, source!.id));
      return { sourceId: source!.id, jobId };
    });
    queue.wake(); // committed: the runner can see the job now
    return started;
  }

  /** A user's request for a plan (POST /api/posts/generate): a live subscription first, as for every write. */
  async function requestPlan(user: UserRow, input: GenerateInput): Promise<{ sourceId: string; jobId: string }> {
    requireLiveSubscription(user, clock.now());
    return startGeneration(user.id, input);
  }

  /**
   * The plan once its job has finished (the Generate response: posts, strategyOverview,
   * sourceId). A failed job is a 502 carrying the job's message; a job still running after
   * timeoutMs throws PlanStillWriting with its stage, so the client follows the source.
   */
  async function waitForPlan(sourceId: string, timeoutMs: number): Promise<GeneratedPlan> {
    const source = isUuid(sourceId) ? await readSource(sourceId) : undefined;
    if (!source) throw new HttpError(404, "That plan does not exist.");
    const job = source.jobId ? await queue.waitFor(source.jobId, timeoutMs) : undefined;
    const stored = await readSource(sourceId);
    const plan = stored?.plan ? checkPlan(stored.plan) : undefined;
    if (plan?.ok) return { ...plan.plan, sourceId };
    if (!job || job.status === "failed") {
      throw new HttpError(502, `Could not generate posts: ${job?.lastError ?? "the generation job is missing"}`, { sourceId });
    }
    throw new PlanStillWriting(sourceId, stageOf(job.status, stored?.stage));
  }

  /** The source with its plan or status, only for its owner: another user's id gives null, like a missing one. */
  async function getSource(userId: string, sourceId: string): Promise<SourceView | null> {
    if (!isUuid(sourceId)) return null;
    const [row] = await db
      .select({ source: sources, jobStatus: jobs.status, jobError: jobs.lastError })
      .from(sources)
      .leftJoin(jobs, eq(jobs.id, sources.jobId))
      .where(and(eq(sources.id, sourceId), eq(sources.userId, userId)));
    if (!row) return null;
    const plan = row.source.plan ? checkPlan(row.source.plan) : undefined;
    // Pending past the longest the strategist can take (a worker that died with the job, say) is a failure that says so.
    const overdue = clock.now().getTime() - row.source.createdAt.getTime() > pendingLimitMs;
    const status = plan?.ok ? "completed" : row.jobStatus === "failed" || row.jobStatus === null || overdue ? "failed" : "pending";
    const overdueError = `The plan was not written within ${Math.round(pendingLimitMs / 60_000)} minutes, the longest the strategist can take with its retries, so it was given up. Please try again.`;
    const saved = await db
      .select({ postOrder: posts.postOrder })
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.sourceId, sourceId)));
    return {
      id: row.source.id,
      contentText: row.source.contentText,
      contentUrl: row.source.contentUrl,
      contentType: row.source.contentType as ContentType,
      createdAt: row.source.createdAt,
      status,
      plan: plan?.ok ? plan.plan : null,
      error: status === "failed" ? (row.jobStatus === "failed" || !overdue ? (row.jobError ?? "The plan could not be generated.") : overdueError) : null,
      stage: status === "pending" ? stageOf(row.jobStatus, row.source.stage) : null,
      savedPostOrders: [...new Set(saved.map((post) => post.postOrder))].sort((a, b) => Number(a) - Number(b)),
    };
  }

  async function readSource(sourceId: string) {
    const [row] = await db.select({ plan: sources.plan, jobId: sources.jobId, stage: sources.stage }).from(sources).where(eq(sources.id, sourceId));
    return row;
  }

  return { requestPlan, startGeneration, waitForPlan, getSource };
}

/** A queued job (first run or waiting to retry) is queued whatever it reached before; a running one is where its strategist says. */
function stageOf(jobStatus: string | null, stage: string | null | undefined): PlanStage {
  if (jobStatus !== "running") return "queued";
  return stage === "reading" || stage === "writing" || stage === "checking" ? stage : "reading";
}
