import { and, asc, eq, gte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { posts } from "../../../db/schema";
import type { Clock } from "../../clock";
import { readOne } from "../json-reads";
import { DEFAULT_PAGE_SIZE } from "../post-lists";
import { notFound, UUID } from "../scheduling";
import { type AllowanceUser, allowanceRead } from "./allowance";

/** One of the user's posts; another user's id, or something that is not an id, is 404 (posts and carousels read it so). */
export async function userPost(database: Database, userId: string, postId: string) {
  if (!UUID.test(postId)) throw notFound();
  const [post] = await database.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)));
  if (!post) throw notFound();
  return post;
}

/** Reading one user's posts: one by id, the upcoming ones, and what is left of the week's allowance. */
export function createPostReads(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;
  const db = database.db;

  /** How much of this week's allowance is left, and when it resets. */
  const allowance = (user: AllowanceUser) => readOne(database, allowanceRead(user, clock.now()));

  const getPost = (userId: string, postId: string) => userPost(database, userId, postId);

  /** Scheduled posts from now on, soonest first (PRODUCT.md "Posts" upcoming), the first `limit` of them. */
  async function upcomingPosts(userId: string, limit = DEFAULT_PAGE_SIZE) {
    return db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, userId), eq(posts.status, "scheduled"), gte(posts.scheduledTime, clock.now())))
      .orderBy(asc(posts.scheduledTime), asc(posts.id))
      .limit(limit);
  }

  return { allowance, getPost, upcomingPosts };
}
