import { Elysia } from "elysia";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { DashboardService } from "../services/dashboard";
import type { PlanScheduleService } from "../services/plan-schedule";
import { parsePostChange, postFields, type PostsService } from "../services/posts";
import type { ResultsService } from "../services/results";

type Deps = { session: ReturnType<typeof sessionPlugin>; posts: PostsService; dashboard: DashboardService; results: ResultsService; planSchedule: PlanScheduleService };

/**
 * The posts API behind My Posts, the dashboard and the calendar (SPEC.md section 7). Every call
 * is the signed-in user's own; writes need a live subscription (checked in services.posts).
 * Saving a new post and the allowance live with billing (src/routes/billing.ts).
 */
export function postRoutes({ session, posts, dashboard, results, planSchedule }: Deps) {
  return (
    new Elysia({ name: "routes/posts" })
      .use(session)
      .get("/api/posts", async ({ requireUser }) => json(200, (await posts.listPosts((await requireUser()).id)).map(postFields)))
      // Static paths win over /api/posts/:id in Elysia's router, whatever the order.
      .get("/api/posts/stats", async ({ requireUser }) => json(200, await dashboard.stats(await requireUser())))
      .get("/api/posts/upcoming", async ({ requireUser }) => json(200, (await posts.upcomingPosts((await requireUser()).id)).map(postFields)))
      .get("/api/posts/:id", async ({ params, requireUser }) => json(200, postFields(await posts.getPost((await requireUser()).id, params.id))))
      // The calendar's drag and drop sends {scheduledTime, status: 'scheduled'} here too.
      .patch("/api/posts/:id", async ({ params, body, requireUser }) => {
        const user = await requireUser();
        return json(200, postFields(await posts.changePost(user, params.id, parsePostChange(body))));
      })
      // The user's own results for a posted post (best times learned from them), or "don't ask again".
      .put("/api/posts/:id/results", async ({ params, body, requireUser }) => json(200, postFields(await results.record(await requireUser(), params.id, body))))
      .post("/api/posts/:id/results/skip", async ({ params, requireUser }) => json(200, postFields(await results.skip(await requireUser(), params.id))))
      // Schedule as recommended: where a plan's drafts would go (?skipBusy=false keeps busy days), then the confirmed slots.
      .get("/api/sources/:id/schedule", async ({ params, query, requireUser }) =>
        json(200, await planSchedule.preview(await requireUser(), params.id, { skipBusy: query.skipBusy !== "false" })),
      )
      .post("/api/sources/:id/schedule", async ({ params, body, requireUser }) => json(200, (await planSchedule.schedule(await requireUser(), params.id, body)).map(postFields)))
      .delete("/api/posts/:id", async ({ params, requireUser }) => {
        await posts.deletePost(await requireUser(), params.id);
        return json(200, { message: "Post deleted" });
      })
  );
}
