import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import ical, { ICalAlarmType } from "ical-generator";
import type { Database } from "../../db/client";
import { posts, users } from "../../db/schema";
import type { Clock } from "../clock";
import { HttpError } from "../http-error";
import { linkedinComposerUrl } from "../shared/linkedin-composer";
import { openingLine } from "../strategist";
import { appSecret } from "./secrets";
import { hashToken, tokenMatches } from "./tokens";
import { vtimezone } from "./vtimezone";

/**
 * The private calendar feed: an ICS address per user that Google, Apple and Outlook calendars
 * subscribe to, listing the scheduled posts as events at their instants and, for 30 days, the
 * posted ones, marked "Posted:". Each event carries its post's revision as SEQUENCE and its last
 * change as LAST-MODIFIED, so a client replaces what it kept when a post moves or changes.
 *
 * The token in the address is derived, never stored: HMAC-SHA256 of the user id and a random
 * nonce under a key the app keeps in app_secrets (256 bits). Only its SHA-256 is stored, to find
 * the user; Settings can show the address again because the server can derive it again, and a
 * new nonce (Regenerate) retires the old address at once.
 */

/** Past events kept in the feed (posted ones too, marked), so a calendar keeps the last month's history. */
const PAST_DAYS = 30;
/** How often the feed asks to be fetched again. */
const REFRESH_SECONDS = 60 * 60;
/**
 * Google Calendar drops or cuts an event description past about 8 KB; the description stays under
 * this many bytes as written (UTF-8, escaped), leaving room for the line folding.
 */
export const DESCRIPTION_BYTES = 7_500;
/** Room kept for the opening of the text when the composer link is long. */
const TEXT_ROOM_BYTES = 1_000;
const POSTED_PREFIX = "Posted: ";
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
    return createHmac("sha256", await feedKey())
      .update(`calendar-feed:${userId}:${nonce}`)
      .digest("base64url");
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
      .select({
        id: users.id,
        tokenHash: users.calendarFeedTokenHash,
        timezone: users.timezone,
        remindersEnabled: users.remindersEnabled,
        reminderLeadMinutes: users.reminderLeadMinutes,
      })
      .from(users)
      .where(eq(users.calendarFeedTokenHash, hashToken(token)));
    if (!user?.tokenHash || !tokenMatches(token, user.tokenHash)) return undefined;

    const now = clock.now();
    const since = new Date(now.getTime() - PAST_DAYS * 24 * 60 * 60_000);
    // A posted post sits where it went out (the time marked, else the time it was due), as the Calendar shows it.
    const at = sql<Date>`coalesce(${posts.postedAt}, ${posts.scheduledTime}, ${posts.createdAt})`;
    const rows = await db
      .select({
        id: posts.id,
        content: posts.content,
        status: posts.status,
        publishMode: posts.publishMode,
        scheduledTime: posts.scheduledTime,
        postedAt: posts.postedAt,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        revision: posts.revision,
      })
      .from(posts)
      .where(
        and(
          eq(posts.userId, user.id),
          // An instant beside a raw expression goes as ISO text with a cast: postgres.js takes no Date there.
          or(
            and(eq(posts.status, "scheduled"), gte(posts.scheduledTime, since)),
            and(eq(posts.status, "posted"), sql`${at} >= ${since.toISOString()}::timestamptz`),
          ),
        ),
      )
      .orderBy(asc(at), asc(posts.id));

    const host = new URL(appUrl).hostname;
    const calendar = ical({
      name: `${productName} posts`,
      prodId: { company: productName, product: "LinkedIn plan", language: "EN" },
      // REFRESH-INTERVAL and X-PUBLISHED-TTL: ask for a fetch every hour, so a moved post does
      // not sit at its old time for the half a day some clients otherwise wait.
      ttl: REFRESH_SECONDS,
    });
    for (const post of rows) {
      const posted = post.status === "posted";
      const start = posted ? (post.postedAt ?? post.scheduledTime ?? post.createdAt) : post.scheduledTime!;
      const page = `${appUrl}/posts/${post.id}`;
      const event = calendar.createEvent({
        // Stable per post, so a calendar moves the event when the post moves.
        id: `post-${post.id}@${host}`,
        // The post's revision (bumped by the database on every change of text, time or status):
        // a client that sees a higher SEQUENCE replaces the event it kept.
        sequence: post.revision,
        start,
        end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
        stamp: now,
        lastModified: post.updatedAt,
        summary: `${posted ? POSTED_PREFIX : ""}${title(openingLine(post.content))}`,
        description: feedDescription({ content: post.content, page, productName, posted }),
        url: page,
        ...(posted ? { categories: [{ name: "Posted" }] } : {}),
      });
      // The alarm stands in for the reminder email: at the lead the user chose, for posts they post themselves.
      if (!posted && post.publishMode !== "auto" && user.remindersEnabled) {
        event.createAlarm({ type: ICalAlarmType.display, trigger: user.reminderLeadMinutes * 60, description: event.summary() });
      }
    }
    return withTimezone(calendar.toString(), vtimezone(user.timezone, now));
  }

  return { feedUrl, regenerate, render };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;

/** The post's first line, shortened to a calendar title. */
function title(line: string): string {
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…` : line;
}

/**
 * An event's description: the two links first (Google and Outlook show only the start of a long
 * one), then the post's text, cut to keep the whole under DESCRIPTION_BYTES; the full text stays
 * one click away (the composer link carries it, and so does the post's page). The composer link is
 * the text percent-encoded, so for a long post in a non-Latin script it alone can pass the limit:
 * then it is left out and the post's page (with its Post now button) is the way to LinkedIn.
 */
export function feedDescription({ content, page, productName, posted }: { content: string; page: string; productName: string; posted: boolean }): string {
  const open = `Open in ${productName}: ${page}`;
  const composer = `Post it on LinkedIn: ${linkedinComposerUrl(content)}`;
  const links = posted || writtenBytes(`${composer}\n${open}`) > DESCRIPTION_BYTES - TEXT_ROOM_BYTES ? open : `${composer}\n${open}`;
  const whole = `${links}\n\n${content}`;
  if (writtenBytes(whole) <= DESCRIPTION_BYTES) return whole;
  const cutNote = `\n\n[Shortened here: the full text is in ${productName}, link above.]`;
  const room = DESCRIPTION_BYTES - writtenBytes(`${links}\n\n${cutNote}`) - writtenBytes("…");
  return `${links}\n\n${cutToBytes(content, room).trimEnd()}…${cutNote}`;
}

const encoder = new TextEncoder();

/** Bytes a text takes in an ICS file: UTF-8, with RFC 5545's escapes (\\ \; \, \n). */
function writtenBytes(text: string): number {
  return encoder.encode(text).length + (text.match(/[\\;,\n]/g)?.length ?? 0);
}

/** The longest start of `text` that takes at most `bytes` written, never splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    const size = writtenBytes(char);
    if (used + size > bytes) break;
    used += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * ical-generator's text with the zone's VTIMEZONE before the first event and a final CRLF: RFC
 * 5545's grammar wants at least one component (so an empty feed is still a calendar) and a line
 * break after every content line, END:VCALENDAR included.
 */
function withTimezone(ics: string, timezone: string): string {
  const body = ics.replace(/(\r\n)*$/, "");
  const at = body.search(/\r\n(BEGIN:VEVENT|END:VCALENDAR)/);
  return `${body.slice(0, at)}\r\n${timezone}${body.slice(at)}\r\n`;
}
