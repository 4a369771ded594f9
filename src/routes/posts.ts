import { Elysia } from "elysia";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { DashboardService } from "../services/dashboard";
import type { PlanScheduleService } from "../services/plan-schedule";
import { type PostListsService, postListQuerySchema } from "../services/post-lists";
import { newPostSchema, parsePostChange, planPostsSchema, postFields, type PostsService, upcomingQuerySchema, UUID } from "../services/posts";
import type { ResultsService } from "../services/results";
import type { PublishingService } from "../services/linkedin/publishing";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  posts: PostsService;
  postLists: PostListsService;
  dashboard: DashboardService;
  results: ResultsService;
  planSchedule: PlanScheduleService;
  publishing: Pick<PublishingService, "retry">;
};

/**
 * The posts API behind My Posts, the generator, the dashboard and the calendar (SPEC.md section
 * 7): saving within the weekly allowance, reading, and the changes of a post's life. Every call is
 * the signed-in user's own; the services check the subscription rule for every write.
 */
export function postRoutes({ session, posts, postLists, dashboard, results, planSchedule, publishing }: Deps) {
  return (
    new Elysia({ name: "routes/posts" })
      .use(session)
      // A page of the user's posts (?status=draft,failed&limit=50&cursor=…): still an array, as the
      // SPEC's contract has it; the next page's cursor comes in X-Next-Cursor while there is more.
      .get("/api/posts", async ({ query, requireUser }) => {
        const user = await requireUser();
        const { posts: page, nextCursor } = await postLists.page(user.id, parseInput(postListQuerySchema, query));
        return json(200, page.map(postFields), nextCursor ? { "x-next-cursor": nextCursor } : {});
      })
      .get("/api/posts/counts", async ({ requireUser }) => json(200, await postLists.counts((await requireUser()).id)))
      // Static paths win over /api/posts/:id in Elysia's router, whatever the order.
      .get("/api/posts/allowance", async ({ requireUser }) => json(200, await posts.allowance(await requireUser())))
      .get("/api/posts/stats", async ({ requireUser }) => json(200, await dashboard.stats(await requireUser())))
      .get("/api/posts/upcoming", async ({ query, requireUser }) => {
        const user = await requireUser();
        return json(200, (await posts.upcomingPosts(user.id, parseInput(upcomingQuerySchema, query).limit)).map(postFields));
      })
      .get("/api/posts/:id", async ({ params, requireUser }) => json(200, postFields(await posts.getPost((await requireUser()).id, params.id))))
      // One post saved as a draft (the contract's per-post save; the generator uses Save All below).
      .post("/api/posts", async ({ body, requireUser }) => {
        const user = await requireUser();
        return json(201, postFields(await posts.createDraft(user.id, parseInput(newPostSchema, body))));
      })
      // Save All to Drafts: the plan's posts in one transaction, as many as the week has room for.
      .post("/api/sources/:id/drafts", async ({ params, body, requireUser }) => {
        const user = await requireUser();
        const input = parseInput(planPostsSchema, body);
        if (!UUID.test(params.id)) throw new HttpError(404, "Source not found.");
        const { saved, alreadySaved, unsaved, limit } = await posts.savePlan(user.id, params.id, input.posts);
        return json(saved.length > 0 ? 201 : 200, {
          saved: saved.map(postFields),
          alreadySaved,
          unsaved,
          ...(limit ? { message: limit.message, ...limit.extra } : {}),
        });
      })
      // Edit, schedule (the calendar's drag and drop too), mark as posted, or back to draft: one change a request.
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
      // Save and schedule as recommended: the dates first (nothing saved), then save and schedule in one transaction on confirm.
      .post("/api/sources/:id/schedule/preview", async ({ params, body, requireUser }) => json(200, await planSchedule.previewUnsaved(await requireUser(), params.id, body)))
      .post("/api/sources/:id/save-and-schedule", async ({ params, body, requireUser }) => {
        const user = await requireUser();
        if (!UUID.test(params.id)) throw new HttpError(404, "Source not found.");
        return json(201, (await posts.saveAndSchedule(user, params.id, body)).map(postFields));
      })
      .post("/api/sources/:id/schedule", async ({ params, body, requireUser }) => json(200, (await planSchedule.schedule(await requireUser(), params.id, body)).map(postFields)))
      // A post whose auto-posting failed, published again now (through the same job).
      .post("/api/posts/:id/retry", async ({ params, requireUser }) => {
        const user = await requireUser();
        if (!UUID.test(params.id)) throw new HttpError(404, "Post not found.");
        return json(200, postFields(await publishing.retry(user, params.id)));
      })
      .delete("/api/posts/:id", async ({ params, requireUser }) => {
        await posts.deletePost(await requireUser(), params.id);
        return json(200, { message: "Post deleted" });
      })
  );
}
