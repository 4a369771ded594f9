import { describe, expect, test } from "bun:test";
import { planWeek } from "../../src/strategist/local";
import { POSTING_SLOTS } from "../../src/strategist/schedule-week";
import { planWeekStart, weekFrom } from "../../src/shared/plan-week";
import { planSlots } from "../../src/shared/recommended-slots";
import { wallTime } from "../../src/shared/zoned-time";
import { readArticle } from "../support/corpus";

/**
 * Plans start from the next usable day (issue 22): today when today's first slot is still
 * ahead on the user's clock, else tomorrow; the strategist lays the week over the seven days
 * from there, and Schedule as recommended puts post 1 on the first of them.
 */

const slotTime = (day: keyof typeof POSTING_SLOTS) => POSTING_SLOTS[day].time;

describe("planWeekStart", () => {
  test("today while today's slot is ahead in the user's zone, else tomorrow", () => {
    // Wednesday 4 March 2026: Wednesday's slot is 9:00 AM.
    expect(planWeekStart(new Date("2026-03-04T13:30:00Z"), "America/New_York", slotTime)).toBe("Wednesday"); // 8:30 AM in New York
    expect(planWeekStart(new Date("2026-03-04T14:30:00Z"), "America/New_York", slotTime)).toBe("Thursday"); // 9:30 AM
    // 03:00 UTC on Thursday is still Wednesday evening in Los Angeles: its 9:00 AM is gone, so Thursday.
    expect(planWeekStart(new Date("2026-03-05T03:00:00Z"), "America/Los_Angeles", slotTime)).toBe("Thursday");
    // Saturday night in Los Angeles is Sunday in Tokyo, where Sunday's 6:00 PM is still ahead.
    expect(planWeekStart(new Date("2026-03-08T05:00:00Z"), "Asia/Tokyo", slotTime)).toBe("Sunday");
    expect(planWeekStart(new Date("2026-03-08T05:00:00Z"), "America/Los_Angeles", slotTime)).toBe("Sunday");
  });

  test("weekFrom lists the seven days from the start", () => {
    expect(weekFrom("Wednesday")).toEqual(["Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday"]);
    expect(weekFrom("Sunday")).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
  });
});

describe("a plan made on a Wednesday morning in New York", () => {
  test("starts that day or the next, keeps its order, and is scheduled within the coming seven days", async () => {
    const now = new Date("2026-03-04T13:30:00Z");
    const timezone = "America/New_York";
    const weekStartsOn = planWeekStart(now, timezone, slotTime);
    const text = await readArticle("react-compiler-1.md");
    const plan = planWeek({ contentText: text, contentType: "blog", timezone, weekStartsOn });
    const days = plan.posts.map((post) => post.recommendedDay);
    expect(["Wednesday", "Thursday"]).toContain(days[0]!);
    // Rising through the week that starts on Wednesday.
    const order = weekFrom("Wednesday");
    const positions = days.map((day) => order.indexOf(day));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The strongest slots stay in use: Tuesday to Thursday all carry a post.
    expect(days).toEqual(expect.arrayContaining(["Tuesday", "Wednesday", "Thursday"]));

    const slots = planSlots(
      plan.posts.map((post) => ({ id: post.postOrder, ...post })),
      { now, timeZone: timezone },
    );
    expect(slots).toHaveLength(plan.posts.length);
    const last = slots.at(-1)!.scheduledTime.getTime();
    expect(last - now.getTime()).toBeLessThan(7 * 24 * 60 * 60 * 1000);
    expect(wallTime(slots[0]!.scheduledTime, timezone).day).toBeLessThanOrEqual(5);
    // Without a start day, the same plan waits for Sunday or Monday: the behaviour issue 22 found.
    const old = planWeek({ contentText: text, contentType: "blog", timezone });
    expect(["Sunday", "Monday"]).toContain(old.posts[0]!.recommendedDay);
  });
});
