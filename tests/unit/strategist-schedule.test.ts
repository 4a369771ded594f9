import { describe, expect, test } from "bun:test";
import { daysFor, POSTING_SLOTS, timezoneLabel, validTimezone } from "../../src/strategist/schedule-week";

/** The week's days and times and the research behind them (the order and the explanations are tested in strategist-local.test.ts). */

describe("the week's days", () => {
  test("five posts run Monday to Friday; six and seven start on Sunday evening", () => {
    expect(daysFor(5)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(daysFor(6)).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(daysFor(7)).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
  });
});

describe("timing", () => {
  test("Tuesday to Thursday posts go out in the morning, as the engagement studies find best", () => {
    for (const day of ["Tuesday", "Wednesday", "Thursday"] as const) {
      const [hours, rest] = POSTING_SLOTS[day].time.split(":");
      expect(rest!.endsWith("AM")).toBe(true);
      expect(Number(hours)).toBeGreaterThanOrEqual(8);
      expect(Number(hours)).toBeLessThanOrEqual(11);
    }
    // Every slot says why, citing its source.
    for (const slot of Object.values(POSTING_SLOTS)) expect(slot.why).toMatch(/Sprout Social|Hootsuite|Buffer|HubSpot|every study/);
  });

  test("times are the user's wall-clock times; an unknown zone falls back to the product default", () => {
    expect(timezoneLabel("America/New_York")).toBe("New York time");
    expect(timezoneLabel("America/Los_Angeles")).toBe("Los Angeles time");
    expect(timezoneLabel("Asia/Tokyo")).toBe("Tokyo time");
    expect(timezoneLabel("UTC")).toBe("UTC");
    expect(validTimezone("Mars/Olympus_Mons")).toBe("America/New_York");
    expect(timezoneLabel("not a zone")).toBe("New York time");
  });
});
