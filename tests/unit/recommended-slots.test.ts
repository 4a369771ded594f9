import { describe, expect, test } from "bun:test";
import { nextOccurrence, parseClock, planSlots, type Recommended } from "../../src/shared/recommended-slots";

/** Schedule as recommended: a plan's days and times to real instants in the user's zone. */

const post = (postOrder: number, recommendedDay: string | null, recommendedTime: string | null = "10:00 AM"): Recommended => ({
  id: `p${postOrder}`,
  postOrder: String(postOrder),
  recommendedDay,
  recommendedTime,
});
const iso = (slots: { scheduledTime: Date }[]) => slots.map((slot) => slot.scheduledTime.toISOString());

describe("parseClock", () => {
  test("reads the plan's 12-hour times and refuses anything else", () => {
    expect(parseClock("9:00 AM")).toEqual({ hour: 9, minute: 0 });
    expect(parseClock("12:30 PM")).toEqual({ hour: 12, minute: 30 });
    expect(parseClock("12:05 AM")).toEqual({ hour: 0, minute: 5 });
    expect(parseClock("5:45 PM")).toEqual({ hour: 17, minute: 45 });
    for (const bad of ["13:00 PM", "9:00", "9 AM", "", null]) expect(parseClock(bad)).toBeUndefined();
  });
});

describe("nextOccurrence", () => {
  test("later today when the time has not passed, else the same weekday next week", () => {
    // Wednesday 4 March 2026, 09:30 in London (GMT).
    const now = new Date("2026-03-04T09:30:00Z");
    expect(nextOccurrence("Wednesday", "10:00 AM", now, "Europe/London")!.toISOString()).toBe("2026-03-04T10:00:00.000Z");
    expect(nextOccurrence("Wednesday", "9:00 AM", now, "Europe/London")!.toISOString()).toBe("2026-03-11T09:00:00.000Z");
    expect(nextOccurrence("Monday", "9:00 AM", now, "Europe/London")!.toISOString()).toBe("2026-03-09T09:00:00.000Z");
    expect(nextOccurrence("Funday", "9:00 AM", now, "Europe/London")).toBeUndefined();
  });
});

describe("planSlots", () => {
  test("the week starts at the plan's first slot and keeps its order; never the past", () => {
    // Wednesday 4 March 2026 at noon in London: Monday and Tuesday of this week have passed.
    const now = new Date("2026-03-04T12:00:00Z");
    const slots = planSlots(
      [post(1, "Monday"), post(2, "Tuesday", "9:00 AM"), post(3, "Thursday", "12:30 PM"), post(4, "Saturday"), post(5, "Sunday", "6:00 PM")],
      { now, timeZone: "Europe/London" },
    );
    expect(slots.map((slot) => slot.postOrder)).toEqual(["1", "2", "3", "4", "5"]);
    expect(iso(slots)).toEqual([
      "2026-03-09T10:00:00.000Z",
      "2026-03-10T09:00:00.000Z",
      "2026-03-12T12:30:00.000Z",
      "2026-03-14T10:00:00.000Z",
      "2026-03-15T18:00:00.000Z",
    ]);
    for (const slot of slots) expect(slot.scheduledTime.getTime()).toBeGreaterThan(now.getTime());
  });

  test("across the clocks going forward in London (29 March 2026): the same wall time, one hour less UTC", () => {
    const now = new Date("2026-03-26T15:00:00Z"); // Thursday afternoon
    const slots = planSlots([post(1, "Friday"), post(2, "Saturday"), post(3, "Sunday"), post(4, "Monday")], { now, timeZone: "Europe/London" });
    expect(iso(slots)).toEqual(["2026-03-27T10:00:00.000Z", "2026-03-28T10:00:00.000Z", "2026-03-29T09:00:00.000Z", "2026-03-30T09:00:00.000Z"]);
  });

  test("across the clocks going forward in New York (8 March 2026)", () => {
    const now = new Date("2026-03-05T12:00:00Z"); // Thursday morning in New York
    const slots = planSlots([post(1, "Friday", "9:00 AM"), post(2, "Saturday", "9:00 AM"), post(3, "Sunday", "9:00 AM"), post(4, "Monday", "9:00 AM")], {
      now,
      timeZone: "America/New_York",
    });
    expect(iso(slots)).toEqual(["2026-03-06T14:00:00.000Z", "2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"]);
  });

  test("a day already holding a scheduled post is skipped (to the next day free of it and of the plan), unless the user keeps it", () => {
    const now = new Date("2026-03-04T12:00:00Z");
    const plan = [post(1, "Monday"), post(2, "Tuesday"), post(3, "Thursday")];
    // Monday 9 March is taken: post 1 moves past Tuesday (the plan's) to Wednesday.
    const busyDays = new Set(["2026-03-09"]);
    const skipped = planSlots(plan, { now, timeZone: "Europe/London", busyDays, skipBusy: true });
    expect(iso(skipped)).toEqual(["2026-03-11T10:00:00.000Z", "2026-03-10T10:00:00.000Z", "2026-03-12T10:00:00.000Z"]);
    expect(skipped.map((slot) => slot.moved)).toEqual([true, false, false]);
    const kept = planSlots(plan, { now, timeZone: "Europe/London", busyDays, skipBusy: false });
    expect(iso(kept)[0]).toBe("2026-03-09T10:00:00.000Z");
    expect(kept.every((slot) => !slot.moved)).toBe(true);
  });

  test("posts without a usable recommendation are left out", () => {
    const now = new Date("2026-03-04T12:00:00Z");
    const slots = planSlots([post(1, null), post(2, "Friday", "later"), post(3, "Friday")], { now, timeZone: "Europe/London" });
    expect(slots.map((slot) => slot.postOrder)).toEqual(["3"]);
    expect(planSlots([post(1, null)], { now, timeZone: "Europe/London" })).toEqual([]);
  });
});
