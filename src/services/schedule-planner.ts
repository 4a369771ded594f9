import type { Tx } from "../../db/client";
import type { PublishingService } from "./linkedin/publishing";
import type { RemindersService } from "./reminders";

/**
 * What waits for a scheduled post's time, by its publishMode: "auto" a publication on LinkedIn,
 * "remind" the posting assistant's email. Exactly one of the two is planned; the other is cancelled.
 */
export type SchedulePlanner = ReturnType<typeof createSchedulePlanner>;

export function createSchedulePlanner(deps: { reminders: Pick<RemindersService, "plan" | "cancel">; publishing: Pick<PublishingService, "plan" | "cancel"> }) {
  const { reminders, publishing } = deps;
  type Post = { id: string; scheduledTime: Date | null; publishMode: string };
  type User = Parameters<RemindersService["plan"]>[2];
  return {
    async plan(tx: Tx, post: Post, user: User) {
      if (post.publishMode === "auto") {
        await reminders.cancel(tx, post.id);
        await publishing.plan(tx, post);
      } else {
        await publishing.cancel(tx, post.id);
        await reminders.plan(tx, post, user);
      }
    },
    async cancel(tx: Tx, postId: string) {
      await reminders.cancel(tx, postId);
      await publishing.cancel(tx, postId);
    },
  };
}
