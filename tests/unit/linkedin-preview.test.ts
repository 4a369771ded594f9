import { describe, expect, test } from "bun:test";
import { checkPost, foldPoint, hookOf, previewParts } from "../../src/shared/linkedin-preview";

/** The feed's '…see more' cut and the ghostwriter's checks (src/shared/linkedin-preview.ts). */

const LONG_HOOK =
  "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off for their whole team before lunch.\n\nHere is what we learned about listening to customers before we build anything at all.";

describe("the fold", () => {
  test("a long one-paragraph hook is cut near 140 characters on a phone and 210 on desktop, at a word boundary", () => {
    const mobile = foldPoint(LONG_HOOK, "mobile")!;
    const desktop = foldPoint(LONG_HOOK, "desktop")!;
    // Three lines of ~48 characters on a phone; the 140-character cap on desktop.
    expect(LONG_HOOK.slice(0, mobile)).toBe(
      "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off",
    );
    expect(mobile).toBeLessThanOrEqual(144);
    // On desktop the hook shows whole; the cut falls in the second paragraph, at the character cap.
    expect(LONG_HOOK.slice(0, desktop)).toBe(
      "We spent eighteen months building a feature nobody asked for, and the day we finally shipped it our biggest customer asked us to turn it off for their whole team before lunch.\n\nHere is what we learned about",
    );
    expect(desktop).toBeLessThanOrEqual(210);
    for (const cut of [mobile, desktop]) expect(LONG_HOOK[cut]).toMatch(/\s/);
  });

  test("short lines cut by lines: after line 3 on a phone and after line 5 on desktop", () => {
    const text = ["One.", "Two.", "Three.", "Four.", "Five.", "Six.", "Seven."].join("\n");
    expect(previewParts(text, "mobile")).toEqual({ visible: "One.\nTwo.\nThree.", truncated: true });
    expect(previewParts(text, "desktop")).toEqual({ visible: "One.\nTwo.\nThree.\nFour.\nFive.", truncated: true });
  });

  test("a blank line between paragraphs takes a line of its own", () => {
    const text = "A short hook.\n\nA second paragraph.\n\nA third one.";
    expect(previewParts(text, "mobile").visible).toBe("A short hook.\n\nA second paragraph.");
    expect(previewParts(text, "desktop")).toEqual({ visible: text, truncated: false });
  });

  test("a short post is not cut", () => {
    expect(foldPoint("Ship small.\nShip often.", "mobile")).toBeNull();
    expect(foldPoint("Ship small.\nShip often.", "desktop")).toBeNull();
  });

  test("a long line after short ones is cut within the lines left", () => {
    const text = `Hook line.\n\n${"word ".repeat(40).trim()}`;
    const cut = foldPoint(text, "mobile")!;
    // Line 1 is the hook, line 2 the blank line, so one line of ~48 characters is left.
    expect(cut).toBeGreaterThan("Hook line.\n\n".length);
    expect(cut).toBeLessThanOrEqual("Hook line.\n\n".length + 48);
    expect(text.slice(0, cut).endsWith("word")).toBe(true);
  });
});

describe("the checks", () => {
  const codes = (text: string) => checkPost(text).map((warning) => warning.code);

  test("a hook longer than the fold is flagged, naming the view", () => {
    expect(codes(LONG_HOOK)).toEqual(["hook-below-fold"]);
    expect(checkPost(LONG_HOOK)[0]!.message).toContain("on phones:");
    const fits = "We shipped a feature nobody asked for.\n\nThe day it went out, our biggest customer asked us to turn it off.";
    expect(codes(fits)).toEqual([]);
    expect(hookOf(fits)).toBe("We shipped a feature nobody asked for.");
  });

  test("more than 3 hashtags is flagged; 3 is fine", () => {
    const base = "Short opening.\n\nBody text.\n\n";
    expect(codes(`${base}#one #two #three`)).toEqual([]);
    expect(codes(`${base}#one #two #three #four`)).toEqual(["hashtags"]);
    expect(checkPost(`${base}#one #two #three #four`)[0]!.message).toStartWith("4 hashtags");
    // A # inside a word or a number sign is not a hashtag.
    expect(codes(`${base}Issue C#1 and item #2x fixed. #one #two #three`)).toEqual(["hashtags"]);
    expect(codes(`${base}We use C# daily. #one #two #three`)).toEqual([]);
  });

  test("a link in the body is flagged with the first-comment advice", () => {
    expect(codes("Short opening.\n\nRead more at https://example.com/post")).toEqual(["link"]);
    expect(codes("Short opening.\n\nRead more at www.example.com")).toEqual(["link"]);
    expect(checkPost("Short opening.\n\nhttps://example.com")[0]!.message).toContain("first comment");
    expect(codes("Short opening.\n\nNo link here, just a full stop.Then more.")).toEqual([]);
  });

  test("over 3,000 characters is flagged; exactly 3,000 is fine", () => {
    const body = (length: number) => `Short opening.\n\n${"x".repeat(length - 16)}`;
    expect(body(3_000)).toHaveLength(3_000);
    expect(codes(body(3_000))).toEqual([]);
    expect(codes(body(3_001))).toEqual(["too-long"]);
    expect(checkPost(body(3_001))[0]!.message).toBe("3,001 characters: LinkedIn allows 3,000. Cut 1 before posting.");
  });
});
