import { describe, expect, test } from "bun:test";
import { planWeek } from "../../src/strategist/local";
import { bestTimesSummary, dayNote, engagementRate, learnTimes, MIN_RESULTS, type PostResult } from "../../src/strategist/best-times";
import { lintPlan } from "../../src/strategist/lint";
import { readArticle } from "../support/corpus";

/** Best times learned from the user's own results (src/strategist/best-times.ts), with fixed data. */

const ZONE = "Europe/London";
/** A result posted at a London wall-clock time in March 2026 (GMT, so UTC equals London time). */
const result = (date: string, hour: number, impressions: number, reactions: number, comments: number): PostResult => ({
  postedAt: new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`),
  impressions,
  reactions,
  comments,
});

// Thursday evenings do far better than anything else: 60 engagement per 1,000 impressions against 10.
const THURSDAY_EVENINGS = [
  result("2026-03-05", 18, 1000, 40, 10),
  result("2026-03-12", 19, 1000, 40, 10),
  result("2026-03-19", 18, 1000, 40, 10),
  result("2026-03-26", 20, 1000, 40, 10),
];
const ORDINARY = [
  result("2026-03-03", 10, 1000, 10, 0), // Tuesday
  result("2026-03-04", 9, 1000, 10, 0), // Wednesday
  result("2026-03-10", 10, 1000, 10, 0), // Tuesday
  result("2026-03-11", 9, 1000, 10, 0), // Wednesday
  result("2026-03-02", 8, 1000, 10, 0), // Monday
  result("2026-03-09", 8, 1000, 10, 0), // Monday
];

describe("the model", () => {
  test("engagement rate is (reactions + 2 x comments) / impressions", () => {
    expect(engagementRate({ impressions: 1000, reactions: 40, comments: 10 })).toBe(0.06);
    expect(engagementRate({ impressions: 0, reactions: 3, comments: 1 })).toBe(5); // no impressions: counted as one
  });

  test("the blend on a hand-computed example", () => {
    const learned = learnTimes([...THURSDAY_EVENINGS, ...ORDINARY], ZONE)!;
    // Mean rate over 10 posts: (4 x 0.06 + 6 x 0.01) / 10 = 0.03, so Thursday posts are 2.0 and the others 1/3.
    // Thursday: n = 4, mean relative 2.0; prior = 0.9 / mean(research) = 0.9 / 0.7143 = 1.26; k = 3.
    // blended = (4 x 2.0 + 3 x 1.26) / 7 = 1.683.
    expect(learned.days.Thursday).toBeCloseTo((4 * 2 + 3 * (0.9 / (5 / 7))) / 7, 6);
    // Tuesday: n = 2 at 1/3, prior 1 / 0.7143 = 1.4: (2/3 + 4.2) / 5 = 0.973.
    expect(learned.days.Tuesday).toBeCloseTo((2 / 3 + 3 * 1.4) / 5, 6);
    // Saturday has no results: its score is the prior alone.
    expect(learned.days.Saturday).toBeCloseTo(0.35 / (5 / 7), 6);
    expect(learned.dayRatios.Thursday).toEqual({ posts: 4, ratio: 6 });
    expect(dayNote(learned, "Thursday")).toBe("Your Thursday posts average 6.0x your other days.");
    expect(dayNote(learned, "Tuesday")).toBeUndefined();
    expect(bestTimesSummary(learned).map((entry) => entry.label)).toEqual(["Thursdays", "Evenings"]);
  });

  test(`fewer than ${MIN_RESULTS} results: nothing is learned`, () => {
    expect(learnTimes([...THURSDAY_EVENINGS, ...ORDINARY].slice(0, MIN_RESULTS - 1), ZONE)).toBeUndefined();
    expect(learnTimes([...THURSDAY_EVENINGS, ...ORDINARY].slice(0, MIN_RESULTS), ZONE)).toBeDefined();
  });

  test("days and bands are read on the user's wall clock", () => {
    // 23:30 UTC on Thursdays: a Thursday evening in London, a Friday morning in Tokyo (UTC+9).
    const late = ["2026-03-05", "2026-03-12", "2026-03-19", "2026-03-26"].map((date) => ({
      ...result(date, 23, 1000, 40, 10),
      postedAt: new Date(`${date}T23:30:00Z`),
    }));
    const results = [...late, ...ORDINARY.slice(0, 4)];
    expect(Object.keys(learnTimes(results, "Europe/London")!.dayRatios)).toContain("Thursday");
    const tokyo = learnTimes(results, "Asia/Tokyo")!;
    expect(Object.keys(tokyo.dayRatios)).toContain("Friday");
    expect(tokyo.dayRatios.Thursday).toBeUndefined();
    expect(tokyo.bandRatios.morning!.posts).toBeGreaterThanOrEqual(4);
  });
});

describe("both strategists' planner", () => {
  test("with fewer than 8 results the plan is exactly the research's; with 8+ favouring Thursday evenings, the week moves and says why", async () => {
    const article = await readArticle("sunsetting-create-react-app.md");
    const input = { contentText: article, contentType: "blog" as const, timezone: ZONE };
    const research = planWeek(input);
    expect(planWeek({ ...input, learnedTimes: learnTimes(ORDINARY.slice(0, 5), ZONE) })).toEqual(research);

    const learned = learnTimes([...THURSDAY_EVENINGS, ...ORDINARY], ZONE)!;
    const plan = planWeek({ ...input, learnedTimes: learned });
    const slots = (p: typeof plan) => p.posts.map((post) => `${post.recommendedDay} ${post.recommendedTime}`);
    expect(slots(plan)).not.toEqual(slots(research));
    const thursday = plan.posts.find((post) => post.recommendedDay === "Thursday")!;
    expect(thursday).toBeDefined();
    // Evenings beat the research's morning band by the user's numbers: the times move there.
    expect(thursday.recommendedTime).toBe("6:00 PM");
    expect(thursday.strategyExplanation).toContain("your own results point here: your Thursday posts average 6.0x your other days");
    expect(plan.strategyOverview).toContain("The days and times also follow your own results on 10 posts");
    // The content does not change, only when it goes out.
    expect(plan.posts.map((post) => post.content)).toEqual(research.posts.map((post) => post.content));
    expect(lintPlan(plan, { sourceText: article })).toEqual([]);
  });
});

describe("the OpenAI strategist's prompt", () => {
  test("carries the learned scores and the figure to cite only once there are enough results", async () => {
    const { userPrompt } = await import("../../src/strategist/openai/prompt");
    const article = await readArticle("sunsetting-create-react-app.md");
    const base = { contentText: article, contentType: "blog" as const, timezone: ZONE };
    expect(userPrompt(base, ZONE)).not.toContain("own results");
    expect(userPrompt({ ...base, learnedTimes: learnTimes(ORDINARY, ZONE) }, ZONE)).not.toContain("own results");
    const prompt = userPrompt({ ...base, learnedTimes: learnTimes([...THURSDAY_EVENINGS, ...ORDINARY], ZONE) }, ZONE);
    expect(prompt).toContain("The author's own results on 10 posts");
    expect(prompt).toMatch(/days Thursday 1\.68, /);
    expect(prompt).toContain("times evening (6:00 PM)");
    expect(prompt).toContain("Your Thursday posts average 6.0x your other days.");
  });
});
