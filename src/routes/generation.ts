import { Elysia } from "elysia";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { RateLimiter } from "../services/rate-limits";
import type { sessionPlugin } from "../plugins/session";
import { type GenerationService, PlanStillWriting } from "../services/generation";
import { generateInputSchema } from "../strategist";
import { documented } from "./api-operation";
import * as r from "./api-responses";

// The Generate request waits this long for its job, then answers 202 and the page follows the source
// (GET /api/sources/:id) with the plan's stage: the local strategist answers well within it, a model rarely.
export const GENERATION_WAIT_MS = 10_000;

/** `limiter` is the generation limit, shared with per-post rewrites (app.ts creates it once). */
type Deps = { session: ReturnType<typeof sessionPlugin>; generation: GenerationService; limiter: RateLimiter; waitMs?: number };

/** POST /api/posts/generate and GET /api/sources/:id. */
export function generationRoutes({ session, generation, limiter, waitMs = GENERATION_WAIT_MS }: Deps) {
  return new Elysia({ name: "routes/generation" })
    .use(session)
    .post(
      "/api/posts/generate",
      async ({ body, requireUser }) => {
        const user = await requireUser();
        // Unlimited under fair use: generous for a person, a brake on a runaway script.
        await limiter.hit(user.id, "You have generated a lot of plans in the last hour. Please wait a little and try again.");
        const input = parseInput(generateInputSchema, body);
        const { sourceId } = await generation.requestPlan(user, input);
        try {
          const plan = await generation.waitForPlan(sourceId, waitMs);
          return json(200, { posts: plan.posts, strategyOverview: plan.strategyOverview, sourceId: plan.sourceId });
        } catch (error) {
          if (error instanceof PlanStillWriting) return json(202, { sourceId: error.sourceId, pending: true, stage: error.stage });
          throw error;
        }
      },
      documented({
        operationId: "generatePlan",
        summary: "Plan a week of posts from an article (waits up to 10 s for the plan, then 202: follow GET /api/sources/{id})",
        access: "subscriber",
        body: generateInputSchema,
        ok: { 200: r.generatedPlanResponse, 202: r.pendingPlanResponse },
        errors: [400, 429, 502],
      }),
    )
    .get(
      "/api/sources/:id",
      async ({ params, requireUser }) => {
        const user = await requireUser();
        const source = await generation.getSource(user.id, params.id);
        if (!source) throw new HttpError(404, "That plan does not exist.");
        return json(200, { ...source, createdAt: source.createdAt.toISOString() });
      },
      documented({
        operationId: "getSource",
        summary: "A pasted article and, once ready, its plan",
        access: "session",
        ok: { 200: r.sourceResponse },
        errors: [404],
      }),
    );
}
