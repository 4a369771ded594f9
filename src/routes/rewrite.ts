import { Elysia } from "elysia";
import { parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { RateLimiter } from "../services/rate-limits";
import type { sessionPlugin } from "../plugins/session";
import { rewriteInputSchema, type RewriteService } from "../services/rewrite";
import { documented } from "./api-operation";
import { rewriteResponse } from "./api-responses";

/**
 * A rewrite asks the strategist for much less than a plan (one post), so it counts as a quarter
 * of one against the generation limit it shares: 80 rewrites an hour, or fewer with plans.
 */
export const REWRITE_COST = 0.25;

type Deps = { session: ReturnType<typeof sessionPlugin>; rewrite: RewriteService; limiter: RateLimiter };

/** POST /api/posts/rewrite {sourceId, content, action} -> {content, hook}: New hook, Shorter or Rewrite for one post. */
export function rewriteRoutes({ session, rewrite, limiter }: Deps) {
  return new Elysia({ name: "routes/rewrite" }).use(session).post(
    "/api/posts/rewrite",
    async ({ body, requireUser }) => {
      const user = await requireUser();
      const input = parseInput(rewriteInputSchema, body);
      await limiter.hit(user.id, "You have generated and rewritten a lot of posts in the last hour. Please wait a little and try again.", REWRITE_COST);
      const post = await rewrite.rewritePost(user, input);
      return json(200, { content: post.content, hook: post.hook });
    },
    documented({
      operationId: "rewritePost",
      summary: "New hook, Shorter or Rewrite for one post of a plan",
      access: "subscriber",
      body: rewriteInputSchema,
      ok: { 200: rewriteResponse },
      errors: [400, 404, 422, 429, 502],
    }),
  );
}
