import { describe, expect, test } from "bun:test";
import { cleanSource, countWords, looksLikeCode } from "../../src/strategist/clean";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { splitSentences, traitsOf, withoutReaderAside } from "../../src/strategist/local/sentences";

/** What survives cleaning a paste: the words people wrote, in blocks; never markup, code or addresses. */

const texts = (raw: string) => cleanSource(raw).blocks.map((block) => `${block.kind}: ${block.text}`);

describe("cleaning pasted text", () => {
  test("front matter gives the title and description and leaves the body", () => {
    const clean = cleanSource(`---\ntitle: "Shipping weekly"\nauthor: Ana\ndescription: Why we ship every Friday.\n---\n\nWe ship every Friday.`);
    expect(clean.title).toBe("Shipping weekly");
    expect(clean.description).toBe("Why we ship every Friday.");
    expect(texts(`---\ntitle: X\n---\nBody text here.`)).toEqual(["paragraph: Body text here."]);
  });

  test("Markdown: headings, links keep their words, images and addresses go, emphasis and inline code become text", () => {
    const raw = [
      "# The title",
      "Setext heading",
      "--------------",
      "Read **the guide** on [our site](https://example.com/a_(b)) or at https://example.com/raw, and _try_ `useState` today.",
      "![diagram](/img/d.png)",
      "",
      "* first point",
      "  continues here",
      "1. step one",
      "> a quoted line",
      "",
      "| Plan | Price |",
      "|------|-------|",
      "| Pro | £6 |",
      "",
      "***",
      "[ref]: https://example.com",
      "Snake_case_names stay whole.",
    ].join("\n");
    expect(texts(raw)).toEqual([
      "heading: The title",
      "heading: Setext heading",
      "paragraph: Read the guide on our site or at, and try useState today.",
      "item: first point continues here",
      "item: step one",
      "quote: a quoted line",
      "item: Pro: £6",
      "paragraph: Snake_case_names stay whole.",
    ]);
    expect(cleanSource(raw).title).toBe("The title");
  });

  test("fenced code goes, and an unclosed fence costs only its own line", () => {
    const clean = cleanSource("Before.\n\n```js\nconst x = 1;\n```\n\n~~~\nls -la\n~~~\nAfter.\n\n```\nNot code after all, the fence never closes.");
    expect(clean.blocks.map((block) => block.text)).toEqual(["Before.", "After.", "Not code after all, the fence never closes."]);
    expect(clean.removedCode).toBe(2);
  });

  test("MDX: components unwrap, code-like components and JSX comments go", () => {
    const raw = [
      "## Compiler {/*compiler*/}",
      "<Intro>",
      "",
      "The compiler is **stable**.",
      "",
      "</Intro>",
      '<div style={{display: "flex", margin: "1rem"}}>',
      '  <img className="w-full" src="/logo.png" />',
      "</div>",
      "<Sandpack>",
      "```js",
      "export default function App() {}",
      "```",
      "</Sandpack>",
      "<TerminalBlock>",
      "npm install react",
      "</TerminalBlock>",
      "Line one ends here.{'\\n\\n'}Line two.",
      '<YouTubeIframe src="https://www.youtube.com/embed/x" />',
    ].join("\n");
    expect(texts(raw)).toEqual(["heading: Compiler", "paragraph: The compiler is stable.", "paragraph: Line one ends here.", "paragraph: Line two."]);
  });

  test("an HTML paste becomes the same blocks, entities decoded, scripts gone", () => {
    const html =
      '<html><head><title>x</title><style>p{color:red}</style></head><body><h2>Why we write</h2><p>Writing is how we think&nbsp;&mdash; and how <a href="https://x.y">customers</a> find us.</p>' +
      "<ul><li>One &amp; two</li><li>Three &lt;four&gt;</li></ul><script>alert(1)</script><p>Use <code>&lt;div&gt;</code> sparingly.<br>New line.</p></body></html>";
    expect(texts(html)).toEqual([
      "heading: Why we write",
      "paragraph: Writing is how we think — and how customers find us.",
      "item: One & two",
      "item: Three <four>",
      "paragraph: Use <div> sparingly. New line.",
    ]);
  });

  test("code pasted without fences is dropped line by line; prose around it stays", () => {
    const raw = [
      "Here is how we fetch data in our dashboard.",
      "import { useEffect } from 'react';",
      "const [data, setData] = useState(null);",
      "useEffect(() => { fetch('/api').then((r) => r.json()).then(setData); }, []);",
      "});",
      "$ npm run build",
      "That is all it takes.",
    ].join("\n\n");
    const clean = cleanSource(raw);
    expect(clean.blocks.map((block) => block.text)).toEqual(["Here is how we fetch data in our dashboard.", "That is all it takes."]);
    expect(clean.removedCode).toBe(5);
    expect(looksLikeCode("Let me explain why this matters.")).toBe(false);
    expect(looksLikeCode("We read [the guide](https://example.com/a/b/c?x=1&y=2) twice.")).toBe(false);
  });

  test("emoji (with joiners and skin tones) and right-to-left text survive untouched", () => {
    const raw = "We shipped 🚀 and the team 👩🏽‍💻👨‍👩‍👧 celebrated.\n\nالكتابة المنتظمة تبني الثقة مع العملاء.\n\nכתיבה קבועה בונה אמון.";
    expect(cleanSource(raw).blocks.map((block) => block.text)).toEqual([
      "We shipped 🚀 and the team 👩🏽‍💻👨‍👩‍👧 celebrated.",
      "الكتابة المنتظمة تبني الثقة مع العملاء.",
      "כתיבה קבועה בונה אמון.",
    ]);
  });

  test("a blog's byline and a thread's numbering are not content", () => {
    expect(texts("October 7, 2025 by [Seth](https://x.com/s), [Matt](https://x.com/m)\n\nThe real first line.")).toEqual(["paragraph: The real first line."]);
    expect(texts("1/ Threads start like this.\n2/7 And carry on.")).toEqual(["paragraph: Threads start like this.", "paragraph: And carry on."]);
  });

  test("invisible characters go, but emoji joiners stay", () => {
    expect(cleanSource("\ufeffZero\u200bwidth and\u00a0spaces.\u0007").blocks[0]!.text).toBe("Zerowidth and spaces.");
  });

  // How fast is bench/strategist.ts's business (no timing thresholds in tests): this checks the result.
  test("100,000 characters of mixed Markdown clean to prose blocks", () => {
    const chunk =
      "## A heading\n\nA paragraph with a [link](https://example.com) and **bold** text, `code` and an emoji 🎉.\n\n```js\nconst x = 1;\n```\n\n<Note>Careful.</Note>\n\n";
    const raw = chunk.repeat(Math.floor(100_000 / chunk.length));
    expect(raw.length).toBeGreaterThan(99_800);
    const clean = cleanSource(raw);
    expect(clean.blocks.length).toBeGreaterThan(1_000);
    expect(clean.blocks.every((block) => !/[<>`*]|https?:/.test(block.text))).toBe(true);
  });

  test("countWords counts words in every script, and each Chinese or Japanese character as one", () => {
    expect(countWords("Ship it, then write about it.")).toBe(6);
    expect(countWords("الكتابة المنتظمة تبني الثقة")).toBe(4);
    expect(countWords("我们每周发布")).toBe(6);
    expect(countWords("— · 🚀")).toBe(0);
  });
});

describe("pastes read in round 7 (issue 21)", () => {
  test("an email hard-wrapped at 72 columns: its headers go after the Subject, and its lines join into paragraphs, never headings", () => {
    const raw = [
      "Subject: Against the annual discount",
      "From: Noor Haddad <noor@example.io>",
      "Date: Thu, 6 Jun 2024 07:41:12 +0200",
      "To: notes@lists.example.io",
      "",
      "This one will annoy some of you. Last year I asked for opinions on our",
      "pricing page and about half of the replies said the same thing. I did",
      "it for three years. Then I stopped.",
      "",
      "The annual discount is sold as a win for everyone. The customer saves",
      "17%. You get twelve months of cash up front, which feels like a loan",
      "with no interest and no banker.",
    ].join("\n");
    const clean = cleanSource(raw);
    expect(clean.title).toBe("Against the annual discount");
    expect(texts(raw)).toEqual([
      "heading: Against the annual discount",
      "paragraph: This one will annoy some of you. Last year I asked for opinions on our pricing page and about half of the replies said the same thing. I did it for three years. Then I stopped.",
      "paragraph: The annual discount is sold as a win for everyone. The customer saves 17%. You get twelve months of cash up front, which feels like a loan with no interest and no banker.",
    ]);
  });

  test("a docs site's code block copied from the browser (language, Copy, code) and an admonition's label go", () => {
    const raw = [
      "Pass retry options to the job decorator:",
      "",
      "Python",
      "Copy",
      "from wickline import job, Retry",
      "",
      '@job(queue="emails")',
      "def send(user_id: int) -> None:",
      "    ...",
      "Configuring retries on a queue",
      "If every job on a queue should share the same policy, set it in the configuration file instead.",
      "",
      "Warning",
      "A retry policy is not a substitute for idempotency.",
    ].join("\n");
    const all = texts(raw).join("\n");
    for (const debris of ["Copy", "import", "@job", "def send", "Warning A"]) expect(all).not.toContain(debris);
    expect(all).toContain("heading: Configuring retries on a queue");
    expect(all).toContain("A retry policy is not a substitute for idempotency.");
  });

  test("an image's caption and a call-to-action button from a CMS go", () => {
    const raw = `<article><p>We built dispatch into the app you already quote from, because our customers asked for it every week.</p><figure><img src="a.png"><figcaption>The dispatch board and the tech app, side by side.</figcaption></figure><div class="wp-block-buttons"><p><a href="/crew">Try Crew free for 60 days →</a></p></div><p>Forty-two shops used it in beta, and thirty-eight of them kept it after the trial.</p></article>`;
    const all = texts(raw).join("\n");
    expect(all).not.toContain("side by side");
    expect(all).not.toContain("Try Crew");
    expect(all).toContain("Forty-two shops");
  });
});

describe("pastes read in round 8 (issue 21)", () => {
  test("a written Q&A: bold 'Q:' questions become headings, 'A:' labels go, and an image's italic caption goes", () => {
    const raw = [
      "# A conversation with Ines Marwood",
      "",
      "![Ines at the office](ines.jpg)",
      "*Ines Marwood, co-founder and CEO of Sorrel. Photo: Sorrel*",
      "",
      "Ines Marwood spent nine years as a quality manager before she started writing software.",
      "",
      "**Q: Let's start before Sorrel. What did those years teach you?**",
      "",
      "A: Mostly that nobody in a factory has spare time.",
      "",
      "**Q: What was the first version?**",
      "",
      "It was a compliance dashboard, and nobody opened it.",
      "",
      "**Q: What did you do about it?**",
      "",
      "We sat with six customers for a full day each.",
    ].join("\n");
    expect(texts(raw)).toEqual([
      "heading: A conversation with Ines Marwood",
      "paragraph: Ines Marwood spent nine years as a quality manager before she started writing software.",
      "heading: What did those years teach you?",
      "paragraph: Mostly that nobody in a factory has spare time.",
      "heading: What was the first version?",
      "paragraph: It was a compliance dashboard, and nobody opened it.",
      "heading: What did you do about it?",
      "paragraph: We sat with six customers for a full day each.",
    ]);
  });
});

describe("nested page furniture (round 8's case study)", () => {
  test("a metadata box with a <div> per row goes whole, and so does a share box with nested elements", () => {
    const html = `<article><p>Northway runs five depots and handles around 2,800 jobs a week across three states.</p><div class="story-meta"><div><span class="label">Company</span> Northway Plumbing</div><div><span class="label">Industry</span> Residential plumbing</div></div><p>Northway evaluated four scheduling tools over the winter and chose one.</p><div class="share"><div><a href="#">Share</a></div><div>Tweet</div></div><p>The last paragraph stays.</p></article>`;
    expect(texts(html)).toEqual([
      "paragraph: Northway runs five depots and handles around 2,800 jobs a week across three states.",
      "paragraph: Northway evaluated four scheduling tools over the winter and chose one.",
      "paragraph: The last paragraph stays.",
    ]);
  });
});

describe("round 18's docs page copied with select-all (issue 21: docs)", () => {
  const raw = () => Bun.file(join(import.meta.dir, "../fixtures/articles/r18-docs-relaywire-retries.txt")).text();

  test("a code block with its 'Copy' button under it, its JSON and its tabs go; so do a table's tab-separated rows", async () => {
    const all = texts(await raw()).join("\n");
    for (const debris of ["Copy", '"id": "rp_8Hk2vQ91LmZx"', "retryPolicyId:", "cURL", "from flask", "2xx\tNo", "Attempt\tDelay", "max_attempts\tinteger"])
      expect(all).not.toContain(debris);
    // The prose between the blocks stays.
    expect(all).toContain("Create a policy with the API, the CLI or the dashboard.");
    expect(all).toContain("Each delay includes up to 10% random jitter");
  });

  test("the page's 'On this page' entries are its headings, even where the copy lost the blank lines around them", async () => {
    const headingTexts = cleanSource(await raw())
      .blocks.filter((block) => block.kind === "heading")
      .map((block) => block.text);
    expect(headingTexts).toContain("Which responses are retried");
    expect(headingTexts).toContain("Backoff strategies");
    // ...so the heading never glues itself to the sentence under it.
    expect(texts(await raw()).join("\n")).not.toContain("Which responses are retried A 410");
  });

  test("a configuration file's lines run together are code: '[policy.web.transform] compress = \"zstd\" level = 6'", () => {
    expect(traitsOf('[policy.web.transform] compress = "zstd" level = 6').code).toBe(true);
    expect(traitsOf("Set jitter to at least 0.2 = a fifth of each delay, which is plenty.").code).toBe(false);
  });
});

describe("round 18 and 19's reads (issue 21)", () => {
  const article = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/articles", name)).text();

  test("a share bar's networks on one line go ('X   Facebook   Email   Copy link')", async () => {
    expect(texts(await article("r18-case-study-vet-group.txt")).join("\n")).not.toContain("Facebook");
  });

  test("the next of an article's numbered headings is a heading over its bullets, not item 1 of them", async () => {
    const headingTexts = cleanSource(await article("r18-physio-no-show-data.txt"))
      .blocks.filter((block) => block.kind === "heading")
      .map((block) => block.text);
    expect(headingTexts).toContain("SMS wins, but email still earns its place.");
    expect(headingTexts.some((text) => text.startsWith("Yes, Monday mornings are bad."))).toBe(true);
  });

  test("a closing bio in the third person goes ('Marguerite Haldane runs Haldane Supply Partners, a procurement advisory firm...')", async () => {
    expect(texts(await article("r19-stop-retendering-suppliers.txt")).join("\n")).not.toContain("Marguerite Haldane runs");
  });

  test("a German date's day is no sentence end ('Ab dem 1. Januar 2024'); a newsletter's 'This one's longer than usual.' is furniture", async () => {
    expect(splitSentences("Ab dem 1. Januar 2024 kostet Auftragsheld 59 Euro. Wir hatten 3. Das war alles.")).toEqual([
      "Ab dem 1. Januar 2024 kostet Auftragsheld 59 Euro.",
      "Wir hatten 3.",
      "Das war alles.",
    ]);
    expect(traitsOf("This one's longer than usual.").meta).toBe(true);
    expect(traitsOf("This quarter was longer than usual for our support team.").meta).toBe(false);
  });
});

describe("round 21's reads (issue 21)", () => {
  const article = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/articles", name)).text();

  test("a newsletter's masthead goes and the issue's own title is the article's ('The Install Log #41: The term sheet we didn't sign')", async () => {
    const cleaned = cleanSource(await article("r21-newsletter-term-sheet.html"));
    expect(cleaned.title).toBe("The term sheet we didn't sign");
    const all = cleaned.blocks.map((block) => block.text).join("\n");
    expect(all).not.toContain("Notes from building a better way to get a heat pump fitted");
    expect(all).not.toContain("From the founder");
    // A masthead the page's title does not name is left alone: the first heading stays the title.
    const other = cleanSource(
      "<html><head><title>Weekly notes</title></head><body><h1>The Install Log</h1><p>From the founder</p><h2>Why we said no</h2><p>We said no to a fund. It was the right call for us.</p></body></html>",
    );
    expect(other.title).toBe("The Install Log");
    expect(other.blocks.map((block) => block.text)).toContain("From the founder");
  });

  test("a reading list of other people's articles goes ('Worth your time' and its 'Title — what it is' lines); a dash in the author's prose stays", async () => {
    const all = texts(await article("r21-newsletter-term-sheet.html")).join("\n");
    expect(all).not.toContain("Worth your time");
    expect(all).not.toContain("Where will the heat pump engineers come from?");
    expect(all).not.toContain("Revenue-based finance, explained without the jargon");
    expect(all).toContain("The thing I keep coming back to is that a term sheet isn't just money.");
    const prose = texts("Worth your time\n\nWe lost two installers in March — both to a competitor paying more.\n\nThat changed how we pay.\n").join("\n");
    expect(prose).toContain("We lost two installers in March");
  });

  test("a podcast page's title line in title case is its title, with the show's name before a colon", async () => {
    expect(cleanSource(await article("r21-podcast-founder-led-sales.txt")).title).toBe(
      "Unsexy Revenue: Kwame Asante-Lowry on Selling Freight One Loading Bay at a Time",
    );
    // A turn of a transcript on the first line is still a turn.
    expect(
      cleanSource("Dana Whitlock: So you've got a product and no customers. What did you do?\n\nI printed a map. I started walking.\n").title,
    ).toBeUndefined();
  });

  test("a docs page's own contents and its pointer to another page go (round 21's docs post 1 was both)", async () => {
    const blocks = texts(await article("r21-docs-quillstack-line-items.txt"));
    expect(blocks).not.toContain("item: Step 1: Create an extraction");
    expect(blocks).not.toContain("item: Step 3: Read the line items");
    // The sections themselves stay.
    expect(blocks).toContain("heading: Create an extraction");
    expect(blocks.filter((block) => block === "heading: Checking that the lines add up").length).toBe(1);
    expect(traitsOf("If you only need the invoice header (supplier, invoice number, dates and totals), see Extract header fields instead.").meta).toBe(true);
    expect(traitsOf("If a supplier pushes back, see it as a signal instead of a threat.").meta).toBe(false);
    // A list that is the article's own content is not contents, even when one item echoes a heading.
    const list = texts(
      "# Our hiring\n\n* Write the job\n* Call references\n* Pay for a trial day\n\nWe do all three for every role.\n\n## Write the job\n\nIt starts with the ninety days.\n",
    );
    expect(list).toContain("item: Call references");
    expect(list).toContain("item: Write the job");
  });

  test("a line that is all one quotation is someone speaking, not a heading", () => {
    const blocks = texts(
      'Last Tuesday, Sani asked me a question I couldn\'t answer.\n\n"Why do we pack orders in the order they come in?"\n\nI started to explain, and realised I had no reason at all.\n',
    );
    expect(blocks).toContain('paragraph: "Why do we pack orders in the order they come in?"');
    // A heading that asks is still a heading.
    expect(texts("We changed our pricing in May.\n\nWhy did we do it?\n\nBecause our customers asked us for it, again and again.\n")).toContain(
      "heading: Why did we do it?",
    );
  });

  test("a newsletter's and a show page's closing lines are furniture", () => {
    for (const line of [
      "You're receiving The Install Log because you signed up at hearthline.co.uk or booked an install with us.",
      "Forwarded this?",
      "Back next month with our installer numbers from the winter.",
      "[Full transcript available to members]",
      "Kwame tells Dana how he found his first fifty customers by walking industrial estates with a clipboard, why his first sales hire didn't last four months, and why he still spends every other Thursday in a hi-vis vest.",
      "We talked to her about how she hires, the salary bands she publishes on the company website, and the hire she still thinks about.",
    ])
      expect(traitsOf(line).meta).toBe(true);
    for (const line of [
      "You told us what was broken, and this release is mostly you.",
      "Back in March, we had nine people and no sales process.",
      "Kwame told me the yard visit converts a third of the time.",
    ])
      expect(traitsOf(line).meta).toBe(false);
  });
});

describe("round 22's investor memo (issue 21: memo apparatus)", () => {
  const article = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/articles", name)).text();

  test("a memo's RE: line is its title, never a list item in a post", async () => {
    const cleaned = cleanSource(await article("r22-hardwrapped-memo.txt"));
    expect(cleaned.title).toBe("Q3 2025 operating update (July to September)");
    expect(cleaned.blocks.some((block) => block.kind === "item" && block.text.startsWith("RE:"))).toBe(false);
  });

  test("the memo talking to its board about itself is furniture; what the quarter did is not", () => {
    for (const line of [
      "As promised at the June board meeting, here is our quarterly operating update.",
      "The longer version follows, in four parts.",
      "Our CFO, Tobias Renner, will share the full financial pack before the board meeting on 23 October.",
      "As always, I am very happy to take questions by email or on a call before the board meeting.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
    for (const line of [
      "We closed Q3 with £9.1 million in cash.",
      "Two days before the board meeting, our CFO resigned.",
      "Here is what we changed in the onboarding call.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, false]);
  });

  test("an aside to the memo's readers ('You will remember that...') goes, and the sentence starts at what it says", () => {
    expect(withoutReaderAside("You will remember that in Q2 our single battery supplier missed two shipments.")).toBe(
      "In Q2 our single battery supplier missed two shipments.",
    );
    expect(withoutReaderAside("As most of you know, we've been working on Kessler since February.")).toBe("We've been working on Kessler since February.");
    expect(withoutReaderAside("You will remember it.")).toBe("You will remember it.");
    expect(withoutReaderAside("Customers will remember that we kept our promise.")).toBe("Customers will remember that we kept our promise.");
  });
});

describe("round 22's docs page copied from a browser (issue 21: docs debris)", () => {
  const article = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/articles", name)).text();

  test("a command, an HTTP header line and a JSON line are code; prose with a path or a colon is not", () => {
    for (const code of [
      "tallyline listen --forward-to localhost:3000/tallyline/webhooks",
      "tallyline trigger invoice.paid",
      "Tallyline-Signature: t=1725350400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
      '  "amount_paid": 184500,',
    ])
      expect([code, looksLikeCode(code)]).toEqual([code, true]);
    for (const prose of [
      "Go to Settings › Developers › Webhooks.",
      "Note: Webhook events are delivered at least once.",
      "we moved to the new office in March",
      "Handle duplicates: store the id of each event.",
    ])
      expect([prose, looksLikeCode(prose)]).toEqual([prose, false]);
  });

  test("a sentence that said what a removed header carries keeps its words; its code does not stay", async () => {
    const all = texts(await article("r22-docs-webhooks-page.txt")).join("\n");
    expect(all).toContain("paragraph: Each request includes a Tallyline-Signature header.");
    expect(all).not.toContain("heading: Each request includes");
    expect(all).not.toContain("t=1725350400");
    expect(all).not.toContain("tallyline listen");
    expect(all).not.toContain('"id": "evt_');
    // What an API call returns goes with the call.
    const { extractIdeas } = await import("../../src/strategist/local/extract-ideas");
    const sentences = extractIdeas(cleanSource(await article("r22-docs-webhooks-page.txt"))).sentences.map((sentence) => sentence.text);
    expect(sentences).not.toContain("The response includes the endpoint's id and its secret.");
    expect(sentences).toContain("Amounts are always in the smallest currency unit.");
  });

  test("a step that says 'Click Add endpoint.' stays in its list; 'Click here' and a shape whose example is gone do not", () => {
    expect(traitsOf("Click Add endpoint.").meta).toBe(false);
    expect(traitsOf("Click here to read the full guide.").meta).toBe(true);
    expect(traitsOf("Every webhook request has the same top-level shape.").meta).toBe(true);
    expect(traitsOf("Every clinic has the same problem on Mondays.").meta).toBe(false);
  });

  test("'Subscribe only to what you need.' is advice, not a subscribe line: the page's best practices make a post", async () => {
    const { planWeek } = await import("../../src/strategist/local");
    const plan = planWeek({ contentText: await article("r22-docs-webhooks-page.txt"), contentType: "blog", timezone: "Europe/London" });
    expect(plan.posts.some((post) => post.content.includes("Most failed deliveries we see are caused by timeouts, not errors."))).toBe(true);
  });
});

describe("an underlined heading (round 26: '1. WE CUT OUR BESTSELLER. OUR MARGINS WENT UP.' over a line of dashes)", () => {
  test("a line over dashes or equals signs is a heading without its number, never a list item", () => {
    const text =
      "Hi friends,\n\n1. WE CUT OUR BESTSELLER. OUR MARGINS WENT UP.\n----------------------------------\n\nFor three years the braised short rib was the most popular thing on the menu at Tillery.\n";
    const blocks = cleanSource(text).blocks;
    expect(blocks.find((block) => block.text.startsWith("WE CUT"))?.kind).toBe("heading");
    expect(blocks.some((block) => block.kind === "item")).toBe(false);
  });

  test("a heading in capitals keeps each sentence's capital ('We cut our bestseller. Our margins went up.'); a newsletter's housekeeping is furniture", async () => {
    const { sentenceCase } = await import("../../src/strategist/local/passages");
    expect(sentenceCase("WE CUT OUR BESTSELLER. OUR MARGINS WENT UP.")).toBe("We cut our bestseller. Our margins went up.");
    const { traitsOf } = await import("../../src/strategist/local/sentences");
    for (const line of [
      "Quick note before we get into it: if you emailed me last week and haven't heard back, that's because a pipe burst.",
      "Thank you for your patience, and for the 40-odd replies to last week's issue on tip pooling.",
      "I'll share some of them next week.",
    ])
      expect([line, traitsOf(line).meta]).toEqual([line, true]);
  });
});

describe("an HTML table (round 26: a pricing table flattened into 'Plan Monthly Annual Users Best for Solo $19 $190 1...')", () => {
  test("a data table's rows read under their header; an email's layout table around its paragraphs stays prose", () => {
    const table =
      "<p>Fieldnote now has three plans.</p><table><thead><tr><th>Plan</th><th>Monthly</th><th>Users</th></tr></thead><tbody><tr><td><strong>Solo</strong></td><td>$19</td><td>1</td></tr><tr><td>Crew</td><td>$49</td><td>Up to 8</td></tr></tbody></table>";
    const texts = cleanSource(table).blocks.map((block) => block.text);
    expect(texts).toContain("Solo: $19 monthly, 1 users");
    expect(texts).toContain("Crew: $49 monthly; users: Up to 8");
    expect(texts.join(" ")).not.toContain("Plan Monthly Users");
    const layout = "<table><tr><td><p>We shipped the new dispatch board on Monday, after six weeks of beta with twelve shops.</p></td></tr></table>";
    expect(cleanSource(layout).blocks.map((block) => block.text)).toContain(
      "We shipped the new dispatch board on Monday, after six weeks of beta with twelve shops.",
    );
  });
});

describe("round 23's docs page copied with select-all (issue 21: docs)", () => {
  const article = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/articles", name)).text();

  test("a menu on one line ('Docs  API  Pricing  Status  Changelog  Log in') is never the title nor a post's last line", async () => {
    const cleaned = cleanSource(await article("r23-docs-page-copy.txt"));
    expect(cleaned.title).not.toContain("Docs API Pricing");
    const all = cleaned.blocks.map((block) => block.text).join("\n");
    expect(all).not.toContain("Docs API reference Status Security Privacy Terms");
    expect(all).not.toContain("Yes No");
  });

  test("the breadcrumb ('Docs > API reference > Rate limits') is furniture and the page's own name over its date line is the title", async () => {
    const cleaned = cleanSource(await article("r23-docs-page-copy.txt"));
    expect(cleaned.title).toBe("Rate limits");
    expect(cleaned.blocks.map((block) => block.text).join("\n")).not.toContain("Docs > API reference");
  });

  test("HTTP headers on lines of their own are code, and the sentence that said what a response includes keeps its words", async () => {
    const texts = cleanSource(await article("r23-docs-page-copy.txt")).blocks.map((block) => block.text);
    expect(texts).toContain("Every API response includes headers that tell you where you stand.");
    expect(texts.some((text) => text.startsWith("X-RateLimit-Limit: 200"))).toBe(false);
  });

  test("one paragraph a line under 'Best practices' stays one paragraph a line", async () => {
    const blocks = cleanSource(await article("r23-docs-page-copy.txt")).blocks.map((block) => block.text);
    expect(blocks).toContain("Batch wherever you can. Batches are 100 times cheaper per shipment than individual calls.");
    // A hard-wrapped paragraph is still one paragraph.
    const wrapped = cleanSource(
      "We shipped the new pricing page in March and watched the numbers\nfor eight weeks before we changed anything else at all.\nThe results surprised us, and the team.",
    ).blocks;
    expect(wrapped.length).toBe(1);
  });
});

describe("a help centre copied with select-all (round 28's docs)", () => {
  test("its search box, its name, its pager and its 'Submit a request' go; a breadcrumb of 13 words goes too", () => {
    const page = [
      "Skip to main content",
      "Fieldbook Help Centre",
      "Search help articles...",
      "Getting started",
      "Scheduling",
      "Sign in",
      "",
      "Help Center > Billing & Payments > Service Agreements > Set up recurring service agreements",
      "",
      "Recurring routes let you group your regular maintenance visits into an ordered run that repeats automatically.",
      "",
      "Can I import routes from a spreadsheet?",
      "Yes. Go to Settings > Import > Routes and download the CSV template. Each row is one stop.",
      "",
      "Have more questions? Submit a request",
      "",
      "< Previous article",
      "Assign crews to one-off jobs",
      "Next article >",
      "Handle weather delays and reschedule a whole day",
    ].join("\n");
    const text = cleanSource(page)
      .blocks.map((block) => block.text)
      .join("\n");
    for (const debris of ["Search help articles", "Fieldbook Help Centre", "Help Center >", "Submit a request", "Previous article", "Handle weather delays"])
      expect(text).not.toContain(debris);
    // "download the CSV template" is a step, not a call to download a guide.
    expect(text).toContain("Yes. Go to Settings > Import > Routes and download the CSV template.");
    expect(traitsOf("Go to Settings > Import > Routes and download the CSV template.").meta).toBe(false);
    expect(traitsOf("Download our free guide to pricing.").meta).toBe(true);
  });
});

describe("round 29's pastes", () => {
  test("a hard-wrapped sentence's next line is never furniture, whatever its first word", () => {
    const text = [
      "That's it from us for this week. Thank you again for sticking with us",
      "through a rough month. A farm only works because people are willing to",
      "share the good weeks and the bad ones, and you've done exactly that.",
    ].join("\n");
    expect(cleanSource(`An opening paragraph of the newsletter, long enough to read as prose about the farm.\n\n${text}`).blocks.at(-1)?.text).toEndWith(
      "willing to share the good weeks and the bad ones, and you've done exactly that.",
    );
  });

  test("a show's credits and a letter's signature after 'Best wishes,' go", () => {
    const show = cleanSource(
      "THE VAN & THE LEDGER\n\nEpisode 87: Why I Stopped Answering the Phone at 2am\n\nHost: Dan Okafor\nGuest: Marcy Whitfield, owner, Keystone Lock & Safe, Dayton, Ohio\n\nSUMMARY\nFor 35 years Keystone Lock & Safe promised Dayton a locksmith at any hour.",
    );
    expect(show.blocks.map((block) => block.text).join("\n")).not.toMatch(/Host: Dan Okafor|Guest: Marcy/);
    const letter = cleanSource(readFileSync(join(import.meta.dir, "..", "fixtures", "articles", "r29-launch.html"), "utf8"));
    expect(letter.blocks.map((block) => block.text).join("\n")).not.toMatch(/Cribbs Causeway|Lee Harcourt/);
  });
});

test("round 30: a signature's role with its town, and a newsletter saying it is longer than usual, are no part of a post", () => {
  expect(traitsOf("Founder, Strokehouse Rowing Studio, Ancoats, Manchester").meta).toBe(true);
  expect(traitsOf("Director of Operations, Kelly Osei, said the pilot worked.").meta).toBe(false);
  expect(traitsOf("This month's newsletter is a bit longer than usual, because a lot happened.").meta).toBe(true);
});

test("a newsletter's frame: where it is written, its welcome to new readers and its thanks for reading (round 30)", () => {
  expect(traitsOf("It's a grey, drizzly morning in Ludlow and I'm writing this at the counter before we open, with the heater ticking.").meta).toBe(true);
  expect(traitsOf("A special hello to the 312 of you who joined this month, most of you after I rambled about pricing on a podcast.").meta).toBe(true);
  expect(traitsOf("Thank you, as always, for reading, for buying, and for putting up with my handwriting.").meta).toBe(true);
  // The author's own writing is the article: "I'm writing a book about it" is not the letter's frame.
  expect(traitsOf("I'm writing a book about the year we nearly closed.").meta).toBe(false);
});

test("a table row with a cell in words reads as a line: before → after, the short cells, the words in brackets (rounds 28 to 30)", () => {
  const rows = (html: string) =>
    cleanSource(html)
      .blocks.filter((block) => block.kind === "item")
      .map((block) => block.text);
  expect(
    rows(
      "<p>Our new plans start on 1 September, and every member keeps their price for six months.</p><table><tr><th>Plan</th><th>Current price</th><th>New price from 1 September</th><th>What's included</th></tr><tr><td>Unlimited</td><td>£65 a month</td><td>£74 a month</td><td>All classes, open rowing, one technique clinic a quarter</td></tr></table>",
    ),
  ).toEqual(["Unlimited: £65 a month → £74 a month (All classes, open rowing, one technique clinic a quarter)"]);
  expect(
    rows(
      "<p>Delivery is now priced by distance from the shop, and free for anyone close by.</p><table><tr><th>Delivery zone</th><th>Distance from our shop</th><th>Delivery fee</th><th>Examples</th></tr><tr><td>Zone 2</td><td>50 to 150 km</td><td>$95</td><td>Toronto, Kitchener, Niagara Falls, Barrie</td></tr></table>",
    ),
  ).toEqual(["Zone 2: 50 to 150 km, $95 delivery fee (Toronto, Kitchener, Niagara Falls, Barrie)"]);
});

test("a newsletter's 'That's all from the hill for now.' closes the letter (round 31)", () => {
  expect(traitsOf("That's all from the hill for now.").meta).toBe(true);
  expect(traitsOf("That's all from the hill we could save this year.").meta).toBe(false);
});

test("a long wrapped line that ends where a name runs on to the next line is prose, not a heading (round 32)", () => {
  const text = [
    "Hello everyone, and welcome to the March letter from the shop, which is a long one this time.",
    "",
    "NEW ON THE SHELVES",
    "",
    "Alongside Allenheads DK, we have a fresh delivery of West Yorkshire",
    "Spinners' Bo Peep in twelve shades, restocked Lang Jawoll sock yarn, and",
    "some lovely birch and walnut needles from a turner in Corbridge.",
  ].join("\n");
  const blocks = cleanSource(text).blocks;
  expect(blocks.some((block) => block.kind === "heading" && block.text.startsWith("Alongside Allenheads"))).toBe(false);
  expect(blocks.some((block) => block.text.includes("a fresh delivery of West Yorkshire Spinners' Bo Peep in twelve shades"))).toBe(true);
});

describe("numbered findings written as a title line over their paragraph (round 32's data post)", () => {
  const finding = [
    "1. Most people who quit, quit early.",
    "43% of all cancellations happened within the first 60 days of joining. Put another way, 24% of new members were gone before their third payment. After six months, monthly churn dropped to 2.8% and stayed there.",
  ].join("\n");
  const changed = 'What we changed, starting in February:\n\n- Made the Second Session automatic.\n- Launched "Bring a Mate".';

  test("each finding is a section of its own, and a later label over a list is one too", () => {
    expect(texts(`${finding}\n\n${changed}`)).toEqual([
      "heading: Most people who quit, quit early.",
      "paragraph: 43% of all cancellations happened within the first 60 days of joining. Put another way, 24% of new members were gone before their third payment. After six months, monthly churn dropped to 2.8% and stayed there.",
      "heading: What we changed, starting in February:",
      "item: Made the Second Session automatic.",
      'item: Launched "Bring a Mate".',
    ]);
  });

  test("a step over its explanation, a hard-wrapped item and a label with no findings before it stay as they were", () => {
    const step =
      "3. Tap Save.\nYour Hub uses your location to find the nearest weather station. You'll see the station name and distance under Weather Source, for example the nearest airfield.";
    expect(cleanSource(step).blocks.map((block) => block.kind)).toEqual(["item"]);
    const wrapped = [
      "1. We raised the standard membership from £42 to £46 in April, and I lost",
      "sleep over it for weeks. Cancellations in the following two months were 2.3",
      "percentage points higher than the same months the year before, and a third cited price.",
    ].join("\n");
    expect(cleanSource(wrapped).blocks.map((block) => block.kind)).toEqual(["item"]);
    expect(texts(changed)[0]).toBe("paragraph: What we changed, starting in February:");
  });
});

test("a newsletter's greeting from where it is written ('Hello from the bindery,') is no part of a post (round 33)", () => {
  expect(traitsOf("Hello from the bindery,").meta).toBe(true);
  expect(traitsOf("Hello from Florence came a box of marbled papers, forty sheets in eight patterns.").meta).toBe(false);
});

test("round 33's sign-offs: a closing signature that starts with the name, an italic bio at the end and 'Dear ... families,' go", () => {
  const story = "The middle octaves had dropped about twelve cents flat, and the top was sour by the time the parents arrived.";
  expect(texts(`${story}\n\nDuncan Aird, piano tuner and technician, South Lakes`)).toEqual([`paragraph: ${story}`]);
  expect(texts(`${story}\n\n*Kerry Bancroft runs Suds & Scissors Mobile Grooming in Shrewsbury.*`)).toEqual([`paragraph: ${story}`]);
  expect(traitsOf("Dear Little Otters families,").meta).toBe(true);
  // Only at the very end: mid-page, the same shape (under a customer's quote) says who said it, and stays.
  const middle = texts(`${story}\n\nDuncan Aird, piano tuner and technician, South Lakes\n\nHe still tunes the school's piano every March.`);
  expect(middle.some((text) => text.endsWith(": Duncan Aird, piano tuner and technician, South Lakes"))).toBe(true);
});

test("after a first numbered finding, a shorter one is a section too (round 33's '6. Referrals were our best customers.')", () => {
  const first =
    "1. Speed beat price, by a long way.\nCustomers who got a quote within four working hours booked with us 52% of the time. After two days it fell to 19%, whatever the price.";
  const sixth = "6. Referrals were our best customers.\n22% of bookings came from referrals or returning customers, and they converted at 71%.";
  expect(texts(`${first}\n\n${sixth}`).filter((text) => text.startsWith("heading:"))).toEqual([
    "heading: Speed beat price, by a long way.",
    "heading: Referrals were our best customers.",
  ]);
});

test("after numbered findings, a line in capitals over the next part is a section ('THE RESULTS (March to September 2025 vs 2024)')", () => {
  const first =
    "1. Speed beat price, by a long way.\nCustomers who got a quote within four working hours booked with us 52% of the time. After two days it fell to 19%, whatever the price.";
  expect(texts(`${first}\n\nTHE RESULTS (March to September 2025 vs the same months of 2024)\n\n- Conversion: 44% (2024: 35%)`)).toContain(
    "heading: THE RESULTS (March to September 2025 vs the same months of 2024)",
  );
  expect(texts("THE RESULTS (March to September 2025)\n\n- Conversion: 44% (2024: 35%)")[0]).not.toMatch(/^heading: THE RESULTS \(March/u);
});

test("a newsletter pointing at its own layout is no part of a post (round 34: 'this month's main story is a long one')", () => {
  expect(traitsOf("I promised in the spring that I'd tell you how our big experiment was going, so this month's main story is a long one.").meta).toBe(true);
  expect(traitsOf("Shop news, dates and the new cheese are further down if you want to skip ahead.").meta).toBe(true);
  expect(traitsOf("I won't be offended.").meta).toBe(true);
  expect(traitsOf("We decided to skip the spring show and go further down the valley.").meta).toBe(false);
});

test("an offer to share a spreadsheet or template is no post's opening (round 35's data post)", () => {
  expect(traitsOf("I'm happy to share the spreadsheet template I used if it's useful to anyone.").meta).toBe(true);
  expect(traitsOf("We were happy to share the cost with the school.").meta).toBe(false);
});

describe("a section of labelled actions (issue 21: round 35, 'a ghostwriter would write one post per action')", () => {
  const story = (heading: string, lead = "") =>
    `# A story\n\n## ${heading}\n\n${lead}**We rang every family first.** Before the closure started, we had 19 funerals already booked. Megan and I phoned every one of those families to explain the change and offer the alternative at Telford.\n\n**Getting our kit back.** Our terms said the scaffold stayed our property until it came off site, and I had never once read that clause properly. It took 19 days.\n\n**Raccourcir la gamme.** We went from 42 products to 27 and took everything that sold fewer than ten a month off the shelves, and unsold stock fell from 7% to 3%.\n`;
  const kinds = (text: string) => cleanSource(text).blocks.map((block) => `${block.kind}:${block.text.slice(0, 28)}`);

  test("under 'What we actually did', each label heads its own part; a sentence keeps its full stop, a name for the action loses it", () => {
    expect(kinds(story("What we actually did"))).toEqual([
      "heading:A story",
      "heading:What we actually did",
      "heading:We rang every family first.",
      "paragraph:Before the closure started, ",
      "heading:Getting our kit back",
      "paragraph:Our terms said the scaffold ",
      "heading:Raccourcir la gamme",
      "paragraph:We went from 42 products to ",
    ]);
    // A lead-in with nothing left to lead goes.
    expect(kinds(story("What I did in the first ten days", "Then, roughly in this order:\n\n"))).not.toContain("paragraph:Then, roughly in this order:");
  });

  test("a launch's features, a list of lessons, a counted list and one-line mistakes stay paragraphs", () => {
    expect(kinds(story("What's new")).filter((kind) => kind.startsWith("heading"))).toHaveLength(2);
    expect(kinds(story("What I'd tell anyone with one big client")).filter((kind) => kind.startsWith("heading"))).toHaveLength(2);
    expect(kinds(story("What we did", "We did three things between April and September.\n\n")).filter((kind) => kind.startsWith("heading"))).toHaveLength(2);
    const mistakes =
      "# A guide\n\n## What we did\n\n**Treating it as a save attempt.** The buyer stops being honest.\n\n**Only interviewing losses.** You fix the wrong things.\n\n**Stopping after one round.** The value is in the trend.\n";
    expect(kinds(mistakes).filter((kind) => kind.startsWith("heading"))).toHaveLength(2);
  });
});

test("a price table whose header cells break a line keeps its header (round 36: '2 players £44 £56' lost which column is off-peak)", () => {
  const html =
    '<html><body><p>Our new prices start on 3 March.</p><table><thead><tr><th scope="col">Group size</th><th scope="col">Off-peak<br>(Mon–Thu)</th><th scope="col">Peak<br>(evenings)</th></tr></thead><tbody><tr><td>2 players</td><td>£44</td><td>£56</td></tr><tr><td>3 players</td><td>£60</td><td>£75</td></tr></tbody></table></body></html>';
  const texts = cleanSource(html).blocks.map((block) => block.text);
  expect(texts).toContain("2 players: £44 off-peak, £56 peak");
  expect(texts.some((text) => text.includes("2 players £44 £56"))).toBe(false);
});

test("a hard-wrapped line that stops on a name is prose, not a heading (round 38: 'a woman called Helen' / 'Whitworth.')", () => {
  const letter =
    "Subject: Jazz records\n\nHello all,\n\nTHE WHITWORTH COLLECTION\n\nIn early February I got a phone call from a woman called Helen\nWhitworth. Her dad, Frank, had died just before Christmas at the age\nof 88, and he'd left behind a house in Marple full of jazz records.\n";
  const blocks = cleanSource(letter).blocks;
  expect(blocks.some((block) => block.kind === "heading" && block.text.endsWith("called Helen"))).toBe(false);
  expect(blocks.some((block) => block.text.startsWith("In early February I got a phone call from a woman called Helen Whitworth. Her dad"))).toBe(true);
});

test("a hard-wrapped line that starts on a bracket's number is the sentence's next words (round 44: '12 to' / '16) and a prize...')", () => {
  const letter =
    "Subject: Junior match\n\nHello all,\n\nOur spring junior match is on Saturday 22 March at Lakeside Fishery,\nHickling, on the Willow Pool. It's £5 per angler, which covers the peg fee\nand a bacon roll. There are trophies for the top three in each age group (under 12 and 12 to\n16) and a prize for the biggest single fish. Last year's winner had 14lb.\n";
  const blocks = cleanSource(letter).blocks;
  expect(blocks.some((block) => block.kind === "item")).toBe(false);
  expect(blocks.some((block) => block.text.includes("(under 12 and 12 to 16) and a prize for the biggest single fish."))).toBe(true);
  // A list under a lead-in keeps its items.
  const list = cleanSource("We changed three things after the review:\n\n1) the price\n2) the delivery day\n3) the bags\n").blocks;
  expect(list.filter((block) => block.kind === "item").length).toBe(3);
});

test("a bold ordinal that reads on into its sentence stays in it ('**Drittens** haben wir die Workshops umgebaut.', round 38)", () => {
  const story = [
    "# Gold",
    "## Was wir geändert haben",
    "**Erstens** haben wir im Januar 2023 ein festes Angebot eingeführt, bei dem Kundinnen ihr eigenes altes Gold mitbringen und daraus neuen Schmuck machen lassen können.",
    "**Zweitens** haben wir das Gerät selbst gekauft, für 14.800 Euro. Das war der teuerste Kauf in der Geschichte der Werkstatt und hat sich nach einem Jahr bezahlt gemacht.",
    "**Drittens** haben wir die Workshops umgebaut. Statt nur neue Trauringe zu schmieden, können Paare jetzt Gold aus der eigenen Familie mitbringen.",
  ].join("\n\n");
  const texts = cleanSource(story).blocks.map((block) => block.text);
  expect(texts.some((text) => text.startsWith("haben wir"))).toBe(false);
  expect(texts).toContain(
    "Drittens haben wir die Workshops umgebaut. Statt nur neue Trauringe zu schmieden, können Paare jetzt Gold aus der eigenen Familie mitbringen.",
  );
});

test("a price column's note in brackets is said in its header, not on every row (round 38: 'standard (10 working days): £14' on each line)", () => {
  const html =
    "<p>Our alteration prices from 1 May.</p><table><tr><th>Job</th><th>Standard (10 working days)</th><th>Express (3 working days)</th></tr><tr><td>Trouser hem, plain</td><td>£14</td><td>£21</td></tr><tr><td>Zip replacement</td><td>£18</td><td>£26</td></tr></table>";
  const texts = cleanSource(html).blocks.map((block) => block.text);
  expect(texts).toContain("Trouser hem, plain: £14 standard, £21 express");
  expect(texts.join(" ")).not.toContain("(10 working days):");
});

test("a help page's options indented under a step stay in it, and 'Frequently asked questions' heads its first question (round 38's docs)", () => {
  const page = [
    "Set who can swap",
    "",
    "1. In the Shift swaps section, find Who can swap.",
    "2. Choose one of the following:",
    "   - Same role only (recommended)",
    "   - Anyone at this location",
    "3. If you pick the second option, make sure each person's roles are set on their profile.",
    "",
    "Frequently asked questions",
    "Does a swap change anyone's pay?",
    "Timesheets follow whoever actually works the shift, so pay moves with the swap automatically.",
  ].join("\n");
  const blocks = cleanSource(page).blocks;
  const steps = blocks.filter((block) => block.kind === "item").map((block) => block.text);
  expect(steps).toEqual([
    "In the Shift swaps section, find Who can swap.",
    "Choose one of the following: Same role only (recommended); Anyone at this location",
    "If you pick the second option, make sure each person's roles are set on their profile.",
  ]);
  expect(blocks.some((block) => block.text.startsWith("Frequently asked questions Does"))).toBe(false);
});

test("a table's figures read before their column's name: '1 to 2 vehicles', '£9.00 per van / month', '£0 call-out charge (normally £35)' (round 41's launch)", () => {
  const table =
    "<table><tr><th>Plan</th><th>Vehicles</th><th>Price per van / month</th><th>Call-out charge</th><th>Minimum term</th></tr><tr><td>Solo</td><td>1 to 2</td><td>£9.00</td><td>£0 (normally £35)</td><td>3 months</td></tr></table>";
  expect(cleanSource(table).blocks.map((block) => block.text)).toContain(
    "Solo: 1 to 2 vehicles, £9.00 per van / month, £0 call-out charge (normally £35), 3 months minimum term",
  );
});

test("a column that offers a choice names its figure without the choice: '£99 yearly', never '£99 or pay yearly' (round 44's launch)", () => {
  const table =
    "<table><tr><th>Plan</th><th>Monthly</th><th>Or pay yearly</th><th>What's included</th></tr><tr><td>Commuter</td><td>£9</td><td>£99</td><td>Two full services a year, free safety check any time</td></tr></table>";
  expect(cleanSource(table).blocks.map((block) => block.text)).toContain(
    "Commuter: £9 monthly, £99 yearly (Two full services a year, free safety check any time)",
  );
});

test("round 40's help page: example rows indented under a step stay in it, a wrapped step reads on, and the page's age and support offer go", () => {
  const page = [
    "Setting up seasonal rates for pitches",
    "Charge different nightly prices for low, mid and high season",
    "Written by Hannah Pryor",
    "Updated over a week ago",
    "",
    "Most campsites don't charge the same in February as they do in August.",
    "",
    "Step 2: Set prices for each season",
    "1. Go to Settings > Rates & Pricing > Rate table.",
    "2. Click any cell to enter the nightly price for that pitch type in that season. For example:",
    "   Hardstanding with hook-up: Low £24, Mid £29, High £36",
    "   Grass tent pitch: Low £18, Mid £22, High £28",
    "3. Prices are per pitch, per night, for the number of guests",
    "   included in the pitch type (usually 2).",
    "",
    "Still need help? Chat to us from the blue button in the bottom corner, or email support@campdesk.co.uk. We're around Monday to Friday, 9am to 5pm, and a bit on Saturdays in summer.",
  ].join("\n");
  const blocks = cleanSource(page).blocks;
  const steps = blocks.filter((block) => block.kind === "item").map((block) => block.text);
  expect(steps).toEqual([
    "Go to Settings > Rates & Pricing > Rate table.",
    "Click any cell to enter the nightly price for that pitch type in that season. For example: Hardstanding with hook-up: Low £24, Mid £29, High £36; Grass tent pitch: Low £18, Mid £22, High £28",
    "Prices are per pitch, per night, for the number of guests included in the pitch type (usually 2).",
  ]);
  const all = blocks.map((block) => block.text).join("\n");
  expect(all).not.toContain("Updated over a week ago");
  expect(all).not.toContain("Still need help?");
  expect(all).toContain("Most campsites don't charge the same in February as they do in August.");
});

test("round 39's page furniture: a breadcrumb with its '>' on lines of their own, and a 'Price' column's name on every row", () => {
  const page =
    "Help Centre\n>\nBookings and pricing\n>\nSeasonal pricing\nSet up peak-season pricing for boarding stays\nUpdated 11 February 2025\n\nMost boarding kennels and catteries charge more during school holidays, when demand is highest.\n";
  const texts = cleanSource(page).blocks.map((block) => block.text);
  expect(texts).not.toContain("Bookings and pricing");
  expect(cleanSource(page).title).toBe("Set up peak-season pricing for boarding stays");
  // A quotation's empty ">" line is no breadcrumb.
  expect(
    cleanSource("> We were wrong.\n>\n> And we said so.\n")
      .blocks.map((block) => block.text)
      .join(" "),
  ).toContain("We were wrong.");
  const table =
    "<p>Our skips from 1 April.</p><table><tr><th>Skip</th><th>Good for</th><th>Roughly holds</th><th>Price</th></tr><tr><td>2-yard mini</td><td>Garden tidy-up, small bathroom strip-out</td><td>20 to 25 bin bags</td><td>£165</td></tr></table>";
  expect(cleanSource(table).blocks.map((block) => block.text)).toContain("2-yard mini: 20 to 25 bin bags, £165 (Garden tidy-up, small bathroom strip-out)");
});
