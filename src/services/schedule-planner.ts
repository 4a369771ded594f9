import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { posts, users } from "../../db/schema";
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
    /**
     * LinkedIn disconnected: the user's scheduled posts set to publish automatically become Remind
     * me, so the posting assistant emails them at their time instead of each failing then. A post
     * a run is publishing right now (its lease held) is left to finish.
     */
    async remindInstead(tx: Tx, userId: string, now: Date) {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) return 0;
      const handed = await tx
        .update(posts)
        .set({ publishMode: "remind", updatedAt: now })
        .where(
          and(
            eq(posts.userId, userId),
            eq(posts.status, "scheduled"),
            eq(posts.publishMode, "auto"),
            or(isNull(posts.publishLeaseUntil), lt(posts.publishLeaseUntil, now)),
          ),
        )
        .returning({ id: posts.id, scheduledTime: posts.scheduledTime, publishMode: posts.publishMode });
      for (const post of handed) await this.plan(tx, post, user);
      return handed.length;
    },
  };
}
