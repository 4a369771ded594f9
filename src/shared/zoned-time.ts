import { TZDate } from "@date-fns/tz";

/**
 * Wall-clock time in a user's profile timezone (PRODUCT.md "Posts": every displayed time is in
 * the profile's zone, not the browser's or the server's). The zone rules come from
 * @date-fns/tz (Intl underneath), not from offset arithmetic of our own: a hand-written
 * two-pass offset guess put 9:00 AM on Los Angeles's spring-forward Sunday at 10:00 (issue 22).
 * No I/O, so the server and the browser bundle share this file and agree to the minute.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };
export type ZonedDateTime = { year: number; month: number; day: number; hour?: number; minute?: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date and clock time `instant` shows in `timeZone` (weekday 0 = Sunday). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return {
    year: zoned.getFullYear(),
    month: zoned.getMonth() + 1,
    day: zoned.getDate(),
    hour: zoned.getHours(),
    minute: zoned.getMinutes(),
    second: zoned.getSeconds(),
    weekday: zoned.getDay(),
  };
}

const sameWall = (instant: Date, wanted: ZonedDateTime, timeZone: string) => {
  const wall = wallTime(instant, timeZone);
  return wall.hour === (wanted.hour ?? 0) && wall.minute === (wanted.minute ?? 0);
};

/**
 * The instant at which `timeZone`'s clocks show the given date and time. Month days past the
 * month's end roll over (day 32 of March is April 1), like Date.UTC. A time the spring-forward
 * jump skips moves forward by the jump (2:30 becomes 3:30), as TZDate does. A time the fall-back
 * hour shows twice is its first occurrence, the one that comes first for the user: TZDate picks
 * the first west of UTC and the second east of it (London, Sydney), so the earlier one is tried.
 */
export function zonedTimeToInstant(date: ZonedDateTime, timeZone: string): Date {
  const instant = new Date(new TZDate(date.year, date.month - 1, date.day, date.hour ?? 0, date.minute ?? 0, timeZone).getTime());
  // Clocks go back by at most an hour in every zone today (Lord Howe by half of one).
  for (const back of [30, 60]) {
    const earlier = new Date(instant.getTime() - back * 60_000);
    if (sameWall(earlier, date, timeZone) && wallTime(earlier, timeZone).day === wallTime(instant, timeZone).day) return earlier;
  }
  return instant;
}

/** The current Monday-to-Sunday week in `timeZone`: [start, end) as instants (PRODUCT.md "Posts" stats). */
export function zonedWeek(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = wallTime(now, timeZone);
  const daysSinceMonday = (today.weekday + 6) % 7;
  // Date arithmetic on a UTC calendar date, so month and year ends roll over correctly.
  const monday = new Date(Date.UTC(today.year, today.month - 1, today.day) - daysSinceMonday * DAY_MS);
  const nextMonday = new Date(monday.getTime() + 7 * DAY_MS);
  const midnight = (day: Date) => zonedTimeToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, timeZone);
  return { start: midnight(monday), end: midnight(nextMonday) };
}
