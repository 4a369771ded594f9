import { describe, expect, test } from "bun:test";
import { explainPost, explainWeek } from "../../src/providers/strategist/local/explain";
import type { Draft, Role } from "../../src/providers/strategist/local/writer";
import { daysFor, POSTING_SLOTS, scheduleWeek, timezoneLabel, validTimezone } from "../../src/providers/strategist/local/schedule-week";

/** The order of the week, its days and times, and the reasoning shown for each post. */

const draft = (role: Role, hook = `The ${role} post's opening line.`): Draft => ({
  role,
  hook,
  body: [],
  closing: undefined,
  topic: undefined,
  detail: `the ${role} material`,
  sectionId: 0,
});

const roles = (week: { role: Role }[]) => week.map((post) => post.role);

describe("sequencing the week", () => {
  test("teaser first, question last, the deep-value post on Wednesday, whatever order the drafts came in", () => {
    const five = scheduleWeek([draft("question"), draft("value"), draft("data"), draft("opener"), draft("story")]);
    expect(roles(five)).toEqual(["opener", "story", "value", "data", "question"]);
    expect(five.map((post) => post.day)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);

    const seven = scheduleWeek([draft("insight"), draft("howto"), draft("question"), draft("value"), draft("data"), draft("opener"), draft("story")]);
    expect(roles(seven)).toEqual(["opener", "story", "data", "value", "howto", "insight", "question"]);
    expect(seven.find((post) => post.role === "value")!.day).toBe("Wednesday");
  });

  test("a week without a question or a value post still fills every day once", () => {
    const week = scheduleWeek([draft("insight", "A"), draft("opener"), draft("insight", "B"), draft("story"), draft("insight", "C"), draft("data")]);
    expect(week).toHaveLength(6);
    expect(week[0]!.role).toBe("opener");
    expect(new Set(week.map((post) => post.day)).size).toBe(6);
  });

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

describe("explanations", () => {
  const week = scheduleWeek([draft("opener", "We are deprecating the old tool."), draft("story"), draft("value"), draft("data"), draft("question")]);
  const context = { timezoneLabel: "London time" };

  test("each refers to its own post, its neighbours, its day and time and the research behind them", () => {
    const explanations = week.map((post, index) => explainPost(post, index, week, { ...context, linked: false }));
    expect(new Set(explanations).size).toBe(week.length);
    expect(explanations[0]).toContain("“We are deprecating the old tool”");
    expect(explanations[0]).toContain("Tuesday's story picks up from here");
    expect(explanations[2]).toContain("comes after Tuesday's story and sets up Thursday's data post");
    expect(explanations[2]).toContain("Wednesday at 9:00 AM (London time)");
    expect(explanations[2]).toContain("Hootsuite");
    expect(explanations[4]).toContain("ends the series");
  });

  test("the post that mentions the link says to put the URL in the first comment", () => {
    const linked = explainPost(week[0]!, 0, week, { ...context, linked: true, contentUrl: "https://example.com/post" });
    expect(linked).toContain("Post https://example.com/post as the first comment");
    expect(explainPost(week[1]!, 1, week, { ...context, linked: false, contentUrl: "https://example.com/post" })).not.toContain("example.com");
  });

  test("the overview tells the week's arc in order", () => {
    const overview = explainWeek(week, { title: "Sunsetting the old tool", timezoneLabel: "London time", contentUrl: "https://example.com" });
    expect(overview).toStartWith("A 5-post week built from “Sunsetting the old tool”");
    const order = ["Monday opens", "Tuesday brings a story", "Wednesday, mid-week, carries the deep-value post", "Thursday brings a data post", "Friday closes with a question"];
    const positions = order.map((phrase) => overview.indexOf(phrase));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(overview).toContain("Times are in London time.");
    expect(overview).toContain("first comment of Monday's post");
  });
});
