/**
 * Wall-clock time in a user's profile timezone (PRODUCT.md "Posts": every displayed time is in
 * the profile's zone, not the browser's or the server's). Built on Intl alone: no imports, no
 * I/O, so the server and the browser bundle share this file and agree to the minute.
 */

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const DAY_MS = 24 * 60 * 60 * 1000;

// Building a formatter costs far more than using one; a page formats many dates in few zones.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and clock time `instant` shows in `timeZone` (weekday 0 = Sunday). */
export function wallTime(instant: Date, timeZone: string): WallTime {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY_INDEX[parts.weekday ?? ""] ?? 0,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `instantMs`, in milliseconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  const wall = wallTime(new Date(instantMs), timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which `timeZone`'s clocks show the given date and time. Month days past the
 * month's end roll over (day 32 of March is April 1), like Date.UTC. A time a daylight-saving
 * jump skips moves forward by the jump (2:30 becomes 3:30), as Date does; a time that happens
 * twice resolves to the first.
 */
export function zonedTimeToInstant(
  date: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, date.hour ?? 0, date.minute ?? 0);
  // The offset at the guess can differ from the offset at the answer when a DST change lies
  // between them; a second pass with the answer's own offset settles it.
  const first = asUtc - offsetMs(asUtc, timeZone);
  const second = asUtc - offsetMs(first, timeZone);
  return new Date(Math.max(first, second));
}

/** The current Monday-to-Sunday week in `timeZone`: [start, end) as instants (PRODUCT.md "Posts" stats). */
export function zonedWeek(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = wallTime(now, timeZone);
  const daysSinceMonday = (today.weekday + 6) % 7;
  // Date arithmetic on a UTC calendar date, so month and year ends roll over correctly.
  const monday = new Date(Date.UTC(today.year, today.month - 1, today.day) - daysSinceMonday * DAY_MS);
  const nextMonday = new Date(monday.getTime() + 7 * DAY_MS);
  const midnight = (day: Date) =>
    zonedTimeToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, timeZone);
  return { start: midnight(monday), end: midnight(nextMonday) };
}
