import { Elysia } from "elysia";
import * as v from "valibot";
import { HttpError, parseInput } from "../http-error";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { DashboardService } from "../services/dashboard";
import { type PlanScheduleService, scheduleSlotsSchema, unsavedPreviewSchema } from "../services/plan-schedule";
import { type PostListsService, postListQuerySchema } from "../services/post-lists";
import {
  editSchema,
  markPostedSchema,
  newPostSchema,
  parsePostChange,
  planPostsSchema,
  postFields,
  type PostsService,
  saveAndScheduleSchema,
  scheduleSchema,
  unscheduleSchema,
  upcomingQuerySchema,
  UUID,
} from "../services/posts";
import { type ResultsService, resultsSchema } from "../services/results";
import type { PublishingService } from "../services/linkedin/publishing";
import { documented, NEXT_CURSOR } from "./api-operation";
import * as r from "./api-responses";

type Deps = {
  session: ReturnType<typeof sessionPlugin>;
  posts: PostsService;
  postLists: PostListsService;
  dashboard: DashboardService;
  results: ResultsService;
  planSchedule: PlanScheduleService;
  publishing: Pick<PublishingService, "retry">;
};

// PATCH /api/posts/:id takes exactly one of these; parsePostChange picks the one by its keys for a message about that change.
const postChangeSchema = v.union([scheduleSchema, markPostedSchema, unscheduleSchema, editSchema]);
const post = { 200: r.postResponse };

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
      .get(
        "/api/posts",
        async ({ query, requireUser }) => {
          const user = await requireUser();
          const { posts: page, nextCursor } = await postLists.page(user.id, parseInput(postListQuerySchema, query));
          return json(200, page.map(postFields), nextCursor ? { "x-next-cursor": nextCursor } : {});
        },
        documented({
          operationId: "listPosts",
          summary: "A page of the saved posts (an array); X-Next-Cursor holds the next page's cursor while there is more",
          access: "session",
          query: {
            status:
              "One or more of draft, scheduled, posted, failed, comma-separated. Scheduled alone: soonest first; posted alone: latest posted first; otherwise newest saved first.",
            limit: "Posts per page, 1 to 200 (50 unless given).",
            cursor: "The previous page's X-Next-Cursor, for the same status.",
          },
          ok: { 200: r.postListResponse },
          okHeaders: NEXT_CURSOR,
          errors: [400],
        }),
      )
      .get(
        "/api/posts/counts",
        async ({ requireUser }) => json(200, await postLists.counts((await requireUser()).id)),
        documented({ operationId: "countPosts", summary: "How many posts are in each status", access: "session", ok: { 200: r.countsResponse } }),
      )
      // Static paths win over /api/posts/:id in Elysia's router, whatever the order.
      .get(
        "/api/posts/allowance",
        async ({ requireUser }) => json(200, await posts.allowance(await requireUser())),
        documented({
          operationId: "getAllowance",
          summary: "What is left of this week's 7 saves, and when it resets",
          access: "session",
          ok: { 200: r.allowanceResponse },
        }),
      )
      .get(
        "/api/posts/stats",
        async ({ requireUser }) => json(200, await dashboard.stats(await requireUser())),
        documented({ operationId: "getPostStats", summary: "Posts this week, scheduled and in total", access: "session", ok: { 200: r.statsResponse } }),
      )
      .get(
        "/api/posts/upcoming",
        async ({ query, requireUser }) => {
          const user = await requireUser();
          return json(200, (await posts.upcomingPosts(user.id, parseInput(upcomingQuerySchema, query).limit)).map(postFields));
        },
        documented({
          operationId: "listUpcomingPosts",
          summary: "Scheduled posts from now on, soonest first",
          access: "session",
          query: { limit: "How many, 1 to 200 (50 unless given)." },
          ok: { 200: r.postListResponse },
          errors: [400],
        }),
      )
      .get(
        "/api/posts/:id",
        async ({ params, requireUser }) => json(200, postFields(await posts.getPost((await requireUser()).id, params.id))),
        documented({ operationId: "getPost", summary: "One post", access: "session", ok: post, errors: [404] }),
      )
      // One post saved as a draft (the contract's per-post save; the generator uses Save All below).
      .post(
        "/api/posts",
        async ({ body, requireUser }) => {
          const user = await requireUser();
          return json(201, postFields(await posts.createDraft(user.id, parseInput(newPostSchema, body))));
        },
        documented({
          operationId: "createPost",
          summary: "Save one post as a draft",
          access: "subscriber",
          body: newPostSchema,
          ok: { 201: r.postResponse },
          errors: [400, 404, 429],
        }),
      )
      // Save All to Drafts: the plan's posts in one transaction, as many as the week has room for.
      .post(
        "/api/sources/:id/drafts",
        async ({ params, body, requireUser }) => {
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
        },
        documented({
          operationId: "savePlanDrafts",
          summary:
            "Save All: a plan's posts as drafts in one transaction, as many as the week has room for (201 when any was saved, 200 when all were saved before)",
          access: "subscriber",
          body: planPostsSchema,
          ok: { 201: r.savePlanResponse, 200: r.savePlanResponse },
          errors: [400, 404, 429],
        }),
      )
      // Edit, schedule (the calendar's drag and drop too), mark as posted, or back to draft: one change a request.
      .patch(
        "/api/posts/:id",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          return json(200, postFields(await posts.changePost(user, params.id, parsePostChange(body))));
        },
        documented({
          operationId: "updatePost",
          summary: "Exactly one change: schedule, mark as posted, unschedule or edit",
          access: "subscriber",
          body: postChangeSchema,
          ok: post,
          errors: [400, 404, 409],
        }),
      )
      // The user's own results for a posted post (best times learned from them), or "don't ask again".
      .put(
        "/api/posts/:id/results",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          return json(200, postFields(await results.record(user, params.id, parseInput(resultsSchema, body))));
        },
        documented({
          operationId: "recordPostResults",
          summary: "A posted post's impressions, reactions and comments",
          access: "subscriber",
          body: resultsSchema,
          ok: post,
          errors: [400, 404, 409],
        }),
      )
      .post(
        "/api/posts/:id/results/skip",
        async ({ params, requireUser }) => json(200, postFields(await results.skip(await requireUser(), params.id))),
        documented({ operationId: "skipPostResults", summary: "Stop asking for this post's results", access: "subscriber", ok: post, errors: [404, 409] }),
      )
      // Schedule as recommended: where a plan's drafts would go (?skipBusy=false keeps busy days), then the confirmed slots.
      .get(
        "/api/sources/:id/schedule",
        async ({ params, query, requireUser }) =>
          json(200, await planSchedule.preview(await requireUser(), params.id, { skipBusy: query.skipBusy !== "false" })),
        documented({
          operationId: "previewPlanSchedule",
          summary: "Where the plan's drafts would go at their recommended days and times",
          access: "session",
          query: { skipBusy: "false keeps days that already hold a scheduled post (they are skipped unless given)." },
          ok: { 200: r.schedulePreviewResponse },
          errors: [404],
        }),
      )
      // Save and schedule as recommended: the dates first (nothing saved), then save and schedule in one transaction on confirm.
      .post(
        "/api/sources/:id/schedule/preview",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          return json(200, await planSchedule.previewUnsaved(user, params.id, parseInput(unsavedPreviewSchema, body)));
        },
        documented({
          operationId: "previewUnsavedPlanSchedule",
          summary: "Where a plan's posts, not yet saved, would go at their recommended days and times (nothing is saved)",
          access: "session",
          body: unsavedPreviewSchema,
          ok: { 200: r.unsavedSchedulePreviewResponse },
          errors: [400, 404],
        }),
      )
      .post(
        "/api/sources/:id/save-and-schedule",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          if (!UUID.test(params.id)) throw new HttpError(404, "Source not found.");
          return json(201, (await posts.saveAndSchedule(user, params.id, parseInput(saveAndScheduleSchema, body))).map(postFields));
        },
        documented({
          operationId: "saveAndSchedulePlan",
          summary: "Save a plan's posts and schedule the confirmed slots in one transaction, all or nothing",
          access: "subscriber",
          body: saveAndScheduleSchema,
          ok: { 201: r.postListResponse },
          errors: [400, 404, 409, 429],
        }),
      )
      .post(
        "/api/sources/:id/schedule",
        async ({ params, body, requireUser }) => {
          const user = await requireUser();
          return json(200, (await planSchedule.schedule(user, params.id, parseInput(scheduleSlotsSchema, body))).map(postFields));
        },
        documented({
          operationId: "schedulePlan",
          summary: "Schedule the confirmed slots of a plan's drafts in one transaction",
          access: "subscriber",
          body: scheduleSlotsSchema,
          ok: { 200: r.postListResponse },
          errors: [400, 404, 409],
        }),
      )
      // A post whose auto-posting failed, published again now (through the same job).
      .post(
        "/api/posts/:id/retry",
        async ({ params, requireUser }) => {
          const user = await requireUser();
          if (!UUID.test(params.id)) throw new HttpError(404, "Post not found.");
          return json(200, postFields(await publishing.retry(user, params.id)));
        },
        documented({
          operationId: "retryPost",
          summary: "Publish a post whose auto-posting failed again, now",
          access: "subscriber",
          ok: post,
          errors: [404, 409],
        }),
      )
      .delete(
        "/api/posts/:id",
        async ({ params, requireUser }) => {
          await posts.deletePost(await requireUser(), params.id);
          return json(200, { message: "Post deleted" });
        },
        documented({
          operationId: "deletePost",
          summary: "Delete a post (its save still counts this week)",
          access: "subscriber",
          ok: { 200: r.messageResponse },
          errors: [404],
        }),
      )
  );
}
