import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanSource } from "../../src/strategist/clean";
import { planWeek } from "../../src/strategist/local";
import { extractIdeas } from "../../src/strategist/local/extract-ideas";
import { asHook } from "../../src/strategist/local/hooks";
import { guideSubject, introducePeople, introduceSubject, introductions } from "../../src/strategist/local/introduce";
import { TEASES } from "../../src/strategist/local/passages";
import { RESULTS } from "../../src/strategist/local/outcomes";
import { isNotice, traitsOf } from "../../src/strategist/local/sentences";
import { recoverStructure } from "../../src/strategist/structure";
import { lintPost } from "../../src/strategist/lint";
import { detectLanguage } from "../../src/strategist/language";
import { leansOnContext } from "../../src/strategist/references";

// Round 9's read (tests/fixtures/articles/reads/round9-scores-{e,f}.md) found these classes; each test holds the verbatim case.
const article = (name: string) => readFileSync(join(import.meta.dir, "../fixtures/articles", name), "utf8");
const plan = (name: string) => planWeek({ contentText: article(name), contentType: "blog", timezone: "Europe/London" });
/** Every post of an article's week, as one text. */
const all = (name: string) =>
  plan(name)
    .posts.map((post) => post.content)
    .join("\n");
const headings = (text: string) =>
  recoverStructure(text)
    .text.split("\n")
    .filter((line) => line.startsWith("## "));

describe("sections an update or a data post marks without Markdown (issue 21: no label in the middle of a post)", () => {
  test("labelled paragraphs of an update are headings, three or more of them; a reply word is not a label", () => {
    const update = [
      "Revenue. We ended September at $86,200 in monthly recurring revenue.",
      "Customers. We added 19 fleets and lost 4.",
      "Team. Carla Mendes joined as our second engineer in August.",
      "What didn't work. We spent $11,000 on a booth.",
    ].join("\n\n");
    expect(headings(update)).toEqual(["## Revenue", "## Customers", "## Team", "## What didn't work"]);
    // Two labels are not a pattern, and "Yes. We did." answers.
    expect(headings("Revenue. We grew.\n\nTeam. We hired.\n\nThe rest of the quarter was quiet and we shipped a lot.")).toEqual([]);
    expect(headings("Yes. We did it.\n\nNo. Not again.\n\nExactly. That was it.\n\nSure. Why not.")).toEqual([]);
  });

  test("a numbered claim alone on its line is a heading with or without its full stop; the count line above ranked lessons too", () => {
    const data = [
      "Now the patterns.",
      "1. Order frequency drops long before spend does.",
      "Among the 41 cafés we confirmed had closed, order frequency started falling a median of 19 weeks before their last order.",
      "Three lessons we're taking from this.",
      "Lesson one: watch behaviour, not revenue. If we'd only tracked spend, we would have seen trouble about nine weeks before the end.",
      "What we're changing: from next month, our account managers get a weekly list of cafés whose order frequency has dropped.",
    ].join("\n\n");
    expect(headings(data)).toEqual(["## Order frequency drops long before spend does.", "## Three lessons we're taking from this", "## What we're changing"]);
    // A one-item list inside prose stays a list item when prose does not follow it.
    expect(headings("Steps:\n\n1. Open the settings.\n2. Click save.")).toEqual([]);
  });

  test("the data post's findings each open on their heading, and the lessons on the first lesson, with no line moved out of them", () => {
    const posts = plan("r9-data-cafe-reorder-patterns.txt").posts.map((post) => post.content);
    const hooks = posts.map((post) => post.split("\n")[0]);
    expect(hooks).toContain("Cafés that cut their supplier list early struggle later.");
    expect(hooks).toContain("Oat milk is a better health signal than coffee.");
    expect(hooks).toContain("Watch behaviour, not revenue.");
    // Round 9 had "We used to congratulate customers..." moved up, leaving "We've paused it." with nothing to point at.
    const lessons = posts.find((post) => post.startsWith("Watch behaviour"))!;
    // (The post's first "We" names the author's company: "At Pantry Loop, which runs wholesale ordering..., we used to".)
    expect(lessons).toMatch(
      /Lesson three: consolidation isn't always efficiency\. (?:At Pantry Loop, [^.]+, w|W)e used to congratulate customers who trimmed their supplier list/,
    );
    // The call to readers at the end never opens a post.
    expect(hooks.some((hook) => hook?.startsWith("If you run a marketplace"))).toBe(false);
  });

  test("ranked options stay in one post under the title's claim, none lost and none moved up", () => {
    const posts = plan("r9-launch-rosterly-per-location-pricing.md").posts.map((post) => post.content);
    const options = posts.find((post) => post.includes("1. Keep per-seat"))!;
    expect(options.split("\n")[0]).toBe("We're dropping per-seat pricing.");
    for (const rank of ["2. Usage-based pricing", "3. Freemium", "4. Per-location pricing"]) expect(options).toContain(rank);
    // Round 9's hook "Seasonal clinics ... would have seen bills swing by up to 3x" came out of option 2.
    expect(posts.some((post) => post.startsWith("Seasonal clinics"))).toBe(false);
    // "It now pays $79." said twice in the article is kept in both list items.
    expect(posts.join("\n")).toContain("A single clinic with 30 staff paid $180. It now pays $79.");
  });
});

describe("lines that only point ahead or talk about the newsletter (issue 21: teasers and debris)", () => {
  test("a teaser line ends no post; a real line is not one", () => {
    for (const line of [
      "Here's Q3.",
      "Here's the argument.",
      "First, some baseline numbers.",
      "Now the patterns.",
      "Three lessons we're taking from this.",
      "More on that below.",
      "Hier sind vier Dinge, die ich heute anders machen würde, und eines, das ich genau so wieder machen würde.",
      "Voici ce que j'aurais aimé savoir avant de me lancer.",
    ])
      expect(TEASES.test(line)).toBe(true);
    for (const line of ["Here's the thing nobody tells you about pricing: it compounds.", "Three customers we showed it to said no."])
      expect(TEASES.test(line)).toBe(false);
  });

  test("a newsletter's framing is furniture; the author's lines are not", () => {
    for (const line of [
      "If you're sitting at 60% booked for Q1 and feeling it in your stomach, this issue is for you.",
      "Three things this week.",
      "I read every one, usually on Sunday evenings with too much tea.",
    ])
      expect(traitsOf(line).meta).toBe(true);
    expect(traitsOf("Results since March: 14 asks, 9 introductions, 4 signed projects.").meta).toBe(false);
  });

  test("an author's bio at the end goes whole, hard-wrapped or in German", () => {
    const posts = [plan("r9-essay-stop-pushing-annual-plans.txt"), plan("r9-german-kassenfuchs-lektionen.md")].flatMap((week) =>
      week.posts.map((post) => post.content),
    );
    expect(posts.some((post) => post.includes("based in Lisbon"))).toBe(false);
    expect(posts.some((post) => post.includes("ist Mitgründerin und Geschäftsführerin"))).toBe(false);
  });

  test("a call to the article's readers never opens a post", () => {
    expect(asHook("If you run a marketplace, I'd love to know if you see the same frequency-before-spend pattern.")).toBeUndefined();
    expect(asHook("As always, my inbox is open.")).toBeUndefined();
    expect(asHook("Cafés that cut their supplier list early struggle later.")).toBe("Cafés that cut their supplier list early struggle later.");
  });
});

describe("companies introduced where a post names them (issue 21: every thing named where it first appears)", () => {
  test("a definition after a label, with 'does', or in the first person introduces the company", () => {
    const prose = [
      "Every quarter I post a short update on how Halyard is really doing.",
      "For anyone new here: Halyard does maintenance scheduling for small commercial fishing and charter fleets.",
      "At Pantry Loop we run wholesale ordering for independent coffee shops: beans, milk alternatives, cups.",
      "Cafés spend £3,180 a month through Pantry Loop.",
    ].join(" ");
    const found = introductions(prose);
    expect(introducePeople("Every quarter I post a short update on how Halyard is really doing.", found)).toBe(
      "Every quarter I post a short update on how Halyard, which does maintenance scheduling for small commercial fishing and charter fleets, is really doing.",
    );
    expect(introducePeople("Cafés spend £3,180 a month through Pantry Loop.", found)).toBe(
      "Cafés spend £3,180 a month through Pantry Loop, which runs wholesale ordering for independent coffee shops.",
    );
    // A post that already says it in the article's words, and a name used as an adjective, stay as they are.
    const defined = "At Pantry Loop we run wholesale ordering for independent coffee shops. Cafés order through Pantry Loop.";
    expect(introducePeople(defined, found)).toBe(defined);
    expect(introducePeople("It was measured by total Pantry Loop spend two months later.", found)).toBe(
      "It was measured by total Pantry Loop spend two months later.",
    );
  });

  test("a repeated short line that completes a new one is kept; a repeated paragraph is read once", () => {
    const ideas = extractIdeas(
      cleanSource("- A single clinic with 12 staff paid $72 a month. It now pays $79.\n- A single clinic with 30 staff paid $180. It now pays $79."),
    );
    expect(ideas.sentences.filter((sentence) => sentence.text === "It now pays $79.")).toHaveLength(2);
  });
});

describe("lines that stay where they are (issue 21: a moved line must read whole at the top)", () => {
  test("an email template in a blockquote is a quotation, announced by its lead-in and never a hook", () => {
    const html =
      "<p>Here's the template we give clients:</p><blockquote><p>Hi Sam, I lead product marketing at Brightfold. I'm not in sales and won't try to change your mind.</p></blockquote><p>Then wait.</p>";
    expect(cleanSource(html).blocks.map((block) => block.kind)).toEqual(["paragraph", "quote", "paragraph"]);
    const posts = plan("r9-guide-win-loss-interviews-30-days.html").posts.map((post) => post.content);
    expect(posts.some((post) => post.startsWith("I'm not in sales"))).toBe(false);
    const template = posts.find((post) => post.includes("Hi Sam, I lead product marketing at Brightfold."))!;
    expect(template).toContain("Here's the template we give clients:");
  });

  test("a line that names what the passage set up before it is not moved up; the line that sets it up opens", () => {
    const hooks = plan("r9-short-q3-update-halyard.txt").posts.map((post) => post.hook);
    // Round 9: 'We've now put a simple "share with a colleague" link at the bottom, and it's already driven 140 sign-ups to the report.'
    expect(hooks.some((hook) => hook.startsWith("We've now put a simple"))).toBe(false);
    expect(hooks).toContain("Our best channel this quarter was fleet managers forwarding our monthly maintenance-cost report to each other.");
  });

  test("a figure that states the moved line's result comes up with it (round 22: 'The median was €62,000.' left after the burn)", () => {
    const first = plan("r22-podcast-notes.txt").posts.find((post) => post.content.includes("The median was €62,000."))!;
    expect(first.content).toContain("costs our customers. The median was €62,000.");
    expect(first.content).not.toContain("a month. The median was €62,000.");
  });

  test("'We cut all nine' counts things named before it: no post opens on it (round 22: 'All nine what, and why?')", () => {
    expect(traitsOf("We cut all nine, including the almond croissant, on 10 February.").dangling).toBe(true);
    expect(traitsOf("467 of the 1,140 churned accounts (41%) never imported their client list at all.").dangling).toBe(false);
    expect(traitsOf("Total savings across the seven: $38,400 a year.").dangling).toBe(false);
    expect(traitsOf("All nine bakers stayed with us.").dangling).toBe(false);
    const posts = plan("r22-newsletter-plain.txt").posts.map((post) => post.content);
    expect(posts.some((post) => /^(?:At Crumb & Co\., )?[Ww]e cut all nine/.test(post))).toBe(false);
    // The cut and what it did are told with the numbers that led to it.
    expect(posts.some((post) => post.includes("we were making 11p on each one") && post.includes("down just 2%"))).toBe(true);
  });

  test("a newsletter's other news ('ALSO THIS MONTH: DIDSBURY IS (NEARLY) OPEN') and its 'That's all from me.' make no post while the story has parts", () => {
    const posts = plan("r22-newsletter-plain.txt").posts.map((post) => post.content);
    expect(posts.length).toBe(5);
    expect(posts.some((post) => post.includes("Our sixth shop, on School Lane in Didsbury"))).toBe(false);
    expect(posts.some((post) => post.includes("That's all from me."))).toBe(false);
    expect(traitsOf("That's all from me.").meta).toBe(true);
  });

  test("a heading that opens a post is written as a sentence; a teaser of six words still ends none", () => {
    const hooks = plan("r9-guide-win-loss-interviews-30-days.html").posts.map((post) => post.hook);
    expect(hooks).toContain("Write a two-page report, not a deck.");
    expect(TEASES.test("Here's the exact 30-day plan we use.")).toBe(true);
  });
});

describe("a story's first post and its company (issue 21: post 1 carries the moment, not the framing)", () => {
  test("post 1 ends on its moment, not on why the author is writing", () => {
    const first = plan("r9-story-losing-brightsmile.md").posts[0]!.content;
    expect(first).toContain("I did the division twice because I didn't believe it the first time: 38%.");
    // Round 9: "...I think the way we got there is more useful... Most of what saved us was boring."
    expect(first).not.toContain("I'm writing this because");
    expect(first).not.toContain("Most of what saved us was boring.");
  });

  test("a product defined by what it does is introduced once; an apposition already there and a hook near its limit are left alone", () => {
    const found = introductions("Ledgerline reconciles insurance payments against invoices for dental practices. We built Ledgerline in 2020.");
    expect(introducePeople("They would not be renewing with Ledgerline.", found)).toBe(
      "They would not be renewing with Ledgerline, which reconciles insurance payments against invoices for dental practices.",
    );
    expect(introducePeople("We built Ledgerline, a tool for dental offices, in 2020.", found)).toBe("We built Ledgerline, a tool for dental offices, in 2020.");
    // Every hook of the held-out launch fits LinkedIn's preview once its people and products are introduced.
    for (const post of plan("r6-launch-announcement.md").posts) expect(post.hook.length).toBeLessThanOrEqual(210);
  });
});

describe("a podcast whose transcript follows its show notes (issue 21: no wrong refusals)", () => {
  test("'TRANSCRIPT (edited lightly)' and speakers named once in capitals end the show notes", () => {
    const answer =
      "We had forty thousand pounds of stock in a unit and no cash to pay the rent on it, so I rang every customer we had and asked what they would pay to never own a fryer again.";
    const paste = [
      "TIMESTAMPS",
      "00:00 Intro",
      "03:05 From head chef to buying broken fryers",
      "",
      "TRANSCRIPT (edited lightly for clarity)",
      "",
      "ELENA: How did the rental idea start?",
      "",
      `TOMASZ: ${answer}`,
    ].join("\n");
    const text = cleanSource(paste)
      .blocks.map((block) => block.text)
      .join("\n");
    expect(text).toContain(answer);
    expect(text).not.toContain("From head chef to buying broken fryers");
  });
});

describe("a quotation is never cut in two (issue 21: cut sentences)", () => {
  test("a quote of two sentences stays one line; an unclosed quote does not swallow the paragraph", async () => {
    const { splitSentences } = await import("../../src/strategist/local/sentences");
    expect(
      splitSentences(
        'Marcus wrote in: "Every consultant on LinkedIn seems to be debating this. Should I put my day rate on my website?" My answer: it depends.',
      ),
    ).toEqual(['Marcus wrote in: "Every consultant on LinkedIn seems to be debating this. Should I put my day rate on my website?"', "My answer: it depends."]);
    expect(splitSentences("She said: “We do it. Tomorrow.” Then she left.")).toEqual(["She said: “We do it. Tomorrow.”", "Then she left."]);
    expect(splitSentences('The board was 6" wide. It fit. We shipped it.')).toEqual(['The board was 6" wide.', "It fit.", "We shipped it."]);
  });
});

test("a newsletter's reading list makes no post (its links went with the paste)", () => {
  const posts = plan("r9-newsletter-quiet-pipeline-issue-83.txt").posts.map((post) => post.content);
  expect(posts.some((post) => post.includes("Hannah Cole's essay"))).toBe(false);
});

describe("round 10's furniture (issue 21: debris made every 1 in that read)", () => {
  const blocks = (paste: string) => cleanSource(paste).blocks.map((block) => `${block.kind}: ${block.text}`);

  test("an email's header under its title or in bold, 'View in browser' and an issue's contents go; the paragraph after the contents stays whole", () => {
    const launch = blocks(
      "# We're changing how Quillmap is priced\n\n**From:** Priya Raman, CEO, Quillmap\n**To:** All Quillmap customers\n**Effective:** 1 September 2024\n\nStarting this autumn, Quillmap will stop charging per seat.",
    );
    expect(launch).toEqual(["heading: We're changing how Quillmap is priced", "paragraph: Starting this autumn, Quillmap will stop charging per seat."]);
    const memo = blocks(
      [
        "View in browser: https://bellrevenue.co/memo/87",
        "",
        "IN THIS ISSUE",
        "  1. Your discount is a confession",
        "  2. The 3-question deal review",
        "",
        "The client (a 40-person B2B software company) asked me to look at why their",
        "average deal size had fallen from £31,000 to £24,000 in eighteen months.",
      ].join("\n"),
    );
    expect(memo).toEqual([
      "paragraph: The client (a 40-person B2B software company) asked me to look at why their average deal size had fallen from £31,000 to £24,000 in eighteen months.",
    ]);
  });

  test("a slash breadcrumb, a callout's title and a closing line over a name are not prose", () => {
    const docs = blocks("Docs / Sending webhooks / Retries and backoff\n\nWhen a delivery fails, Hookline retries it automatically over the next three days.");
    expect(docs).toEqual(["paragraph: When a delivery fails, Hookline retries it automatically over the next three days."]);
    expect(blocks("💡 Interview wins too\n\nIt's tempting to only call the losses. Don't. Wins tell you what to protect.")[0]).toBe(
      "heading: Interview wins too",
    );
    const update = blocks(
      "Numbers.\nARR reached $2.34M at 30 June, up 23% on the quarter.\n\nTeam.\nWe're 24 people now, after two engineering hires.\n\nAsks.\nIntroductions to finance leaders at freight forwarders with 50-300 staff.\n\nThanks for your support,\nOskar",
    );
    expect(update).toEqual([
      "heading: Numbers",
      "paragraph: ARR reached $2.34M at 30 June, up 23% on the quarter.",
      "heading: Team",
      "paragraph: We're 24 people now, after two engineering hires.",
      "heading: Asks",
      "paragraph: Introductions to finance leaders at freight forwarders with 50-300 staff.",
    ]);
  });

  test("a table's empty corner keeps its columns named; an email template with placeholders goes", () => {
    const table = blocks("| | Today | From September |\n|---|---|---|\n| Starter | $29/seat, min. 3 seats | $99/month, up to 20 research hours |");
    // (Its two columns are a price before and after the change: one line, "before → after".)
    expect(table).toEqual(["item: Starter: $29/seat, min. 3 seats → $99/month, up to 20 research hours"]);
    const guide = blocks(
      "<p>Here's the template we use:</p><blockquote><p><strong>Subject:</strong> 15 minutes on your decision?</p><p>Hi {{first_name}},</p><p>It's 15 minutes, it's not a sales call.</p></blockquote><p>Send it within two weeks.</p>",
    );
    expect(guide.some((block) => block.includes("Subject"))).toBe(false);
    expect(guide.some((block) => block.includes("not a sales call"))).toBe(false);
  });

  test("a series about itself and a newsletter asking for mail are furniture; 'in one click' is a claim", () => {
    for (const line of [
      "Founder Notes is our monthly interview series with people building unglamorous, profitable companies.",
      "This month's edition runs about 12 minutes.",
      "Founder Notes is published by The Long Field.",
      "Know someone we should interview?",
      "(Got a question?",
      "Pricing FAQ · Manage email preferences",
    ])
      expect(traitsOf(line).meta).toBe(true);
    expect(traitsOf("Release automatic dispute emails so customers can challenge carrier overcharges in one click.").meta).toBe(false);
    expect(asHook("Three goals: convert two pilots, reach $2.7M ARR, and release automatic dispute emails.")).toBe(
      "Three goals: convert two pilots, reach $2.7M ARR, and release automatic dispute emails.",
    );
  });
});

test("a company introducing itself, a setting's name in code and the author stepping out of the story open no post", () => {
  expect(asHook("Para quien no nos conozca: Tallerina hace software de reservas para talleres mecánicos.")).toBeUndefined();
  expect(asHook("For anyone new here: Halyard does maintenance scheduling for small fishing fleets.")).toBeUndefined();
  expect(asHook("Set max_attempts to 1 if your receiver cannot handle duplicates at all.")).toBeUndefined();
  expect(traitsOf("Here's the outcome, because I know that's what you want.").meta).toBe(true);
  expect(traitsOf("Here's the thing: most discounts are given before anyone asks.").meta).toBe(false);
});

describe("round 11's furniture (issue 21)", () => {
  const blocks = (paste: string) => cleanSource(paste).blocks.map((block) => `${block.kind}: ${block.text}`);

  test("a byline or masthead in italics under the title goes; an interview's subtitle, which says who speaks, stays", () => {
    for (const byline of [
      "*Groomly blog · Lena Park, Head of Customer Success · May 2025*",
      "*A monthly letter about running the unglamorous parts of a small company. By Hannah Kowalczyk, COO of Northbank Coffee Roasters.*",
      "*Jana Reinholz, Mitgründerin & Geschäftsführerin, Schichtwerk GmbH (Leipzig)*",
    ])
      expect(blocks(`# A title for the piece\n\n${byline}\n\nThrough mid-2024 our monthly logo churn was stuck at around 5.6% a month.`)).toEqual([
        "heading: A title for the piece",
        "paragraph: Through mid-2024 our monthly logo churn was stuck at around 5.6% a month.",
      ]);
    expect(blocks("# Potters want their evenings back\n\n*An interview with Hamza Aziz, founder of Kilnworks*\n\nKilnworks makes booking software.")).toContain(
      "paragraph: An interview with Hamza Aziz, founder of Kilnworks",
    );
  });

  test("an email's preview line, the page closing and a transcript's thanks are not material", () => {
    expect(
      blocks(
        "From: Jonah at Fieldnote <jonah@fieldnote.app>\nSubject: Your inspection reports now write themselves\nPreview: Walk the unit, talk as you go.\n\nToday we're launching Walk & Talk Reports.",
      ),
    ).toEqual(["heading: Your inspection reports now write themselves", "paragraph: Today we're launching Walk & Talk Reports."]);
    for (const line of ["That's it for October.", "Originally published on the Brightwater Studio blog by Tomás Lindqvist, founder.", "Q: Thanks, Amara."])
      expect(traitsOf(line).meta).toBe(true);
  });

  test("an update of bullets and figures is refused with a 400 that says how much of it is paragraphs", () => {
    // Round 11's reader judged this refusal right: two or three postable ideas, the rest confidential figures.
    expect(() => plan("r11-update-march-investors.md")).toThrow(/of those words in paragraphs, the rest in lists, labels and figures/);
  });
});

// Round 11's reads (round11-scores-{j,k}.md): the best action list never posted, a line moved up leaving "Two of them"
// behind, a guide's "the interview" never said to be a win/loss interview, a mistake's label as a hook.
describe("round 11's readings of lists, moved lines and guides (issue 21)", () => {
  test("a section that is only a list opens on its first item, with the other items as a list under it", () => {
    const posts = plan("r11-story-first-sales-hire.md").posts.map((post) => post.content);
    const rules = posts.find((post) => post.startsWith("I write the playbook before I hire someone to run it."));
    expect(rules).toBeDefined();
    expect(rules).toContain("If I can't describe how we win in a document a smart stranger could follow");
    // Items 2 to 5 follow as a list without their numbers, which would count from 2 under a hook that was 1.
    expect(rules).toContain("→ I hire for stage, not for logo.");
    expect(rules).toContain("→ I count my own selling as part of the cost.");
  });

  test("a line moved up brings the line that counts back to it ('Two of them churned')", () => {
    const posts = plan("r11-story-first-sales-hire.md").posts.map((post) => post.content);
    // The section now follows the introduction in post 1 as written; wherever the line is, its count comes just before it.
    const deals = posts.find((post) => post.includes("Over seven months, Greg's team closed four deals worth $6,800 in MRR."));
    expect(deals).toBeDefined();
    expect(deals).toContain("Over seven months, Greg's team closed four deals worth $6,800 in MRR. Two of them churned within five months");
    for (const post of posts) if (post.includes("Two of them churned")) expect(post).toContain("closed four deals worth $6,800 in MRR. Two of them");
  });

  test("a short link into the moved line goes with it ('So I kept doing it.')", () => {
    const corpus = readFileSync(join(import.meta.dir, "../fixtures/corpus/founders/05-newsletter-issue-47.md"), "utf8");
    const posts = planWeek({ contentText: corpus, contentType: "blog", timezone: "Europe/London" }).posts.map((post) => post.content);
    const moved = posts.find((post) => post.startsWith("Since February I've sent 11 one-page proposals and won 7."));
    expect(moved).toBeDefined();
    expect(moved).not.toContain("So I kept doing it.");
    expect(moved).toContain("In the twelve months before that, I sent 19 PDFs and won 8.");
  });

  test("a how-to's subject comes from its title and names 'the interview' once in a post that never says what kind", () => {
    expect(guideSubject("How to Run a 20-Minute Win/Loss Interview (That Actually Changes Something)")).toEqual({
      phrase: "win/loss interview",
      head: "interview",
    });
    expect(guideSubject("A practical guide to customer discovery calls")?.phrase).toBe("discovery call");
    // No kind to name: a title that is not a how-to, or whose noun is only praised ("Better Proposals").
    expect(guideSubject("How we hired our first engineer")).toBeUndefined();
    expect(guideSubject("How to Write Better Proposals")).toBeUndefined();
    const subject = guideSubject("How to Run a 20-Minute Win/Loss Interview");
    expect(introduceSubject("Run the interview from a script. Then the interview ends.", subject)).toBe(
      "Run the win/loss interview from a script. Then the interview ends.",
    );
    expect(introduceSubject("Our win/loss interviews changed. The interview is short.", subject)).toBe(
      "Our win/loss interviews changed. The interview is short.",
    );
    const hooks = plan("r11-guide-win-loss-interviews.md").posts.map((post) => post.content.split("\n")[0]);
    expect(hooks).toContain("Run the win/loss interview from a script.");
  });

  test("a mistake's label ('Treating it as a save attempt.') opens no post, and the series' note about its next part goes", () => {
    const posts = plan("r11-guide-win-loss-interviews.md").posts.map((post) => post.content);
    expect(posts.some((post) => post.startsWith("Treating it as a save attempt."))).toBe(false);
    expect(posts.some((post) => post.includes("Treating it as a save attempt."))).toBe(true);
    expect(posts.some((post) => post.includes("Next in the series"))).toBe(false);
  });

  test("prose that imports clients from a file is not code; an import statement is", () => {
    const prose =
      "The painful part: 55 of those 308 accounts (18%) came back within six months, and every one of them had to rebuild their booking page, re-import their clients and start their reviews from zero.";
    const post = (line: string) =>
      `308 of the 1,140 cancellations (27%) happened in January or February.\n\n${line}\n\nThey didn't want to leave. We just gave them no way to stay that made sense for a dead month.`;
    expect(lintPost(post(prose)).filter((finding) => finding.detector === "debris")).toEqual([]);
    expect(lintPost(post("import { useState } from 'react';")).map((finding) => finding.detector)).toContain("debris");
  });
});

describe("a piece short enough for one post (issue 21: the whole story first, then its parts)", () => {
  test("post 1 is the whole announcement, in its order; the other posts return to its parts and none opens like post 1", () => {
    const week = plan("r8-short-announcement.txt");
    const first = week.posts[0]!.content;
    expect(first).toStartWith("Today Fieldnote has 20 people on the team.");
    expect(first).toContain("Our twentieth teammate is Olusegun Adebayo");
    expect(first).toContain("And if you see Olu on a call soon, say hello.");
    expect(first.indexOf("Our twentieth teammate")).toBeLessThan(first.indexOf("Thank you to our customers"));
    expect(week.posts.length).toBe(5);
    expect(week.posts.slice(1).some((post) => post.content.startsWith("Today Fieldnote has 20 people"))).toBe(false);
    expect(week.strategyOverview).toContain("posts the whole piece, short enough for one LinkedIn post");
  });

  test("round 21's 437-word story is post 1 whole, its quoted question kept as the story's own line, and explained as the whole piece", () => {
    const week = plan("r21-short-packing-order.txt");
    const first = week.posts[0]!.content;
    expect(first).toStartWith("Last Tuesday, Sani, who runs our warehouse, asked me a question I couldn't answer.");
    expect(first).toContain('"Why do we pack orders in the order they come in?"');
    expect(first).toContain("But on Wednesday the team packed 131 orders before 4pm");
    expect(first).toContain("The people doing the work can see things you can't.");
    expect(first.length).toBeLessThanOrEqual(3000);
    expect(week.posts[0]!.strategyExplanation).toContain("The whole piece in one post");
    expect(week.posts[0]!.strategyExplanation).not.toContain("Part 1 of");
    expect(week.posts[1]!.strategyExplanation).toContain("goes back to one part of");
  });

  test("round 22's 396-word lesson is post 1 whole: a line ending on the question someone asked is no heading", () => {
    const first = plan("r22-short-lesson.txt").posts[0]!.content;
    expect(first).toStartWith("Last Tuesday, our newest hire asked a question that saved us about six hours a week.");
    expect(first).toContain('Ana watched for about twenty minutes, then asked, quietly, "Who reads page nine?"');
    expect(first).toContain("Ana's list currently has eleven items on it. We've fixed three.");
  });

  test("a longer article or one with headings is never posted whole", () => {
    for (const name of ["r11-newsletter-coffee-operator.md", "r11-story-first-sales-hire.md", "r9-data-cafe-reorder-patterns.txt"]) {
      expect(plan(name).strategyOverview).not.toContain("the whole piece");
    }
  });
});

describe("the week's headline section whole (issue 21: only whole sections posted whole reach 4)", () => {
  test("a newsletter's lead section, cut in two to fill the week, is post 1 whole; the part that opened like it leaves", () => {
    const week = plan("r10-newsletter-pipeline-memo-87.txt");
    const first = week.posts[0]!.content;
    expect(first).toStartWith("Your discount is a confession.");
    expect(first).toContain("So we pulled every closed-won deal from the last two years: 214 of them.");
    expect(first).toContain("On their pipeline that's roughly £380,000 a year");
    expect(week.posts.filter((post) => post.content.startsWith("Your discount is a confession.")).length).toBe(1);
    expect(week.posts.length).toBe(5);
  });

  test("an announcement's introduction opens post 1, with the section it leads to told in its own order (round 21's launch)", () => {
    const week = plan("r21-launch-rotawise-pricing.md");
    const first = week.posts[0]!.content;
    expect(first).toStartWith("Today we're changing how Rotawise is priced, and we're launching Shift Swap");
    expect(first).toContain("From 1 April, Rotawise costs £3.50 per active team member per month.");
    expect(first).toContain("The maximum is £149 per location");
    // The side remark from the section's end stays at its end.
    expect(first.indexOf("Shift Swap is included on every plan at no extra cost.")).toBeGreaterThan(first.indexOf("Every swap is logged"));
    expect(week.posts.filter((post) => post.content.startsWith("Today we're changing how Rotawise")).length).toBe(1);
  });

  test("a section that opens on a question is no headline: the week keeps its strongest line first", () => {
    const first = plan("r11-linkedin-stopped-sending-proposals.txt").posts[0]!.content;
    expect(first).not.toStartWith("The surprising part?");
  });

  test("a Slack channel the article names is the author's word, not a junk hashtag", () => {
    const sourceText = "Each person posts one emoji in a Slack channel called #next-week before 3 p.m.";
    const post =
      "Every Friday at 3 p.m., each person on the team posts one emoji in a Slack channel called #next-week. That's the whole system, and it has caught nine overloaded weeks before they turned into missed deadlines.";
    expect(lintPost(post, { sourceText }).filter((finding) => finding.detector === "hashtags")).toEqual([]);
    expect(lintPost(post).map((finding) => finding.detector)).toContain("hashtags");
    // An issue number in a newsletter's title ("#14") is not a channel.
    expect(lintPost(`${post} #14`, { sourceText: "Founders in the Back Room, #14: Amara Nwosu" }).map((finding) => finding.detector)).toContain("hashtags");
  });
});

// Round 12's reads (round12-scores-{l,m}.md): each test holds a verbatim case the readers scored 1 or 2.
describe("round 12's furniture, titles and transcripts (issue 21)", () => {
  test("a short story of 362 words plans, post 1 whole (it was refused)", () => {
    const week = plan("r12-short-lesson.txt");
    expect(week.posts[0]!.content).toStartWith("For three years, I ran every sales demo at Fernway myself.");
    expect(week.posts[0]!.content).toContain("It went from 22% to 26%.");
    expect(week.posts[0]!.content).toContain("I still watch one demo recording a week. That's plenty.");
  });

  test("a plain paste's first line above a byline is its title, never a stray line in a post", () => {
    for (const [name, title] of [
      ["r12-essay-hard-wrapped.txt", "Why we stopped doing OKRs"],
      ["r12-pricing-annual-plans.txt", "Why Clinicbook is moving to annual plans only"],
    ] as const) {
      expect(extractIdeas(cleanSource(article(name))).title).toBe(title);
      for (const post of plan(name).posts) expect(post.content.split("\n")).not.toContain(title);
    }
  });

  test("a newsletter's housekeeping and an email's sign-off, call to sign up and postal footer are not material", () => {
    for (const line of [
      "Quick housekeeping before we start: welcome to the 340 or so of you who joined after last month's issue on scoping retainers got passed around a few Slack communities.",
      "Once a month I write about the operational side of agency life: the parts nobody puts in their case studies.",
      'This month: the project that taught me to stop saying "just one more round," a tactic for capacity planning, and a reader question.',
      "Thanks for building with us,",
      "Save your seat.",
      "Join our 20-minute live walkthrough on Thursday at 11 a.m. ET with our product lead, Simon Achterberg.",
      "Clausewell, Inc. · 401 Alder Street, Suite 300 · Portland, OR 97204",
      "Listen on: Apple Podcasts | Spotify | YouTube | RSS",
      "This transcript was generated automatically and lightly edited.",
      "Kwame, thank you so much.",
      "Related episodes Episode 81: The Cold Chain Nobody Talks About",
      "Posted May 2 by Owen Strand, founder",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    // A thanks that says who and why is the author's material.
    expect(traitsOf("Thank you to Priya, Tom and Ade, who joined when we couldn't promise much more than a laptop and a lot of hard problems.").meta).toBe(
      false,
    );
    const posts = plan("r12-newsletter-agency-ops.md").posts.map((post) => post.content);
    expect(posts.some((post) => post.includes("Quick housekeeping"))).toBe(false);
    // The tactic (a Slack channel called #next-week) is posted: its channel is no junk hashtag.
    expect(posts.some((post) => post.includes("Every Friday at 3 p.m., each person on the team posts one emoji"))).toBe(true);
  });

  test("a podcast: the host's follow-ups are no line of a post, a counted run keeps its items", () => {
    const posts = plan("r12-podcast-notes-logistics.txt").posts.map((post) => post.content);
    // "Because a truck holds, what, 26 pallets?" is the host thinking aloud; the guest's answer under it is the post.
    expect(posts.some((post) => post.includes("Because a truck holds, what, 26 pallets?"))).toBe(false);
    // ...and no post opens on the host's words to the guest ("You were a freight broker for, what, six years?"): round
    // 26's readers scored such hooks 1 and 2. The week has six posts that open on the guest's own lines.
    for (const post of posts) expect(post.split("\n")[0]).not.toMatch(/^You were a freight broker|\?$/u);
    expect(posts.length).toBeGreaterThanOrEqual(5);
    // "Three things." is never left with two.
    for (const post of posts) if (post.includes("Three things.")) expect(post).toContain("We got a proper cargo policy written for pooled loads");
    expect(posts.some((post) => post.startsWith("We got a proper cargo policy"))).toBe(false);
    expect(posts.join("\n")).not.toContain("Kwame, thank you so much.");
  });
});

describe("round 12's pricing notice (issue 21)", () => {
  test("a heading that asks without its question mark opens its post as the question its first line answers", () => {
    const posts = plan("r12-pricing-annual-plans.txt").posts.map((post) => post.content);
    // "Nothing, for at least 12 months." had opened a post with nothing it answered.
    expect(posts.some((post) => post.startsWith("Nothing, for at least 12 months."))).toBe(false);
    const answer = posts.find((post) => post.includes("Nothing, for at least 12 months."));
    expect(answer).toStartWith("What changes for existing monthly customers?");
  });

  test("a pointer further down the article is furniture; 'IT' ending a heading is the pronoun", async () => {
    expect(traitsOf("I know this is a big change, and I'll explain exactly what happens next further down.").meta).toBe(true);
    expect(traitsOf("We came back to the question later in the year, with better data.").meta).toBe(false);
    const { sentenceCase } = await import("../../src/strategist/local/passages");
    expect(sentenceCase("WHY WE BUILT IT")).toBe("Why we built it");
    expect(sentenceCase("HOW OUR IT TEAM WORKS")).toBe("How our IT team works");
  });

  test("the short introduction (the announcement) opens the headline post, whose section gives its reasons", () => {
    const week = plan("r12-pricing-annual-plans.txt");
    const first = week.posts[0]!.content;
    // Read alone, the announcement was "a teaser with no reasons" and the reasons never said Clinicbook was going annual-only.
    expect(first).toStartWith("Starting July 1, every new Clinicbook subscription will be billed annually.");
    expect(first).toContain("Our monthly customers cancel at 3.4% per month.");
    expect(first).toContain("\n\nThe monthly plan has been quietly hurting both us and our customers.");
    expect(first).not.toContain("The honest answer is");
    expect(week.posts.slice(1).some((post) => post.content.includes("Starting July 1"))).toBe(false);
    expect(week.posts[0]!.strategyExplanation).toContain("carries the section after it, “Why we are doing this”, in the same post");
  });

  test("'The honest answer is that...' opens as its claim", () => {
    expect(asHook("The honest answer is that the monthly plan has been quietly hurting both us and our customers.")).toBe(
      "The monthly plan has been quietly hurting both us and our customers.",
    );
  });
});

describe("run-in labels inside a post (issue 21: debris)", () => {
  const paragraph = (...texts: string[]) => ({
    list: false,
    ordered: false,
    sentences: texts.map((text, id) => ({ ...extractIdeas(cleanSource(text)).sentences[0]!, id, text, words: text.split(/\s+/).length })),
  });

  test("two or more labels before their sentences read 'Churn: ...'; a clause, a reply word or a date is never a label", async () => {
    const { renderPost } = await import("../../src/strategist/local/render");
    const post = (body: ReturnType<typeof paragraph>[]) =>
      renderPost(
        {
          id: 0,
          sectionId: 0,
          topic: undefined,
          firstInSection: true,
          paragraphs: body,
          words: 60,
          hook: "The monthly plan hurts us.",
          hookFrom: "sentence",
          body,
          role: "insight",
          strength: 1,
          strengthReason: "",
        },
        { language: "en", hashtags: [] },
      );
    const labelled = post([
      paragraph("Churn.", "Our monthly customers cancel at 3.4% per month."),
      paragraph("Support load.", "Monthly customers generate roughly 2.3 times as many support tickets."),
      paragraph("Raising the monthly price.", "We modeled a move from 590 to 690 NOK per month."),
    ]);
    expect(labelled).toContain("\n\nChurn: Our monthly customers cancel at 3.4% per month.");
    expect(labelled).toContain("\n\nSupport load: Monthly customers generate");
    expect(labelled).toContain("\n\nRaising the monthly price: We modeled");
    // One label alone stays as written; clauses, replies and dates are sentences.
    expect(post([paragraph("Churn.", "Our monthly customers cancel at 3.4% per month.")])).toContain("Churn. Our monthly customers");
    const clauses = post([
      paragraph("The rest are long.", "Of the deliveries still failing after one hour, the median recovery was 19 hours."),
      paragraph("Seven said yes right away.", "Three more came from their referrals."),
      paragraph("Yes.", "We did it again the following quarter."),
      paragraph("Same work.", "Different volume."),
    ]);
    expect(clauses).not.toMatch(/^(?:The rest are long|Seven said yes right away|Yes|Same work):/m);
    // A guest's short answers are not labels ("Forty minutes.", "Slowly."), nor a label under a question.
    const answers = post([
      paragraph("Forty minutes.", "And the thing that stuck with me was that nobody was surprised."),
      paragraph("Slowly.", "My co-founder is my sister-in-law's brother, a software engineer in logistics."),
    ]);
    expect(answers).not.toMatch(/^(?:Forty minutes|Slowly):/m);
    for (const line of [
      "Amara and Dan talk about the missing tray that started the company.",
      "I've listened to a lot of these, so it's strange to be on the other side.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    expect(traitsOf("Sales and marketing talk about pipeline in different words.").meta).toBe(false);
  });
});

describe("round 13's hard-wrapped guide (issue 21: text that breaks silently)", () => {
  test("a wrapped line of prose that starts 'the other, a product manager...' is no signature: the sentence stays whole", () => {
    const text = [
      "Our two bad sessions both came from me getting this wrong. In one I",
      "spent 25 minutes demoing a prototype because I was excited about it. In",
      "the other, a product manager defended a design choice for most of the",
      "discussion. Both times the members were gracious and both times we",
      "learned nothing.",
    ].join("\n");
    expect(recoverStructure(text).text).toContain("the other, a product manager defended a design choice for most of the");
    // A real signature still goes.
    expect(recoverStructure(`${text}\n\nCamille Roussel, cofondatrice et CEO de Tuilerie`).text).not.toContain("Camille Roussel");
  });

  test("a numbered step above the lead-in to its list is a heading, like the steps around it", () => {
    const text = [
      "3. Invite people personally",
      "",
      "Not a marketing email, not a form. A short note from the founder, with a clear reason you picked them.",
      "",
      "4. Keep the format boring and predictable",
      "",
      "Ours is the same every time:",
      "",
      "- 5 minutes: what we did since last time",
      "- 45 minutes: discussion",
    ].join("\n");
    expect(headings(text)).toEqual(["## Invite people personally", "## Keep the format boring and predictable"]);
  });
});

describe("round 13's short story (issue 21: a short piece is post 1 whole)", () => {
  test("'It took me 14 months to...' points at nothing before it: it opens a post, and the lint agrees", () => {
    expect(traitsOf("It took me 14 months to let go of our biggest customer.").dangling).toBe(false);
    expect(traitsOf("It's been two years since we raised prices.").dangling).toBe(false);
    expect(traitsOf("It took the team by surprise.").dangling).toBe(true);
    expect(traitsOf("It worked.").dangling).toBe(true);
    // ...and what something cost or took to do (round 28: the labels' £210 was the short piece's number, never a post).
    expect(traitsOf("It cost £210 to reprint 1,400 labels in a bigger, bolder font.").dangling).toBe(false);
    expect(traitsOf("It cost us a client.").dangling).toBe(true);
    const cost = "It cost £210 to reprint 1,400 labels in a bigger, bolder font.\n\nTwo of us did it over a weekend.";
    expect(lintPost(cost, { language: "en" }).filter((finding) => finding.detector === "standalone")).toEqual([]);
    const post =
      "It took me 14 months to let go of our biggest customer.\n\nOn paper they were perfect: a logo we put on every pitch deck, and the largest invoice we sent each month.";
    expect(lintPost(post, { language: "en" }).filter((finding) => finding.detector === "standalone")).toEqual([]);
    expect(lintPost(post.replace("It took me 14 months", "It took the team by surprise"), { language: "en" }).map((finding) => finding.detector)).toContain(
      "standalone",
    );
  });
});

describe("round 13's articles (issue 21)", () => {
  test("a 392-word story with no headings is post 1 whole, from its first line to its last", () => {
    const first = plan("r13-short-update.txt").posts[0]!.content;
    expect(first).toStartWith("It took me 14 months to let go of our biggest customer.");
    expect(first).toContain("that's probably your answer.");
  });

  test("the hard-wrapped guide's title is its title, never a line in a post; its sentence about the second bad session is whole", () => {
    const name = "r13-guide-hardwrapped.txt";
    expect(extractIdeas(cleanSource(article(name))).title).toBe("How to run your first customer advisory board (without it turning into a sales call)");
    const posts = plan(name).posts.map((post) => post.content);
    for (const post of posts) expect(post).not.toContain("How to run your first customer advisory board");
    for (const post of posts) expect(post).not.toContain("In discussion.");
  });
});

describe("round 13's launch page (issue 21)", () => {
  test("a sentence leaning on a dropped call to reply goes with it; 'I want to explain both...' is a teaser", () => {
    const posts = plan("r13-launch-announcement.html").posts.map((post) => post.content);
    expect(posts.join("\n")).not.toContain("It goes to a real person on our team");
    expect(posts.join("\n")).not.toContain("I want to explain both");
    expect(TEASES.test("So today we're launching it, and I want to explain both, including the parts that will cost some of you more.")).toBe(true);
  });
});

describe("round 13's docs copied from a browser (issue 21: debris)", () => {
  test("a docs sidebar goes whole, its longer entries too, and never joins the page's first sentence", () => {
    const top = recoverStructure(article("r13-docs-browser-copy.txt")).text.split("\n\n")[0]!;
    expect(top).toStartWith("Jobs fail. Networks drop");
    for (const post of plan("r13-docs-browser-copy.txt").posts) expect(post.content).not.toContain("Running on Kubernetes");
  });
});

describe("round 14's short post (issue 21)", () => {
  test("a 343-word post with two lead-in labels is post 1 whole, its labels leading into their parts", () => {
    const first = plan("r14-short-post.txt").posts[0]!.content;
    expect(first).toStartWith("We lost our biggest customer over a Slack message nobody answered.");
    expect(first).toContain("\n\nWhat we changed:\n\nEvery shared customer channel now has a named owner and a backup.");
    expect(first).toContain("They leave when they learn what happens after it breaks.");
    // A piece made of sections (an update's "Customers", "Team", "Asks") is not one post.
    expect(plan("r9-short-q3-update-halyard.txt").posts[0]!.content).not.toContain("\n\nTeam:\n\n");
  });
});

describe("round 14's emails and newsletter (issue 21: debris)", () => {
  test("an email's hidden preheader, 'Having trouble reading this?', its sending note and a link-less 'Or read the setup guide' are not material", () => {
    const posts = plan("r14-launch-email.html")
      .posts.map((post) => post.content)
      .join("\n");
    for (const debris of [
      "Having trouble reading this?",
      "Returns were 31% of your tickets last quarter.",
      "Product announcements are sent",
      "Or read the setup guide",
      "Lamar Blvd",
    ])
      expect(posts).not.toContain(debris);
  });

  test("a newsletter's housekeeping goes; a one-paragraph template its section leads into stays in the post", () => {
    for (const line of ["Reply to any issue and it comes straight to me.", "On to it.", "Having trouble reading this?"])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    expect(traitsOf("Our updates are sent to 4,000 stores every week.").meta).toBe(false);
    const posts = plan("r14-newsletter-weekly.md").posts.map((post) => post.content);
    expect(posts.join("\n")).not.toContain("Reply to any issue");
    const renewal = posts.find((post) => post.includes("That's it. No threats, no fake competitor quotes."));
    expect(renewal).toContain("could you send us (1) our seat utilization over the last six months");
  });
});

describe("round 14's written interview (issue 21)", () => {
  test("the introduction that says who the guest is makes a post; 'Q:' is layout, not the interviewer's words", () => {
    const posts = plan("r14-interview-qa.md").posts.map((post) => post.content);
    const intro = posts.find((post) => post.startsWith("Before she started a company, Adaeze Nwosu spent nine years running facilities"));
    expect(intro).toContain("the repairs and lost scanner time cost just over $1.8 million");
    for (const post of posts) expect(post).not.toMatch(/^Q:/m);
  });

  test("'Before she started a company, Adaeze Nwosu...' names who 'she' is in its own sentence", () => {
    const post =
      "Before she started a company, Adaeze Nwosu spent nine years running facilities for a hospital system.\n\nIn 2018, a supply line burst above an imaging suite.";
    const leaning = (text: string) =>
      lintPost(text, { language: "en" }).filter((finding) => finding.detector === "standalone" || finding.detector === "pointing");
    expect(leaning(post)).toEqual([]);
    expect(leaning(post.replace("Adaeze Nwosu", "she")).length).toBeGreaterThan(0);
  });
});

describe("round 14's README (issue 21: docs)", () => {
  test("a README's Contributing, License and Installation sections make no post", () => {
    for (const name of ["r14-docs-readme.md", "r8-docs-readme.md"]) {
      const posts = plan(name)
        .posts.map((post) => post.content)
        .join("\n");
      expect(posts).not.toContain("Fork the repo and create a branch from main");
      expect(posts).not.toContain("Run the test suite:");
    }
  });
});

describe("round 15's reads (issue 21)", () => {
  test("a hashtag goes on a post whose first line names the topic or that comes back to it, never on a passing mention", () => {
    for (const post of plan("r15-data-hiring-funnel.md").posts) {
      if (!post.content.includes("#PhoneScreens")) continue;
      const body = post.content.toLowerCase();
      expect(post.hook.toLowerCase().includes("phone screen") || body.split("phone screen").length > 2).toBe(true);
    }
  });

  test("a pointer to numbers further down the article is furniture; the overview claims only the order it keeps", () => {
    expect(traitsOf("We had 19 hires, so read the percentages below as directional, not statistical.").meta).toBe(true);
    expect(traitsOf("Temperatures fell below zero.").meta).toBe(false);
    for (const name of ["r15-story-first-enterprise-customer.md", "r15-data-hiring-funnel.md"]) {
      const week = plan(name);
      if (!/After the opener/.test(week.strategyOverview)) continue;
      expect(week.strategyOverview).not.toContain("nothing arrives before what it builds on");
    }
  });

  test("a podcast whose title names the guest and the company says who 'we' are with what the company is", () => {
    const posts = plan("r15-podcast-notes.txt").posts.map((post) => post.content);
    // ...once a post, on the guest's line that ends it (round 30: not again in the body).
    for (const post of posts) expect(post).toMatch(/Kitebox, a returns platform for direct-to-consumer apparel brands/u);
    expect(posts.some((post) => post.includes("At Kitebox, a returns platform for direct-to-consumer apparel brands, we"))).toBe(false);
    expect(posts.join("\n")).not.toMatch(/^Priya(?: Nandakumar)?[^:\n]{0,80}:/mu);
  });
});

describe("round 15's plain-text newsletter (issue 21)", () => {
  test("numbered headings in capitals under a rule line are headings; 'This month' over a numbered list is the issue's contents", () => {
    expect(headings(article("r15-newsletter-monthly.txt"))).toEqual([
      "## THE HAY FARM IN KITTITAS THAT BROKE OUR ONBOARDING",
      '## A TACTIC: THE "SECOND INVOICE" EMAIL',
      "## READER Q&A",
      "## Marisol, who runs booking software for dog groomers, writes:",
      "## THE NUMBERS (April)",
      "## ONE SMALL ASK",
    ]);
    const posts = plan("r15-newsletter-monthly.txt")
      .posts.map((post) => post.content)
      .join("\n");
    expect(posts).not.toContain('A tactic: the "second invoice" email');
    expect(posts).not.toMatch(/THE NUMBERS/);
  });
});

describe("round 15's hard-wrapped essay (issue 21)", () => {
  test("the story's opening scene is in the week: 'Last July I told our board...' is no glued heading", () => {
    expect(plan("r15-essay-hardwrapped.txt").posts[0]!.content).toStartWith("Last July I told our board that Tessellate would ship no new features");
  });

  test("a line that trails off ('...', '…') is a cliffhanger that ends no post", () => {
    expect(TEASES.test("And then the phone rang…")).toBe(true);
    expect(TEASES.test("And then the phone rang...")).toBe(true);
    expect(TEASES.test("We grew 40% in a year.")).toBe(false);
  });
});

describe("round 15's API docs (issue 21: docs)", () => {
  test("a docs page's pointers ('see the note below', 'read the whole thing') are furniture; its story of why opens the week", () => {
    expect(traitsOf("Counting is expensive on large collections (see the note below).").meta).toBe(true);
    expect(traitsOf("If you sync shipments into your own database, read the whole thing, especially Why we changed this.").meta).toBe(true);
    const week = plan("r15-docs-guide.md");
    expect(week.posts[0]!.content).toStartWith("We didn't move to cursors for elegance.");
    expect(week.posts.map((post) => post.content).join("\n")).not.toContain("read the whole thing");
  });
});

describe("round 16's reads (issue 21)", () => {
  test("pointers into the page, a transcript's notes about itself and a host's thanks are furniture", () => {
    for (const line of [
      "If you only read one section, read 'What existing customers get'.",
      "Read the upgrade steps at the bottom before you deploy.",
      "This is an edited transcript of episode 112 of Quiet Compounding.",
      "My guest this week is Tobias Renner, founder of Kettleroute.",
      "Maren: Tobias, thank you.",
      "Talk next Tuesday,",
      "Greyhollow Ltd · Unit 4, 17 Tanner's Row · Bristol BS1 6QG · United Kingdom",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    for (const line of ["The steps at the bottom of the funnel matter most.", "We talk to customers every Tuesday."]) expect(traitsOf(line).meta).toBe(false);
  });

  test("'Finding 2: People who left never really started.' alone on its line heads its finding as its claim", () => {
    expect(headings(article("r16-data-churn-survey.txt"))).toContain("## People who left never really started.");
    const posts = plan("r16-data-churn-survey.txt").posts.map((post) => post.content);
    expect(posts.join("\n")).not.toMatch(/Finding \d:/);
    expect(posts.some((post) => post.startsWith("People who left never really started."))).toBe(true);
  });

  test("a FAQ's next question stays above its answer when the two answers share a post", () => {
    const faq = plan("r16-pricing-change.md").posts.find((post) => post.content.includes("Common in smaller teams"));
    expect(faq?.content).toContain("What if someone is both a technician and a dispatcher?\n\nCommon in smaller teams");
  });

  test("the lessons list takes advice from where the article draws it, never the playbook it rejects at its start", () => {
    const posts = plan("r16-essay-opinion.md").posts.map((post) => post.content);
    expect(posts.some((post) => post.includes("→ Remove friction, let the product sell itself"))).toBe(false);
  });
});

describe("round 17's podcast (issue 21)", () => {
  test("the company comes from the episode line the cleaning drops; the show's description and the guest's pleasantry go", () => {
    const posts = plan("r17-podcast-transcript.txt").posts.map((post) => post.content);
    // The company is named once per post: in the guest's signature, so the body needs no "At Copperline, we".
    expect(posts.filter((post) => /^— Dalia Voss of Copperline/mu.test(post)).length).toBeGreaterThanOrEqual(5);
    expect(posts.some((post) => post.includes("At Copperline, we"))).toBe(false);
    for (const line of [
      "We talk about why her first 100 customers came from a supply house counter.",
      "I've listened for years, mostly in the truck, so this is a bit surreal.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    expect(traitsOf("We talk about pricing with every customer we meet.").meta).toBe(false);
  });
});

describe("a letter to the company's investors (round 22: cash and runway with no check)", () => {
  test("the overview asks for a check before publishing; a story that mentions its investor update further down does not", () => {
    const memo = plan("r22-hardwrapped-memo.txt");
    expect(memo.strategyOverview).toContain("The text is written to the company's investors: check every post before you publish it");
    const update = plan("r20-investor-update-brindle-april.txt");
    expect(update.strategyOverview).toContain("written to the company's investors");
    const story = plan("r10-story-the-customer-who-was-41-percent.md");
    expect(story.strategyOverview).not.toContain("investors: check every post");
  });
});

describe("round 23's reads (issue 21)", () => {
  test("a podcast's title before a colon is no speaker: the company comes from the notes ('Co-founder and CEO Arjun Mehta joins Dana')", () => {
    const posts = plan("r23-podcast-notes.txt").posts.map((post) => post.content);
    expect(posts.join("\n")).not.toMatch(/^Hard(?: Things)?:/mu);
    expect(posts.filter((post) => /^— Arjun Mehta, co-founder and CEO of Hivewise/mu.test(post)).length).toBeGreaterThanOrEqual(5);
    expect(posts.some((post) => post.includes("At Hivewise, we"))).toBe(false);
    // The show notes' promise of the conversation is no post.
    expect(posts.some((post) => post.includes("joins Dana to talk about"))).toBe(false);
  });

  test("an email's button and its signature's role line are no part of a post", () => {
    const all = plan("r23-launch-feature-email.html")
      .posts.map((post) => post.content)
      .join("\n");
    expect(all).not.toContain("Book your first slot");
    expect(all).not.toContain("Director of Operations, Harbourline Freight");
    expect(traitsOf("Director of Operations, Harbourline Freight").meta).toBe(true);
    expect(traitsOf("Director of Operations, Kelly Osei, said the pilot worked.").meta).toBe(false);
  });

  test("a caption over 'A:' and 'B:' lines is one comparison, and the Title Case first line over a byline is the title", () => {
    const text = article("r23-data-pricing-page-test.txt");
    expect(recoverStructure(text).text).toContain("- New MRR per pricing-page visitor: A $1.24; B $1.71");
    // An email's To/From lines under its subject are no comparison.
    expect(
      recoverStructure("Ferrow - Q2 2024 update\nTo: investors and advisors\nFrom: Oskar Lindqvist, CEO\n\nShort version: a good quarter.").text,
    ).not.toContain("- Ferrow");
    const first = plan("r23-data-pricing-page-test.txt").posts[0]!;
    // The company and what it does come where the body first says "we": round 23's reader found the claim buried under
    // the definition when the hook took it.
    expect(first.hook).toBe("We hid our cheapest plan for eight weeks.");
    expect(first.content).toContain(
      "At Tallyroute, which makes scheduling and route-planning software for small plumbing, heating and electrical firms, we measured",
    );
    expect(first.content).toContain("→ Trial starts: A 612 (8.3% of visitors); B 557 (7.5% of visitors)");
  });

  test("German and French connectives that point back open no post ('Daraus entstand...', '...haben wir also...', 'Donc')", () => {
    for (const line of [
      "Daraus entstand 2020 unser System K.",
      "Mehr als zwei Drittel unserer Konstruktionszeit haben wir also für Kunden aufgewendet, die woanders gekauft haben.",
      "Donc nous avons fermé.",
    ])
      expect([line, traitsOf(line).dangling]).toEqual([line, true]);
    expect(traitsOf("Im Winter 2019 habe ich alle 640 Aufträge ausgewertet.").dangling).toBe(false);
    // The story's opening line, "This is what happened, what it cost us...", is a promise the post it opens keeps.
    expect(TEASES.test("This is what happened, what it cost us, and what we do differently now.")).toBe(true);
    const first = plan("r23-story-cofounder-money.md").posts[0]!.content;
    expect(first).not.toContain("This is what happened");
  });

  test("no post opens on 'None of them had called us.' or on a 'she' the post never named", () => {
    const hooks = plan("r23-short-lesson.txt").posts.map((post) => post.hook);
    expect(hooks.some((hook) => /^None of them|^In the first three months she/.test(hook))).toBe(false);
    expect(traitsOf("None of them had called us.").dangling).toBe(true);
  });
});

describe("round 25's reads (issue 21: debris and a wrong refusal)", () => {
  test("a show's credit line, a masthead's issue line between pipes, 'Below is what happened' and a German 'Davon...' open nothing", () => {
    for (const line of [
      "with Renee Okafor, founder of Arcline Welding Academy",
      "News from Hollin Lane Bakery | November 2025 | Issue 31",
      "Below is what happened, a note on prices (I'd rather explain than just quietly change the labels), and the Christmas order list, which opens today.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    expect(traitsOf("We spoke with Renee Okafor, founder of Arcline Welding Academy, about her first year.").meta).toBe(false);
    expect(traitsOf("Davon haben wir knapp 2,4 Gigawattstunden aus dem Netz bezogen.").dangling).toBe(true);
    const hooks = plan("r25-german.md").posts.map((post) => post.hook);
    expect(hooks.some((hook) => hook.startsWith("Davon"))).toBe(false);
    const newsletter = plan("r25-newsletter.txt")
      .posts.map((post) => post.content)
      .join("\n");
    expect(newsletter).not.toContain("Issue 31");
  });

  test("a 390-word story whose paragraph ends on a quoted question is planned: post 1 whole, then its parts", () => {
    const week = plan("r25-short-update.txt");
    expect(week.posts.length).toBeGreaterThanOrEqual(5);
    expect(week.posts[0]!.content).toContain("Capacity is part of the gift.");
    // The part that opened like the whole tells its story from its next paragraph, in place of one that opened on a
    // supermarket the post never met.
    expect(week.posts.some((post) => post.hook.startsWith("In September a supermarket distribution centre rang us"))).toBe(true);
    expect(week.posts.some((post) => post.hook.startsWith("The supermarket was completely fine with it."))).toBe(false);
    // A cut after a quoted question never comes before a short reply to it ("I couldn't answer.").
    expect(plan("r12-short-lesson.txt").posts.some((post) => post.hook === "I couldn't answer.")).toBe(false);
  });

  test("'Bis zum Herbst 2022.' and 'Then came the pandemic.' only point at what follows: the German plan never glues one to a later section", () => {
    for (const line of ["Bis zum Herbst 2022.", "Until March 2020.", "Then came the pandemic.", "Jusqu'à l'été 2021.", "More on that question below."])
      expect([line, TEASES.test(line)]).toEqual([line, true]);
    expect(TEASES.test("Until we ran out of money and had to close the shop in Leeds.")).toBe(false);
    const all = plan("r25-german.md")
      .posts.map((post) => post.content)
      .join("\n");
    expect(all).not.toContain("Bis zum Herbst 2022.");
  });

  test("a post never ends on 'This is the method I use with all of them.' or 'We asked her how.': the method and the answer are elsewhere", () => {
    for (const line of ["This is the method I use with all of them.", "We asked her how."]) expect([line, TEASES.test(line)]).toEqual([line, true]);
    expect(TEASES.test("This is the method I use to price every job, and it has never failed me.")).toBe(true);
    expect(TEASES.test("We asked her how she kept every carer.")).toBe(false);
    const endings = [...plan("r25-guide.md").posts, ...plan("r25-interview.md").posts].map(
      (post) =>
        post.content
          .split("\n")
          .filter((line) => /[.!?]$/.test(line))
          .at(-1) ?? "",
    );
    for (const ending of endings) expect(ending).not.toMatch(/This is the method I use|We asked her how\.$/);
  });
});

describe("a story's later post that leans on what the story is about (round 25: 'The moment it changed was small.': what changed?)", () => {
  test("it opens on the title's claim, once a week, and its own line follows", () => {
    const week = plan("r25-founder-story.md");
    const led = week.posts.slice(1).filter((post) => post.hook === "We walked away from 41% of our revenue.");
    expect(led.length).toBe(1);
    expect(led[0]!.content.split("\n\n")[1]).toBe("The moment it changed was small.");
    // The company is named in the body, never in the claim ("At Halden Electrical, we walked away..." is not the title).
    expect(week.posts.some((post) => post.hook.startsWith("At Halden Electrical, we walked away"))).toBe(false);
    expect(led[0]!.strategyExplanation).toContain("under the claim the article's title makes");
  });

  test("a data post's method ('We analyzed 41,000 onboarding emails') and an announcement ('We're dropping per-seat pricing') lead no later post", async () => {
    const { tellsEvent } = await import("../../src/strategist/local/headline");
    expect(tellsEvent("We walked away from 41% of our revenue.")).toBe(true);
    expect(tellsEvent("Nous avons fermé notre café de Bordeaux après 14 mois.")).toBe(true);
    expect(tellsEvent("We analyzed 41,000 onboarding emails. Most of them were making things worse.")).toBe(false);
    expect(tellsEvent("We're dropping per-seat pricing.")).toBe(false);
    for (const name of ["r12-data-onboarding-emails.md", "r9-launch-rosterly-per-location-pricing.md"]) {
      const week = plan(name);
      expect(week.posts.slice(1).some((post) => post.hook === week.posts[0]!.hook)).toBe(false);
    }
  });

  test("a later post whose first line stands on its own keeps it ('Fourteen months later, our annual revenue is $3.94 million...')", () => {
    const week = plan("r24-story-lost-contract.md");
    expect(week.posts.some((post) => post.hook.startsWith("Fourteen months later, our annual revenue is $3.94 million"))).toBe(true);
  });
});

describe("round 27's reads (issue 21: names the planner broke, bylines it kept)", () => {
  test("a surname inside a company's name takes no apposition ('At Earl Harlan, my grandfather, Moving & Storage' in six posts)", () => {
    const all = plan("r27-podcast.txt")
      .posts.map((post) => post.content)
      .join("\n");
    expect(all).not.toContain("Earl Harlan, my grandfather, Moving");
    expect(all).toContain("Harlan Moving & Storage");
  });

  test("the guest's attribution keeps its adjectives whole ('a two-vet, large-animal practice'), never cut after the first", () => {
    const posts = plan("r27-interview.md").posts.map((post) => post.content);
    expect(posts.some((post) => /a two-vet$/mu.test(post))).toBe(false);
    expect(posts.some((post) => post.includes("— Ruth Asante, who owns Bitterroot Mobile Veterinary, a two-vet, large-animal practice"))).toBe(true);
  });

  test("the title's claim never goes above a first line whose pronoun it would take ('We had paid $110,000 for it.')", () => {
    const week = plan("r27-founder-story.md");
    const paid = week.posts.find((post) => post.content.includes("We had paid $110,000 for it"));
    // It opens its post, or follows the line that says what "it" is (the two beats told as one post).
    expect(paid?.hook.startsWith("We had paid $110,000 for it") || paid?.content.includes("We sold our second bottling line for $61,000. We had paid")).toBe(
      true,
    );
    expect(paid?.content).not.toMatch(/^[^\n]*\n\nWe had paid \$110,000 for it/u);
  });

  test("'a man named Tom' introduces no one ('Tom, a man,' twice in round 27)", () => {
    const all = plan("r27-founder-story.md")
      .posts.map((post) => post.content)
      .join("\n");
    expect(all).not.toContain("Tom, a man");
  });

  test("an owner's byline without 'By' and a subtitle ending on a byline are furniture; the owner's company still names 'we'", () => {
    const data = plan("r27-data-post.md").posts.map((post) => post.content);
    expect(data.join("\n")).not.toContain("Greg Whitfield, owner, Whitfield Plumbing & Drain, Columbus, Ohio");
    expect(data.some((post) => post.includes("At Whitfield Plumbing & Drain"))).toBe(true);
    expect(
      plan("r27-guide.md")
        .posts.map((post) => post.content)
        .join("\n"),
    ).not.toContain("By Nadia Ferris, Ferris & Co. Bookkeeping");
  });
});

describe("round 25's pricing page (issue 21: two price packages merged into one list)", () => {
  test("each package's list keeps its name and price above it", () => {
    const packages = plan("r25-pricing-change.html").posts.find((post) => post.content.includes("→ Everything in Growth"));
    expect(packages?.content).toMatch(/Complete: £520 a month:\n+→ Everything in Growth/);
    expect(packages?.content).toMatch(/Growth: £295 a month:\n+→ Everything in Essentials/);
  });
});

describe("round 25's docs page (issue 21: two procedures lost their first step)", () => {
  test("a menu path is a step, not code: 'go to Map > Geofences' stays the first step of its list", () => {
    expect(traitsOf("In the left menu, go to Map > Geofences and click New geofence.").code).toBe(false);
    expect(traitsOf("Go to Alerts > Rules and click New rule.").code).toBe(false);
    expect(traitsOf("if (count > limit) return retry();").code).toBe(true);
    const posts = plan("r25-docs-browser.txt").posts.map((post) => post.content);
    expect(posts.some((post) => post.includes("1. In the left menu, go to Map > Geofences and click New geofence.\n2. Search for an address"))).toBe(true);
    expect(posts.some((post) => post.includes("1. Go to Alerts > Rules and click New rule.\n2. Under Trigger, select Geofence event."))).toBe(true);
  });

  test("a question under 'Troubleshooting' is a heading, never run into its answer; 'Report an issue' and 'Yes'/'No' are furniture", () => {
    const all = plan("r25-docs-browser.txt")
      .posts.map((post) => post.content)
      .join("\n");
    expect(all).not.toContain("Alerts fire twice when a vehicle arrives This usually happens");
    expect(all).not.toContain("Report an issue");
    expect(all).not.toMatch(/^Still stuck\?/mu);
  });
});

describe("round 24's reads (issue 21)", () => {
  test("'Every week I talk to a practice owner who says...' is the story's opening, not a series about itself", () => {
    expect(traitsOf('Every week I talk to a practice owner who says the same thing: "There are no hygienists out there."').meta).toBe(false);
    expect(traitsOf("Every week I sit down with a founder and ask how they hired their first ten people.").meta).toBe(true);
    const first = plan("r24-data-hiring-survey.txt").posts[0]!;
    expect(first.hook).toBe('Every week I talk to a practice owner who says the same thing: "There are no hygienists out there."');
  });

  test("a guest's apposition keeps its list ('a residential heating, cooling and plumbing company'), never cut at its first comma", () => {
    const posts = plan("r24-podcast-transcript.txt").posts.map((post) => post.content);
    expect(posts.join("\n")).not.toContain("a residential heating:");
    expect(posts.some((post) => post.includes("Kowalczyk Heating & Air, a residential heating, cooling and plumbing company in Milwaukee"))).toBe(true);
  });

  test("'I turned off Booking.com entirely for January 2023.' is the story, not a web address; 'rotamint.co/contact' still is", () => {
    expect(traitsOf("I turned off Booking.com entirely for January 2023.").meta).toBe(false);
    expect(traitsOf("Questions about the analysis: rotamint.co/contact").meta).toBe(true);
    const posts = plan("r24-interview-qa.md").posts.map((post) => post.content);
    expect(posts.some((post) => post.includes("I turned off Booking.com entirely for January 2023."))).toBe(true);
  });

  test("the third of 'three options', 'everything above plus a service...', stays in its list", () => {
    expect(traitsOf("Comprehensive: everything above plus a service they didn't ask for but would value.").meta).toBe(false);
    expect(traitsOf("Details below, plus three specific asks where you can help.").meta).toBe(true);
    const options = plan("r24-guide-steps.md").posts.find((post) => post.content.includes("Three options invite a choice"));
    expect(options?.content).toContain("Comprehensive");
  });

  test("an interview post never opens on one item of a counted list ('There's the work we turned away...') or on a teaser ('And there's a number I didn't expect.')", () => {
    const hooks = plan("r24-podcast-transcript.txt").posts.map((post) => post.hook);
    expect(hooks.some((hook) => /^There's the work|number I didn't expect/.test(hook))).toBe(false);
    expect(TEASES.test("And there's a number I didn't expect.")).toBe(true);
  });

  test("a masthead's or footer's address and an issue line are furniture; the author's own address is the story", () => {
    expect(traitsOf("Brewed and poured at 14 Cottage Street, Easthampton, Massachusetts").meta).toBe(true);
    expect(traitsOf("The Wren House is at 312 East Charlton Street, Savannah, Georgia.").meta).toBe(true);
    expect(traitsOf("We opened our first shop at 12 Beech Road, Chorlton, in 2016.").meta).toBe(false);
    const newsletter = plan("r24-newsletter-plain.txt");
    expect(newsletter.posts.some((post) => /Cottage Street|Issue No\. 37/.test(post.content))).toBe(false);
    expect(newsletter.strategyOverview).not.toContain("Issue No.");
    expect(plan("r24-interview-qa.md").posts.some((post) => post.content.includes("312 East Charlton Street"))).toBe(false);
  });
});

describe("explanations say only what is true (round 29: 'the article's strongest part' for a weak opener)", () => {
  test("post 1 says why the week rates it highest, never that it is 'the article's strongest part'; a heading is carried, not quoted as a payoff", () => {
    for (const name of ["r29-newsletter.txt", "r29-guide.md", "r29-podcast.txt", "r28-data-post.txt"]) {
      const week = plan(name);
      expect(week.posts[0]!.strategyExplanation).not.toContain("the article's strongest part");
      expect(week.strategyOverview).not.toContain("the article's strongest part");
    }
    expect(plan("r29-guide.md").posts[0]!.strategyExplanation).toContain("the part the week rates highest (4 figures from the article)");
    // A list of one or two points is not "a 1-point list".
    for (const name of ["r29-data-post.txt", "r28-launch.html", "r18-newsletter-the-margin.txt"])
      for (const post of plan(name).posts) expect(post.strategyExplanation).not.toMatch(/A [12]-point list/u);
  });
});

test("numbered findings each make a post, and results joined to the introduction keep their label (round 32's data post)", () => {
  const week = plan("r32-data-post.txt");
  // Round 32's week had none of the six findings: each sat inside one list of 80-word items.
  expect(week.posts[0]!.content).toContain("one sheet.\n\nMost people who quit, quit early.\n\n43% of all cancellations");
  expect(week.posts.some((post) => post.content.includes("stayed an average of 11.2 months"))).toBe(true);
  // Without its promise ("Here's what I found."), the introduction joins the week's strongest part, the results, whose
  // label stays above them.
  const unpromised = planWeek({
    contentText: article("r32-data-post.txt").replace(" Here's what I found.", ""),
    contentType: "blog",
    timezone: "Europe/London",
  });
  // Each finding now carries its own change and result under their labels (round 35: "no post completes a loop").
  const results = unpromised.posts.find((post) => post.content.includes("→ Second Session bookings went from 22% of new members to 64%."));
  expect(results?.content).toContain("Only 22% of new members booked it.");
  expect(results?.content).toContain("Results, comparing July-December 2024 with July-December 2023:\n\n→ Second Session bookings");
});

test("a data post's findings each carry the change made for them and its result (round 35: 'pair each finding with its change and its 2025 number')", () => {
  const week = plan("r35-data-post.txt");
  const wind = week.posts.find((post) => post.content.startsWith("I was cancelling too many days for wind."))!;
  expect(wind.content).toContain('What we changed for 2025:\n\n→ A "weather call" at 7.30am.');
  expect(wind.content).toContain("The results (2025 season, April to October):\n\n→ Days fully cancelled for weather: 14");
  const boats = week.posts.find((post) => post.content.includes("had the wrong boats."))!;
  expect(boats.content).toContain("→ Sold four single kayaks and bought three more tandems.");
  expect(boats.content).toContain("→ Tandems were booked out on 64% of peak days");
  // A finding too short to post alone is a post with its change and result.
  expect(week.posts.some((post) => post.content.startsWith("Midweek mornings were nearly empty.") && post.content.includes("52%, up from 31%"))).toBe(true);
  // No change or result is told twice, and the total, which no finding carries, is still posted.
  const all = week.posts.map((post) => post.content).join("\n");
  expect(all.split("→ Sold four single kayaks").length).toBe(2);
  expect(all).toContain("Total revenue: £186,400, against £161,900 in 2024.");
  // Round 33's removals: the chain-break promise goes with the collapsing chains, the referral card with referrals.
  const removals = plan("r33-data-post.txt").posts.map((post) => post.content);
  expect(removals.some((post) => post.includes("Chains collapsing") && post.includes("chain-break promise"))).toBe(true);
  expect(removals.some((post) => post.includes("Referrals were our best customers.") && post.includes("Bookings from referrals: 39 (2024: 21)"))).toBe(true);
  // A list of changes that describes something new (round 12's email sequence) pairs by chance: it stays its own post.
  const emails = plan("r12-data-onboarding-emails.md").posts.map((post) => post.content);
  expect(emails.some((post) => post.includes("Plain-text emails from a person beat designed templates.") && post.includes("What we changed:"))).toBe(false);
});

test("a story's action posts end on their own results (round 39: 'idea with no result: the 212 members and £5,088 a month are in post 6')", () => {
  const week = plan("r39-founder-story.md").posts.map((post) => post.content);
  const toddlers = week.find((post) => post.startsWith("On a term-time Tuesday morning"))!;
  expect(toddlers).toContain("In February 2023 we launched a toddler membership");
  expect(toddlers).toContain("By March 2024 we had 212 active toddler memberships, worth £5,088 a month");
  expect(week.find((post) => post.includes("A mum called Sarah"))).toContain("Quiet Mornings had 1,900 child visits across the year");
  expect(week.find((post) => post.includes("We cut it to two:"))).toContain("Parties average eleven a weekend, counting Fridays.");
  // Each result is told once; the results post keeps the totals and the footfall that never came back.
  const all = week.join("\n");
  expect(all.split("212 active toddler memberships").length).toBe(2);
  const results = week.slice(1).find((post) => post.includes("The year to March 2024 was our best ever"))!;
  expect(results).not.toContain("Quiet Mornings had");
  expect(results).toContain("We never won it back, and I've stopped trying to.");
  // A line that leans on a moved result goes with it: round 38's "None has reached a shelf." never stands alone.
  const soap = plan("r38-founder-story.md").posts.map((post) => post.content);
  const process = soap.find((post) => post.includes("we've caught three label errors at proof stage"))!;
  expect(process).toContain("we've caught three label errors at proof stage. None has reached a shelf.");
  expect(soap.filter((post) => post.includes("None has reached a shelf."))).toHaveLength(1);
});

test("a founder story's post 1 ends on its turn and its results, not on setup (rounds 37 to 39: 'backstory with no point: the payoff is in post 2')", () => {
  const first = plan("r39-founder-story.md").posts[0]!.content;
  expect(first).toContain("Birthday parties alone were about a third of our income.");
  // The turn, the headline result, in the article's words, after the setup.
  expect(first).toMatch(
    /Birthday parties alone[\s\S]*In September 2022 a 22,000-square-foot trampoline and adventure park opened three miles away\.[\s\S]*The year to March 2024 was our best ever: turnover of £368,000\./u,
  );
  // French: the crisis post 1 ends on the results (the figure after the revenue comes with it) and the article's last lines.
  const french = plan("r39-french.md").posts[0]!.content;
  expect(french).toContain("En 2024, notre chiffre d'affaires a été de 212 000 €, soit moins qu'en 2022. Mais notre marge brute est remontée à 58 %");
  expect(french.trimEnd()).toMatch(/En général, il revient\.$/u);
  // ...and "D'abord, j'ai arrêté de faire semblant." is no turn: it opens what she did.
  expect(french).not.toContain("D'abord");
  // A data post's arc is its result, never the line on how it was measured.
  const tickets = plan("r20-data-refund-tickets.txt").posts[0]!.content;
  expect(tickets).toContain("Total tickets per 1,000 returns: down from 127.6 to 98.2");
  expect(tickets).not.toContain("We compared 1 December to 26 January");
  // A results list's item said as a sentence is a result ("Turnover rose from £61,200 to £96,300.", round 37).
  expect(plan("r37-founder-story.md").posts[0]!.content).toContain("Turnover rose from £61,200 to £96,300.");
  // The turnaround leads, and no takings line from before it is glued on (round 43: "Turnover fell to £574,000...
  // Turnover was £688,000...").
  const laundry = plan("r43-founder-story.md").posts[0]!.content;
  expect(laundry).toContain("Turnover was £688,000, up 12.4% on our pre-crisis year of £612,000.");
  expect(laundry).not.toContain("Turnover fell to £574,000");
  // A post 1 that would run past 320 words keeps as it was (round 21's vet clinic).
  expect(plan("r21-story-vet-clinic-churn.md").posts[0]!.content).not.toContain("231 clinics and £97,000 MRR");
});

test("a data post's post 1 that counts its findings lists them (round 39: 'six things jumped out. None of the six is told')", () => {
  const first = plan("r39-data-post.txt").posts[0]!.content;
  expect(first).toContain(
    "six things jumped out.\n\n→ We were marketing properties too late.\n→ A handful of properties cause most of the call-outs.\n→ Late rent is mostly a date problem.",
  );
  expect(first).toContain("→ Deposit disputes came down to cleaning and photos.");
  // Post 1 is read alone: the note that points "below" goes.
  expect(first).not.toContain("I'll use the old words below");
  expect(plan("r10-data-late-invoices.txt").posts[0]!.content).toContain(
    "Here are the four findings that surprised us most.\n\n→ Invoices addressed to a named person got paid 6.4 days faster.",
  );
  // A count the post goes on to tell itself ("Replace the annual plan with two things." / "First, ...") lists nothing.
  expect(plan("review-b-opinion.md").posts[0]!.content).not.toContain("→ The objection I hear most.");
});

test("a story that opens on the clock is planned, not refused (round 44: 'It was ten past one in the morning...', 377 words)", () => {
  const week = plan("r44-short.txt").posts;
  expect(week.length).toBe(5);
  expect(week[0]!.content.startsWith("It was ten past one in the morning, a Sunday in October 2022")).toBe(true);
  const opening = "It was ten past one in the morning, and the call came through.\n\nA man was locked out of his house.";
  expect(lintPost(opening, { language: "en" }).filter((finding) => finding.detector !== "thin")).toEqual([]);
  // A clock's "it" points at nothing; an "it" after "was" that is no clock still leans on the line before it.
  expect(leansOnContext("It was just after midnight when the phone rang.")).toBe(false);
  expect(leansOnContext("It was the wrong key.")).toBe(true);
});

test("a price list's small print opens no post (round 44: 'Labour for anything beyond a service... is charged at our standard workshop rate')", () => {
  const first = plan("r44-launch.html").posts[0]!.content;
  expect(first).not.toMatch(/^Labour/u);
  expect(first).toContain("Keep Rolling is our answer.");
});

test("a results section headed 'Where we are now' or 'Und was ist dabei herausgekommen?' is the story's results (round 44)", () => {
  for (const heading of ["Where we are now", "Where things stand today", "Three years on", "Did it work?", "Und was ist dabei herausgekommen?", "Le bilan"])
    expect(RESULTS.test(heading)).toBe(true);
  expect(RESULTS.test("Where we started")).toBe(false);
  // Round 35's funeral story: post 1's arc now ends on the year's revenue.
  expect(plan("r35-founder-story.md").posts[0]!.content).toContain("total revenue for 2024 finished at £641,000, about 4% above 2023.");
});

test("a results section asked as 'Und was ist dabei herausgekommen?' is posted, its rows read as German (round 44: 'the results get no post')", () => {
  const results = plan("r44-german.md").posts.find((post) => post.content.includes("Umsatz: 338.000 Euro statt 312.000 Euro"))!;
  expect(results.content.startsWith("Was ist dabei herausgekommen?")).toBe(true);
  expect(detectLanguage("No-Show-Quote: 2,5 Prozent statt 9 Prozent.")).not.toBe("en");
});

test("a newsletter's notices make two posts at most past its real ones (round 44: 'a newsletter of notices does not make a 7-post week')", () => {
  const week = plan("r44-newsletter.txt").posts.map((post) => post.content);
  expect(week.length).toBe(5);
  expect(week.some((post) => post.startsWith("The coarse close season on rivers starts on Saturday 15 March"))).toBe(false);
  for (const notice of [
    "Our next tasting evening is on Thursday 30 November at 7pm, upstairs in the back room of the Church Inn.",
    "Tickets are £24 and there are 20 places.",
    "15% off all pole elastics and bungs until 31 March.",
    "We're closed on Monday 10 and Tuesday 11 March for our stocktake.",
  ])
    expect(isNotice(notice)).toBe(true);
  for (const line of ["Decide what you want to learn before you book a single call.", "Sue and Graham actually did, on the Sunday, for four hours."])
    expect(isNotice(line)).toBe(false);
});

test("a list's short items stay in its post (round 44: the author's order lost '2. Credit card')", () => {
  const post = plan("r44-guide.md").posts.find((each) => each.content.includes("Business current account"))!;
  expect(post.content).toContain("1. Business current account\n2. Credit card\n3. Any savings or VAT account");
});

test("a story that opens on its day is posted whole (round 45: 'It was the second Saturday in June 2022...', sliced 'Part 1 of 5')", () => {
  for (const name of ["r45-short.txt", "r38-short.txt"]) expect(plan(name).strategyOverview).toContain("posts the whole piece");
  expect(leansOnContext("It was a wet Tuesday in November, about twenty minutes before closing.")).toBe(false);
});

test("a transcript's timestamp after the speaker goes ('CONOR: [26:52] Years ago it did.', round 45)", () => {
  const week = plan("r45-podcast.txt")
    .posts.map((post) => post.content)
    .join("\n");
  expect(week).not.toMatch(/\[\d{1,2}:\d{2}\]/u);
});

test("the author's line never lands between two lines that follow each other in the article (round 45: 'pasted in, breaking the sentence it lands in')", () => {
  const week = plan("r45-founder-story.md").posts.map((post) => post.content);
  expect(week.some((post) => post.includes("over four months.\n\nI started Derwent Welfare Hire"))).toBe(false);
  expect(week.some((post) => post.includes("I don't want to make this sound tidier than it is.\n\nI started Derwent Welfare Hire"))).toBe(false);
});

test("a publication's dateline over an interview opens no post (round 45: 'West End Traders, Shop Talk: November 2025')", () => {
  expect(traitsOf("West End Traders, Shop Talk: November 2025").meta).toBe(true);
  expect(traitsOf("*Small Business Spotlight, Meath Chronicle Business Supplement, March 2025*").meta).toBe(true);
  expect(traitsOf("The best month was July, August 2024").meta).toBe(false);
  expect(plan("r45-interview.md").posts.some((post) => post.content.startsWith("West End Traders"))).toBe(false);
  // Round 44's interview now introduces Niamh Cafferkey's kennels in a post of its own.
  expect(plan("r44-interview.md").posts.some((post) => post.content.startsWith("Niamh Cafferkey opened Ballinlough Boarding Kennels"))).toBe(true);
});

test("a street is no one to introduce (round 46: 'a hotel on Glossop Road' became 'on Glossop Ecclesall Road, then Attercliffe')", () => {
  const week = plan("r46-founder-story.md")
    .posts.map((post) => post.content)
    .join("\n");
  expect(week).not.toContain("Glossop Ecclesall");
  expect(introductions("Monday would be Ecclesall Road, then Attercliffe, then back to Broomhill.").size).toBe(0);
});

test("the whole piece keeps its own 'we' (round 46: 'At Hegarty Travel, we also put it...' added to one of its lines)", () => {
  expect(plan("r46-short.txt").posts[0]!.content).toContain("\n\nWe also put it at the top of every email.");
  expect(plan("r35-short.txt").posts[0]!.content).not.toContain("At Ink & Anchor, we wiped it off");
});

test("a guide's post 1 that ends on its promise lists the steps its headings name (round 43: 'a teaser: it ends with nothing done')", () => {
  const first = plan("r43-guide.md").posts[0]!.content;
  expect(first).toContain(
    "Here's exactly what we did, in the order I'd do it again.\n\n1. Define \"late\" and measure it every month.\n2. Get as many people as possible onto automatic payments.",
  );
  expect(first).toContain("7. Accept that clearing a unit is a last resort, not a recovery plan.");
  // The list stops at the first heading that is no step ("The results", "A short example of how this works in practice").
  expect(first).not.toContain("The results.");
  const council = plan("r13-guide-hardwrapped.txt").posts[0]!.content;
  expect(council).toContain("8. Rotate members every year.");
  expect(council).not.toContain("A short example of how this works in practice.");
});

test("an introduction that is the author's bio never takes the story's first section with it (round 41: the phone call was in no post)", () => {
  const week = plan("r41-founder-story.md").posts.map((post) => post.content);
  expect(week.some((post) => post.includes("a fitter I'd never met rang me from a customer's house in Church Stretton"))).toBe(true);
  expect(week.some((post) => post.startsWith("I'm Gareth Pryce."))).toBe(false);
});

test("a story's backstory fills a day last: the action it left out is posted (round 40: 'the rescue, 41 quotes phoned, is in no post')", () => {
  const week = plan("r40-founder-story.md").posts.map((post) => post.content);
  expect(week.some((post) => post.includes("nine said yes") && post.includes("which covered the payroll"))).toBe(true);
  expect(week.some((post) => post.startsWith("I trained as a textile designer"))).toBe(false);
});

test("a post never ends on the promise of a method it does not give (round 40: 'This is that method... the steps are the same.')", () => {
  const guide = all("r40-guide.md");
  expect(guide).toContain("In 2021 I sat down with a year of invoices and built a pricing method from scratch.");
  expect(guide).not.toContain("This is that method, with my own numbers in it.");
  expect(guide).not.toContain("Yours will be different, but the steps are the same.");
});

test("round 40's data post: findings headed in capitals each carry their change, from a list cut in parts; results in capitals over label lines head them", () => {
  const week = plan("r40-data-post.txt").posts.map((post) => post.content);
  const access = week.find((post) => post.startsWith("47 times in 2023 I turned up and couldn't do the job."))!;
  expect(access).toContain("What I changed in 2024:\n\n→ A text the day before, every time:");
  const cards = week.find((post) => post.includes("Customers who got a card rebooked within 14 months 82% of the time."))!;
  expect(cards).toContain("→ Reminder cards to everyone, every February, no exceptions.");
  // The list's fourth item onwards was a part of its own (extract-ideas.ts cuts long sections): it still pairs.
  expect(week.some((post) => post.includes("Cowls, bird guards") && post.includes("→ Look at the pot."))).toBe(true);
  expect(week.join("\n")).toContain("Results, 2024 compared with 2023:");
  // A results list's leftovers open on the takings said as a sentence (round 38).
  expect(plan("r38-data-post.txt").posts.some((post) => post.content.startsWith("Revenue for the six months was £66,900"))).toBe(true);
});

test("round 41's broken text: a turn that is only a stage direction, rows with a time or a long label, a byline with a role, a company footer, a pointer to another page", () => {
  // "MORAG: [laughs]" left "MORAG:" alone on a line.
  expect(all("r41-podcast.txt")).not.toMatch(/^MORAG:\s*$/mu);
  const data = all("r41-data-post.txt");
  // Rows, not one run-on line: "Monday 9:00 to 10:30: 19% no-show Any other morning: 11%".
  expect(data).toContain("→ Monday 9:00 to 10:30: 19% no-show\n→ Any other morning: 11%");
  // Two rows under a line that leads into them keep the first row (round 41 lost the 52% it compares against).
  expect(data).toContain("→ Went straight to the dispensing area with Jo: 52% bought\n→ Said they'd");
  expect(data).not.toContain("Hemal Shah, optometrist and owner, Shah Opticians");
  expect(all("r41-launch.html")).not.toContain("Registered in England and Wales");
  expect(all("r41-docs.txt")).not.toContain("see Invoicing a new tenant mid-year");
  // "so you know what you're getting" means it: only a filler set off by commas goes.
  expect(all("r5-podcast-notes.txt")).toContain("three dock doors open, you know it's not tiny.");
});

test("a newsletter's news items under run-in labels in capitals are posts of their own (round 41: 'newsletter items jumbled together')", () => {
  const week = plan("r41-newsletter.txt").posts.map((post) => post.content);
  const hours = week.find((post) => post.includes("From Tuesday 1 April the workshop is open Tuesday to Saturday"))!;
  expect(hours).not.toContain("standard setup goes from 55 to 60 pounds");
  expect(hours).not.toContain("NEW OPENING HOURS.");
  const prices = week.find((post) => post.includes("a standard setup goes from 55 to 60 pounds"))!;
  expect(prices).not.toContain("Tea and biscuits provided");
  expect(week.join("\n")).not.toContain("This is the main thing I wanted to write about");
  // A transcript's speakers in capitals ("ELLEN: ...") are turns, not labels: the podcast is still its guest's answers.
  expect(plan("r41-podcast.txt").posts.some((post) => post.content.includes("— Ellen Tranter of Tranter's Free Range"))).toBe(true);
});

test("round 42's broken text: a price tier with a rate's slash, a sum one cost a line, a help page's related articles, a list's way out, a guest line with its town in brackets", () => {
  // "151–300m²: £14.50/m²" read as code and left its list, so "£4,176" used a rate the post never gave.
  expect(all("r42-guide.md")).toContain("→ Up to 150m²: £16/m²\n→ 151–300m²: £14.50/m²\n→ Over 300m²: £13/m²");
  // The first cost was a heading and the rest one paragraph, so the total no longer added up.
  expect(all("r42-data-post.txt")).toContain("→ Free returns label, average £5.90 x 510 = £3,009\n→ Outbound postage");
  // "Why is my booking showing as "Pending"?" is another page's title, not the article's closing question.
  expect(all("r42-docs.txt")).not.toContain('Why is my booking showing as "Pending"?');
  expect(all("r42-newsletter.txt")).not.toContain("Don't want these any more?");
  // "Guest: Fiona Laird, founder, Skerry Yarns (Stromness, Orkney)" names the guest: the podcast is her answers.
  expect(all("r42-podcast.txt")).toContain("— Fiona Laird, founder of Skerry Yarns");
  expect(all("r42-podcast.txt")).not.toContain("where can people find you");
});

test("a German sentence with commas is no label: round 42's crisis ('2022 kam alles zusammen: ...') is posted, in its own order", () => {
  const week = plan("r42-german.md").posts.map((post) => post.content);
  expect(week.some((post) => post.startsWith("2022 kam alles zusammen: Die Leute gingen wieder in die Kantine"))).toBe(true);
  expect(
    lintPost(
      "2022 kam alles zusammen: Die Leute gingen wieder in die Kantine und in den Urlaub, die Inflation stieg, und bei Lebensmitteln schauten plötzlich alle auf den Preis.",
      { language: "de" },
    ).map((finding) => finding.detector),
  ).not.toContain("label");
  // An English fragment with commas and no verb still is one.
  expect(lintPost("Tuesdays, Thursdays, the odd Saturday.", { language: "en" }).map((finding) => finding.detector)).toContain("label");
});

test("a section the week cut in parts is one post when it fits one and the article has other material (round 32's founder story)", () => {
  const week = plan("r32-founder-story.md");
  // Round 32 posted "Going direct" in two parts: "we did four things" listed three, and the fourth opened the next post.
  const direct = week.posts.filter(
    (post) => post.content.includes("We rang every existing independent customer.") || post.content.includes("We went after the smaller agencies."),
  );
  expect(direct).toHaveLength(1);
  expect(direct[0]!.content).toContain("I also set a rule that no single customer would ever again be allowed to exceed 15% of revenue");
  expect(week.posts.length).toBeGreaterThanOrEqual(5);
  for (const post of week.posts) expect(post.content.length).toBeLessThanOrEqual(3000);
});

test("a data post's introduction that ends on a promise opens the week with its first finding (round 33's removals data)", () => {
  const week = plan("r33-data-post.txt");
  // Round 33 posted the introduction alone, ending "The records said otherwise.", and glued the sixth finding to the
  // list of changes with its label gone.
  expect(week.posts[0]!.content).toContain("I always assumed the two-thirds we lost went to cheaper firms.\n\nSpeed beat price, by a long way.");
  expect(week.posts.map((post) => post.content).join("\n")).not.toContain("The records said otherwise.");
  const changes = week.posts.find((post) => post.content.includes("→ A four-working-hour quote target."));
  if (changes) expect(changes.content).not.toContain("Referrals were our best customers.");
});

test("short lines that finish a line moved up to open a post come up with it (round 34: 'In that order, before lunch.')", () => {
  const week = plan("r34-founder-story.md");
  const post = week.posts.find((each) => each.content.includes("In that order, before lunch."));
  // Round 34 left it under a four-point list, after "Overdue is a decision, not an accident.".
  expect(post?.content).toMatch(/ring your customers\.\n\nIn that order, before lunch\.\n\n/u);
  expect(traitsOf("In that order, before lunch.").dangling).toBe(true);
});

test("a first-person story's beats that lean on each other are one post when the week has more than five (the listicle's introduction)", () => {
  const week = plan("review2-d-listicle.md");
  // Its introduction was a post of its own, ending on the promise "Here is the honest list." with none of the list.
  const intro = week.posts.find((post) => post.content.includes("Here is the honest list."));
  expect(intro?.content).toContain("Here is the honest list.\n\nIn an office, knowledge leaks from person to person over lunch.");
  expect(week.posts.length).toBeGreaterThanOrEqual(5);
});

test("a short piece whose paragraphs lean on each other still gets a week: the whole piece, then returns (round 35's tattoo studio)", () => {
  // Refused before ("Paste a little more"): 392 words whose paragraphs open on "She", "So" and "It".
  const week = plan("r35-short.txt");
  expect(week.posts.length).toBe(5);
  expect(week.posts[0]!.content).toContain("If your work can't be undone, don't ask people whether it looks right.");
  expect(week.posts[0]!.content).not.toContain("Nat Okafor");
  expect(new Set(week.posts.map((post) => post.hook)).size).toBe(5);
});

test("a story's bio is no post of its own when the week has other parts: its line goes under their hooks (round 35's funeral director)", () => {
  const week = plan("r35-founder-story.md");
  // Round 35 posted it alone, then joined to the section after it: "a bio with no point".
  expect(week.posts.some((post) => post.content.includes("My name is Ruth Harrow"))).toBe(false);
  expect(week.posts.filter((post) => post.content.includes("I have run Harrow Funeral Care")).length).toBeGreaterThanOrEqual(3);
  expect(week.posts.length).toBeGreaterThanOrEqual(5);
});

test("the actions of a story's 'What we actually did', each led by a label in bold, are a post each (round 35: 'one post per action')", () => {
  const week = plan("r35-founder-story.md");
  const actions = ["We rang every family first.", "We put our prices where people could see them.", "We went out and talked."];
  for (const action of actions) expect(week.posts.filter((post) => post.content.includes(action))).toHaveLength(1);
  const posts = actions.map((action) => week.posts.find((post) => post.content.includes(action))!);
  expect(new Set(posts).size).toBe(3);
  // Each keeps its own result: "Not one family moved to another funeral director."
  expect(posts[0]!.content).toContain("Not one family moved to another funeral director.");
  // The French story's range cut is a short action: without the author's line wedged under its hook (round 45), it is the
  // week's Tuesday filler and leaves a week of six; it is never glued to another action.
  const french = plan("r35-french.md");
  expect(french.posts.filter((post) => post.content.includes("Nous sommes passés de 42 à 27 références.")).length).toBeLessThanOrEqual(1);
  expect(
    french.posts.some((post) => post.content.includes("Nous sommes passés de 42 à 27 références.") && post.content.includes("La tablette est passée")),
  ).toBe(false);
});

test("a result goes only with the finding it clearly answers, and a list's label opens no post (round 37's bookshop)", () => {
  const week = plan("r37-data-post.txt");
  const posts = week.posts.map((post) => post.content);
  // Results listed by size, not in the findings' order: "3 or more books" answers the 50p prices, never the Wednesdays.
  const wednesdays = posts.find((post) => post.includes("Closed on Wednesdays"))!;
  expect(wednesdays).not.toContain("Transactions of three or more books");
  expect(posts.some((post) => post.includes("Cut poetry back") && post.includes("Crime and local history together grew from 32% to 41%"))).toBe(true);
  for (const post of week.posts) expect(post.hook).not.toStartWith("What happened, comparing");
  expect(posts.join("\n")).not.toContain("Happy to share the categories I used");
});

test("a list's label in capitals with a note in brackets is written in sentence case ('WHAT I CHANGED (from 1 February 2024)', round 38)", () => {
  const posts = plan("r38-data-post.txt").posts.map((post) => post.content);
  expect(posts.some((post) => post.includes("What I changed (from 1 February 2024):"))).toBe(true);
  expect(posts.join("\n")).not.toContain("WHAT I CHANGED");
});
