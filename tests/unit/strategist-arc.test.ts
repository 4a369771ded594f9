import { describe, expect, test } from "bun:test";
import { cleanSource } from "../../src/strategist/clean";
import { detectLanguage } from "../../src/strategist/language";
import { lintPlan } from "../../src/strategist/lint";
import { arcPost, titleAsLine } from "../../src/strategist/local/arc";
import { extractIdeas } from "../../src/strategist/local/extract-ideas";
import { planWeek } from "../../src/strategist/local/index";

const fixture = (path: string) => Bun.file(`${import.meta.dir}/../fixtures/${path}`).text();

async function arcOf(path: string, options: { interview?: boolean; guide?: boolean } = {}) {
  const ideas = extractIdeas(cleanSource(await fixture(path)));
  const language = detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "));
  return arcPost(ideas, { language, interview: options.interview ?? false, guide: options.guide ?? false });
}

const lines = (candidate: NonNullable<Awaited<ReturnType<typeof arcOf>>>) =>
  candidate.paragraphs.map((paragraph) => paragraph.sentences.map((sentence) => sentence.text).join(" "));

describe("the article's arc in one post (issue 21: every round, 'no post carries the 5-level version')", () => {
  test("a title in Title Case is written as a line; a name the article capitalises keeps its capital", () => {
    const prose = "We spent months on it. The wrong feature got built. Brindle grew. We almost lost Brindle in one quarter.";
    expect(titleAsLine("We Spent 14 Months Building the Wrong Feature Really Well", prose)).toBe("We spent 14 months building the wrong feature really well.");
    expect(titleAsLine("The Quarter We Almost Lost Brindle", prose)).toBe("The quarter we almost lost Brindle.");
    // A sentence inside the title keeps its capital, and so does a quoted label's first word.
    expect(titleAsLine('We Tested Three Pricing Pages. The "Contact Us" Button Was the Problem.', prose)).toBe(
      'We tested three pricing pages. The "Contact us" button was the problem.',
    );
  });

  test("a founder's story: its title, where it started, what turned, what came of it, and the lesson it ends on", async () => {
    const arc = await arcOf("articles/r20-story-waitlist-not-reminders.md");
    expect(arc).toBeDefined();
    const [hook, ...body] = lines(arc!);
    expect(hook).toBe("We spent 14 months building the wrong feature really well.");
    expect(body[0]).toStartWith("I started Loftline in the spring of 2021");
    // A list item's label goes: "Churn: monthly logo churn dropped…" reads as its sentence.
    expect(body).toContain("Monthly logo churn dropped from 3.8% to 1.1%.");
    expect(body.at(-1)).toBe("Every new reminder setting made the product better and the business no healthier.");
    // Lines in the article's order, one line a paragraph, a post's length and never the article again.
    const ids = arc!.body.map((paragraph) => paragraph.sentences[0]!.id);
    expect(ids.slice(0, -1)).toEqual([...ids.slice(0, -1)].sort((a, b) => a - b));
    expect(arc!.words).toBeLessThanOrEqual(210);
    expect(arc!.words).toBeGreaterThanOrEqual(80);
  });

  test("a data post's first line keeps the short line that completes it, and a figure under a label reads as a sentence", async () => {
    const arc = await arcOf("articles/r20-data-refund-tickets.txt");
    expect(arc?.hook).toBe("We read 41,288 support tickets. A quarter of them were the same question.");
  });

  test("an interview, a how-to, a newsletter of several topics and an article not in English have no arc", async () => {
    expect(await arcOf("articles/r19-hollowtree-priya-raman-interview.md", { interview: true })).toBeUndefined();
    expect(await arcOf("articles/r20-guide-price-increase-existing-customers.md", { guide: true })).toBeUndefined();
    expect(await arcOf("corpus/founders/05-newsletter-issue-47.md")).toBeUndefined();
    expect(await arcOf("articles/r20-german-hofkasse-lektionen.md")).toBeUndefined();
    // A founder's story in English, with the same checks, is given one.
    expect(await arcOf("articles/r18-firing-our-biggest-customer.txt")).toBeDefined();
  });

  test("in the week: the arc is post 1, no later post opens on its line, and the lint finds nothing", async () => {
    const text = await fixture("articles/r20-story-waitlist-not-reminders.md");
    const plan = planWeek({ contentText: text, contentType: "blog", timezone: "Europe/London" });
    expect(plan.posts[0]!.hook).toBe("We spent 14 months building the wrong feature really well.");
    expect(plan.posts[0]!.strategyExplanation).toContain("with its setup, turn and outcome, a line each");
    expect(plan.posts.slice(1).some((post) => post.hook.startsWith("We spent 14 months"))).toBe(false);
    expect(lintPlan(plan, { sourceText: text })).toEqual([]);
  });
});
