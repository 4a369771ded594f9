import { describe, expect, test } from "bun:test";
import { formatCalendarDay, formatClockTime, formatDateTime, formatLocalTimestamp, formatLongDate, formatMonthTitle } from "../../src/shared/format-date";

// One format everywhere (issue 22): SPEC.md's 'MMM d, yyyy at h:mm a' and its halves.
describe("format-date", () => {
  const instant = "2027-06-15T13:30:00Z";

  test("a moment: 'MMM d, yyyy at h:mm a' in the user's zone", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("Jun 15, 2027 at 9:30 AM");
    expect(formatDateTime(instant, "Asia/Tokyo")).toBe("Jun 15, 2027 at 10:30 PM");
  });

  test("a date is the moment's first half, on the zone's calendar", () => {
    expect(formatLongDate("2026-12-25T12:00:00Z", "Asia/Tokyo")).toBe("Dec 25, 2026");
    expect(formatLongDate("2026-03-09T03:00:00Z", "America/New_York")).toBe("Mar 8, 2026");
    expect(formatLongDate("2026-03-09T03:00:00Z", "Asia/Tokyo")).toBe("Mar 9, 2026");
  });

  test("a clock time is the moment's second half", () => {
    // A plain space before AM/PM, whatever ICU prefers.
    expect(formatClockTime(instant, "Europe/London")).toBe("2:30 PM");
    expect(formatClockTime("2027-06-15T00:05:00Z", "UTC")).toBe("12:05 AM");
  });

  test("calendar days and months carry no zone", () => {
    expect(formatCalendarDay({ year: 2026, month: 3, day: 5 })).toBe("Thursday, Mar 5, 2026");
    expect(formatMonthTitle({ year: 2026, month: 3 })).toBe("March 2026");
  });

  test("the dev outbox timestamp is a moment in the reader's own zone", () => {
    expect(formatLocalTimestamp(instant)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
  });
});
