import { createHash } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client";
import { posts } from "../../db/schema";
import { HttpError } from "../http-error";
import { POST_STATUSES, type PostStatus } from "../shared/post-status";

/**
 * One user's posts a page at a time (keyset pagination): GET /api/posts and My Posts. Each list
 * has its own order, walked along an index on (user, status, sort key, id), so a page costs the
 * same at 100 posts as at 5,000, and a post saved while someone pages never shifts what comes next.
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const STATUS_LIST = `status must be one or more of ${POST_STATUSES.join(", ")}, separated by commas.`;

/** The query of GET /api/posts: every value arrives as text. */
export const postListQuerySchema = v.object({
  status: v.optional(
    v.pipe(
      v.string(STATUS_LIST),
      v.transform((text) => [...new Set(text.split(",").map((part) => part.trim()))].sort()),
      v.check((parts) => parts.length > 0 && parts.every((part) => (POST_STATUSES as readonly string[]).includes(part)), STATUS_LIST),
      v.transform((parts) => parts as PostStatus[]),
    ),
  ),
  limit: v.optional(
    v.pipe(
      v.string(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.transform(Number),
      v.minValue(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`),
      v.maxValue(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}.`),
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
  cursor: v.optional(v.pipe(v.string("cursor must be the X-Next-Cursor of the previous page."), v.maxLength(400, "cursor is not one this list gave."))),
});
export type PostListQuery = v.InferOutput<typeof postListQuerySchema>;

type Order = { key: SQL; direction: "asc" | "desc" };

/**
 * Scheduled: soonest first. Posted: latest posted first (the scheduled time, then the save, when
 * the posting time is unknown; the same expression as the index). Anything else: newest saved first.
 */
function orderFor(statuses: PostStatus[] | undefined): Order {
  const only = statuses?.length === 1 ? statuses[0] : undefined;
  if (only === "scheduled") return { key: sql`${posts.scheduledTime}`, direction: "asc" };
  if (only === "posted") return { key: sql`coalesce(${posts.postedAt}, ${posts.scheduledTime}, ${posts.createdAt})`, direction: "desc" };
  return { key: sql`${posts.createdAt}`, direction: "desc" };
}

const cursorSchema = v.strictObject({ list: v.string(), owner: v.string(), key: v.pipe(v.string(), v.maxLength(64)), id: v.pipe(v.string(), v.uuid()) });
type Cursor = v.InferOutput<typeof cursorSchema>;

const FOREIGN_CURSOR = "This cursor belongs to another list. Ask for the first page again, without a cursor.";

/** Which list a cursor walks: the statuses asked for, and (hashed, not secret) whose posts they are. */
const listName = (statuses: PostStatus[] | undefined) => statuses?.join(",") ?? "all";
const ownerTag = (userId: string) => createHash("sha256").update(`post-list:${userId}`).digest("base64url").slice(0, 16);

/** The position after a row: its sort key as PostgreSQL wrote it (microseconds kept) and its id. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string, userId: string, list: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw new HttpError(400, "cursor is not one this list gave.");
  }
  const checked = v.safeParse(cursorSchema, parsed);
  if (!checked.success) throw new HttpError(400, "cursor is not one this list gave.");
  const cursor = checked.output;
  if (!isPostgresTimestamp(cursor.key)) throw new HttpError(400, "cursor is not one this list gave.");
  if (cursor.owner !== ownerTag(userId) || cursor.list !== list) throw new HttpError(400, FOREIGN_CURSOR);
  return cursor;
}

// How PostgreSQL writes a timestamptz as text (ISO DateStyle): "2026-03-02 09:00:00.123456+00",
// the offset in the session's time zone ("+05:30" too).
const PG_TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::[0-5]\d){0,2}$/;

/**
 * Whether a cursor's key is a time as this list writes it, a real date included: Date.parse
 * takes "2026-02-30" and "0", which PostgreSQL refuses mid-query (a 500 and a long log line).
 */
export function isPostgresTimestamp(key: string): boolean {
  const parts = PG_TIMESTAMPTZ.exec(key);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours] = parts.slice(1).map(Number) as [number, number, number, number, number, number, number];
  // Year 0 does not exist in PostgreSQL's calendar (1 BC is written with "BC", which lists never hold).
  if (year < 1 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || offsetHours > 15) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return day >= 1 && day <= daysInMonth;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export type PostCounts = Record<PostStatus, number>;

export function createPostListsService(deps: { database: Database }) {
  const db = deps.database.db;

  /** One page of the user's posts (those in `status`, or all), and the cursor of the next page when there is more. */
  async function page(userId: string, query: PostListQuery) {
    const list = listName(query.status);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, userId, list);
    const order = orderFor(query.status);
    const sortKey = sql<string>`(${order.key})::text`;
    const beyond = after
      ? order.direction === "asc"
        ? sql`(${order.key}, ${posts.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
        : sql`(${order.key}, ${posts.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const by = order.direction === "asc" ? [asc(order.key), asc(posts.id)] : [desc(order.key), desc(posts.id)];
    const rows = await db
      .select({ ...getTableColumns(posts), sortKey })
      .from(posts)
      .where(and(eq(posts.userId, userId), query.status ? inArray(posts.status, query.status) : undefined, beyond))
      .orderBy(...by)
      .limit(query.limit + 1);
    const more = rows.length > query.limit;
    const shown = rows.slice(0, query.limit).map(({ sortKey: _key, ...post }) => post);
    const last = rows[query.limit - 1];
    const nextCursor = more && last ? encodeCursor({ list, owner: ownerTag(userId), key: last.sortKey, id: last.id }) : null;
    return { posts: shown, nextCursor };
  }

  /** How many posts the user has in each status, in one statement (My Posts' tab counts). */
  async function counts(userId: string): Promise<PostCounts> {
    const [row] = await db
      .select({
        draft: sql<number>`count(*) filter (where ${posts.status} = 'draft')`.mapWith(Number),
        scheduled: sql<number>`count(*) filter (where ${posts.status} = 'scheduled')`.mapWith(Number),
        posted: sql<number>`count(*) filter (where ${posts.status} = 'posted')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${posts.status} = 'failed')`.mapWith(Number),
      })
      .from(posts)
      .where(eq(posts.userId, userId));
    return { draft: row?.draft ?? 0, scheduled: row?.scheduled ?? 0, posted: row?.posted ?? 0, failed: row?.failed ?? 0 };
  }

  return { page, counts };
}

export type PostListsService = ReturnType<typeof createPostListsService>;
