import { describe, expect, test } from "bun:test";
import {
  formatCalendarDay,
  formatClockTime,
  formatDateTime,
  formatLocalTimestamp,
  formatLongDate,
  formatMonthTitle,
  formatShortDate,
  formatWeekdayDate,
} from "../../src/shared/format-date";

// The texts the pages, emails and e2e tests already show; this module must keep them to the letter.
describe("format-date", () => {
  const instant = "2027-06-15T13:30:00Z";

  test("a moment: 'MMM d, yyyy at h:mm a' in the user's zone", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("Jun 15, 2027 at 9:30 AM");
    expect(formatDateTime(instant, "Asia/Tokyo")).toBe("Jun 15, 2027 at 10:30 PM");
  });

  test("a date in prose is en-GB long, on the zone's calendar", () => {
    expect(formatLongDate("2026-12-25T12:00:00Z", "Asia/Tokyo")).toBe("25 December 2026");
    expect(formatLongDate("2026-03-09T03:00:00Z", "America/New_York")).toBe("8 March 2026");
  });

  test("short date, weekday date and clock time", () => {
    expect(formatShortDate("2026-03-09T03:00:00Z", "Asia/Tokyo")).toBe("Mar 9");
    expect(formatWeekdayDate(instant, "Europe/London")).toBe("Tuesday 15 June");
    // A plain space before AM/PM, whatever ICU prefers.
    expect(formatClockTime(instant, "Europe/London")).toBe("2:30 PM");
    expect(formatClockTime("2027-06-15T00:05:00Z", "UTC")).toBe("12:05 AM");
  });

  test("calendar days and months carry no zone", () => {
    expect(formatCalendarDay({ year: 2026, month: 3, day: 5 })).toBe("Thursday, March 5, 2026");
    expect(formatMonthTitle({ year: 2026, month: 3 })).toBe("March 2026");
  });

  test("the dev outbox timestamp is en-GB numeric", () => {
    expect(formatLocalTimestamp(instant)).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  });
});
