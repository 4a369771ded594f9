import { wallTime, zonedTimeToInstant } from "./zoned-time";

/**
 * "Schedule as recommended": a plan's recommended days and times ("Tuesday", "10:00 AM") turned
 * into real instants in the user's timezone. Pure and Intl-only like zoned-time.ts, so the
 * server (which schedules) and the browser (which prefills the Schedule dialog) agree.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
// Monday first: a plan's week runs Monday to Sunday.
const DAY_INDEX: Record<string, number> = { Monday: 0, Tuesday: 1, Wednesday: 2, Thursday: 3, Friday: 4, Saturday: 5, Sunday: 6 };

export type CalendarDate = { year: number; month: number; day: number };
export type Recommended = { id: string; postOrder: string; recommendedDay: string | null; recommendedTime: string | null };
export type RecommendedSlot = {
  id: string;
  postOrder: string;
  scheduledTime: Date /** Moved off its recommended day, which already held a scheduled post. */;
  moved: boolean;
};

/** "9:00 AM" → 9:00; "12:30 PM" → 12:30; anything else → undefined. */
export function parseClock(text: string | null): { hour: number; minute: number } | undefined {
  const match = text?.match(/^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/);
  if (!match) return undefined;
  const hour12 = Number(match[1]) % 12;
  return { hour: match[3] === "PM" ? hour12 + 12 : hour12, minute: Number(match[2]) };
}

/** yyyy-MM-dd of a calendar date, the key days are compared by. */
export const dateKey = (date: CalendarDate) => `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;

/** The calendar date `instant` falls on in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): CalendarDate {
  const wall = wallTime(instant, timeZone);
  return { year: wall.year, month: wall.month, day: wall.day };
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const mondayIndex = (date: CalendarDate) => (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;

/** The next time (after `now`) the user's clock shows this weekday and time. */
export function nextOccurrence(day: string, time: string, now: Date, timeZone: string): Date | undefined {
  const clock = parseClock(time);
  const target = DAY_INDEX[day];
  if (!clock || target === undefined) return undefined;
  const today = zonedDate(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(today, ahead);
    if (mondayIndex(date) !== target) continue;
    const instant = zonedTimeToInstant({ ...date, ...clock }, timeZone);
    if (instant.getTime() > now.getTime()) return instant;
  }
  return undefined;
}

/**
 * Each post's slot in the coming week, in the plan's order: post 1 at the next occurrence of its
 * day and time (never the past), and each later post on the first day after the one before that
 * is its recommended weekday, so the plan's arc is kept even when its week wraps (Friday to
 * Monday). With `skipBusy`, a post whose day already holds a scheduled post (`busyDays`,
 * yyyy-MM-dd in the user's zone) moves to the next day free of those and of the plan's own days,
 * at the same time. Posts without a usable recommendation are left out.
 */
export function planSlots(posts: Recommended[], options: { now: Date; timeZone: string; busyDays?: Set<string>; skipBusy?: boolean }): RecommendedSlot[] {
  const { now, timeZone } = options;
  const usable = posts
    .map((post) => ({ post, index: DAY_INDEX[post.recommendedDay ?? ""], clock: parseClock(post.recommendedTime) }))
    .filter(
      (entry): entry is { post: Recommended; index: number; clock: { hour: number; minute: number } } => entry.index !== undefined && entry.clock !== undefined,
    )
    .sort((a, b) => Number(a.post.postOrder) - Number(b.post.postOrder));
  if (usable.length === 0) return [];

  // The plan's own days first, so a post moved off a busy day never lands on another post's day.
  const planned: CalendarDate[] = [];
  for (const [position, entry] of usable.entries()) {
    if (position === 0) {
      planned.push(zonedDate(nextOccurrence(entry.post.recommendedDay!, entry.post.recommendedTime!, now, timeZone)!, timeZone));
      continue;
    }
    let date = addDays(planned[position - 1]!, 1);
    while (mondayIndex(date) !== entry.index) date = addDays(date, 1);
    planned.push(date);
  }
  const plannedKeys = new Set(planned.map(dateKey));
  const busy = options.skipBusy ? (options.busyDays ?? new Set<string>()) : new Set<string>();
  const used = new Set<string>();
  return usable.map(({ post, clock }, position) => {
    let date = planned[position]!;
    const moved = busy.has(dateKey(date));
    if (moved) {
      do date = addDays(date, 1);
      while (busy.has(dateKey(date)) || plannedKeys.has(dateKey(date)) || used.has(dateKey(date)));
    }
    used.add(dateKey(date));
    return { id: post.id, postOrder: post.postOrder, scheduledTime: zonedTimeToInstant({ ...date, ...clock }, timeZone), moved };
  });
}
