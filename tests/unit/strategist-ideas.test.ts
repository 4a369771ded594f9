import { describe, expect, test } from "bun:test";
import { cleanSource } from "../../src/strategist/clean";
import { extractIdeas, isGenericHeading, usable } from "../../src/strategist/local/extract-ideas";
import { articleHashtags } from "../../src/strategist/local/render";
import { detectLanguage } from "../../src/strategist/language";
import { splitSentences, traitsOf } from "../../src/strategist/local/sentences";
import { readArticle } from "../support/corpus";

/** Reading an article: sentences, what each is good for, sections, key terms. */

describe("sentences", () => {
  test("split at sentence ends, not at abbreviations, versions, names or mid-sentence marks", () => {
    expect(
      splitSentences(
        "Dr. Chen met us in the U.S. office, e.g. on Monday. React 19.0.1 and Next.js ship today! Is it ready?! Yes. (We think so.) “Quoted” starts too.",
      ),
    ).toEqual([
      "Dr. Chen met us in the U.S. office, e.g. on Monday.",
      "React 19.0.1 and Next.js ship today!",
      "Is it ready?!",
      "Yes.",
      "(We think so.)",
      "“Quoted” starts too.",
    ]);
    expect(splitSentences("It works (cond? a: b) fine. over 600!—everywhere.")).toEqual(["It works (cond? a: b) fine. over 600!—everywhere."]);
  });

  test("split right-to-left and CJK text at their own punctuation", () => {
    expect(splitSentences("لماذا نكتب؟ لأن الكتابة تبني الثقة. 🚀 Done.")).toEqual(["لماذا نكتب؟", "لأن الكتابة تبني الثقة.", "🚀 Done."]);
    expect(splitSentences("我们每周发布。客户很满意！")).toEqual(["我们每周发布。", "客户很满意！"]);
  });

  test("a run-on without punctuation is cut into readable pieces", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const pieces = splitSentences(words);
    expect(pieces.length).toBe(5);
    expect(pieces.every((piece) => piece.length <= 420)).toBe(true);
  });

  test("traits: quotable numbers, stories, claims, questions, lead-ins, meta, dangling, code", () => {
    expect(traitsOf("React was downloaded over 1 billion times in 2023, and 37% of new developers learn it.").numbers).toBeGreaterThan(5);
    expect(traitsOf("A fix was introduced in versions 19.0.1, 19.1.2, and 19.2.1.").numbers).toBeLessThan(1);
    expect(traitsOf("When we released Create React App in 2016, there was no clear way to start.").story).toBeGreaterThanOrEqual(3);
    expect(traitsOf("When it's released, React 18 will include new APIs.").story).toBeLessThan(2);
    expect(traitsOf("We believe the best structure is a neutral foundation.")).toMatchObject({ opinion: true });
    expect(traitsOf("Claims need evidence.").claim).toBe(0);
    expect(traitsOf("Do I need a framework?").question).toBe(true);
    expect(traitsOf("The docs have two sections:").leadIn).toBe(true);
    expect(traitsOf("In this post, we'll summarize the talks.").meta).toBe(true);
    expect(traitsOf("Forget About Memo by Lauren Tan").meta).toBe(true);
    expect(traitsOf("However, this isn't always possible.").dangling).toBe(true);
    expect(traitsOf("const x = useMemo(() => compute(a), [a]);").code).toBe(true);
    expect(traitsOf("(To avoid bundling two copies of React, pin it.").broken).toBe(true);
    expect(traitsOf("Install the compiler today and measure the difference.").imperative).toBe(true);
  });
});

describe("extractIdeas", () => {
  test("reads sections, their nesting, key terms and hashtags from a real article", async () => {
    const text = await readArticle("sunsetting-create-react-app.md");
    const ideas = extractIdeas(cleanSource(text));
    expect(ideas.title).toBe("Sunsetting Create React App");
    expect(detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "))).toBe("en");
    expect(ideas.keyTerms.slice(0, 2)).toEqual(["Create React App", "React"]);
    expect(articleHashtags(ideas, text)[0]).toBe("#CreateReactApp");
    const limitations = ideas.sections.find((section) => section.heading === "Limitations of Build Tools")!;
    const children = ideas.sections.filter((section) => section.parentId === limitations.id).map((section) => section.heading);
    expect(children).toEqual(expect.arrayContaining(["Routing", "Data Fetching", "Code Splitting"]));
    // Code samples never become sentences.
    expect(ideas.sentences.some((sentence) => sentence.text.includes("createBrowserRouter"))).toBe(false);
  });

  test("a repeated sentence is read once", () => {
    const paragraph = "Consistency beats intensity when you write in public. One good post a week compounds.";
    const ideas = extractIdeas(cleanSource(Array.from({ length: 10 }, () => paragraph).join("\n\n")));
    expect(ideas.sentences.map((sentence) => sentence.text)).toEqual([
      "Consistency beats intensity when you write in public.",
      "One good post a week compounds.",
    ]);
  });

  test("one giant paragraph is cut into sections to draw separate posts from", async () => {
    const article = cleanSource(await readArticle("react-canaries.md"));
    const giant = article.blocks
      .filter((block) => block.kind === "paragraph")
      .map((block) => block.text)
      .join(" ");
    const ideas = extractIdeas(cleanSource(giant));
    expect(ideas.sections.length).toBeGreaterThanOrEqual(4);
    expect(ideas.sections.every((section) => section.sentences.length <= 12)).toBe(true);
    expect(ideas.sentences.filter(usable).length).toBeGreaterThan(40);
  });

  test("non-Latin text is read in its own script, and its language is none of the framed ones, so framing lines stay out", () => {
    const ideas = extractIdeas(cleanSource("الكتابة المنتظمة تبني الثقة مع العملاء. الاستمرارية أهم من الكمال في الكتابة المنتظمة."));
    expect(detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "))).toBe("other");
    expect(ideas.sentences).toHaveLength(2);
    expect(ideas.keyTerms).toContain("المنتظمة");
  });

  test("generic headings name a place, not an idea", () => {
    for (const heading of ["And more...", "Day 1", "Thank you", "tl;dr", "What’s next?", "Q&A"]) expect(isGenericHeading(heading)).toBe(true);
    for (const heading of ["Routing", "Why we Recommend Frameworks", "Do I need a framework?"]) expect(isGenericHeading(heading)).toBe(false);
  });
});

test("a sum's items stay in its list though the article said them before (round 36: 'Total cost: £1,133.20' lost labour and travel)", () => {
  const text =
    "# Costing an event\n\nLabour: £486.\n\nTravel and running: £88.\n\nWe work about 85 event days a year, so every day has to carry its share of the van, the kitchen and the insurance.\n\nAdd it all up for 120 guests:\n\n- Food and packaging: 120 × £3.56 = £427.20\n- Labour: £486\n- Travel and running: £88\n- Fixed costs: £132\n\nTotal cost: £1,133.20.";
  const items = extractIdeas(cleanSource(text))
    .sentences.filter((sentence) => sentence.from === "item")
    .map((sentence) => sentence.text);
  expect(items).toEqual(["Food and packaging: 120 × £3.56 = £427.20", "Labour: £486", "Travel and running: £88", "Fixed costs: £132"]);
});

test("'The less good news.' labels what follows and opens no post; 'The good news is that...' is a claim (round 37's newsletter)", () => {
  const hook = (text: string) => extractIdeas(cleanSource(text)).sentences[0]!.traits.dangling;
  expect(hook("The less good news. We've lost roughly two-thirds of the leeks and most of the parsnips.")).toBe(true);
  expect(hook("Now the bad news. The kale is bruised.")).toBe(true);
  expect(hook("The good news is that we kept every customer through the winter.")).toBe(false);
});

test("a mailing list's footer is no post's line (round 39 ended a post on 'Reply \"unsubscribe\" and we'll take you off the list')", () => {
  const meta = (text: string) => extractIdeas(cleanSource(text)).sentences[0]?.traits.meta;
  expect(meta("You're receiving this because you signed up at the tap room or on our website.")).toBe(true);
  expect(meta('Reply "unsubscribe" and we\'ll take you off the list, no hard feelings.')).toBe(true);
  expect(meta("We took 40 kegs off the list of beers we brew every year.")).toBe(false);
  // Round 40: the list's thanks and a page's booking button.
  expect(meta("Thank you, as always, for being on this list.")).toBe(true);
  expect(meta("Book online through the Book Now page, or call us on 01522 000 418 between 10am and 6pm.")).toBe(true);
  expect(meta("Safe-place instructions went from 19% of parcels to 34%, mostly through the text link.")).toBe(false);
  expect(meta("I charge £10 per 15 minutes of extra work, and I say so on the booking form, so nobody is surprised.")).toBe(false);
  expect(meta("If anyone wants the spreadsheet layout I used, drop me a message.")).toBe(true);
  // Round 41 opened a post on the author announcing the background.
  expect(meta("Some background, because the crisis didn't come from nowhere.")).toBe(true);
  expect(meta("Some context first.")).toBe(true);
  expect(meta("Some context: we have nine technicians, two people in the office, and eleven trucks.")).toBe(false);
  expect(meta("Some background noise from the road made the recording hard.")).toBe(false);
  expect(meta("Happy to share the column headings I used if anyone wants to do the same with their own records.")).toBe(true);
  expect(meta("We dropped a message into every customer's account and 40% replied.")).toBe(false);
});

test("a reply that finishes the host's line leans on it ('Everyone can, except me at the time.', rounds 38 and 39); a parenthesis does not", () => {
  const dangling = (text: string) => extractIdeas(cleanSource(text)).sentences[0]!.traits.dangling;
  expect(dangling("We were, for about two years. eBay, and a couple of the interiors sites.")).toBe(true);
  expect(dangling("Everyone can, except me at the time. The housing association paid at 60 days.")).toBe(true);
  expect(dangling("We had, in effect, built a product that encouraged a behaviour and then charged for it.")).toBe(false);
  expect(dangling("We were, and we still are, a family firm of four.")).toBe(false);
});
