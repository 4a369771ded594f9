import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createLogger } from "../../src/logger";
import { MAX_COVER_TITLE_CHARS, MAX_SLIDE_BODY_CHARS, MAX_SLIDE_TITLE_CHARS, type Slide } from "../../src/shared/carousel";
import { carouselSlidesJsonSchema, checkSlides, MAX_CAROUSEL_SLIDES, MIN_CAROUSEL_SLIDES } from "../../src/strategist/carousel";
import { createLocalStrategist, makeCarousel, StrategistError } from "../../src/strategist";
import { composeCarouselLocally } from "../../src/strategist/local/carousel";
import { createOpenAiStrategist } from "../../src/strategist/openai";
import { CAROUSEL_SYSTEM_PROMPT } from "../../src/strategist/openai/carousel";
import { readArticle } from "../support/corpus";
import { startFakeOpenAi } from "../support/fake-openai";
import { rejectionOf } from "../support/rejection";

/**
 * Carousels from a post (issue 25): the slides contract, the local strategist's composer on
 * real plans from the corpus (English list post, French, German, Japanese), and the OpenAI
 * strategist's carousel through the real SDK against the fake chat completions server.
 */

const author = { name: "Priya Raman", handle: "@priya" };
const local = createLocalStrategist();
const squash = (text: string) => text.replace(/…/g, "").replace(/\s+/g, " ").trim();

async function planOf(name: string) {
  const article = await readArticle(name);
  const plan = await local.createPlan({ contentText: article, contentType: "blog", timezone: "UTC" });
  return { article, plan };
}

function expectWithinContract(slides: Slide[]) {
  expect(slides.length).toBeGreaterThanOrEqual(MIN_CAROUSEL_SLIDES);
  expect(slides.length).toBeLessThanOrEqual(MAX_CAROUSEL_SLIDES);
  expect(slides[0]!.kind).toBe("cover");
  expect(slides.at(-1)!.kind).toBe("closing");
  for (const slide of slides) {
    expect(slide.title.length).toBeLessThanOrEqual(slide.kind === "cover" ? MAX_COVER_TITLE_CHARS : MAX_SLIDE_TITLE_CHARS);
    expect(slide.body.length).toBeLessThanOrEqual(MAX_SLIDE_BODY_CHARS);
  }
}

describe("the slides contract", () => {
  const valid: Slide[] = [
    { kind: "cover", title: "Five lessons from year one", body: "" },
    { kind: "idea", title: "Charge by the project", body: "Hourly punished me for working fast." },
    { kind: "idea", title: "Write the scope down", body: "" },
    { kind: "idea", title: "Get paid upfront", body: "50% at signing." },
    { kind: "closing", title: "Price the work, not the hours.", body: "Follow Priya for more like this." },
  ];

  test("a cover, idea slides and a closing slide with its follow line pass, bare or as {slides}", () => {
    expect(checkSlides(valid)).toEqual({ ok: true, slides: valid });
    expect(checkSlides({ slides: valid }).ok).toBe(true);
  });

  test("4 or 11 slides, a title over its length, the wrong order or a closing slide without its follow line are refused, naming the problem", () => {
    const problems = (raw: unknown) => {
      const checked = checkSlides(raw);
      return checked.ok ? [] : checked.problems;
    };
    expect(problems(valid.slice(1))).toEqual(expect.arrayContaining([expect.stringContaining("at least 5 slides")]));
    const eleven = [valid[0]!, ...Array.from({ length: 9 }, () => valid[1]!), valid[4]!];
    expect(problems(eleven)).toEqual(expect.arrayContaining([expect.stringContaining("at most 10 slides")]));
    const long = valid.map((slide, i) => (i === 2 ? { ...slide, title: "x".repeat(MAX_SLIDE_TITLE_CHARS + 1) } : slide));
    expect(problems(long).join()).toContain(`at most ${MAX_SLIDE_TITLE_CHARS} characters`);
    expect(problems([valid[1]!, ...valid.slice(1)]).join()).toContain("the first slide must be the cover");
    expect(problems([...valid.slice(0, 4), { ...valid[4]!, body: "" }]).join()).toContain("follow line");
  });

  test("the slide lint refuses page debris on a slide", () => {
    const debris = valid.map((slide, i) => (i === 1 ? { ...slide, title: "const total = items.reduce((a, b) => a + b, 0);" } : slide));
    const checked = checkSlides(debris);
    expect(checked.ok).toBe(false);
  });
});

describe("the local strategist's carousel", () => {
  test("a list post becomes its cover (the hook), one slide per item in the post's order, and a closing slide with the takeaway and a follow line", async () => {
    const { article, plan } = await planOf("r5-bulleted-lessons.md");
    const post = plan.posts[0]!;
    const slides = await local.makeCarousel!({ post: post.content, sourceText: article, author });
    expectWithinContract(slides);
    expect(slides[0]!.title).toBe(post.hook);
    expect(slides.at(-1)!.body).toBe("Follow Priya Raman for more like this.");
    // Every slide's title is the post's own words, in the post's order.
    const flat = squash(post.content);
    let from = 0;
    for (const slide of slides.slice(0, -1)) {
      const at = flat.indexOf(squash(slide.title), from);
      expect(at).toBeGreaterThanOrEqual(from);
      from = at;
    }
    expect(slides.map((slide) => slide.title)).toContain("Charge by the project, not the hour.");
  });

  test("every post of French, German, Japanese and English plans makes a carousel within the contract, in the article's language and from its words", async () => {
    const follow = {
      "r5-fr-recrutement.md": "Suivez Priya Raman",
      "de-kundeninterviews.md": "Folgen Sie Priya Raman",
      "ja-short-essay.txt": "Priya Ramanをフォロー",
      "r5-story-churned-customer.md": "Follow Priya Raman",
    };
    for (const [name, line] of Object.entries(follow)) {
      const { article, plan } = await planOf(name);
      for (const post of plan.posts) {
        const slides = await makeCarousel(local, { post: post.content, sourceText: article, author });
        expectWithinContract(slides);
        expect(slides.at(-1)!.body).toStartWith(line);
        const material = squash(`${post.content} ${article}`);
        // Titles are the material's own sentences (or their first part): nothing invented.
        for (const slide of slides.slice(0, -1)) expect(material).toContain(squash(slide.title).replace(/[:;,]$/, ""));
      }
    }
  });

  test("a post with too little material is refused with a message, not padded", async () => {
    const error = await rejectionOf(Promise.resolve().then(() => composeCarouselLocally({ post: "One line only.", sourceText: "", author })));
    expect(error).toBeInstanceOf(StrategistError);
    expect((error as StrategistError).message).toBe("This post has too little material for a carousel of 5 slides.");
  });

  test("an emoji bullet's variation selector stays with the bullet, never at the start of a slide's text", () => {
    const post = [
      "Five things we changed after losing our biggest customer in one week.",
      "✔️ We stopped letting one customer pass a third of our revenue, and we wrote the limit down.",
      "✔️ We priced per location instead of per seat, so small practices could start on their own.",
      "➡️ We called every customer who had churned in the last year and asked what broke first.",
      "▪︎ We moved support into the product team, so the people who build it hear every complaint.",
      "✅ We wrote a one-page plan for the next loss before it happened, and we rehearse it each quarter.",
    ].join("\n\n");
    const slides = composeCarouselLocally({ post, sourceText: post, author });
    const texts = slides.flatMap((slide) => [slide.title, slide.body]);
    expect(texts.some((text) => /^[\uFE0E\uFE0F]/u.test(text))).toBe(false);
    expect(texts.some((text) => text.startsWith("We stopped letting one customer"))).toBe(true);
  });

  test("the same post makes the same carousel", async () => {
    const { article, plan } = await planOf("r5-fr-recrutement.md");
    const input = { post: plan.posts[1]!.content, sourceText: article, author };
    expect(composeCarouselLocally(input)).toEqual(composeCarouselLocally(input));
  });
});

describe("the OpenAI strategist's carousel", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let article: string;
  const post = "Charge by the project, not the hour.\n\nMy first engagement was hourly at $150.\n\n#Consulting";
  const answer: Slide[] = [
    { kind: "cover", title: "Charge by the project, not the hour.", body: "" },
    { kind: "idea", title: "Hourly punished me for working fast", body: "My first engagement was hourly at $150." },
    { kind: "idea", title: "Fixed fees changed the maths", body: "My effective rate went to about $260 an hour." },
    { kind: "idea", title: "Clients liked it too", body: "They knew the price before we started." },
    { kind: "closing", title: "Price the work, not the hours.", body: "Follow Priya Raman for more like this." },
  ];
  beforeAll(async () => {
    article = await readArticle("r5-bulleted-lessons.md");
  });
  beforeEach(async () => {
    fake = await startFakeOpenAi();
  });
  afterEach(async () => {
    await fake.stop();
  });
  const strategist = () =>
    createOpenAiStrategist({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4o-mini", logger: createLogger("silent"), maxRetries: 0 });

  test("asks with the slides schema (strict structured output) and answers the checked slides", async () => {
    fake.reply({ content: JSON.stringify({ slides: answer }) });
    const slides = await strategist().makeCarousel!({ post, sourceText: article, author });
    expect(slides).toEqual(answer);
    const request = fake.requests[0]!.body;
    expect(request.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "linkedin_carousel", strict: true, schema: carouselSlidesJsonSchema },
    });
    expect(request.messages[0]).toEqual({ role: "system", content: CAROUSEL_SYSTEM_PROMPT });
    expect(request.messages[1].content).toContain(post);
    expect(request.messages[1].content).toContain("The article's language: English.");
  });

  test("an answer that breaks the contract is sent back once, naming what broke; the corrected answer is used", async () => {
    fake.reply({ content: JSON.stringify({ slides: answer.slice(0, 3) }) }, { content: JSON.stringify({ slides: answer }) });
    expect(await strategist().makeCarousel!({ post, sourceText: article, author })).toEqual(answer);
    expect(fake.requests).toHaveLength(2);
    const correction = fake.requests[1]!.body.messages.at(-1);
    expect(correction.role).toBe("user");
    expect(correction.content).toContain("at least 5 slides");
    expect(correction.content).toContain("corrected carousel");
  });

  test("two unusable answers fail with a message saying so; a refusal fails at once", async () => {
    fake.reply({ content: "not json" }, { content: JSON.stringify({ slides: [] }) });
    const error = await strategist().makeCarousel!({ post, sourceText: article, author }).catch((e) => e);
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toStartWith("The AI strategist returned unusable slides twice:");
    fake.reply({ refusal: "I can't help with that." });
    const refused = await strategist().makeCarousel!({ post, sourceText: article, author }).catch((e) => e);
    expect(refused.message).toBe("The AI strategist declined to make this carousel: I can't help with that.");
  });
});
