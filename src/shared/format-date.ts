/**
 * Every date and time users read, in one module. PRODUCT.md "Posts": times show in the profile's
 * time zone, never the browser's or the server's. Two styles, as SPEC.md sets them: a moment is
 * 'MMM d, yyyy at h:mm a' ("Jun 15, 2027 at 9:30 AM", en-US); a date in prose is en-GB long
 * ("15 June 2027"). Intl only, so the server, the emails and the islands agree to the letter.
 */

// Building a formatter costs far more than using one; a page formats many dates in few zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: "en-GB" | "en-US", timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/**
 * "Jun 15, 2027 at 9:30 AM" in `timeZone` (SPEC.md section 9's 'MMM d, yyyy at h:mm a'). Built
 * from parts: newer ICU data puts a narrow no-break space before AM/PM, and copy expects a plain one.
 */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatter("en-US", timeZone, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/** "15 June 2027": the calendar date `instant` falls on in `timeZone`, as prose writes dates. */
export function formatLongDate(instant: Date | string, timeZone: string): string {
  return formatter("en-GB", timeZone, { day: "numeric", month: "long", year: "numeric" }).format(new Date(instant));
}

/** "Jun 15" in `timeZone`, where the year goes without saying (the allowance's reset). */
export function formatShortDate(instant: Date | string, timeZone: string): string {
  return formatter("en-US", timeZone, { month: "short", day: "numeric" }).format(new Date(instant));
}

/** "Tuesday 15 June" in `timeZone`: the day of a post this week, as a reminder names it. */
export function formatWeekdayDate(instant: Date | string, timeZone: string): string {
  return formatter("en-GB", timeZone, { weekday: "long", day: "numeric", month: "long" }).format(new Date(instant));
}

/**
 * "9:30 AM" in `timeZone`: the time part of formatDateTime. Built from parts because newer ICU
 * data puts a narrow no-break space before AM/PM, and tests and copy expect a plain one.
 */
export function formatClockTime(instant: Date | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatter("en-US", timeZone, { hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return `${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/** A calendar day, not an instant (no zone applies): "Thursday, March 5, 2026". */
export function formatCalendarDay(day: { year: number; month: number; day: number }): string {
  return formatter("en-US", "UTC", { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

/** A calendar month (no zone applies): "March 2026". */
export function formatMonthTitle(month: { year: number; month: number }): string {
  return formatter("en-US", "UTC", { month: "long", year: "numeric" }).format(new Date(Date.UTC(month.year, month.month - 1, 1)));
}

/** "15/06/2027, 09:30:00" in the reader's own zone: the dev outbox, read by a developer at their own machine. */
export function formatLocalTimestamp(instant: Date | string): string {
  return new Date(instant).toLocaleString("en-GB");
}

/** "Tuesday 15 June, 9:30 AM" in `timeZone`: when a scheduled post is due, as the reminder and its landing page say it. */
export function formatPostTime(instant: Date | string, timeZone: string): string {
  return `${formatWeekdayDate(instant, timeZone)}, ${formatClockTime(instant, timeZone)}`;
}
