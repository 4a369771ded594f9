import { describe, expect, test } from "bun:test";
import { formatDateTime } from "../../src/shared/format-date";
import { wallTime, zonedTimeToInstant, zonedWeek } from "../../src/shared/zoned-time";

describe("formatDateTime: 'MMM d, yyyy at h:mm a' in the user's zone", () => {
  const cases: [string, string, string][] = [
    ["2026-03-02T14:05:00Z", "America/New_York", "Mar 2, 2026 at 9:05 AM"],
    ["2026-03-02T14:05:00Z", "Asia/Tokyo", "Mar 2, 2026 at 11:05 PM"],
    ["2026-03-02T15:30:00Z", "Asia/Tokyo", "Mar 3, 2026 at 12:30 AM"],
    ["2026-07-01T00:00:00Z", "Europe/London", "Jul 1, 2026 at 1:00 AM"],
    ["2026-01-01T07:59:00Z", "America/Los_Angeles", "Dec 31, 2025 at 11:59 PM"],
    ["2026-06-15T12:00:00Z", "UTC", "Jun 15, 2026 at 12:00 PM"],
  ];
  for (const [instant, zone, expected] of cases) {
    test(`${instant} in ${zone}`, () => expect(formatDateTime(instant, zone)).toBe(expected));
  }
});

describe("zonedTimeToInstant", () => {
  test("midnight in Tokyo is 15:00 UTC the day before", () => {
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 2 }, "Asia/Tokyo").toISOString()).toBe("2026-03-01T15:00:00.000Z");
  });
  test("on both sides of a daylight-saving change in New York", () => {
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 8 }, "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 9 }, "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
  test("a skipped time moves forward by the jump; a repeated time takes the first", () => {
    expect(zonedTimeToInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedTimeToInstant({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
  test("round-trips through wallTime", () => {
    const instant = zonedTimeToInstant({ year: 2026, month: 10, day: 25, hour: 9, minute: 15 }, "Europe/Paris");
    expect(wallTime(instant, "Europe/Paris")).toMatchObject({ year: 2026, month: 10, day: 25, hour: 9, minute: 15 });
  });
});

describe("zonedWeek: Monday 00:00 to the next Monday 00:00 in the zone", () => {
  const cases: [string, string, string, string][] = [
    // Sunday 23:30 in Tokyo is still the week that began on Monday the 23rd (Tokyo time).
    ["2026-03-01T14:30:00Z", "Asia/Tokyo", "2026-02-22T15:00:00.000Z", "2026-03-01T15:00:00.000Z"],
    // Half an hour later it is Monday in Tokyo: a new week, while it is still Sunday in UTC.
    ["2026-03-01T15:30:00Z", "Asia/Tokyo", "2026-03-01T15:00:00.000Z", "2026-03-08T15:00:00.000Z"],
    // Monday 03:00 UTC is still Sunday evening in Los Angeles.
    ["2026-03-02T03:00:00Z", "America/Los_Angeles", "2026-02-23T08:00:00.000Z", "2026-03-02T08:00:00.000Z"],
    // The week the clocks go forward in New York is 167 hours long.
    ["2026-03-10T12:00:00Z", "America/New_York", "2026-03-09T04:00:00.000Z", "2026-03-16T04:00:00.000Z"],
    ["2026-03-08T12:00:00Z", "America/New_York", "2026-03-02T05:00:00.000Z", "2026-03-09T04:00:00.000Z"],
    // Across a year end.
    ["2026-12-31T12:00:00Z", "Europe/London", "2026-12-28T00:00:00.000Z", "2027-01-04T00:00:00.000Z"],
  ];
  for (const [now, zone, start, end] of cases) {
    test(`${now} in ${zone}`, () => {
      const week = zonedWeek(new Date(now), zone);
      expect([week.start.toISOString(), week.end.toISOString()]).toEqual([start, end]);
    });
  }
});
