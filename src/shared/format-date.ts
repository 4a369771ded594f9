/**
 * Every date and time users read, in one module. PRODUCT.md "Posts": times show in the profile's
 * time zone, never the browser's or the server's. One format, SPEC.md section 9's: a moment is
 * 'MMM d, yyyy at h:mm a' ("Jun 15, 2027 at 9:30 AM"); a date is its first half ("Jun 15,
 * 2027"), a time its second ("9:30 AM"); a calendar day's heading puts the weekday before the
 * date ("Tuesday, Jun 15, 2027"). (Until issue 22 the app also wrote "15 June 2027", "Jun 15" and
 * "Tuesday 15 June, 9:30 AM".) Intl only, so the server, the emails and the islands agree to the letter.
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

/** "Jun 15, 2027 at 9:30 AM" in `timeZone` (SPEC.md section 9's 'MMM d, yyyy at h:mm a'): the date, "at", the time. */
export function formatDateTime(instant: Date | string, timeZone: string): string {
  return `${formatLongDate(instant, timeZone)} at ${formatClockTime(instant, timeZone)}`;
}

/** "Jun 15, 2027": the calendar date `instant` falls on in `timeZone` (the date half of formatDateTime). */
export function formatLongDate(instant: Date | string, timeZone: string): string {
  return calendarDate(formatter("en-US", timeZone, { month: "short", day: "numeric", year: "numeric" }).formatToParts(new Date(instant)));
}

/** "Jun 15, 2027" from formatted parts, whatever separators the ICU data prefers. */
function calendarDate(parts: Intl.DateTimeFormatPart[]): string {
  const by: Record<string, string> = {};
  for (const part of parts) by[part.type] = part.value;
  return `${by.month} ${by.day}, ${by.year}`;
}

/**
 * "9:30 AM" in `timeZone`: the time part of formatDateTime. Built from parts because newer ICU
 * data puts a narrow no-break space before AM/PM, and tests and copy expect a plain one.
 */
export function formatClockTime(instant: Date | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatter("en-US", timeZone, { hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(new Date(instant)))
    parts[part.type] = part.value;
  return `${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/** A calendar day, not an instant (no zone applies): "Thursday, Mar 5, 2026". */
export function formatCalendarDay(day: { year: number; month: number; day: number }): string {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
  const weekday = formatter("en-US", "UTC", { weekday: "long" }).format(date);
  return `${weekday}, ${formatLongDate(date, "UTC")}`;
}

/** A calendar month (no zone applies): "March 2026". */
export function formatMonthTitle(month: { year: number; month: number }): string {
  return formatter("en-US", "UTC", { month: "long", year: "numeric" }).format(new Date(Date.UTC(month.year, month.month - 1, 1)));
}

/** "Jun 15, 2027 at 9:30 AM" in the reader's own zone: the dev outbox, read by a developer at their own machine. */
export function formatLocalTimestamp(instant: Date | string): string {
  return formatDateTime(instant, Intl.DateTimeFormat().resolvedOptions().timeZone);
}
