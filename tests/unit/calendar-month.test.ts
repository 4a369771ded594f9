import { describe, expect, test } from "bun:test";
import { formatClockTime } from "../../src/shared/format-date";
import { addMonths, dayKeyOf, gridRange, monthGrid, moveToDay, parseDayKey, parseMonth, todayIn } from "../../src/shared/calendar-month";

describe("monthGrid: Sunday-first weeks that hold the whole month", () => {
  test("March 2026 starts on a Sunday and needs 5 weeks", () => {
    const weeks = monthGrid({ year: 2026, month: 3 });
    expect(weeks.length).toBe(5);
    expect(weeks[0]![0]).toEqual({ key: "2026-03-01", year: 2026, month: 3, day: 1, inMonth: true });
    expect(weeks[4]!.map((day) => day.key)).toEqual(["2026-03-29", "2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04"]);
    expect(weeks[4]![3]!.inMonth).toBe(false);
  });

  test("a month starting on Saturday opens with the previous month's Sunday to Friday", () => {
    // August 1, 2026 is a Saturday.
    const weeks = monthGrid({ year: 2026, month: 8 });
    expect(weeks[0]!.map((day) => day.key)).toEqual(["2026-07-26", "2026-07-27", "2026-07-28", "2026-07-29", "2026-07-30", "2026-07-31", "2026-08-01"]);
    expect(weeks[0]!.filter((day) => day.inMonth).length).toBe(1);
    expect(weeks.length).toBe(6);
  });

  test("February 2026 (28 days from a Sunday) is exactly 4 weeks", () => {
    const weeks = monthGrid({ year: 2026, month: 2 });
    expect(weeks.length).toBe(4);
    expect(weeks.flat().every((day) => day.inMonth)).toBe(true);
  });

  test("every week is 7 days, Sunday to Saturday, consecutive across year ends", () => {
    for (const month of [
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2024, month: 2 },
    ]) {
      const days = monthGrid(month).flat();
      expect(days.length % 7).toBe(0);
      days.forEach((day, index) => {
        const date = new Date(Date.UTC(day.year, day.month - 1, day.day));
        expect(date.getUTCDay()).toBe(index % 7);
        if (index > 0) expect(date.getTime() - Date.UTC(days[index - 1]!.year, days[index - 1]!.month - 1, days[index - 1]!.day)).toBe(86_400_000);
      });
      expect(days.filter((day) => day.inMonth).length).toBe(new Date(Date.UTC(month.year, month.month, 0)).getUTCDate());
    }
    expect(
      monthGrid({ year: 2024, month: 2 })
        .flat()
        .some((day) => day.key === "2024-02-29"),
    ).toBe(true);
    expect(monthGrid({ year: 2026, month: 1 })[0]![0]!.key).toBe("2025-12-28");
  });
});

describe("months and dates from the URL", () => {
  test("parseMonth takes yyyy-MM and nothing else", () => {
    expect(parseMonth("2026-03")).toEqual({ year: 2026, month: 3 });
    for (const bad of ["2026-13", "2026-00", "2026-3", "march", "", undefined, ["2026-03"], "0000-01"]) expect(parseMonth(bad)).toBeNull();
  });

  test("parseDayKey refuses dates that do not exist", () => {
    expect(parseDayKey("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseDayKey("2026-02-29")).toBeNull();
    expect(parseDayKey("2026-04-31")).toBeNull();
  });

  test("addMonths rolls over year ends both ways", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 3 }, -14)).toEqual({ year: 2025, month: 1 });
  });
});

describe("days in the profile timezone", () => {
  test("a post lands on the day its own zone shows, not UTC's", () => {
    // 03:30 UTC on March 5 is still March 4 in New York and already the afternoon in Tokyo.
    expect(dayKeyOf("2026-03-05T03:30:00Z", "America/New_York")).toBe("2026-03-04");
    expect(dayKeyOf("2026-03-05T03:30:00Z", "Asia/Tokyo")).toBe("2026-03-05");
    expect(dayKeyOf("2026-03-04T15:30:00Z", "Asia/Tokyo")).toBe("2026-03-05");
    expect(dayKeyOf("2026-03-04T15:30:00Z", "Europe/London")).toBe("2026-03-04");
  });

  test("today and its month come from the zone", () => {
    expect(todayIn(new Date("2026-04-01T02:00:00Z"), "America/Los_Angeles")).toEqual({ month: { year: 2026, month: 3 }, today: "2026-03-31" });
    expect(todayIn(new Date("2026-04-01T02:00:00Z"), "Asia/Tokyo")).toEqual({ month: { year: 2026, month: 4 }, today: "2026-04-01" });
  });

  test("gridRange spans the first grid day's midnight to the midnight after the last, in the zone", () => {
    const { start, end } = gridRange({ year: 2026, month: 3 }, "America/New_York");
    // March 1 is before the DST change (UTC-5); April 5 is after it (UTC-4).
    expect(start.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    expect(end.toISOString()).toBe("2026-04-05T04:00:00.000Z");
  });

  test("moveToDay keeps the wall-clock time across a daylight-saving change", () => {
    // 9:30 AM in New York on March 5 (EST) moved to March 12 (EDT) is still 9:30 AM there.
    const moved = moveToDay("2026-03-05T14:30:00Z", "2026-03-12", "America/New_York");
    expect(moved.toISOString()).toBe("2026-03-12T13:30:00.000Z");
    expect(formatClockTime(moved, "America/New_York")).toBe("9:30 AM");
    expect(moveToDay("2026-03-04T15:30:00Z", "2026-03-31", "Asia/Tokyo").toISOString()).toBe("2026-03-30T15:30:00.000Z");
    expect(() => moveToDay("2026-03-05T14:30:00Z", "2026-02-30", "America/New_York")).toThrow(RangeError);
  });

  test("formatClockTime is 'h:mm a'", () => {
    expect(formatClockTime("2026-03-02T14:05:00Z", "America/New_York")).toBe("9:05 AM");
    expect(formatClockTime("2026-03-02T05:00:00Z", "America/New_York")).toBe("12:00 AM");
    expect(formatClockTime("2026-03-02T15:30:00Z", "Asia/Tokyo")).toBe("12:30 AM");
    expect(formatClockTime("2026-03-02T22:45:00Z", "Europe/London")).toBe("10:45 PM");
  });
});
