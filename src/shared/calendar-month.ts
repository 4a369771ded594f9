import { wallTime, zonedTimeToInstant } from "./zoned-time";

/**
 * The Calendar's month grid (SPEC.md "Calendar": Sunday-first weeks) and the day a post falls on,
 * both in the user's profile timezone (PRODUCT.md "Posts"). Pure and import-light: the server
 * renders the grid from it and the Calendar island moves posts with it in the browser.
 */

/** A calendar month, month 1-12. */
export type Month = { year: number; month: number };
/** One square of the grid: its date as 'yyyy-MM-dd' and whether it belongs to the month shown. */
export type GridDay = { key: string; year: number; month: number; day: number; inMonth: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_PARAM = /^(\d{4})-(\d{2})$/;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export const monthKey = ({ year, month }: Month) => `${pad(year, 4)}-${pad(month)}`;
export const dayKey = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** '2026-03' from a query parameter, or null for anything else (a month out of 1-12, year 0). */
export function parseMonth(value: unknown): Month | null {
  const match = typeof value === "string" ? MONTH_PARAM.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  // A planner's calendar: years outside 1970-2999 are a typo or a probe, and the month after
  // December 9999 is no date at all.
  return year >= 1970 && year <= 2999 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** '2026-03-05' as its parts, or null when it is not a real date (2026-02-30). */
export function parseDayKey(value: string): { year: number; month: number; day: number } | null {
  const match = DAY_KEY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1 ? { year, month, day } : null;
}

/** The month `offset` months away (-1 the previous, 1 the next); years roll over. */
export function addMonths({ year, month }: Month, offset: number): Month {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month that holds `now` in `timeZone`, and today's date key there. */
export function todayIn(now: Date, timeZone: string): { month: Month; today: string } {
  const wall = wallTime(now, timeZone);
  return { month: { year: wall.year, month: wall.month }, today: dayKey(wall.year, wall.month, wall.day) };
}

/**
 * The weeks that show `month`: from the Sunday on or before its first day to the Saturday on or
 * after its last, so 4 to 6 rows of 7, with the neighbouring months' days marked out of month.
 */
export function monthGrid({ year, month }: Month): GridDay[][] {
  // Calendar arithmetic on UTC dates: no zone, no daylight saving, month ends roll over.
  const first = Date.UTC(year, month - 1, 1);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const leading = new Date(first).getUTCDay();
  const cells = Math.ceil((leading + daysInMonth) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let index = 0; index < cells; index++) {
    const date = new Date(first + (index - leading) * DAY_MS);
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    if (index % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push({ key: dayKey(day.year, day.month, day.day), ...day, inMonth: day.month === month });
  }
  return weeks;
}

/** [start, end) as instants: midnight of the grid's first day to midnight after its last, in `timeZone`. */
export function gridRange(month: Month, timeZone: string): { start: Date; end: Date } {
  const weeks = monthGrid(month);
  const first = weeks[0]![0]!;
  const last = weeks[weeks.length - 1]![6]!;
  return {
    start: zonedTimeToInstant({ year: first.year, month: first.month, day: first.day }, timeZone),
    end: zonedTimeToInstant({ year: last.year, month: last.month, day: last.day + 1 }, timeZone),
  };
}

/** The date key of the day `instant` falls on in `timeZone`. */
export function dayKeyOf(instant: Date | string, timeZone: string): string {
  const wall = wallTime(new Date(instant), timeZone);
  return dayKey(wall.year, wall.month, wall.day);
}

/**
 * The same clock time as `instant` on another day, in `timeZone`: dragging a 9:30 AM post to
 * Friday makes it Friday 9:30 AM there, whatever daylight saving does in between.
 */
export function moveToDay(instant: Date | string, targetDayKey: string, timeZone: string): Date {
  const target = parseDayKey(targetDayKey);
  if (!target) throw new RangeError(`not a date: ${targetDayKey}`);
  const wall = wallTime(new Date(instant), timeZone);
  return zonedTimeToInstant({ ...target, hour: wall.hour, minute: wall.minute }, timeZone);
}
