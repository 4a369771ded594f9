import type { Database } from "../../db/client";
import type { posts } from "../../db/schema";
import type { Clock } from "../clock";
import type { SchedulePlanner } from "./schedule-planner";
import { createScheduling, notFound, type PublishMode, UUID } from "./scheduling";
import type { PostStatus } from "../shared/post-status";
import { createPostChanges } from "./posts/changes";
import { createPostReads } from "./posts/reads";
import { createPostSaving } from "./posts/saving";

/**
 * One user's posts, one concern a module in posts/: saving within the weekly allowance
 * (allowance.ts, saving.ts), reading (reads.ts), and editing, scheduling, marking as posted and
 * deleting with the status rules of PRODUCT.md "Posts" (changes.ts); post-input.ts holds what
 * the API takes. The routes import all of it from here.
 */

export { allowanceRead } from "./posts/allowance";
export {
  editSchema,
  linkedinUrlSchema,
  markPostedSchema,
  type NewPost,
  newPostSchema,
  parsePostChange,
  type PostChange,
  PUBLISH_MODES,
  planPostsSchema,
  saveAndScheduleSchema,
  scheduleSchema,
  unscheduleSchema,
  upcomingQuerySchema,
} from "./posts/post-input";
export type { PublishMode };
export { notFound, UUID };

export function createPostsService(deps: {
  database: Database;
  clock: Clock;
  /** What happens at a scheduled post's time (src/services/schedule-planner.ts): a reminder or a publication. */
  reminders: SchedulePlanner;
  /** Whether the user can publish automatically now (LinkedIn configured and connected). */
  canAutoPublish: (userId: string) => Promise<boolean>;
}) {
  const { database, clock, reminders, canAutoPublish } = deps;
  const scheduling = createScheduling({ planner: reminders });
  return {
    ...createPostReads({ database, clock }),
    ...createPostSaving({ database, clock, scheduling, canAutoPublish }),
    ...createPostChanges({ database, clock, scheduling, reminders, canAutoPublish }),
  };
}

export type PostsService = ReturnType<typeof createPostsService>;

/** A post as the API shows it (no user id, none of the publishing job's bookkeeping). */
export function postFields(post: typeof posts.$inferSelect) {
  // revision is the calendar feed's SEQUENCE, bookkeeping like the publishing fields.
  const { userId: _u, publishLeaseUntil: _l, publishAttemptAt: _a, publishFirstAttemptAt: _f, revision: _r, ...rest } = post;
  return {
    ...rest,
    // As JSON sends it (islands get these as props too): statuses by name, times as ISO instants.
    status: post.status as PostStatus,
    publishMode: (post.publishMode === "auto" ? "auto" : "remind") as PublishMode,
    scheduledTime: post.scheduledTime?.toISOString() ?? null,
    postedAt: post.postedAt?.toISOString() ?? null,
    reminderSentAt: post.reminderSentAt?.toISOString() ?? null,
    resultsRecordedAt: post.resultsRecordedAt?.toISOString() ?? null,
    resultsSkippedAt: post.resultsSkippedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
