import { describe, expect, test } from "bun:test";
import { fromLocalInput, toLocalInput } from "../../islands/posts/post-time";
import { gridRange } from "../../src/shared/calendar-month";
import { nextOccurrence, planSlots } from "../../src/shared/recommended-slots";
import { timezoneOptions } from "../../src/shared/timezones";
import { wallTime, zonedTimeToInstant } from "../../src/shared/zoned-time";

/**
 * Every daylight-saving edge of 2026 in the seven zones Settings lists first, and in Sydney
 * (southern hemisphere: its clocks go forward in October and back in April). For each: 9:00 AM
 * the day before and on the day of each change, the hour the jump skips (moved forward by the
 * jump) and the hour shown twice (its first occurrence). Expected instants are written with
 * their offsets, from the zones' published rules, not computed by the code under test.
 */

type Edge = {
  zone: string;
  /** yyyy-MM-dd of the day clocks go forward, the half-hour they skip and where it lands. */
  forward?: { day: string; skipped: string; landsAt: string; before: string; after: string };
  /** The day clocks go back, the half-hour shown twice, and the offsets before and after. */
  back?: { day: string; repeated: string; before: string; after: string };
};

const edges: Edge[] = [
  {
    zone: "America/New_York",
    forward: { day: "2026-03-08", skipped: "02:30", landsAt: "03:30", before: "-05:00", after: "-04:00" },
    back: { day: "2026-11-01", repeated: "01:30", before: "-04:00", after: "-05:00" },
  },
  {
    zone: "America/Chicago",
    forward: { day: "2026-03-08", skipped: "02:30", landsAt: "03:30", before: "-06:00", after: "-05:00" },
    back: { day: "2026-11-01", repeated: "01:30", before: "-05:00", after: "-06:00" },
  },
  {
    zone: "America/Denver",
    forward: { day: "2026-03-08", skipped: "02:30", landsAt: "03:30", before: "-07:00", after: "-06:00" },
    back: { day: "2026-11-01", repeated: "01:30", before: "-06:00", after: "-07:00" },
  },
  {
    zone: "America/Los_Angeles",
    forward: { day: "2026-03-08", skipped: "02:30", landsAt: "03:30", before: "-08:00", after: "-07:00" },
    back: { day: "2026-11-01", repeated: "01:30", before: "-07:00", after: "-08:00" },
  },
  {
    zone: "Europe/London",
    forward: { day: "2026-03-29", skipped: "01:30", landsAt: "02:30", before: "+00:00", after: "+01:00" },
    back: { day: "2026-10-25", repeated: "01:30", before: "+01:00", after: "+00:00" },
  },
  {
    zone: "Europe/Paris",
    forward: { day: "2026-03-29", skipped: "02:30", landsAt: "03:30", before: "+01:00", after: "+02:00" },
    back: { day: "2026-10-25", repeated: "02:30", before: "+02:00", after: "+01:00" },
  },
  { zone: "Asia/Tokyo" },
  {
    zone: "Australia/Sydney",
    forward: { day: "2026-10-04", skipped: "02:30", landsAt: "03:30", before: "+10:00", after: "+11:00" },
    back: { day: "2026-04-05", repeated: "02:30", before: "+11:00", after: "+10:00" },
  },
];

const parts = (day: string, time = "00:00") => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return { year, month, day: date, hour, minute };
};
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const at = (day: string, time: string, offset: string) => new Date(`${day}T${time}:00${offset}`).toISOString();
const instant = (day: string, time: string, zone: string) => zonedTimeToInstant(parts(day, time), zone).toISOString();

test("the seven zones Settings lists first are the ones tested here", () => {
  expect(edges.slice(0, 7).map((edge) => edge.zone)).toEqual([...timezoneOptions]);
});

for (const { zone, forward, back } of edges) {
  describe(zone, () => {
    if (forward) {
      test(`spring forward ${forward.day}: 9:00 AM the day before and on the day`, () => {
        expect(instant(dayBefore(forward.day), "09:00", zone)).toBe(at(dayBefore(forward.day), "09:00", forward.before));
        expect(instant(forward.day, "09:00", zone)).toBe(at(forward.day, "09:00", forward.after));
        expect(instant(forward.day, "00:00", zone)).toBe(at(forward.day, "00:00", forward.before));
      });
      test(`spring forward ${forward.day}: the skipped ${forward.skipped} moves forward by the jump`, () => {
        expect(instant(forward.day, forward.skipped, zone)).toBe(at(forward.day, forward.landsAt, forward.after));
      });
    }
    if (back) {
      test(`fall back ${back.day}: 9:00 AM the day before and on the day`, () => {
        expect(instant(dayBefore(back.day), "09:00", zone)).toBe(at(dayBefore(back.day), "09:00", back.before));
        expect(instant(back.day, "09:00", zone)).toBe(at(back.day, "09:00", back.after));
      });
      test(`fall back ${back.day}: the repeated ${back.repeated} is its first occurrence; the second reads the same`, () => {
        const first = instant(back.day, back.repeated, zone);
        expect(first).toBe(at(back.day, back.repeated, back.before));
        const second = at(back.day, back.repeated, back.after);
        expect(Date.parse(second) - Date.parse(first)).toBe(3_600_000);
        expect(wallTime(new Date(second), zone)).toMatchObject(parts(back.day, back.repeated));
      });
    }
    if (!forward && !back) {
      test("no daylight saving: 9:00 AM is the same offset all year", () => {
        for (const day of ["2026-03-08", "2026-03-29", "2026-10-25", "2026-11-01"]) expect(instant(day, "09:00", zone)).toBe(at(day, "09:00", "+09:00"));
      });
    }

    // The UI paths: the Schedule dialog's datetime-local value, the calendar's drop on a day, and Schedule as recommended.
    const edgeDays = [forward?.day, back?.day].filter((day): day is string => Boolean(day));
    for (const day of edgeDays) {
      test(`${day}: the Schedule dialog's 9:00 round-trips, and a calendar day starts at its midnight`, () => {
        const nine = fromLocalInput(`${day}T09:00`, zone)!;
        expect(toLocalInput(nine, zone)).toBe(`${day}T09:00`);
        expect(wallTime(nine, zone)).toMatchObject({ ...parts(day, "09:00") });
        const [year, month] = day.split("-").map(Number) as [number, number];
        const { start, end } = gridRange({ year, month }, zone);
        expect(wallTime(start, zone)).toMatchObject({ hour: 0, minute: 0 });
        expect(wallTime(end, zone)).toMatchObject({ hour: 0, minute: 0 });
      });
      test(`${day}: Schedule as recommended lands a Sunday 9:00 AM slot at 9:00 AM local`, () => {
        const now = new Date(Date.parse(`${day}T00:00:00Z`) - 3 * 86_400_000);
        const next = nextOccurrence("Sunday", "9:00 AM", now, zone)!;
        expect(wallTime(next, zone)).toMatchObject({ ...parts(day, "09:00"), weekday: 0 });
        const [slot] = planSlots([{ id: "p1", postOrder: "1", recommendedDay: "Sunday", recommendedTime: "9:00 AM" }], { now, timeZone: zone });
        expect(slot!.scheduledTime.toISOString()).toBe(next.toISOString());
      });
    }
  });
}
