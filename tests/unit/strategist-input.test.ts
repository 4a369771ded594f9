import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { HttpError } from "../../src/http-error";
import {
  assertPlannable,
  generateInputSchema,
  MAX_CONTENT_TEXT_CHARS,
  MIN_DISTINCT_SENTENCES,
  MIN_PROSE_WORDS,
  measureText,
  proseWords,
} from "../../src/strategist/input";
import { countWords, splitSentences } from "../../src/shared/words";
import { JAPANESE_ESSAY } from "../support/sample-texts";

/** What a generate request must carry, and how much prose a week of posts needs. */

const parse = (input: unknown) => {
  const result = v.safeParse(generateInputSchema, input);
  return result.success ? result.output : result.issues.map((issue) => issue.message);
};

describe("generate input", () => {
  test("contentText is required and non-blank, at most 100,000 characters (a 10,000-word article fits); contentType defaults to blog", () => {
    expect(MAX_CONTENT_TEXT_CHARS).toBe(100_000);
    expect(parse({ contentText: "An article." })).toEqual({ contentText: "An article.", contentType: "blog" });
    expect(parse({ contentText: " \n\t " })).toEqual(["Paste the content you want to turn into posts"]);
    expect(parse({ contentText: "x".repeat(100_000) })).toMatchObject({ contentType: "blog" });
    expect(parse({ contentText: "x".repeat(100_001) })).toEqual(["Content can be at most 100,000 characters"]);
    expect(parse({})).toHaveLength(1);
  });

  test("contentUrl is an optional absolute http(s) URL; blank means none", () => {
    expect(parse({ contentText: "x", contentUrl: " https://example.com/post " })).toEqual({
      contentText: "x",
      contentUrl: "https://example.com/post",
      contentType: "blog",
    });
    expect(parse({ contentText: "x", contentUrl: "" })).toEqual({ contentText: "x", contentUrl: undefined, contentType: "blog" });
    expect(parse({ contentText: "x", contentUrl: "ftp://example.com" })).toEqual(["contentUrl must start with http:// or https://"]);
    expect(parse({ contentText: "x", contentUrl: "example.com" })).toContain("contentUrl must be an absolute URL");
  });

  test("contentType is one of blog, newsletter, thread, other", () => {
    for (const contentType of ["blog", "newsletter", "thread", "other"]) expect(parse({ contentText: "x", contentType })).toMatchObject({ contentType });
    expect(parse({ contentText: "x", contentType: "podcast" })).toEqual(["contentType must be blog, newsletter, thread or other"]);
  });
});

const expectBadRequest = (text: string, message: string | RegExp) => {
  try {
    assertPlannable(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toMatch(message);
    return;
  }
  throw new Error("expected a 400");
};

/** n different sentences of eight words each. */
const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Sentence number ${i + 1} says something new about pricing.`).join(" ");

describe("counting words", () => {
  test("words are runs of letters or digits in every script with spaces", () => {
    expect(countWords("Ship it, then write about it.")).toBe(6);
    expect(countWords("naïve café, déjà vu — l’été")).toBe(5);
    expect(countWords("الكتابة المنتظمة تبني الثقة")).toBe(4);
    expect(countWords("— · 🚀")).toBe(0);
  });

  test("Chinese and Japanese have no spaces between words: each character is a word", () => {
    expect(countWords("我们每周发布")).toBe(6);
    expect(countWords("毎週、記事を書きます。")).toBe(9);
    // Latin words inside Japanese still count as words.
    expect(countWords("React の新機能")).toBe(1 + 4);
    // Thai is written the same way.
    expect(countWords("ภาษาไทย")).toBe(7);
  });

  test("Korean counts by its spaces, and by syllables when written without them", () => {
    expect(countWords("나는 오늘 학교에 갔다")).toBe(4);
    expect(countWords("나는오늘학교에갔다그리고집에왔다")).toBe(16);
  });

  test("sentences end at . ! ? … and at 。！？ without a space", () => {
    expect(splitSentences("We shipped. Did it work? Yes! 今日は晴れ。「明日は雨」と言った。次だ。")).toEqual([
      "We shipped.",
      "Did it work?",
      "Yes!",
      "今日は晴れ。",
      "「明日は雨」と言った。",
      "次だ。",
    ]);
    // Text without punctuation is cut every 40 words, so a long unpunctuated paste is not one sentence.
    expect(splitSentences(Array.from({ length: 100 }, (_, i) => `w${i}`).join(" "))).toHaveLength(3);
  });
});

describe("enough text", () => {
  test("counts prose only: headings, code, markup and link addresses do not count", () => {
    expect(proseWords("# A long heading with many words in it\n\n```\nconst a = b;\n```\n\nTwo words [here](https://example.com/a/b/c).")).toBe(3);
  });

  test("a repeated sentence counts once, whatever its case, punctuation or spacing", () => {
    expect(measureText("We raised prices twice. we raised  prices twice! Then churn fell. We raised prices twice.")).toEqual({ words: 7, sentences: 2 });
  });

  test(`fewer than ${MIN_PROSE_WORDS} words of prose is a 400 that says how many words a plan needs`, () => {
    expect(() => assertPlannable(sentences(26))).not.toThrow();
    expectBadRequest(
      "Just a sentence or two. Not a week of posts.",
      new RegExp(
        `^Paste a little more: a week of posts needs at least ${MIN_PROSE_WORDS} words of prose in at least 6 different sentences, and this text has 10 words in 2 different sentences`,
      ),
    );
    expectBadRequest("# Only a heading\n\n```\ncode();\n```", /and this text has none \(only headings, links or code\)\.$/);
  });

  test(`the same few sentences repeated (enough words, fewer than ${MIN_DISTINCT_SENTENCES} different sentences) is a 400 that says so`, () => {
    const repeated = Array.from({ length: 40 }, () => sentences(3)).join("\n\n");
    expect(countWords(repeated)).toBeGreaterThan(900);
    expectBadRequest(
      repeated,
      `Paste a little more: a week of posts needs at least ${MIN_PROSE_WORDS} words of prose in at least 6 different sentences, and this text has 24 words in 3 different sentences (a repeated sentence counts once).`,
    );
    // One word pasted many times has no sentences at all.
    expectBadRequest("word ".repeat(5_000), new RegExp(`at least ${MIN_PROSE_WORDS} words of prose in at least 6 different sentences`));
    expect(() => assertPlannable(`${sentences(MIN_DISTINCT_SENTENCES)} ${sentences(26)}`)).not.toThrow();
  });

  test("a short Japanese essay is plannable: its words are counted by characters, its sentences by 。", () => {
    const essay = JAPANESE_ESSAY;
    expect(measureText(essay)).toEqual({ words: countWords(essay), sentences: 8 });
    expect(() => assertPlannable(essay)).not.toThrow();
  });
});
