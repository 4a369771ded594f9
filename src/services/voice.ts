import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { HttpError } from "../http-error";
import { MAX_CONTENT_CHARS, MAX_VOICE_POSTS } from "../strategist";

/**
 * "Your voice" (Settings): up to 10 of the user's own past LinkedIn posts, kept on the account
 * (so the data export carries them and deleting the account deletes them). Generation and
 * rewrites read them as examples of how the user writes (src/strategist/voice.ts).
 */

export const voiceSchema = v.strictObject({
  posts: v.pipe(
    v.array(
      v.pipe(
        v.string("Each post must be text."),
        v.trim(),
        v.nonEmpty("A past post cannot be empty: remove it instead."),
        v.maxLength(MAX_CONTENT_CHARS, `A LinkedIn post is at most ${MAX_CONTENT_CHARS.toLocaleString("en-US")} characters; this one is longer.`),
      ),
      "posts must be a list of your past posts.",
    ),
    v.maxLength(MAX_VOICE_POSTS, `Up to ${MAX_VOICE_POSTS} past posts make your voice.`),
  ),
});

export type Voice = { posts: string[] };
export type VoiceService = ReturnType<typeof createVoiceService>;

export function createVoiceService(deps: { database: Database }) {
  const db = deps.database.db;

  async function getVoice(userId: string): Promise<Voice> {
    const [row] = await db.select({ posts: users.voicePosts }).from(users).where(eq(users.id, userId));
    if (!row) throw new HttpError(404, "Account not found.");
    return { posts: row.posts };
  }

  /** Replaces the whole list: the page sends what the user sees, edits and removals included. */
  async function updateVoice(userId: string, { posts }: v.InferOutput<typeof voiceSchema>): Promise<Voice> {
    const [row] = await db.update(users).set({ voicePosts: posts }).where(eq(users.id, userId)).returning({ posts: users.voicePosts });
    if (!row) throw new HttpError(404, "Account not found.");
    return { posts: row.posts };
  }

  return { getVoice, updateVoice };
}
