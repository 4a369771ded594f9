import { describe, expect, test } from "bun:test";
import * as v from "valibot";
import { HttpError } from "../../src/http-error";
import { assertEnoughText, generateInputSchema, MIN_PROSE_WORDS, proseWords } from "../../src/services/strategist/input";

/** What a generate request must carry, and how much prose a week of posts needs. */

const parse = (input: unknown) => {
  const result = v.safeParse(generateInputSchema, input);
  return result.success ? result.output : result.issues.map((issue) => issue.message);
};

describe("generate input", () => {
  test("contentText is required and non-blank, at most 50,000 characters; contentType defaults to blog", () => {
    expect(parse({ contentText: "An article." })).toEqual({ contentText: "An article.", contentType: "blog" });
    expect(parse({ contentText: " \n\t " })).toEqual(["Paste the content you want to turn into posts"]);
    expect(parse({ contentText: "x".repeat(50_001) })).toEqual(["Content can be at most 50,000 characters"]);
    expect(parse({})).toHaveLength(1);
  });

  test("contentUrl is an optional absolute http(s) URL; blank means none", () => {
    expect(parse({ contentText: "x", contentUrl: " https://example.com/post " })).toEqual({ contentText: "x", contentUrl: "https://example.com/post", contentType: "blog" });
    expect(parse({ contentText: "x", contentUrl: "" })).toEqual({ contentText: "x", contentUrl: undefined, contentType: "blog" });
    expect(parse({ contentText: "x", contentUrl: "ftp://example.com" })).toEqual(["contentUrl must start with http:// or https://"]);
    expect(parse({ contentText: "x", contentUrl: "example.com" })).toContain("contentUrl must be an absolute URL");
  });

  test("contentType is one of blog, newsletter, thread, other", () => {
    for (const contentType of ["blog", "newsletter", "thread", "other"]) expect(parse({ contentText: "x", contentType })).toMatchObject({ contentType });
    expect(parse({ contentText: "x", contentType: "podcast" })).toEqual(["contentType must be blog, newsletter, thread or other"]);
  });
});

describe("enough text", () => {
  test("counts prose only: headings, code, markup and link addresses do not count", () => {
    expect(proseWords("# A long heading with many words in it\n\n```\nconst a = b;\n```\n\nTwo words [here](https://example.com/a/b/c).")).toBe(3);
  });

  test(`fewer than ${MIN_PROSE_WORDS} words of prose is a 400 that says how much is needed`, () => {
    expect(() => assertEnoughText("word ".repeat(MIN_PROSE_WORDS))).not.toThrow();
    try {
      assertEnoughText("Just a sentence or two. Not a week of posts.");
      throw new Error("expected a 400");
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe(
        "Paste a little more: a week of posts needs at least 80 words of prose (about five full sentences), and this text has 10.",
      );
    }
  });
});
