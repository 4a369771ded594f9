import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { cleanSource, interviewerPrompt } from "../../src/strategist/clean";
import { planWeek } from "../../src/strategist/local";
import { extractIdeas } from "../../src/strategist/local/extract-ideas";
import { exchangesOf, followsUp, guestOf, interviewCandidates, openingsOf, selfAsked } from "../../src/strategist/local/interview";

/** Issue 21, round 9: interviews and podcast transcripts were the worst plans (independent reads 1.6 and 2.0). */

const articles = join(import.meta.dir, "../fixtures/articles");
const corpus = join(import.meta.dir, "../fixtures/corpus/founders");
const read = (file: string) => Bun.file(file.startsWith("/") ? file : join(articles, file)).text();
const plan = async (file: string) => planWeek({ contentText: await read(file), contentType: "blog", timezone: "Europe/London" });
const ideasOf = async (file: string) => extractIdeas(cleanSource(await read(file)));

const PODCAST = "r9-podcast-fjordmark-slow-enterprise-sales.txt";
const KILNWORKS = "r9-interview-kilnworks-hamza-aziz.md";

describe("an interviewer's turns (clean.ts)", () => {
  test("a prompt without a question mark still heads the answer; a reaction or an echo asks nothing", () => {
    expect(interviewerPrompt("You mentioned a contract clause that nearly ended the company.")).toBe(
      "You mentioned a contract clause that nearly ended the company.",
    );
    expect(interviewerPrompt("Let's go there. Most founders I talk to give pilots away to get the logo.")).toBe(
      "Most founders I talk to give pilots away to get the logo.",
    );
    expect(
      interviewerPrompt("Let's start at the beginning. Fjordmark sells load forecasting to utilities. How did you land the first one with no track record?"),
    ).toBe("Fjordmark sells load forecasting to utilities. How did you land the first one with no track record?");
    for (const reaction of [
      "Oh no.",
      "Ingrid, welcome to the show.",
      "Tomasz, welcome to The Unscaled.",
      "Thanks for coming on.",
      "Three percent.",
      "That's painfully true.",
    ])
      expect(interviewerPrompt(reaction)).toBeUndefined();
    expect(
      interviewerPrompt("Nobody ever deletes an alert. That's painfully true.", "Marcus: ... Nobody ever deletes an alert. They just add new ones."),
    ).toBeUndefined();
  });

  test("the dropped prompts of the Fjordmark transcript head their answers again", async () => {
    const questions = exchangesOf(await ideasOf(PODCAST)).map((exchange) => exchange.question);
    expect(questions).toContain("You mentioned a contract clause that nearly ended the company.");
    expect(questions).toContain("Most founders I talk to give pilots away to get the logo.");
    expect(questions).toContain("And you hired a lawyer, I'm guessing.");
    // The show's goodbye is no exchange.
    expect(questions.some((question) => /where can people find you/i.test(question))).toBe(false);
  });

  test("a written interview's bold questions are its questions", async () => {
    const exchanges = exchangesOf(await ideasOf(KILNWORKS));
    expect(exchanges.map((exchange) => exchange.question)).toEqual([
      "Ceramics studios are a very small market. Why build a company there?",
      "What do studios actually pay?",
      "You turned down investment. Tell me about that.",
      "What's the feature that made Kilnworks grow?",
      "You still answer support tickets yourself. Why, with eight people?",
      "What's been the hardest part of running Kilnworks?",
      "What would you tell someone thinking about building for a niche this small?",
      "What's next for Kilnworks?",
    ]);
    // A bold line in an essay is not a question: a post with one bold sentence is no interview.
    expect(interviewCandidates(extractIdeas(cleanSource("# Notes\n\n**Why we raised prices?**\n\nWe raised prices in May. It went fine.\n")))).toBeUndefined();
  });
});

describe("who the guest is", () => {
  test("named with the role and company the introduction gives them", async () => {
    const guest = async (file: string) => {
      const ideas = await ideasOf(file);
      return guestOf(ideas, exchangesOf(ideas));
    };
    // What the company does comes with it, from the same introduction.
    expect(await guest(KILNWORKS)).toBe("Hamza Aziz, founder of Kilnworks, which makes booking and membership software for community ceramics studios");
    expect(await guest(PODCAST)).toBe(
      "Ingrid Solberg, co-founder and CEO of Fjordmark Analytics, a Bergen-based company that forecasts electricity grid load for regional utilities",
    );
    expect(await guest("r5-interview-qa.md")).toBe(
      "Idris Kamara, co-founder and CEO of Sproutlane, which makes billing, attendance and parent-messaging software for independent childcare centers",
    );
    expect(await guest(join(corpus, "14-interview-bootstrapping.md"))).toBe("Quietdesk's Nadia Osei");
    expect(await guest("r8-interview-qa.md")).toBe("Ines Marwood of Sorrel");
    expect(await guest("r7-podcast-transcript.txt")).toBe("Luis Ferreira of Manifold Audit");
    // "Tomasz Wrona spent nine years ... before founding Refit Kitchen Co": the founding gives the role (round 12's
    // podcast had "Kwame Asante:" on every answer, never said to run Palletpool).
    expect(await guest("r10-podcast-unscaled-ep64.txt")).toBe("Tomasz Wrona, founder of Refit Kitchen Co");
    // "Ruth Achterberg grew up on a pear farm in Kent and spent eight years as a payroll manager ... before starting
    // Sowline": a long career before the founding still names her.
    expect(await guest("r10-interview-sowline-founder.md")).toBe(
      "Ruth Achterberg, founder of Sowline, which handles payroll, right-to-work checks and shift scheduling for seasonal fruit and vegetable farms",
    );
    // Round 21: "...for a furniture manufacturer in the East Midlands before starting Stackrun" named the guest "East
    // Midlands" on every answer; a place after "in the" is never the guest.
    // "Ana Lucía Ferreyra on building Chillmark's team": the company without its possessive.
    expect(await guest("r21-interview-cold-chain-hiring.md")).toBe(
      "Ana Lucía Ferreyra of Chillmark, which makes wireless temperature sensors and monitoring software for cold stores, food distributors and hospital pharmacies",
    );
    expect(await guest("r21-podcast-founder-led-sales.txt")).toBe(
      "Kwame Asante-Lowry, founder of Stackrun, an online booking platform for pallet and part-load freight",
    );
  });

  test("an essay is not an interview", async () => {
    expect(interviewCandidates(await ideasOf(join(corpus, "07-four-hires-i-got-wrong.md")))).toBeUndefined();
  });
});

describe("what an exchange opens on", () => {
  const sentences = (text: string, block = 0) =>
    extractIdeas(cleanSource(text)).sentences.map((sentence) => ({ ...sentence, blockId: sentence.blockId + block }));

  test("never a bare reply, a story's setup or a line that names its subject only by a pronoun", () => {
    const hooks = openingsOf(
      sentences(
        "Yes. This is the part I'm least proud of. In 2022 we signed our largest customer, a utility covering three municipalities. We were so happy to win that we signed it after one read-through.\n\nAnd I'd like to take a proper holiday. My partner has been promised one for two years.",
      ),
    ).map((option) => option.hook);
    for (const hook of hooks) expect(hook).not.toMatch(/^(?:Yes\.|In 2022|We were so happy|My partner)/);
    expect(openingsOf(sentences("Honestly, by accident.\n\nExactly.")).map((option) => option.hook)).toEqual([]);
    // A line the next one leans on stays where it is ("Two of them" are the four customers).
    const ads = openingsOf(
      sentences(
        "We tried Google Ads once, in 2022. We spent £8,000 over three months and got four customers. Two of them left within a year. We haven't tried again.",
      ),
    );
    expect(ads.map((option) => option.hook)).not.toContain("We spent £8,000 over three months and got four customers.");
  });

  test("a short last line comes up with the line it answers", () => {
    const hooks = openingsOf(
      sentences(
        "Second, we run many deals in parallel and we're honest with ourselves about which stage they're in. At any time we have around 15 utilities in some kind of conversation. So we don't celebrate a good meeting. We celebrate a budget line.",
      ),
    ).map((option) => option.hook);
    expect(hooks[0]).toBe("We don't celebrate a good meeting. We celebrate a budget line.");
  });

  test("follow-ups stay with the exchange they follow up; a new topic does not", () => {
    // ("What were you doing for training then?" picks up the damage claims before it: round 44.)
    for (const question of [
      "What's the conversion rate?",
      "And you hired a lawyer, I'm guessing.",
      "A warm introduction and a recent pain.",
      "Any regrets?",
      "What were you doing for training then?",
    ])
      expect(followsUp(question)).toBe(true);
    for (const question of [
      "Most founders I talk to give pilots away to get the logo.",
      "Do you pay yourself properly?",
      "You mentioned a contract clause that nearly ended the company.",
      // ...and "I have to ask about 2020." turns to a topic of its own, however short (round 44 glued it to the prices).
      "I have to ask about 2020.",
      "Let's talk about drivers.",
    ])
      expect(followsUp(question)).toBe(false);
  });

  test("a show's credits and call for guests after the last answer are not the guest's words", async () => {
    const posts = (await plan("r10-interview-sowline-founder.md")).posts.map((post) => post.content).join("\n\n");
    expect(posts).not.toContain("Founder Notes is published by");
    expect(posts).not.toContain("Know someone we should interview?");
    // A host's "That's a big change." before the question goes; the question stays.
    expect(posts).not.toContain("That's a big change.");
  });
});

describe("an interview's week (round 9's verbatim failures)", () => {
  test("the podcast: every post is the guest's own words, with no question put to her and no speaker label", async () => {
    const posts = (await plan(PODCAST)).posts.map((post) => post.content);
    const all = posts.join("\n\n");
    // Round 24: all three readers marked down the interviewer's questions and the speaker labels left in every post.
    for (const content of posts) {
      const body = content.split("\n\n").slice(1);
      expect(body.filter((paragraph) => /\?$/u.test(paragraph) && /\byou\b/iu.test(paragraph))).toEqual([]);
      expect(content).not.toMatch(/^(?:INGRID|DAN|Ingrid(?: Solberg)?[^:\n]{0,80}):/mu);
    }
    // Who "we" are is said with what the company does, from the episode's introduction: once, on the guest's line (round
    // 30 found the body saying it again).
    expect(all).toContain("— Ingrid Solberg, co-founder and CEO of Fjordmark Analytics, a Bergen-based company that forecasts electricity grid load");
    expect(all).not.toContain("At Fjordmark Analytics, a Bergen-based company that forecasts electricity grid load for regional utilities, we");
    // The guest's story of the free pilot stays with what she learned from it.
    const pilots = posts.find((content) => content.includes("I did that for our second customer and it was a disaster"))!;
    expect(pilots).toContain("So since 2021, every pilot costs money.");
    // "we charge for pilots" is never followed by the free-pilot disaster as if it were about paid pilots.
    expect(all).not.toMatch(/we charge for pilots\.\s+I did that for our second customer/);
    // Never a transcript question as the hook; never a question left at the end of a post.
    for (const content of posts) {
      expect(content.split("\n\n")[0]).not.toBe("How do you survive that without funding?");
      expect(content.trim()).not.toMatch(/\?$/);
    }
    for (const debris of ["Released: 21 January", "Listeners get their first two months free", "Lightly edited for readability", "Thanks, Dan."])
      expect(all).not.toContain(debris);
  });

  test("the written interview: one exchange a post in the guest's voice, the company introduced once a post, no intro furniture", async () => {
    const posts = (await plan(KILNWORKS)).posts.map((post) => post.content);
    for (const content of posts) {
      // The guest is named on the last line, as whose words the post is ("— Hamza Aziz, founder of Kilnworks..."), never
      // in the body as the interviewer's introduction.
      expect(content.replace(/\n\n— [^\n]+$/u, "")).not.toContain("Hamza Aziz, founder of Kilnworks");
      expect(content).not.toContain("An interview with Hamza Aziz");
      expect(content).not.toContain("We talked about tiny markets");
      // A post never ends on the next exchange's question and half its answer.
      expect(content.trim()).not.toMatch(/What's the feature that made Kilnworks grow\?\n\n[^\n]*Kiln shelf tracking\.[^\n]*$/);
      const bold = content.match(/\n\n[^\n]*\?\n\n/g) ?? [];
      expect(bold.length).toBeLessThanOrEqual(1);
      // A question takes no definition in its middle ("What's the feature that made Kilnworks, which makes..., grow?").
      expect(content).not.toMatch(/Kilnworks, which makes[^.!\n]*\?/u);
    }
    // Each post says what Kilnworks is: in its body where it first names it, or on the guest's line.
    for (const content of posts) expect(content).toContain("Kilnworks, which makes booking and membership software for community ceramics studios");
    // The guest's line that reads cold opens the investment exchange, not "You turned down investment. Tell me about that."
    expect(
      posts.some(
        (content) => content.startsWith("We would have become a generic booking tool") || content.startsWith("I said no, and I've never regretted it"),
      ),
    ).toBe(true);
  });

  test("no post opens on an answer that only makes sense after its question", async () => {
    for (const file of [PODCAST, KILNWORKS, join(corpus, "14-interview-bootstrapping.md"), "r6-interview-transcript.txt", "review3-a-podcast.md"]) {
      for (const post of (await plan(file)).posts) expect(post.hook).not.toMatch(/^(?:Yes|No|Exactly|Honestly|Right|Sure|Three things|Two things)\b/);
    }
  });
});

describe("the interviewer's question in the guest's voice (round 25: 'Three things, from April 2022.', 'Partly by renegotiating...')", () => {
  const said = (text: string) => [{ text } as Parameters<typeof selfAsked>[1][number]];
  test("'you' becomes 'we' when the guest speaks for the company, 'I' otherwise; object and subject each in their form", () => {
    expect(selfAsked("What did you change, exactly?", said("We changed our rota and our pay."))).toBe("What did we change?");
    expect(selfAsked("So how did you pay for it?", said("We raised prices."))).toBe("How did we pay for it?");
    expect(selfAsked("Were you scared?", said("I was, and my team knew it."))).toBe("Was I scared?");
    expect(selfAsked("What surprised you most?", said("I was wrong."))).toBe("What surprised me most?");
    expect(selfAsked("What was the first thing you did?", said("I rang the bank."))).toBe("What was the first thing I did?");
    expect(selfAsked("You were a nurse for a long time. Why start a care agency?", said("Because I kept walking into houses."))).toBe(
      "Why start a care agency?",
    );
  });

  test("a statement said as a question, a check on a fact and a question with no 'you' are not turned", () => {
    expect(selfAsked("You waited until forty customers?", said("Forty hospitals, yes."))).toBeUndefined();
    expect(selfAsked("You had a hospital churn, right?", said("We did."))).toBeUndefined();
    expect(selfAsked("What's next for Brookfold?", said("We're piloting nights."))).toBeUndefined();
  });

  test("a reply with no verb keeps its question, asked by the guest; a follow-up's 'it' is the answer before it", async () => {
    const posts = (await plan("r25-interview.md")).posts.map((post) => post.content);
    expect(posts.some((post) => post.includes("What did we change?\n\nThree things, from April 2022."))).toBe(true);
    expect(posts.some((post) => post.includes("How did we pay for it?\n\nPartly through price."))).toBe(true);
    expect(posts.some((post) => post.includes("What did we get wrong?\n\nPlenty."))).toBe(true);
    // The interviewer's own words ("What did you change, exactly?") are never a line of a post.
    for (const post of posts) expect(post).not.toMatch(/^[^\n]*\byou\b[^\n]*\?$/mu);
  });
});

describe("whose words an interview's posts are (round 26: 'the guest's words in the poster's first person with no attribution')", () => {
  test("each answer post ends naming the guest as the article introduces them; the interviewer's introduction of them does not", async () => {
    const week = await plan("r25-interview.md");
    const signed = week.posts.filter((post) => post.content.endsWith("\n\n— Siobhan Mulcahy, who founded Brookfold Home Care"));
    expect(signed.length).toBe(week.posts.length - 1);
    const intro = week.posts.find((post) => post.content.startsWith("Siobhan Mulcahy spent sixteen years"));
    expect(intro?.content).not.toContain("— Siobhan");
  });

  test("a show's 'Guest: Name, role, Company' line names the guest with their company", async () => {
    const notes = "THE BACK OFFICE\nEpisode 87: One Truck\nGuest: Yolanda Pierce, co-founder and COO, Frostline Freight\nRuntime: 52 min\n\n";
    const ideas = extractIdeas(cleanSource(notes));
    expect(guestOf(ideas, [], notes)).toBe("Yolanda Pierce, co-founder and COO of Frostline Freight");
  });

  test("round 28's guests: a founding told of 'he' a sentence later, and a 'Guest:' line with the town after the company", async () => {
    const mason = await read("r28-interview.md");
    expect(guestOf(extractIdeas(cleanSource(mason)), exchangesOf(extractIdeas(cleanSource(mason))), mason)).toBe(
      "Callum Reid, who set up Reid Heritage Masonry",
    );
    const funeral = await read("r28-podcast.txt");
    const ideas = extractIdeas(cleanSource(funeral));
    expect(guestOf(ideas, exchangesOf(ideas), funeral)).toBe("Denise Lane-Whitaker, owner and licensed funeral director of Lane & Sons Funeral Home");
    const posts = (await plan("r28-podcast.txt")).posts.map((post) => post.content);
    expect(
      posts.filter((post) => post.endsWith("— Denise Lane-Whitaker, owner and licensed funeral director of Lane & Sons Funeral Home")).length,
    ).toBeGreaterThan(3);
  });

  test("the lint reads an attribution as one, and a page's bare sign-off as debris", async () => {
    const { lintPost } = await import("../../src/strategist/lint");
    const body = "We raised prices twice and sales dipped under 3%.\n\nCustomers forgive a price rise. They don't forgive a worse pastry.";
    const findings = (last: string) => lintPost(`${body}\n\n${last}`, { language: "en", postType: "insight" }).map((finding) => finding.detector);
    expect(findings("— Inês Carvalho of Padaria Lume")).not.toContain("debris");
    expect(findings("— Siobhan Mulcahy, who founded Brookfold Home Care")).not.toContain("debris");
    expect(findings("— Hollowtree's Priya Raman")).not.toContain("debris");
    expect(findings("— Marta")).toContain("debris");
  });
});

describe("a claim with 'tell me what' is no call to the reader", () => {
  test("'Tickets tell me what they were trying to do' can open a post; 'Tell me what you think' cannot", async () => {
    const { asHook } = await import("../../src/strategist/local/hooks");
    expect(asHook("Tickets tell me what they were trying to do and couldn't.")).toBe("Tickets tell me what they were trying to do and couldn't.");
    expect(asHook("Dashboards tell me what people do.")).toBe("Dashboards tell me what people do.");
    expect(asHook("Tell me what you think in the comments.")).toBeUndefined();
    expect(asHook("Please tell me if you see the same pattern.")).toBeUndefined();
  });
});

test("a bare follow-up ('What happened?') never opens a post: its answer is the next beat of the story before it, in one post", async () => {
  const { planWeek } = await import("../../src/strategist/local");
  const text = await Bun.file(`${import.meta.dir}/../fixtures/articles/r5-podcast-notes.txt`).text();
  const posts = planWeek({ contentText: text, contentType: "blog", timezone: "Europe/London" }).posts;
  expect(posts.map((post) => post.hook)).not.toContain("What happened?");
  const told = posts.find((post) => post.content.includes("By the end of Q3 we'd lost six of seven AEs."));
  expect(told?.content).toContain("We took the plan from the pitch deck and turned it directly into a sales target.");
});

test("a question the guest can ask themselves opens on 'What's' too, and keeps a reply with no verb under it ('Cement. Nearly every time.')", async () => {
  const week = await plan("r28-interview.md");
  const cement = week.posts.find((post) => post.content.includes("Nearly every time."));
  expect(cement?.content).toContain("What's the most common mistake we see on old buildings?\n\nCement. Nearly every time.");
  // A topic said with a question mark is the interviewer's line, never a line in the guest's post.
  for (const post of week.posts) expect(post.content).not.toContain("Favourite building in Edinburgh?");
});

test("round 28's shoebox of IOUs is one post, setup to outcome; 'What changed?' stays above 'Two things.'", async () => {
  const week = await plan("r28-podcast.txt");
  const shoebox = week.posts.find((post) => post.content.includes("$212,000 in outstanding balances"));
  expect(shoebox?.content).toContain("I wrote most of it off.");
  expect(shoebox?.content).toContain("It just wasn't a system.");
  const rota = week.posts.find((post) => post.content.includes("Two things."));
  expect(rota?.content).toContain("What changed?\n\nTwo things.");
  // Advice said as a contrast is the guest's line, not a bare reply; a line whose verb the line before fills in never opens.
  const advice = week.posts.find((post) => post.content.includes("You can change the habits and keep the heart."));
  expect(advice?.content).toContain("Honor the thing, not the habits.");
  for (const post of week.posts) expect(post.hook).not.toMatch(/^Actually, I think you have to/);
  // The families' own words stay theirs: the company is never named inside a quotation.
  for (const post of week.posts) expect(post.content).not.toContain("\"We don't want a funeral. We want a party. At Lane");
});

test("a numbered finding stated as a claim keeps its full stop and opens its post", async () => {
  const { planWeek } = await import("../../src/strategist/local");
  const text = await Bun.file(`${import.meta.dir}/../fixtures/articles/r10-data-late-invoices.txt`).text();
  const hooks = planWeek({ contentText: text, contentType: "blog", timezone: "Europe/London" }).posts.map((post) => post.hook);
  expect(hooks).toContain('"Net 30" was paid later than "Net 14" - in absolute days, not just relative.');
  expect(hooks).toContain("A purchase order number cut late payment on large invoices by more than half.");
});

test("a podcast's posts carry no speaker label; the bare 'Yes.' or 'Eleven days.' under a dropped question never opens one", async () => {
  const week = await plan("r13-podcast-transcript.txt");
  const all = week.posts.map((post) => post.content).join("\n\n");
  expect(all).not.toMatch(/^Amara(?: Boateng)?[^:\n]{0,60}:/mu);
  expect(all).not.toContain("And how did you go from that to a company?");
  // The theatre story is told from its scene, and the company is said once, in the guest's signature under it.
  const theatre = week.posts.find((post) => post.content.includes("We open up the instrument trays and one of the sets is wrong."));
  expect(theatre?.content).toContain("— Amara Boateng, co-founder of Tidewell");
  expect(all).not.toContain("At Tidewell, we");
  for (const post of week.posts) expect(post.hook).not.toMatch(/^(?:Yes|No|Slowly|Eleven days)\b/u);
});

test("a guest the show notes name by what they did ('left a career ... and bought Riverbend Commercial Laundry') names the company", async () => {
  const week = await plan("r18-podcast-second-shift-ep142.txt");
  const all = week.posts.map((post) => post.content).join("\n\n");
  expect(all).toContain("Riverbend Commercial Laundry");
  expect(all).not.toMatch(/^Denise(?: Harlow)?[^:\n]{0,80}:/mu);
});

test("a line that counts what the answer names later ('I called both owners beforehand.') never opens an interview post", async () => {
  const week = await plan("r29-podcast.txt");
  for (const post of week.posts) expect(post.hook).not.toStartWith("I called both owners beforehand.");
  // "both ... and" joins two things; it counts nothing.
  const story = await plan("r5-podcast-notes.txt");
  expect(story.posts.map((post) => post.hook)).toContain("The plan was both too hard and pointed at the wrong thing.");
});

test("a line moves up only within the group's first answer or from its last lines: never from the middle of a later answer (round 29)", async () => {
  // Round 28's shoebox: "For the balances that were recent..." is the second answer's middle, told after the write-off.
  const week = await plan("r28-podcast.txt");
  const shoebox = week.posts.find((post) => post.content.includes("$212,000 in outstanding balances"));
  expect(shoebox?.hook).not.toStartWith("For the balances that were recent");
  expect(shoebox!.content.indexOf("I wrote most of it off.")).toBeLessThan(shoebox!.content.indexOf("For the balances that were recent"));
});

test("round 30's podcast: a question never comes after its own answer, and a fleet's van is never 'the single second-hand van'", async () => {
  const week = await plan("r30-podcast.txt");
  const fire = week.posts.find((post) => post.content.includes("£8,000 of stock and equipment were gone"));
  expect(fire?.content).not.toContain("What happened there?");
  for (const post of week.posts) expect(post.content).not.toContain("the single second-hand van");
});

test("a count that ends its paragraph counts the paragraphs after it: none of its items opens the post ('Three things, from April 2022.')", async () => {
  const week = await plan("r25-interview.md");
  const changes = week.posts.find((post) => post.content.includes("Three things, from April 2022."));
  expect(changes?.hook).not.toStartWith("A 45-minute minimum visit.");
  expect(changes!.content.indexOf("Three things, from April 2022.")).toBeLessThan(changes!.content.indexOf("A 45-minute minimum visit."));
});

test("round 30's roofer: a hook drops 'More importantly,'; the company is said once a post, on the guest's line", async () => {
  const week = await plan("r30-interview.md");
  for (const post of week.posts) {
    expect(post.hook).not.toMatch(/^More importantly,/u);
    expect(post.content.match(/a 23-person flat and pitched roofing contractor/gu)?.length ?? 0).toBeLessThanOrEqual(1);
  }
});

test("round 31's optician: a guest's role in title case reads in lower case; a count of what follows never opens a post", async () => {
  const week = await plan("r31-podcast.txt");
  expect(week.posts[0]!.content).toContain("— Siobhan Kerrigan, optometrist and owner of Kerrigan Eyecare");
  for (const post of week.posts) expect(post.hook).not.toMatch(/^(?:But )?three things happened/iu);
});

test("a count that answers 'how many' keeps its question ('Four, out of about 4,800 scheduled visits last year.': round 32)", async () => {
  const week = await plan("r32-podcast.txt");
  const post = week.posts.find((each) => each.content.includes("Four, out of about 4,800 scheduled visits last year."));
  expect(post?.content).toMatch(/\?\n\nFour, out of about 4,800 scheduled visits last year\./u);
});

test("a phrase that finishes the line before it never opens a post alone; it comes up with its line (round 34's sailing school)", () => {
  const answers = extractIdeas(
    cleanSource(
      "Under our old policy, they got a full cash refund, no questions asked. In November I finally sat down with the bank statements and the total was £19,400. Our profit, after the refunds, was about £6,000. For a year where I worked seven days a week from March to October. I knew something had to change before the next season started.",
    ),
  ).sentences;
  const hooks = openingsOf(answers).map((option) => option.hook);
  expect(hooks).not.toContain("For a year where I worked seven days a week from March to October.");
  expect(hooks).toContain("Our profit, after the refunds, was about £6,000. For a year where I worked seven days a week from March to October.");
});

test("a guest's role that names the company keeps the company's capitals, and the town is no company (round 35's farrier)", async () => {
  const week = await plan("r35-podcast.txt");
  for (const post of week.posts)
    if (post.content.includes("— Jess Amberley")) expect(post.content).toContain("— Jess Amberley, farrier and owner of Amberley Farriery");
  expect(week.posts.map((post) => post.content).join("\n")).not.toContain("amberley farriery");
});

describe("a trade magazine's standfirst says who the guest is (issue 21: rounds 33 to 35, 'it only needs a clause on who is speaking')", () => {
  const guestIn = async (file: string) => interviewCandidates(extractIdeas(cleanSource(await read(file))), await read(file))?.guest;

  test("'became managing director of', 'Today he is', 'before setting up' and the firm that bears the surname", async () => {
    expect(await guestIn("r29-interview.md")).toBe("Graham Ossei, managing director of Northgate Print");
    expect(await guestIn("r31-interview.md")).toStartWith("Gareth Lloyd, managing director of Menai Marine Services");
    expect(await guestIn("r35-interview.md")).toBe("Owain Pritchard, who set up Pritchard Stone");
    expect(await guestIn("r33-interview.md")).toBe("Lewis Akande of Akande Tiling");
    expect(await guestIn("r34-interview.md")).toBe("Tobias Grieve of Grieve & Co.");
  });

  test("round 35's answers are signed, and a signed answer says 'we' without 'At Pritchard Stone, we'", async () => {
    const week = await plan("r35-interview.md");
    const signed = week.posts.filter((post) => post.content.includes("— Owain Pritchard, who set up Pritchard Stone"));
    expect(signed.length).toBeGreaterThanOrEqual(5);
    const tiling = await plan("r33-interview.md");
    expect(tiling.posts.map((post) => post.content).join("\n")).not.toContain("At Akande Tiling, we");
  });

  test("'In two, the joint...' and 'We've grown steadily since, but...' open no post (round 33's interview)", async () => {
    const hooks = (await plan("r33-interview.md")).posts.map((post) => post.hook);
    expect(hooks).not.toContain("In two, the joint between the membrane and the drain hadn't bonded properly.");
    expect(hooks).not.toContain("We've grown steadily since, but the real change came after 2021.");
  });
});

test("a podcast host's welcome is no exchange, and still names the guest (round 36: a 234-character welcome broke the plan's contract)", async () => {
  const week = await plan("r36-podcast.txt");
  const all = week.posts.map((post) => post.content).join("\n\n");
  expect(all).not.toContain("this is the show where");
  expect(all).not.toContain("listened to a few of these in the van");
  for (const post of week.posts) expect(post.hook.length).toBeLessThanOrEqual(210);
  expect(week.posts.filter((post) => post.content.includes("— Darren Oduya, managing director of Oduya Plumbing & Heating")).length).toBeGreaterThanOrEqual(5);
});

describe("round 37's podcast and French story (issue 21)", () => {
  test("the guest's thanks and small talk are no line of a post, and a question in the guest's voice stays English", async () => {
    const week = await plan("r37-podcast.txt");
    const all = week.posts.map((post) => post.content).join("\n\n");
    expect(all).not.toContain("I've listened to a few of these in the van");
    expect(all).not.toContain("where I were");
    expect(selfAsked("What would you say to someone listening who's where you were in 2022?", [])).toBe(
      "What would I say to someone listening who's where I was in 2022?",
    );
  });

  test("a show's tagline opens no post", async () => {
    const week = await plan("r33-podcast.txt");
    for (const post of week.posts) expect(post.content).not.toContain("Conversations with people who run small firms");
  });
});

test("a reply that only its question makes whole keeps the question, whatever line moved up (round 40: 'I did.' answers a question that was cut)", async () => {
  const week = await plan("r40-podcast.txt");
  const post = week.posts.find((each) => each.content.includes("I did. But the tuning is how people find me."))!;
  expect(post.content).toContain("Did I ever think about stopping tuning altogether?\n\nI did. But the tuning is how people find me.");
});

test("a reply with no verb whose next line leans on it keeps its question (round 41: 'All to a packer. They collect twice a week...')", async () => {
  const week = await plan("r41-podcast.txt");
  for (const post of week.posts) {
    const at = post.content.indexOf("All to a packer.");
    if (at !== -1) expect(post.content.slice(0, at)).toMatch(/\?\n\n$/u);
  }
  // Round 7's podcast: "It was, what, a small fee?" now stays in front of the reply it asks for.
  const fee = (await plan("r7-podcast-transcript.txt")).posts.map((post) => post.content).join("\n");
  expect(fee).toContain("It was, what, a small fee?");
});

test("a line that follows another in its answer never opens the post above it (round 42: 'My second thought...', 'Three, don't be snobby...')", async () => {
  // Round 10's podcast opened on "Energy prices went crazy..." (said as "Then energy prices went crazy"), above the
  // stock it followed; the line now stays after "At the peak we had four hundred and ten thousand pounds of stock".
  const week = (await plan("r10-podcast-unscaled-ep64.txt")).posts.map((post) => post.content);
  expect(week.some((post) => post.startsWith("Energy prices went crazy"))).toBe(false);
  expect(week.join("\n")).toContain("At the peak we had four hundred and ten thousand pounds of stock in the warehouse. Then energy prices went crazy");
});

test("the answer after the host's remark goes on from the one before, and a story's next beat never opens the post (round 43: 'Stop depending on wasps.')", async () => {
  const week = (await plan("r43-podcast.txt")).posts.map((post) => post.content);
  const summer = week.find((post) => post.includes("Wet spring, cold June"))!;
  // "That's quite a line." / "It stuck with me. I went home and wrote on the whiteboard...": the turning point is posted,
  // after the bank manager's question it follows.
  expect(summer).toContain(
    'And I didn\'t have an answer.\n\nIt stuck with me. I went home and wrote on the whiteboard in the garage, "Stop depending on wasps."',
  );
  // ...and the post opens on the summer, not on the end of "What did you do?" ("You go in, say, eight times a year...").
  expect(summer.startsWith("Wet spring, cold June")).toBe(true);
  // "I saw a mate lose a factory contract that was a quarter of his business": the mate is who "his" is; the pricing
  // exchange is a post.
  expect(week.some((post) => post.includes("No single contract gets to be more than 5% of what we bill."))).toBe(true);
  // The host's thanks and the guest's parting words are no answer that goes on (round 25: "(The lightning round
  // continues in the full episode.)").
  expect((await plan("r25-podcast-notes.txt")).posts.some((post) => post.content.includes("lightning round continues"))).toBe(false);
});

test("an answer's first line with a subject and a verb the verb list lacks is no bare reply (round 44: 'We close for two weeks...' was cut)", async () => {
  // (The exchange as a post: the week may leave it for the interview's introduction.)
  const file = "r44-interview.md";
  const exchanges = interviewCandidates(await ideasOf(file), await read(file))!.candidates;
  const said = exchanges.map((candidate) => [candidate.hook, ...candidate.body.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.text))]);
  const january = said.find((lines) => lines.some((line) => line.startsWith("Everyone gets a proper holiday")))!;
  expect(january).toContain("We close for two weeks from the second Monday of January.");
});

test("a thing and its name is a reply that needs its question (round 44: 'A Jack Russell called Biscuit.' under no question)", async () => {
  for (const post of (await plan("r44-interview.md")).posts) {
    const at = post.content.indexOf("A Jack Russell called Biscuit.");
    if (at !== -1) expect(post.content.slice(0, at)).toMatch(/\?\n\n$/u);
  }
});

test("a post never opens on the host's remark, which asks nothing (round 44: 'I have to ask about 2020.' signed by the guest)", async () => {
  const week = (await plan("r44-podcast.txt")).posts.map((post) => post.content);
  expect(week.some((post) => post.startsWith("I have to ask about 2020."))).toBe(false);
  expect((await plan("r39-podcast.txt")).posts.some((post) => post.content.startsWith("Tell me about"))).toBe(false);
});

test("'What the previous owners did, which was...' answers its question, which stays (round 44: the question was cut)", async () => {
  const post = (await plan("r44-podcast.txt")).posts.find((each) => each.content.includes("What the previous owners did"))!;
  expect(post.content).toContain("What was I doing for training then?\n\nWhat the previous owners did, which was about forty minutes on the wharf.");
});
