import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { HttpError } from "../../src/http-error";
import { createLogger, type Logger } from "../../src/logger";
import { createOpenAiStrategist, type OpenAiStrategistOptions } from "../../src/strategist/openai";
import { EXAMPLE_POST, SYSTEM_PROMPT, userPrompt } from "../../src/strategist/openai/prompt";
import { weekPlanJsonSchema } from "../../src/strategist/openai/answer-schema";
import { REPAIR_SYSTEM_PROMPT, repairJsonSchema } from "../../src/strategist/openai/repair";
import { createStrategist } from "../../src/strategist/create-strategist";
import { loadConfig } from "../../src/config";
import { describeFindings, LINT_DETECTORS, LINT_RULES, lintPlan, lintPost, MAX_LINT_HASHTAGS, MIN_POST_WORDS } from "../../src/strategist/lint";
import { type Plan, parsePlan } from "../../src/strategist/plan";
import { type StrategistInput, StrategistError } from "../../src/strategist/types";
import { readArticle } from "../support/corpus";
import { rateLimited, startFakeOpenAi } from "../support/fake-openai";
import { rejectionOf } from "../support/rejection";

/**
 * The OpenAI strategist with the real `openai` SDK against a local server that speaks the
 * chat completions wire format (tests/support/fake-openai.ts).
 */

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let input: StrategistInput;

/**
 * The answer a good model gives for the activation article (founders/02 in the corpus): it
 * meets the contract and has no lint findings, so it is used as it comes, in one request.
 */
const goodPlan: Plan = parsePlan(GOOD_ANSWER());

beforeAll(async () => {
  const contentText = await readArticle("02-activation-1200-trial-signups.md");
  input = { contentText, contentType: "blog", timezone: "Europe/London", contentUrl: "https://priya.example.org/activation" };
  // The fixture must stay clean, or every test below would be about the lint retry.
  expect(describeFindings(lintPlan(goodPlan, { sourceText: contentText }))).toBe("");
});
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.stop();
});

/** A logger that keeps its warnings, to check what a plan kept with findings reports. */
function recordingLogger() {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const ignore = () => {};
  const logger: Logger = { debug: ignore, info: ignore, error: ignore, warn: (message, fields) => warnings.push({ message, fields }) };
  return { logger, warnings };
}

function strategist(options: Partial<OpenAiStrategistOptions> = {}) {
  return createOpenAiStrategist({ apiKey: "sk-test", baseUrl: fake.baseUrl, model: "gpt-4o-mini", logger: createLogger("silent"), maxRetries: 2, ...options });
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise);

describe("OpenAI strategist", () => {
  test("a good answer becomes the plan, asked for with the contract's JSON schema", async () => {
    fake.reply({ content: answer(goodPlan) });
    const plan = await strategist().createPlan(input);
    expect(plan).toEqual(goodPlan);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe("Bearer sk-test");
    expect(request!.body.model).toBe("gpt-4o-mini");
    expect(request!.body.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "linkedin_week_plan", strict: true, schema: JSON.parse(JSON.stringify(weekPlanJsonSchema)) },
    });
    expect(request!.body.temperature).toBe(0.7);
    const [system, user] = request!.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Tuesday to Thursday mornings");
    expect(system.content).toContain("Wednesday 9:00 AM");
    expect(user.content).toContain("Europe/London");
    expect(user.content).toContain("The article is in English");
    expect(user.content).toContain('For most of 2023, our definition of "activated" was "logged in twice."');
    // The URL is never sent to be written into a post: the model is only told one exists.
    expect(user.content).not.toContain("https://priya.example.org");
  });

  test("an answer that needs only safe repairs is repaired, not re-asked", async () => {
    const messy = {
      strategyOverview: `  ${goodPlan.strategyOverview}  `,
      posts: [...goodPlan.posts].reverse().map((post, index) => ({
        ...post,
        postOrder: Number(goodPlan.posts.length - index),
        recommendedDay: post.recommendedDay.toLowerCase(),
        recommendedTime: post.recommendedTime.replace(/^(\d):/, "0$1:").toLowerCase(),
        postType: post.postType.toUpperCase(),
        content: `${post.content}\n\n\n`,
      })),
    };
    fake.reply({ content: JSON.stringify(messy) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(1);
  });

  test("malformed JSON is sent back once with what was wrong, and the corrected answer is used", async () => {
    fake.reply({ content: '{"posts": [{"content": "Half a plan' }, { content: answer(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: "assistant", content: '{"posts": [{"content": "Half a plan' });
    expect(retry.at(-1).content).toContain("not valid JSON");
  });

  test("malformed JSON twice fails with a message, after exactly two answers", async () => {
    fake.reply({ content: "Sure! Here is your plan:" }, { content: "```json\n{}\n```" });
    const error = await failure(strategist().createPlan(input));
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toBe("The AI strategist returned an unusable plan twice: the answer is not valid JSON");
    expect((error as StrategistError).retryable).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  test("an answer that breaks the plan's rules is retried once, then reported with the broken rules", async () => {
    const threePosts = { ...goodPlan, posts: goodPlan.posts.slice(0, 3) };
    const sameDay = { ...goodPlan, posts: goodPlan.posts.map((post) => ({ ...post, recommendedDay: "Tuesday" })) };
    fake.reply({ content: JSON.stringify(threePosts) }, { content: JSON.stringify(sameDay) });
    const error = await failure(strategist().createPlan(input));
    expect(error.message).toContain("unusable plan twice");
    expect(error.message).toContain("every post needs a different recommendedDay");
    expect(fake.requests[1]!.body.messages.at(-1).content).toContain("a plan has 5 to 7 posts");
  });

  test("a schema-breaking answer followed by a good one succeeds", async () => {
    const linked = {
      ...goodPlan,
      posts: goodPlan.posts.map((post, index) => (index === 0 ? { ...post, content: `${post.content}\nhttps://example.com` } : post)),
    };
    fake.reply({ content: JSON.stringify(linked) }, { content: answer(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests[1]!.body.messages.at(-1).content).toContain("must not contain a link");
  });

  test("a plan with two flagged posts is repaired with one request that carries only those posts", async () => {
    const flawed = withFlaws(goodPlan, ["thin", "canned"]);
    const findings = lintPlan(flawed, { sourceText: input.contentText });
    expect(findings.map((finding) => `${finding.post}:${finding.detector}`)).toEqual(expect.arrayContaining(["2:thin", "2:hashtags", "5:canned"]));
    expect(new Set(findings.map((finding) => finding.post))).toEqual(new Set([2, 5]));
    fake.reply({ content: answer(flawed) }, { content: repairAnswer(goodPlan, [2, 5]) });
    const { logger, warnings } = recordingLogger();

    expect(await strategist({ logger }).createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body;
    expect(repair.response_format.json_schema.name).toBe("linkedin_post_repair");
    expect(repair.response_format.json_schema.schema).toEqual(JSON.parse(JSON.stringify(repairJsonSchema)));
    // A fresh request, not the conversation: the first plan is not sent back whole.
    expect(repair.messages).toHaveLength(2);
    expect(repair.messages[0]).toEqual({ role: "system", content: REPAIR_SYSTEM_PROMPT });
    const request: string = repair.messages[1].content;
    expect(request).not.toContain(JSON.stringify(flawed));
    // Only the flagged posts, in full; the others by their opening line alone.
    expect([...request.matchAll(/^Post (\d) \(/gm)].map((match) => match[1])).toEqual(["2", "5"]);
    expect(request).toContain(flawed.posts[1]!.content);
    expect(request).toContain(flawed.posts[4]!.content);
    for (const index of [0, 2, 3]) {
      expect(request).toContain(flawed.posts[index]!.hook);
      expect(request).not.toContain(flawed.posts[index]!.strategyExplanation);
    }
    expect(request).toContain(describeFindings(findings));
    expect(request).toContain("- Post 2 (thin): The post has 11 words of material");
    expect(request).toContain("- Post 5 (canned): A stock line that is not the post's own: “Agree or disagree, and why?”");
    // The rules broken, in the lint's own words, and no others.
    for (const detector of ["thin", "hashtags", "canned"] as const) expect(request).toContain(LINT_RULES[detector]);
    expect(request).not.toContain(LINT_RULES.debris);
    expect(warnings.map((warning) => warning.message)).toEqual(["strategist plan has lint findings; asking once to repair the flagged posts"]);
  });

  test("a repair changes only the posts asked for, and leaves days, times and types alone", async () => {
    const flawed = withFlaws(goodPlan, ["canned"]);
    const sneaky = JSON.stringify({
      posts: [
        { postOrder: "5", content: goodPlan.posts[4]!.content, strategyExplanation: goodPlan.posts[4]!.strategyExplanation },
        { postOrder: "1", content: "An unasked rewrite of the first post that must not land.\n\n#Activation", strategyExplanation: "Not asked for." },
      ],
      strategyOverview: "A new overview nobody asked for.",
    });
    fake.reply({ content: answer(flawed) }, { content: sneaky });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
  });

  test("a repair with findings left is kept when it has fewer, and the remaining findings are logged; never a third request", async () => {
    const flawed = withFlaws(goodPlan, ["thin", "canned"]);
    const better = withFlaws(goodPlan, ["canned"]);
    fake.reply({ content: answer(flawed) }, { content: repairAnswer(better, [2, 5]) }, { content: answer(goodPlan) });
    const { logger, warnings } = recordingLogger();
    expect(await strategist({ logger }).createPlan(input)).toEqual(better);
    expect(fake.requests).toHaveLength(2);
    const left = lintPlan(better, { sourceText: input.contentText });
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(lintPlan(flawed, { sourceText: input.contentText }).length);
    const kept = warnings.find((warning) => warning.message === "strategist plan kept with lint findings");
    // Which checks failed, on which posts; never the findings' messages, which quote the posts.
    expect(kept?.fields).toMatchObject({
      findings: left.length,
      detectors: left.map((finding) => (finding.post ? `post ${finding.post}: ${finding.detector}` : finding.detector)),
    });
    expect(kept?.fields?.detectors).toContain("post 5: canned");
    expect(JSON.stringify(kept?.fields)).not.toContain(describeFindings(left).split("\n")[0]!.split(": ").slice(1).join(": "));
  });

  test("a repair with more findings than the first answer is dropped: the first plan is kept", async () => {
    const slightly = withFlaws(goodPlan, ["canned"]);
    fake.reply(
      { content: answer(slightly) },
      {
        content: JSON.stringify({
          posts: [{ postOrder: "5", content: "Agree or disagree?\n\n#Les #The #Spend #Minutes", strategyExplanation: "Short." }],
          strategyOverview: null,
        }),
      },
    );
    expect(await strategist().createPlan(input)).toEqual(slightly);
    expect(fake.requests).toHaveLength(2);
  });

  test("lint findings never fail a generation: a repair that breaks the contract, or a failed request, keeps the first plan", async () => {
    const flawed = withFlaws(goodPlan, ["thin", "canned"]);
    fake.reply({ content: answer(flawed) }, { content: '{"posts": [' });
    expect(await strategist().createPlan(input)).toEqual(flawed);
    expect(fake.requests).toHaveLength(2);

    fake.reply({ content: answer(flawed) }, { status: 500, json: { error: { message: "boom", type: "server_error" } } });
    expect(await strategist({ maxRetries: 0 }).createPlan(input)).toEqual(flawed);
    expect(fake.requests).toHaveLength(4);

    fake.reply({ content: answer(flawed) }, { refusal: "I can't help with that." });
    expect(await strategist().createPlan(input)).toEqual(flawed);
    expect(fake.requests).toHaveLength(6);

    // A repair with a link breaks the contract as a whole: not used.
    fake.reply(
      { content: answer(flawed) },
      {
        content: JSON.stringify({
          posts: [{ postOrder: "2", content: `${goodPlan.posts[1]!.content}\nhttps://example.com`, strategyExplanation: "x" }],
          strategyOverview: null,
        }),
      },
    );
    expect(await strategist().createPlan(input)).toEqual(flawed);
  });

  test("an answer that broke the contract and then has lint findings still gets its one repair", async () => {
    fake.reply({ content: "Sure!" }, { content: answer(withFlaws(goodPlan, ["canned"])) }, { content: repairAnswer(goodPlan, [5]) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(3);
    const messages = fake.requests[1]!.body.messages;
    expect(messages.map((message: { role: string }) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[3].content).toContain("not valid JSON");
    expect(fake.requests[2]!.body.messages[1].content).toContain("Post 5 (canned)");
  });

  test("the plan arrives in the plan-first shape, and the week's outline is set aside", async () => {
    fake.reply({ content: answer(goodPlan) });
    const progress: string[] = [];
    expect(await strategist().createPlan(input, { onProgress: (stage) => progress.push(stage) })).toEqual(goodPlan);
    expect(progress).toEqual(["reading", "writing", "checking"]);
    // The schema's order is the order the model writes in: the week, the overview, then each post's decisions before its text.
    expect(Object.keys(weekPlanJsonSchema.properties)).toEqual(["week", "strategyOverview", "posts"]);
    expect(Object.keys(weekPlanJsonSchema.properties.posts.items.properties).slice(-3)).toEqual(["strategyExplanation", "hook", "content"]);
  });

  test("a 429 is retried by the SDK with backoff, then the answer is used", async () => {
    fake.reply(rateLimited(), { content: answer(goodPlan) });
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
  });

  test("rate limited past its retries: a retryable failure that says so", async () => {
    fake.reply(rateLimited(), rateLimited());
    const error = await failure(strategist({ maxRetries: 1 }).createPlan(input));
    expect(error.message).toBe("The AI strategist is rate limited (429); try again in a minute");
    expect((error as StrategistError).retryable).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  test("a 5xx is retried, then the answer is used", async () => {
    fake.reply(
      { status: 503, json: { error: { message: "overloaded", type: "server_error" } }, headers: { "retry-after-ms": "5" } },
      { content: answer(goodPlan) },
    );
    expect(await strategist().createPlan(input)).toEqual(goodPlan);
    expect(fake.requests).toHaveLength(2);
  });

  test("a server that never answers times out with a retryable failure", async () => {
    fake.reply({ hang: true });
    const error = await failure(strategist({ timeoutMs: 200, maxRetries: 0 }).createPlan(input));
    expect(error).toBeInstanceOf(StrategistError);
    expect(error.message).toBe("The AI strategist did not answer within 0.2 s");
    expect((error as StrategistError).retryable).toBe(true);
  });

  test("a rejected key fails at once and is not worth retrying", async () => {
    fake.reply({ status: 401, json: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } });
    const error = await failure(strategist().createPlan(input));
    expect(error.message).toContain("refused the request (401)");
    expect((error as StrategistError).retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  test("a refusal and a cut-off answer are failures, never a plan", async () => {
    fake.reply({ refusal: "I can't help with that." });
    expect((await failure(strategist().createPlan(input))).message).toContain("declined");
    fake.reply({ content: JSON.stringify(goodPlan).slice(0, 500), finishReason: "length" }, { content: "{", finishReason: "length" });
    expect((await failure(strategist().createPlan(input))).message).toContain("cut off");
  });

  test("too little text is a 400 before any request is made", async () => {
    const error = await failure(strategist().createPlan({ ...input, contentText: "Short and sweet. Two sentences." }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the prompt", () => {
  test("the prompt is made from the lint's rules: every detector's rule is in it, said once", () => {
    expect(LINT_DETECTORS.length).toBeGreaterThan(10);
    for (const detector of LINT_DETECTORS) {
      expect(LINT_RULES[detector].length).toBeGreaterThan(20);
      expect(SYSTEM_PROMPT.split(LINT_RULES[detector]).length - 1).toBe(1);
    }
    // The numbers the prompt and the lint share come from the lint's constants.
    expect(SYSTEM_PROMPT).toContain(`At least ${MIN_POST_WORDS} words`);
    expect(SYSTEM_PROMPT).toContain(`At most ${MAX_LINT_HASHTAGS} hashtags`);
    expect(SYSTEM_PROMPT).toContain("Tuesday to Thursday mornings");
  });

  test("the example post the prompt shows passes the lint it teaches", () => {
    expect(SYSTEM_PROMPT).toContain(EXAMPLE_POST);
    expect(lintPost(EXAMPLE_POST, { postType: "story" })).toEqual([]);
  });

  test("the article is sent cleaned: no code, markup or link addresses", () => {
    const raw =
      "# Churn\n\nWe lost 9 of 11 accounts after [their logins](https://example.com/x) fell.\n\n```js\nconsole.log('debug')\n```\n\nThe <b>alert</b> saved 12 of them.";
    const sent = userPrompt({ ...input, contentText: raw }, "Europe/London");
    expect(sent).toContain("We lost 9 of 11 accounts after their logins fell.");
    expect(sent).toContain("The alert saved 12 of them.");
    expect(sent).not.toContain("console.log");
    expect(sent).not.toContain("https://example.com");
  });

  test("the user prompt names the article's language, its size and the link line, and never the URL", async () => {
    const french = await readArticle("11-levee-de-fonds-paris.md");
    const prompt = userPrompt(
      { contentText: french, contentType: "newsletter", timezone: "Europe/Paris", contentUrl: "https://example.fr/levee" },
      "Europe/Paris",
    );
    expect(prompt).toContain("The article is in French: write the posts in French.");
    expect(prompt).toMatch(/It has about \d{3},?\d* words of prose/);
    expect(prompt).toContain("The full issue is linked in the first comment.");
    expect(prompt).not.toContain("https://example.fr/levee");
    expect(userPrompt({ ...input, contentText: "これは日本語の記事です。" }, "Asia/Tokyo")).toContain("Write the posts in the article's own language.");
  });
});

describe("choosing the strategist", () => {
  test("config picks OpenAI when a key is set, the local strategist otherwise", () => {
    const logger = createLogger("silent");
    expect(createStrategist({ config: loadConfig({}), logger }).name).toBe("local");
    expect(createStrategist({ config: loadConfig({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl }), logger }).name).toBe("openai");
  });
});

/** A plan as a model answers it: the week's outline first, then the overview and the posts. */
function answer(plan: Plan): string {
  return JSON.stringify({
    week: {
      ideas: ["The client's first comment is the activation moment"],
      posts: plan.posts.map((post) => ({ angle: post.postType, day: post.recommendedDay })),
    },
    strategyOverview: plan.strategyOverview,
    posts: plan.posts,
  });
}

/** A repair answer: the given posts (by position) as they read in `plan`. */
function repairAnswer(plan: Plan, positions: number[]): string {
  return JSON.stringify({
    posts: positions.map((position) => ({
      postOrder: String(position),
      content: plan.posts[position - 1]!.content,
      strategyExplanation: plan.posts[position - 1]!.strategyExplanation,
    })),
    strategyOverview: null,
  });
}

type Flaw = "thin" | "canned";

/** The good plan with defects a model really makes: a one-line post with a junk hashtag on Tuesday, a stock closing line on Friday. */
function withFlaws(plan: Plan, flaws: Flaw[]): Plan {
  return {
    ...plan,
    posts: plan.posts.map((post, index) => {
      if (index === 1 && flaws.includes("thin")) {
        const hook = "Only 25% of our trials ever got a client to comment.";
        return { ...post, hook, content: `${hook}\n\n#Activation #Les` };
      }
      if (index === 4 && flaws.includes("canned")) {
        return {
          ...post,
          content: post.content.replace("What does the second person do in your product, and do you measure it?", "Agree or disagree, and why?"),
        };
      }
      return post;
    }),
  };
}

function GOOD_ANSWER() {
  return {
    strategyOverview:
      "The week follows what Redline learned from 1,212 trial signups. Monday sets up the problem with the old logged-in-twice metric, Tuesday gives the numbers behind the new one, Wednesday and Thursday share the two onboarding experiments (the single upload screen and the demo project that hurt conversion), and Friday asks readers who they count as activated in their own product.",
    posts: [
      {
        postOrder: "1",
        postType: "hook",
        recommendedDay: "Monday",
        recommendedTime: "8:30 AM",
        hook: "For most of 2023, we called a Redline trial activated when someone logged in twice.",
        content: [
          "For most of 2023, we called a Redline trial activated when someone logged in twice.",
          "It was a terrible definition. We chose it because it was easy to query, and it made our dashboard look healthy: 68% of trials were activated, and only about 13% of them paid.",
          "So in January 2024 we started over. We followed 1,212 trials of Redline, our review and approval tool for creative agencies, tagged every event, called 34 of them on the phone and ran three onboarding experiments.",
          "The real activation moment turned out to belong to someone else: the client who leaves the first comment.",
          "Full article: link in the first comment.",
          "#Activation #Onboarding",
        ].join("\n\n"),
        strategyExplanation:
          "It opens the week with an honest admission, that logging in twice was a bad activation metric, and the gap between 68% activated and 13% paid that proved it. Monday trails Tuesday to Thursday in every study, so the week starts with the post that sets the scene. Paste the article URL as the first comment.",
      },
      {
        postOrder: "2",
        postType: "data",
        recommendedDay: "Tuesday",
        recommendedTime: "10:00 AM",
        hook: "Only 25% of our trials ever got a client to comment. Those trials produced 55% of our new customers.",
        content: [
          "Only 25% of our trials ever got a client to comment. Those trials produced 55% of our new customers.",
          "Redline is a collaboration tool for creative agencies. The account manager signs up, but the client is the one who leaves the feedback.",
          "So we split 1,212 trials by whether an external reviewer commented within the first seven days. With a client comment, 298 trials turned into 95 paying customers, or 31.9%. Without one, 914 trials turned into 78, or 8.5%.",
          "That became our activation metric: an external reviewer leaves a comment within 7 days. It is much harder to hit than logging in twice, which is exactly why it is useful.",
          "#Activation #Redline",
        ].join("\n\n"),
        strategyExplanation:
          "The week's sharpest figures, 31.9% against 8.5% conversion, go to Tuesday at 10 AM, the slot Sprout Social ranks first for LinkedIn. It defines the new activation metric that the rest of the week builds on.",
      },
      {
        postOrder: "3",
        postType: "value",
        recommendedDay: "Wednesday",
        recommendedTime: "9:00 AM",
        hook: "The biggest improvement to our trial funnel in two years came from deleting things.",
        content: [
          "The biggest improvement to our trial funnel in two years came from deleting things.",
          "Our old onboarding was a seven-step checklist: set up your workspace, add your logo, pick a brand colour, invite a teammate, create a project, upload a file, invite a client. Uploading was step six.",
          'In February we replaced the whole checklist with a single screen: "Drop in a file you\'re working on right now."',
          "With the checklist, 59% of trials uploaded a file. With the single screen, 74% did.",
          "Speed mattered too: people who uploaded within 10 minutes converted at 22.4%, against 12.1% for those who took longer than a day. Nobody missed the brand colour picker. It is still in settings, and 6% of workspaces have used it.",
          "#Onboarding #Activation",
        ].join("\n\n"),
        strategyExplanation:
          "Wednesday morning, LinkedIn's strongest mid-week slot, carries the checklist experiment: a concrete change, one screen instead of a checklist, that readers can copy and save. It is the post founders are most likely to share with their product team.",
      },
      {
        postOrder: "4",
        postType: "story",
        recommendedDay: "Thursday",
        recommendedTime: "10:00 AM",
        hook: "We used to drop every new Redline account into a demo project: a fake campaign for a fake coffee brand, pre-filled with comments.",
        content: [
          "We used to drop every new Redline account into a demo project: a fake campaign for a fake coffee brand, pre-filled with comments.",
          "People who spent more than two minutes in the demo converted at 9.4%. People who skipped it converted at 17.8%.",
          "Part of that is selection, since people who skip a demo probably have a real file in hand. So in March we removed the demo for half of new signups. Conversion in that half did not drop. It went up slightly, 15.1% without the demo against 13.6% with it, which is within noise at our volume.",
          "My honest read: the demo let people feel like they had tried the product without ever doing the thing that would make them buy it. We took it out.",
          "#Onboarding #Redline",
        ].join("\n\n"),
        strategyExplanation:
          "Thursday morning, still inside the Tuesday-to-Thursday peak, tells the demo project story: a feature that felt helpful and turned out to hurt conversion. A counter-intuitive result from a real experiment is what people comment on.",
      },
      {
        postOrder: "5",
        postType: "question",
        recommendedDay: "Friday",
        recommendedTime: "9:00 AM",
        hook: "If you run a collaborative product, who do you count as activated: the person who signs up, or the second person who shows up?",
        content: [
          "If you run a collaborative product, who do you count as activated: the person who signs up, or the second person who shows up?",
          "At Redline, our signup is usually an agency account manager, and the person who leaves feedback is the client. Trials where a client commented within seven days converted at 31.9%, against 8.5% for the rest.",
          "Everything in our onboarding now points at that first client comment. Over April, the share of trials reaching it went from 25% to 33%.",
          "What does the second person do in your product, and do you measure it?",
          "#Activation #Onboarding",
        ].join("\n\n"),
        strategyExplanation:
          "Friday closes the week with the article's own closing advice turned into a question, so the people who followed along have something to answer. It goes out at 9 AM, before attention drops in the afternoon.",
      },
    ],
  };
}
