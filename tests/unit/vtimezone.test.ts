import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { utcOffsetMinutes, vtimezone } from "../../src/services/vtimezone";
import { wallTime } from "../../src/shared/zoned-time";

/**
 * The feed's VTIMEZONE, read back by ical.js (an independent implementation): for every hour of
 * a year, the wall time Intl shows there, read in our zone by ical.js, is that instant again, in
 * zones with daylight saving in either hemisphere, one without, and one with a half-hour offset.
 */

const around = new Date("2026-03-02T09:00:00Z");

function readZone(zone: string) {
  const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${vtimezone(zone, around)}\r\nEND:VCALENDAR\r\n`;
  const calendar = new ICAL.Component(ICAL.parse(text));
  return new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
}

describe("vtimezone", () => {
  for (const zone of ["America/Los_Angeles", "Europe/London", "Australia/Sydney", "Asia/Tokyo", "Asia/Kolkata", "UTC"]) {
    test(`${zone}: ical.js turns each hour's wall time back into its instant, a year from now`, () => {
      const parsed = readZone(zone);
      const wrong: string[] = [];
      for (let at = around.getTime(); at < around.getTime() + 365 * 24 * 3600_000; at += 3600_000) {
        const wall = wallTime(new Date(at), zone);
        const local = new ICAL.Time(
          { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: 0, isDate: false },
          parsed,
        );
        const back = local.toUnixTime() * 1000;
        // The hour that happens twice when clocks go back is read as either of its instants.
        const repeated =
          utcOffsetMinutes(at - 3600_000, zone) !== utcOffsetMinutes(at, zone) || utcOffsetMinutes(at + 3600_000, zone) !== utcOffsetMinutes(at, zone);
        if (back !== at && !(repeated && Math.abs(back - at) <= 3600_000))
          wrong.push(`${new Date(at).toISOString()} read back as ${new Date(back).toISOString()}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  test("offsets: west of UTC negative, half hours kept", () => {
    expect(utcOffsetMinutes(Date.parse("2026-07-01T12:00:00Z"), "America/Los_Angeles")).toBe(-420);
    expect(utcOffsetMinutes(Date.parse("2026-01-01T12:00:00Z"), "America/Los_Angeles")).toBe(-480);
    expect(utcOffsetMinutes(Date.parse("2026-01-01T12:00:00Z"), "Asia/Kolkata")).toBe(330);
    expect(utcOffsetMinutes(Date.parse("2026-01-01T12:00:00Z"), "UTC")).toBe(0);
  });

  test("Los Angeles changes at 2:00 AM local on March 8 and November 1, 2026", () => {
    const text = vtimezone("America/Los_Angeles", around);
    expect(text).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nTZOFFSETFROM:-0800\r\nTZOFFSETTO:-0700\r\nEND:DAYLIGHT");
    expect(text).toContain("BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0800\r\nEND:STANDARD");
  });
});
