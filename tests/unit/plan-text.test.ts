import { describe, expect, test } from "bun:test";
import { resetsLabel } from "../../islands/plans/AllowanceMeter";
import { countWords, formatCount, MAX_POST_CHARS, plural, readTimeMinutes, whyPostLabel } from "../../islands/posts/plan-text";
import { MAX_CONTENT_CHARS } from "../../src/strategist/plan";

/** The Generate page's counts and labels (SPEC.md "Generate"). */

describe("countWords", () => {
  test("counts words in every script, whatever the spacing; a dash is not a word", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t  ")).toBe(0);
    expect(countWords("one")).toBe(1);
    expect(countWords("  Ship it.\n\nThen   measure — twice.  ")).toBe(5);
    expect(countWords("naïve café, déjà vu")).toBe(4);
    expect(countWords("毎週の発信")).toBe(5);
  });
});

describe("readTimeMinutes", () => {
  const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
  test("words / 200, rounded up", () => {
    expect(readTimeMinutes(words(1))).toBe(1);
    expect(readTimeMinutes(words(200))).toBe(1);
    expect(readTimeMinutes(words(201))).toBe(2);
    expect(readTimeMinutes(words(400))).toBe(2);
    expect(readTimeMinutes(words(401))).toBe(3);
  });
  test("never '~0 min read'", () => {
    expect(readTimeMinutes("")).toBe(1);
  });
});

describe("whyPostLabel", () => {
  test("First, Second, Third, then #4 and on", () => {
    expect(["1", "2", "3", "4", "7"].map(whyPostLabel)).toEqual([
      "Why Post This First",
      "Why Post This Second",
      "Why Post This Third",
      "Why Post This #4",
      "Why Post This #7",
    ]);
    expect(whyPostLabel(5)).toBe("Why Post This #5");
  });
});

describe("formatting", () => {
  test("thousands grouped the same way everywhere; singular and plural", () => {
    expect(formatCount(50_000)).toBe("50,000");
    expect(plural(1, "word")).toBe("1 word");
    expect(plural(0, "word")).toBe("0 words");
    expect(plural(1234, "character")).toBe("1,234 characters");
  });

  test("the browser's post limit is the plan contract's", () => {
    expect(MAX_POST_CHARS).toBe(MAX_CONTENT_CHARS);
  });
});

describe("resetsLabel", () => {
  test("the reset day in the user's timezone, not the server's", () => {
    // 03:00 UTC on 9 March is still 8 March in New York and already 9 March in Tokyo.
    expect(resetsLabel("2026-03-09T03:00:00Z", "America/New_York")).toBe("Resets Mar 8, 2026");
    expect(resetsLabel("2026-03-09T03:00:00Z", "Asia/Tokyo")).toBe("Resets Mar 9, 2026");
  });
});
