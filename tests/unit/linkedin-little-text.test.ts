import { describe, expect, test } from "bun:test";
import { escapeLittleText, LITTLE_TEXT_RESERVED, LittleTextError, unescapeLittleText } from "../../src/providers/linkedin/little-text";

/** What LinkedIn would show for the text we send: the same text, whatever it holds. */
function roundTrips(text: string) {
  expect(unescapeLittleText(escapeLittleText(text))).toBe(text);
}

describe("escapeLittleText", () => {
  test("escapes every reserved character with a backslash, and each one round-trips", () => {
    expect(LITTLE_TEXT_RESERVED.join("")).toBe("\\|{}@[]()<>#*_~");
    for (const char of LITTLE_TEXT_RESERVED) {
      expect(escapeLittleText(`a ${char} b`)).toBe(`a \\${char} b`);
      roundTrips(`a ${char} b`);
      roundTrips(`${char}${char}${char}`);
    }
    expect(escapeLittleText("\\|{}@[]()<>#*_~")).toBe("\\\\\\|\\{\\}\\@\\[\\]\\(\\)\\<\\>\\#\\*\\_\\~");
  });

  test("leaves ordinary text, punctuation and whitespace alone", () => {
    const text = "Hello, world! 50% of teams ship on Fridays; do you? \"Quotes\" & 'apostrophes' - dashes / slashes.";
    expect(escapeLittleText(text)).toBe(text);
    expect(escapeLittleText("")).toBe("");
  });

  test("mixed text: an @handle is not a mention and brackets are not markup", () => {
    expect(escapeLittleText("Thanks @priya [see (notes)] <3 *really* ~soon~ a_b | c")).toBe(
      "Thanks \\@priya \\[see \\(notes\\)\\] \\<3 \\*really\\* \\~soon\\~ a\\_b \\| c",
    );
    roundTrips("Thanks @priya [see (notes)] <3 *really* ~soon~ a_b | c");
    // Text shaped like a mention stays text.
    expect(escapeLittleText("@[Acme](urn:li:organization:1)")).toBe("\\@\\[Acme\\]\\(urn:li:organization:1\\)");
  });

  test("hashtags at the start, in the middle, after punctuation become the hashtag template", () => {
    expect(escapeLittleText("#leadership matters")).toBe("{hashtag|\\#|leadership} matters");
    expect(escapeLittleText("Lessons on #writing today")).toBe("Lessons on {hashtag|\\#|writing} today");
    expect(escapeLittleText('(#remote) and "#async", #b2b.')).toBe('\\({hashtag|\\#|remote}\\) and "{hashtag|\\#|async}", {hashtag|\\#|b2b}.');
    expect(escapeLittleText("Line one\n#tag1 #tag2")).toBe("Line one\n{hashtag|\\#|tag1} {hashtag|\\#|tag2}");
    roundTrips('#leadership matters, (#remote) "#async" #b2b.\n#tag1 #tag2');
  });

  test("hashtags in other scripts and with underscores", () => {
    expect(escapeLittleText("#café #Zürich #日本 #भारत")).toBe("{hashtag|\\#|café} {hashtag|\\#|Zürich} {hashtag|\\#|日本} {hashtag|\\#|भारत}");
    // The underscore is reserved everywhere, the template's value included.
    expect(escapeLittleText("#open_source")).toBe("{hashtag|\\#|open\\_source}");
    roundTrips("#café #Zürich #日本 #भारत #open_source");
  });

  test("a # that does not start a word of letters stays a plain, escaped #", () => {
    expect(escapeLittleText("#")).toBe("\\#");
    expect(escapeLittleText("# heading")).toBe("\\# heading");
    expect(escapeLittleText("I write C# and F#.")).toBe("I write C\\# and F\\#.");
    expect(escapeLittleText("We are #1 again")).toBe("We are \\#1 again");
    expect(escapeLittleText("issue#42")).toBe("issue\\#42");
    for (const text of ["#", "# heading", "I write C# and F#.", "We are #1 again", "issue#42", "##double"]) roundTrips(text);
  });

  test("URLs keep their parentheses, underscores and anchors as text, never a hashtag", () => {
    const link = "https://en.wikipedia.org/wiki/Bun_(software)#History";
    expect(escapeLittleText(`Read ${link} now`)).toBe("Read https://en.wikipedia.org/wiki/Bun\\_\\(software\\)\\#History now");
    expect(escapeLittleText("https://example.com/#pricing")).toBe("https://example.com/\\#pricing");
    expect(escapeLittleText("see https://x.test/a_b?q=[1]~2 #tag")).toBe("see https://x.test/a\\_b?q=\\[1\\]\\~2 {hashtag|\\#|tag}");
    roundTrips(`Read ${link} now, and https://example.com/#pricing (#tag)`);
  });

  test("emojis, non-Latin text and newlines pass through", () => {
    const text = "🚀 Launch day!\n\n👉 Ship it 🇬🇧 — naïve façade\r\nзавтра\t#🚀 🚀#launch";
    expect(escapeLittleText(text)).toBe("🚀 Launch day!\n\n👉 Ship it 🇬🇧 — naïve façade\r\nзавтра\t\\#🚀 🚀{hashtag|\\#|launch}");
    roundTrips(text);
  });

  test("a long post round-trips character for character", () => {
    const text = Array.from({ length: 200 }, (_, i) => `${i} (a_${i}) #t${i} @x [y] {z} <w> *v* ~u~ | \\ `).join("\n");
    roundTrips(text);
  });
});

describe("unescapeLittleText", () => {
  test("reads templates and mentions the way LinkedIn displays them", () => {
    expect(unescapeLittleText("Hi @[Acme Corp](urn:li:organization:1234) {hashtag|\\#|AI} {hashtag|#|ML}")).toBe("Hi Acme Corp #AI #ML");
  });

  test("refuses an unescaped reserved character, so a missed escape fails a test", () => {
    expect(() => unescapeLittleText("a (b)")).toThrow(LittleTextError);
    expect(() => unescapeLittleText("C#")).toThrow('unescaped reserved character "#"');
    expect(() => unescapeLittleText("trailing \\")).toThrow(LittleTextError);
  });
});
