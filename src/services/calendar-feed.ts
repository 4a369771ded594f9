import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import ical from "ical-generator";
import type { Database } from "../../db/client";
import { posts, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import { linkedinComposerUrl } from "../shared/linkedin-composer";
import { openingLine } from "../strategist";
import { appSecret } from "./secrets";
import { hashToken, tokenMatches } from "./tokens";

/**
 * The private calendar feed: an ICS address per user that Google, Apple and Outlook calendars
 * subscribe to, listing the scheduled posts as events at their instants.
 *
 * The token in the address is derived, never stored: HMAC-SHA256 of the user id and a random
 * nonce under a key the app keeps in app_secrets (256 bits). Only its SHA-256 is stored, to find
 * the user; Settings can show the address again because the server can derive it again, and a
 * new nonce (Regenerate) retires the old address at once.
 */

/** Past events kept in the feed, so a calendar does not drop this week's posts the moment they pass. */
const PAST_DAYS = 30;
/** An event's length: long enough to see in a calendar, short as the task. */
const EVENT_MINUTES = 15;
const TITLE_CHARS = 80;

type FeedUser = { id: string; calendarFeedNonce: string | null };

export function createCalendarFeedService(deps: { database: Database; clock: Clock; appUrl: string; productName: string }) {
  const { database, clock, appUrl, productName } = deps;
  const db = database.db;
  let key: Promise<string> | undefined;
  const feedKey = () => (key ??= appSecret(database, "calendar-feed"));

  async function tokenFor(userId: string, nonce: string) {
    return createHmac("sha256", await feedKey()).update(`calendar-feed:${userId}:${nonce}`).digest("base64url");
  }

  const urlOf = (token: string) => `${appUrl}/calendar-feed/${token}.ics`;

  /** Gives the user a new feed address; the one before stops working. */
  async function setNonce(userId: string, onlyIfMissing: boolean): Promise<string> {
    const nonce = randomBytes(16).toString("base64url");
    const token = await tokenFor(userId, nonce);
    const [updated] = await db
      .update(users)
      .set({ calendarFeedNonce: nonce, calendarFeedTokenHash: hashToken(token) })
      .where(onlyIfMissing ? and(eq(users.id, userId), isNull(users.calendarFeedNonce)) : eq(users.id, userId))
      .returning({ id: users.id });
    if (updated) return urlOf(token);
    if (!onlyIfMissing) throw new HttpError(404, "Account not found.");
    // Another request gave the user an address first: answer that one.
    const [row] = await db.select({ id: users.id, calendarFeedNonce: users.calendarFeedNonce }).from(users).where(eq(users.id, userId));
    if (!row?.calendarFeedNonce) throw new HttpError(404, "Account not found.");
    return urlOf(await tokenFor(userId, row.calendarFeedNonce));
  }

  /** The user's feed address, created the first time it is asked for. */
  async function feedUrl(user: FeedUser): Promise<string> {
    if (user.calendarFeedNonce) return urlOf(await tokenFor(user.id, user.calendarFeedNonce));
    return setNonce(user.id, true);
  }

  const regenerate = (userId: string) => setNonce(userId, false);

  /** The ICS text for a feed token, or undefined when the token names no current feed. */
  async function render(token: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const [user] = await db
      .select({ id: users.id, tokenHash: users.calendarFeedTokenHash })
      .from(users)
      .where(eq(users.calendarFeedTokenHash, hashToken(token)));
    if (!user?.tokenHash || !tokenMatches(token, user.tokenHash)) return undefined;

    const since = new Date(clock.now().getTime() - PAST_DAYS * 24 * 60 * 60_000);
    const scheduled = await db
      .select({ id: posts.id, content: posts.content, scheduledTime: posts.scheduledTime })
      .from(posts)
      .where(and(eq(posts.userId, user.id), eq(posts.status, "scheduled"), gte(posts.scheduledTime, since)))
      .orderBy(asc(posts.scheduledTime), asc(posts.id));

    const host = new URL(appUrl).hostname;
    const calendar = ical({ name: `${productName} posts`, prodId: { company: productName, product: "LinkedIn plan", language: "EN" } });
    for (const post of scheduled) {
      const start = post.scheduledTime!;
      calendar.createEvent({
        // Stable per post, so a calendar moves the event when the post moves.
        id: `post-${post.id}@${host}`,
        start,
        end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
        stamp: clock.now(),
        summary: title(openingLine(post.content)),
        description: `${post.content}\n\nPost it on LinkedIn: ${linkedinComposerUrl(post.content)}\n\nOpen in ${productName}: ${appUrl}/posts/${post.id}`,
        url: `${appUrl}/posts/${post.id}`,
      });
    }
    return calendar.toString();
  }

  return { feedUrl, regenerate, render };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;

/** The post's first line, shortened to a calendar title. */
function title(line: string): string {
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…` : line;
}
