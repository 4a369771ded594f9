import { parseClock } from "./recommended-slots";
import { wallTime, zonedTimeToInstant } from "./zoned-time";

/**
 * Where a new plan's week starts (issue 22): on the next usable day in the user's zone, today
 * when today's first slot is still ahead, else tomorrow; not always the coming Sunday, which left
 * a plan made on Wednesday with Wednesday to Saturday empty. The strategist then lays the week
 * over the seven days from there (its strongest posts on the strongest of those days), and
 * Schedule as recommended (recommended-slots.ts) puts post 1 on the first of them.
 */

export const SUNDAY_FIRST = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type DayName = (typeof SUNDAY_FIRST)[number];

/** The seven days from `start` on, in order: a plan's week. */
export function weekFrom(start: DayName): DayName[] {
  const at = SUNDAY_FIRST.indexOf(start);
  return [...SUNDAY_FIRST.slice(at), ...SUNDAY_FIRST.slice(0, at)];
}

/**
 * The day a plan made at `now` starts on in `timeZone`: today if `slotTime(today)` ("10:00 AM",
 * the research's slot for that weekday) is still ahead on the user's clock, else tomorrow.
 */
export function planWeekStart(now: Date, timeZone: string, slotTime: (day: DayName) => string): DayName {
  const today = wallTime(now, timeZone);
  const name = SUNDAY_FIRST[today.weekday]!;
  const clock = parseClock(slotTime(name));
  const slot = clock && zonedTimeToInstant({ year: today.year, month: today.month, day: today.day, ...clock }, timeZone);
  return slot && slot.getTime() > now.getTime() ? name : SUNDAY_FIRST[(today.weekday + 1) % 7]!;
}
