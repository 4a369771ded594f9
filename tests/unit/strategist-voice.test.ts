import { describe, expect, test } from "bun:test";
import { createLocalStrategist } from "../../src/strategist/local";
import { userPrompt } from "../../src/strategist/openai/prompt";
import { parsePlan } from "../../src/strategist/plan";
import { applyVoice, describeVoice, measureVoice, withVoiceNote } from "../../src/strategist/voice";
import { readArticle } from "../support/corpus";

/** "Your voice": the habits measured from past posts, applied by the local strategist, shown to the model, said in the overview. */

const SHORT_LINES = [
  "I shipped our pricing page on a Friday.\n\nNobody noticed for a week.\n\nThen churn dropped 12%.\n\n1. We removed the annual toggle.\n2. We showed one price.\n3. We wrote the refund policy in plain words.\n\n#Pricing",
  "I asked 30 customers why they stayed.\n\nNot one mentioned a feature.\n\nThey mentioned the support replies.\n\n#CustomerSuccess",
  "My first hire was a mistake.\n\nI hired for the résumé, not the job.\n\nI fixed it by writing the job first.\n\n#Hiring",
];

describe("measuring a voice", () => {
  test("short one-sentence lines, no emoji, numbered lists, one hashtag, first person", () => {
    const habits = measureVoice(SHORT_LINES)!;
    expect(habits).toMatchObject({ posts: 3, oneSentenceLines: true, emoji: false, listMarker: "numbers", hashtags: 1, firstPerson: true });
    expect(describeVoice(habits)).toBe("one sentence per line, no emoji, numbered lists, 1 hashtag, first person");
  });

  test("emoji, arrows, three hashtags and 'we' are told apart", () => {
    const habits = measureVoice([
      "We grew 40% this quarter 🚀 and the reason surprised our whole team, because it was a change to onboarding nobody had argued for.\n\n→ one screen\n→ one file\n\n#SaaS #Growth #Onboarding",
      "Our team ran 12 interviews 🎯 with churned customers, and what we heard changed the roadmap for the rest of the year.\n\n→ speed\n→ price\n\n#SaaS #Churn #Research",
    ])!;
    expect(habits).toMatchObject({ emoji: true, listMarker: "→", hashtags: 3, firstPerson: false, oneSentenceLines: false });
  });

  test("no posts is no voice", () => {
    expect(measureVoice([])).toBeUndefined();
    expect(measureVoice(["  "])).toBeUndefined();
    expect(measureVoice(undefined)).toBeUndefined();
  });
});

describe("applying a voice", () => {
  test("a post takes the habits without changing what it says", () => {
    const habits = measureVoice(SHORT_LINES)!;
    const post =
      "We cut onboarding to one screen. Activation rose from 59% to 74% 🎉 in a month.\n\n→ Upload a file\n→ Invite a client\n\n#Onboarding #Activation #SaaS";
    expect(applyVoice(post, habits)).toBe(
      "We cut onboarding to one screen.\n\nActivation rose from 59% to 74% in a month.\n\n1. Upload a file\n2. Invite a client\n\n#Onboarding",
    );
  });

  test("the local strategist's plan with a voice keeps the contract and says so in its overview", async () => {
    const article = await readArticle("02-activation-1200-trial-signups.md");
    const input = { contentText: article, contentType: "blog" as const, timezone: "Europe/London" };
    const local = createLocalStrategist();
    const plain = await local.createPlan(input);
    const voiced = await local.createPlan({ ...input, voice: SHORT_LINES });
    expect(parsePlan(voiced)).toEqual(voiced);
    expect(voiced.posts.map((post) => post.recommendedDay)).toEqual(plain.posts.map((post) => post.recommendedDay));
    expect(voiced.posts.every((post) => (post.content.match(/#\w+/g)?.length ?? 0) <= 1)).toBe(true);
    expect(voiced.posts.some((post, index) => post.content !== plain.posts[index]!.content)).toBe(true);
    const noted = withVoiceNote(voiced, measureVoice(SHORT_LINES));
    expect(noted.strategyOverview).toEndWith(
      "Written in your voice, from the 3 past posts in Settings (one sentence per line, no emoji, numbered lists, 1 hashtag, first person).",
    );
    // Said once, however often it is applied.
    expect(withVoiceNote(noted, measureVoice(SHORT_LINES))).toEqual(noted);
  });

  test("the AI strategist is shown the past posts as examples of voice, never as material", async () => {
    const article = await readArticle("02-activation-1200-trial-signups.md");
    const prompt = userPrompt({ contentText: article, contentType: "blog", timezone: "Europe/London", voice: SHORT_LINES }, "Europe/London");
    expect(prompt).toContain("as examples of their voice only");
    expect(prompt).toContain("never take a fact, figure or story from these examples");
    expect(prompt).toContain(SHORT_LINES[1]!);
    // The article comes last, after the examples.
    expect(prompt.indexOf("Past post 3:")).toBeLessThan(prompt.indexOf("The article:"));
    expect(userPrompt({ contentText: article, contentType: "blog", timezone: "Europe/London" }, "Europe/London")).not.toContain("Past post");
  });
});
