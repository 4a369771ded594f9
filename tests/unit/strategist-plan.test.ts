import { describe, expect, test } from "bun:test";
import {
  checkPlan,
  MAX_CONTENT_CHARS,
  normaliseTime,
  openingLine,
  type Plan,
  PlanContractError,
  parsePlan,
  planEntries,
  planJsonSchema,
  planPostEntries,
  WEEKDAYS,
} from "../../src/strategist/plan";

/** The plan contract every strategist's output passes through (src/strategist/plan.ts). */

const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const types = ["hook", "story", "value", "data", "question", "how-to", "insight"];

function validPlan(count = 5): Plan {
  return {
    strategyOverview: "A week that opens with a teaser and closes with a question.",
    posts: Array.from({ length: count }, (_, index) => {
      const hook = `Post ${index + 1} opens with a line that earns the click.`;
      return {
        content: `${hook}\n\nA second paragraph with the substance.\n\n#Planning #LinkedIn #Writing`,
        hook,
        postOrder: String(index + 1),
        postType: types[index]!,
        strategyExplanation: `Post ${index + 1} goes out on ${days[index]} because of its place in the week.`,
        recommendedDay: days[index]!,
        recommendedTime: "9:00 AM",
      };
    }),
  };
}

const problems = (raw: unknown) => {
  const checked = checkPlan(raw);
  return checked.ok ? [] : checked.problems;
};
const withPost = (change: (post: Plan["posts"][number]) => Record<string, unknown>, at = 0) => {
  const plan = validPlan();
  return { ...plan, posts: plan.posts.map((post, index) => (index === at ? change(post) : post)) };
};

describe("plan contract", () => {
  test("accepts plans of 5, 6 and 7 posts", () => {
    for (const count of [5, 6, 7]) expect(parsePlan(validPlan(count))).toEqual(validPlan(count));
  });

  test("refuses fewer than 5 or more than 7 posts", () => {
    expect(problems({ ...validPlan(), posts: validPlan().posts.slice(0, 4) })).toEqual(["posts: a plan has 5 to 7 posts"]);
    const eight = validPlan(7);
    eight.posts.push({ ...eight.posts[0]!, postOrder: "8", recommendedDay: "Monday" });
    expect(problems(eight)).toContain("posts: a plan has 5 to 7 posts");
  });

  test("content is at most 3,000 characters; the hook at most 210 and exactly the opening line", () => {
    expect(problems(withPost((post) => ({ ...post, content: `${post.hook}\n\n${"x".repeat(MAX_CONTENT_CHARS)}` })))).toEqual([
      "posts.0.content: content must be at most 3000 characters",
    ]);
    const long = "A".repeat(211);
    expect(problems(withPost((post) => ({ ...post, hook: long, content: `${long}\n\nBody.` })))).toEqual(["posts.0.hook: hook must be at most 210 characters"]);
    expect(problems(withPost((post) => ({ ...post, hook: "A different line entirely." })))).toEqual(["posts.0.hook: hook must be the first line of content"]);
  });

  test("days differ within a plan, and times look like 9:00 AM", () => {
    expect(problems(withPost((post) => ({ ...post, recommendedDay: "Tuesday" })))).toEqual(["posts: every post needs a different recommendedDay"]);
    expect(problems(withPost((post) => ({ ...post, recommendedDay: "Someday" })))[0]).toContain("recommendedDay must be a day of the week");
    for (const time of ["13:00 PM", "9:75 AM", "9.00 AM", "noon", "0:30 AM"]) {
      expect(problems(withPost((post) => ({ ...post, recommendedTime: time })))).toEqual(['posts.0.recommendedTime: recommendedTime must look like "9:00 AM"']);
    }
  });

  test("no link in a post (it goes in the first comment) and at most 5 hashtags", () => {
    const linked = withPost((post) => ({ ...post, content: `${post.content}\nRead it at https://example.com/post` }));
    expect(problems(linked)).toEqual(["posts.0.content: content must not contain a link (it goes in the first comment)"]);
    const tagged = withPost((post) => ({ ...post, content: `${post.hook}\n\n#One #Two #Three #Four #Five #Six` }));
    expect(problems(tagged)).toEqual(["posts.0.content: content must have at most 5 hashtags"]);
  });

  test("blank fields and the wrong shapes are refused, never thrown", () => {
    expect(problems(withPost((post) => ({ ...post, strategyExplanation: "   " })))).toEqual([
      "posts.0.strategyExplanation: strategyExplanation must not be blank",
    ]);
    expect(problems({ ...validPlan(), strategyOverview: "" })).toEqual(["strategyOverview: strategyOverview must not be blank"]);
    expect(problems(null).length).toBeGreaterThan(0);
    expect(problems("a plan").length).toBeGreaterThan(0);
    expect(problems({ posts: "seven" }).length).toBeGreaterThan(0);
    expect(() => parsePlan({ posts: [] })).toThrow(PlanContractError);
  });

  test("repairs what is safe: whitespace, order and numbering, spelling of days and times, type case", () => {
    const plan = validPlan();
    const messy = {
      strategyOverview: `\n ${plan.strategyOverview} \n`,
      posts: [...plan.posts].reverse().map((post) => ({
        ...post,
        postOrder: Number(post.postOrder),
        hook: `  ${post.hook}   `,
        content: `\r\n${post.content.replaceAll("\n", "  \r\n")}\n\n\n\n`,
        recommendedDay: post.recommendedDay.slice(0, 3).toLowerCase(),
        recommendedTime: "09:00am",
        postType: ` ${post.postType.toUpperCase()} `,
      })),
    };
    expect(parsePlan(messy)).toEqual(plan);
    // Posts without a usable postOrder keep their order and are numbered 1..N.
    const unnumbered = { ...plan, posts: plan.posts.map(({ postOrder: _, ...post }) => post) };
    expect(parsePlan(unnumbered)).toEqual(plan);
    // A missing hook is the content's opening line by definition.
    expect(parsePlan(withPost(({ hook: _, ...post }) => post))).toEqual(plan);
  });

  test("does not guess where a repair would change the plan", () => {
    const sameOrder = withPost((post) => ({ ...post, postOrder: "2" }));
    // Two posts claim "2": the array order is kept and renumbered rather than guessed.
    expect(parsePlan(sameOrder).posts.map((post) => post.hook)).toEqual(validPlan().posts.map((post) => post.hook));
    expect(problems(withPost((post) => ({ ...post, hook: "Not the opening line at all" })))).toHaveLength(1);
  });

  test("normaliseTime reads the usual ways of writing a time and leaves the rest alone", () => {
    expect(normaliseTime("09:00 am")).toBe("9:00 AM");
    expect(normaliseTime("9am")).toBe("9:00 AM");
    expect(normaliseTime("9 A.M.")).toBe("9:00 AM");
    expect(normaliseTime("14:30")).toBe("2:30 PM");
    expect(normaliseTime("00:15")).toBe("12:15 AM");
    expect(normaliseTime("12:00")).toBe("12:00 PM");
    expect(normaliseTime("9")).toBe("9");
    expect(normaliseTime("25:00")).toBe("25:00");
    expect(normaliseTime("13:00 PM")).toBe("13:00 PM");
  });

  test("openingLine is the first line, trimmed", () => {
    expect(openingLine("\n  First line  \nSecond")).toBe("First line");
  });

  test("the JSON schema for structured output says what the valibot schema says", () => {
    expect(planJsonSchema.required).toEqual(Object.keys(planEntries));
    expect(Object.keys(planJsonSchema.properties)).toEqual(Object.keys(planEntries));
    const items = planJsonSchema.properties.posts.items;
    expect(items.required).toEqual(Object.keys(planPostEntries));
    expect(Object.keys(items.properties)).toEqual(Object.keys(planPostEntries));
    expect(items.properties.recommendedDay.enum).toEqual([...WEEKDAYS]);
    expect(planJsonSchema.properties.posts.minItems).toBe(5);
    expect(planJsonSchema.properties.posts.maxItems).toBe(7);
    const time = new RegExp(String(items.properties.recommendedTime.pattern));
    expect(["9:00 AM", "12:30 PM"].every((t) => time.test(t))).toBe(true);
    expect(time.test("09:00 AM")).toBe(false);
  });
});
