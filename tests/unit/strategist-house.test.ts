import { describe, expect, test } from "bun:test";
import { authorLine, authorsCompany, companyDefinition, nameCompany } from "../../src/strategist/local/house";
import { authorLineCore, firstLineFits, withAuthor } from "../../src/strategist/local/render";
import { MAX_HOOK_CHARS } from "../../src/strategist/plan";
import { createLocalStrategist } from "../../src/strategist/local/index";

const fixture = (name: string) => Bun.file(`${import.meta.dir}/../fixtures/articles/${name}`).text();
const we = "We shipped it in March. Our customers asked for it. We are nine people.";

describe("the author's company (issue 21: rounds 18 and 19, 'Coldmark is never named', 'a beta of what?')", () => {
  test("a byline, a sign-off, 'At X we' and a definition the next sentence owns name it", () => {
    expect(authorsCompany(`*By Imogen Rask, co-founder of Tallyhook*\n\n${we}`)).toBe("Tallyhook");
    expect(authorsCompany(`${we}\n\nPriya Raman\nCo-founder & CEO, Kelvin Street`)).toBe("Kelvin Street");
    expect(authorsCompany(`${we}\n\n*Camille Desrosiers est cofondatrice d'Ardoise, utilisée par 900 boulangeries.*`)).toBe("Ardoise");
    expect(authorsCompany(`At Pantry Loop we run wholesale ordering for cafés. ${we}`)).toBe("Pantry Loop");
    // A memo to its investors names the company on its TO: line (round 22).
    expect(authorsCompany(`TO: Investors and board observers, Harbourline Energy\nFROM: Rachel Lindqvist, COO\n\n${we}`)).toBe("Harbourline Energy");
    expect(authorsCompany(`TO: Priya Shah, Brightline Foods\n\n${we}`)).toBeUndefined();
    expect(authorsCompany(`TO: Coldnest investors and advisors\nFROM: Wanjiru Kamau\n\n${we}`)).toBe("Coldnest");
    // "Crumb & Co." is the name, not "Crumb" (round 22).
    expect(authorsCompany(`${we}\n\nMarta Lewandowska\nFounder, Crumb & Co.`)).toBe("Crumb & Co.");
    expect(authorsCompany(`Coldmark makes wireless temperature monitors for vaccine fridges. Our customers are pharmacies. ${we}`)).toBe("Coldmark");
    expect(authorsCompany(`I'm the data lead at Parcelhop. ${we}`)).toBe("Parcelhop");
    expect(authorsCompany(`I run Fernpost, a small company that turns supplier onboarding into a link. ${we}`)).toBe("Fernpost");
    // Round 25: "I run operations at Fenwick Parcel Co." was never read as the author's company.
    expect(authorsCompany(`I run operations at Fenwick Parcel Co. ${we}`)).toBe("Fenwick Parcel Co");
    expect(authorsCompany(`I manage the kitchens at Hollin Lane Bakery. ${we}`)).toBe("Hollin Lane Bakery");
    // Round 28's French and round 27's German bylines: "directrice générale des...", "Geschäftsführer der...".
    expect(
      authorsCompany(
        `Par Sandrine Le Gall, directrice générale des Transports Le Gall, Hennebont\n\nNous avons perdu vingt-deux chauffeurs. Notre flotte a changé. Nous avons appris.`,
      ),
    ).toBe("Transports Le Gall");
    expect(
      authorsCompany(
        `*Von Thomas Brenninger, Geschäftsführer der Brenninger Metallbau GmbH, Eggenfelden*\n\nWir bilden aus. Unsere Azubis fahren Bus. Wir zahlen den Führerschein.`,
      ),
    ).toBe("Brenninger Metallbau GmbH");
  });

  test("what the company is comes from the article's own 'We're a...', without its figures (round 25's courier)", () => {
    const intro = "I run operations at Fenwick Parcel Co. We're a regional courier based in Loughborough with 38 vans, delivering for about 60 clients.";
    expect(companyDefinition(intro, "Fenwick Parcel Co")).toBe("a regional courier based in Loughborough");
    expect(companyDefinition("We run Ardoise. Nous sommes une petite équipe à Lyon, qui aide 900 boulangeries.", "Ardoise")).toBe("une petite équipe à Lyon");
    // Too short to say anything, all figures, or no company: nothing.
    expect(companyDefinition("I run Parcelhop. We're a team.", "Parcelhop")).toBeUndefined();
    expect(companyDefinition("I run Parcelhop. We're a 38-person company.", "Parcelhop")).toBeUndefined();
    expect(companyDefinition("We're a regional courier based in Loughborough.", undefined)).toBeUndefined();
    // Round 28: the name only in the sign-off, the business in "I run a..." (a kind of business, its size left out).
    const salon = "I run a dog grooming salon in Brunswick with three groomers, one bather and a front desk.\n\nWe did well.\n\nMaya\nScruff & Suds";
    expect(companyDefinition(salon, "Scruff & Suds")).toBe("a dog grooming salon in Brunswick");
    expect(companyDefinition("I run a tight ship and a long week.\n\nScruff & Suds", "Scruff & Suds")).toBeUndefined();
  });

  test("round 25's courier: the posts that speak as 'we' say it is Fenwick Parcel Co, a regional courier", async () => {
    const text = await fixture("r25-data-post.txt");
    const plan = await createLocalStrategist().createPlan({ contentText: text, contentType: "blog", timezone: "Europe/London" });
    const named = plan.posts.slice(1).filter((post) => post.content.includes("At Fenwick Parcel Co, a regional courier based in Loughborough, we"));
    expect(named.length).toBeGreaterThanOrEqual(3);
  });

  test("a colleague, a customer, a sentence's first word or an article that never says 'we' name nothing", () => {
    // "our head of sales, Oren Kaplan" is a colleague in the sign-off, not the author's company.
    expect(authorsCompany(`${we}\n\nThanks to our head of sales, Oren Kaplan.`)).toBeUndefined();
    // "St. Albery's is an old concrete building. Our app..." is a customer's hospital.
    expect(authorsCompany(`St. Albery's is an old concrete building. Our app needed a connection. ${we}`)).toBeUndefined();
    expect(authorsCompany(`Everything runs at two speeds. Our software team ships weekly. ${we}`)).toBeUndefined();
    expect(authorsCompany("*By Imogen Rask, co-founder of Tallyhook*\n\nI shipped it in March. I am one person.")).toBeUndefined();
  });

  test("a post that says 'we' and never names the company names it once, where a paragraph opens on 'We'", () => {
    expect(nameCompany("The bank had £11,400 in it.\n\nWe had three weeks. We knew it.", "Coldmark", "en")).toBe(
      "The bank had £11,400 in it.\n\nAt Coldmark, we had three weeks. We knew it.",
    );
    expect(nameCompany("Nous avons refait le catalogue.", "Remeuble", "fr")).toBe("Chez Remeuble, nous avons refait le catalogue.");
    // German puts the verb second.
    expect(nameCompany("Wir haben die Preise verdoppelt.", "Auftragsheld", "de")).toBe("Bei Auftragsheld haben wir die Preise verdoppelt.");
    // The body's first "We" paragraph before the post's first line, which stays the claim it is (round 23).
    expect(nameCompany("We hid our cheapest plan.\n\nWe split visitors 50/50.", "Tallyroute", "en")).toBe(
      "We hid our cheapest plan.\n\nAt Tallyroute, we split visitors 50/50.",
    );
  });

  test("a post that names it, a list item, a quote, 'we' as a few people, or no 'we' at all keep their words", () => {
    expect(nameCompany("Coldmark had £11,400.\n\nWe had three weeks.", "Coldmark", "en")).toBe("Coldmark had £11,400.\n\nWe had three weeks.");
    expect(nameCompany("The list:\n\n→ We lost two installers", "Kelvin Street", "en")).toBe("The list:\n\n→ We lost two installers");
    expect(nameCompany('"We\'re a custom shop," he said.', "Tallyroom", "en")).toBe('"We\'re a custom shop," he said.');
    // "Daniel and I... He was 18 months in. We negotiated": "we" is the two of them.
    const partners = "He was 18 months in, so he'd vested 37.5%. We negotiated for three weeks.";
    expect(nameCompany(partners, "Corvid Freight", "en")).toBe(partners);
    expect(nameCompany("Our churn fell.", "Rotamint", "en")).toBe("Our churn fell.");
  });

  test("round 19's rescue story: every post that speaks as 'we' says it is Coldmark", async () => {
    const text = await fixture("r19-eleven-thousand-in-the-bank.md");
    const plan = await createLocalStrategist().createPlan({ contentText: text, contentType: "blog", timezone: "Europe/London" });
    const speaking = plan.posts.filter((post) => /(?:^|\n|[.!?] )We /u.test(post.content));
    expect(speaking.length).toBeGreaterThan(2);
    for (const post of speaking) expect(post.content).toContain("Coldmark");
    expect(
      plan.posts.some((post) => post.content.includes("At Coldmark, which makes wireless temperature monitors for vaccine and medicine fridges, we")),
    ).toBe(true);
  });
});

test("the company is never named into a scene the post is already telling (round 28: 'At Hollins Lane Brewing, we were sitting in the office at nine o'clock')", () => {
  const scene = "The recall cost £61,000.\n\nEllie ended the debate.\n\nWe were sitting in the office at nine o'clock on the Wednesday night.";
  expect(nameCompany(scene, "Hollins Lane Brewing", "en")).toBe(scene);
  // Near the top the post says who "we" are.
  expect(nameCompany("The recall cost £61,000.\n\nWe were sitting in the office at nine o'clock.", "Hollins Lane Brewing", "en")).toStartWith(
    "The recall cost £61,000.\n\nAt Hollins Lane Brewing, we were sitting",
  );
});

test("the company is never named into a reply to a remark the post cut (round 30: 'At RollOn Mobile Tyres, we can't either')", () => {
  for (const reply of ["We can't either, if we do it the normal way.", "We did, in 2018.", "We didn't. Not precisely."])
    expect(nameCompany(`Hiring fitters is hard everywhere.\n\n${reply}`, "RollOn Mobile Tyres", "en")).toBe(`Hiring fitters is hard everywhere.\n\n${reply}`);
  expect(nameCompany("Hiring is hard.\n\nWe train them ourselves over twelve weeks.", "RollOn Mobile Tyres", "en")).toContain(
    "At RollOn Mobile Tyres, we train",
  );
});

describe("the author's line (issue 21: rounds 33 to 35, 'name the business in a clause', 'nothing says it is a funeral business')", () => {
  const paragraphs = (...texts: string[]) => texts.map((text) => ({ text, from: "paragraph" }));

  test("the sentence that says who the author is and what they run, in English, French and German", () => {
    expect(authorLine(paragraphs("Over two wet evenings I exported every booking.", "I run Pryce Driving School in Bristol."), "en")).toBe(
      "I run Pryce Driving School in Bristol.",
    );
    expect(
      authorLine(paragraphs("My name is Ruth Harrow, and for the last nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow."), "en"),
    ).toBe("My name is Ruth Harrow, and for the last nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow.");
    expect(authorLine(paragraphs("I photograph weddings across Northumberland and the Scottish Borders, working from my base in Hexham."), "en")).toBeDefined();
    expect(authorLine(paragraphs("Brennan & Daughter is a nine-person removals company in Bristol."), "en")).toBeDefined();
    expect(
      authorLine(
        paragraphs("Ich heiße Johanna Brettschneider, und seit März 2019 betreibe ich die Keramikwerkstatt „Scherbenglück“ in Leipzig-Plagwitz."),
        "de",
      ),
    ).toBeDefined();
    expect(authorLine(paragraphs("J'ai lancé l'entreprise seule à Bordeaux en 2021, après huit ans chez un éditeur de logiciels."), "fr")).toBeDefined();
  });

  test("never a sentence about the story, a product or someone else", () => {
    // Round 33's podcast: "I started" what the story did next, no business.
    expect(
      authorLine(paragraphs('I started passing work to friends from my course, and one day my accountant said, "You know you\'re an agency now?"'), "en"),
    ).toBeUndefined();
    // Round 34's guide: a trade is not a company.
    expect(authorLine(paragraphs("Framing is a craft, but it's also a business, and the maths is the bit that keeps you at the bench."), "en")).toBeUndefined();
    // A bio that runs into the story's scene leans on it.
    expect(
      authorLine(paragraphs("I run a small event sound and lighting company, and that October morning we were providing the audio for 600 delegates."), "en"),
    ).toBeUndefined();
    // A product page's definition and a consultant's third-person bio are no author's line.
    expect(
      authorLine(paragraphs("Ledgerlight Close is a month-end workspace that sits on top of the accounting software your clients already use."), "en"),
    ).toBeUndefined();
    expect(
      authorLine(paragraphs("Hannah Voss is an independent product and go-to-market consultant working with early-stage B2B teams."), "en"),
    ).toBeUndefined();
    expect(authorLine([{ text: "I run Pryce Driving School in Bristol.", from: "item" }], "en")).toBeUndefined();
  });

  test("it goes under the hook of a post that never says it, without the name the byline shows", () => {
    const line = "My name is Ruth Harrow, and for the last nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow.";
    expect(authorLineCore(line)).toBe("For the last nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow.");
    expect(authorLineCore("I'm Hollie Grant, and I run Inkling & Fern from a spare room in Sheffield.")).toBe(
      "I run Inkling & Fern from a spare room in Sheffield.",
    );
    expect(withAuthor("We rang every family first.\n\nBefore the closure started, we had 19 funerals already booked.", line, "en")).toBe(
      "We rang every family first.\n\nFor the last nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow.\n\nBefore the closure started, we had 19 funerals already booked.",
    );
    // A post that carries the line keeps it where it is.
    expect(withAuthor(`${line}\n\nMy grandfather Stanley opened the business in 1958.`, line, "en")).toBe(
      `${line}\n\nMy grandfather Stanley opened the business in 1958.`,
    );
  });

  test("never between a line and the one that needs it, nor above a list", () => {
    const line = "I run Pryce Driving School in Bristol.";
    // Round 35's results post: "Forty-one of them" are the funerals of the line before.
    const results = "Between April and December 2024 we conducted 188 funerals.\n\nForty-one of them were simple cremations.";
    expect(withAuthor(results, line, "en")).toBe(results);
    const lessons = "Your quiet reputation is not a marketing plan.\n\nIt worked for sixty years until the moment it didn't.";
    expect(withAuthor(lessons, line, "en")).toBe(lessons);
    const list = "One venue recommendation is worth five instagram enquiries\n\n→ Venue recommendation: 88 enquiries, 49 booked (56%)";
    expect(withAuthor(list, line, "en")).toBe(list);
    // Round 43: "We had two ways to pay: ..." names the rows under it.
    const rows =
      "We had two ways to pay: pay-as-you-go after each session, or a termly block paid upfront.\n\nPay-as-you-go: 4,020 sessions, 618 cancelled (15.4%)";
    expect(withAuthor(rows, line, "en")).toBe(rows);
    const story = "Last April a client came into the studio.\n\nThree weeks earlier she'd messaged the request.";
    expect(withAuthor(story, line, "en")).toBe(story);
  });

  test("round 35's funeral story: posts say whose business it is, the author's line under two later hooks at most (round 43: 'a stamp')", async () => {
    const text = await fixture("r35-founder-story.md");
    const plan = await createLocalStrategist().createPlan({ contentText: text, contentType: "blog", timezone: "Europe/London" });
    const saying = plan.posts.filter((post) => post.content.includes("I have run Harrow Funeral Care"));
    expect(saying.length).toBeGreaterThanOrEqual(3);
    expect(plan.posts.some((post) => /\n\nFor the last nineteen years I have run Harrow Funeral Care/.test(post.content))).toBe(true);
    const pryce = await createLocalStrategist().createPlan({ contentText: await fixture("r30-data-post.txt"), contentType: "blog", timezone: "Europe/London" });
    const later = pryce.posts.slice(1).filter((post) => post.content.includes("I run Pryce Driving School in Bristol."));
    expect(later.length).toBe(2);
    // A post past those two that says "we" names the school in its own sentence instead.
    expect(pryce.posts.slice(1).some((post) => !later.includes(post) && post.content.includes("At Pryce Driving School, we had 212 enquiries"))).toBe(true);
  });
});

test("a first line longer than a hook may be ends after its sentence, with no word lost (round 36's podcast broke the plan's contract)", () => {
  const long =
    "I'm Jess Ramsden, and this is the show where we skip the motivational stuff and talk about how trades businesses actually work. Today I'm with Darren Oduya, who runs Oduya Plumbing & Heating in Stockport. Darren, thanks for coming on.";
  const fitted = firstLineFits(`${long}\n\nThe next paragraph stays as it is.`);
  expect(fitted.split("\n")[0]!.length).toBeLessThanOrEqual(MAX_HOOK_CHARS);
  expect(fitted.split("\n")[0]).toEndWith("in Stockport.");
  expect(fitted.replace(/\s+/g, " ")).toBe(`${long} The next paragraph stays as it is.`);
  expect(firstLineFits("A short hook.\n\nBody.")).toBe("A short hook.\n\nBody.");
});

test("a launch page's <title> and a newsletter's signature name the business (rounds 33 to 36: 'no post names The Cipher Rooms')", () => {
  const we = "We shipped it in March. Our customers asked for it. We are nine people.";
  expect(
    authorsCompany(
      `<html><head><title>New prices from 3 March 2025 | The Cipher Rooms, Norwich</title></head><body><p>The Cipher Rooms has two rooms. ${we} The Cipher Rooms opens at ten.</p></body></html>`,
    ),
  ).toBe("The Cipher Rooms");
  // A publication is no business speaking as "we".
  expect(authorsCompany(`<title>The weekly meeting is a tax | Brightwell Journal</title><p>Brightwell Journal, Brightwell Journal. ${we}</p>`)).toBeUndefined();
  expect(authorsCompany(`${we}\n\nCheers,\n\nTom Hart\nOrchard Lane Cider, Much Marcle, Herefordshire\n\nP.S. Ellie says hello.`)).toBe("Orchard Lane Cider");
  expect(authorsCompany(`${we}\n\nWarm wishes,\n\nEllen Wrigley\nQuire & Cloth Bindery\n7 Old Gate, Hebden Bridge HX7 8JP`)).toBe("Quire & Cloth Bindery");
  expect(authorsCompany(`${we}\n\nBest wishes,\n\nTom Ridley\nHeather Hill Apiaries\nElsdon, Northumberland`)).toBe("Heather Hill Apiaries");
  expect(authorsCompany(`From: Hannah at Tarn Beck Dairy\n\n${we}`)).toBe("Tarn Beck Dairy");
  // Two words in capitals under the name are the shop when the letter says "at" it, past an address, hours and a
  // subscription footer (round 43: "Hereward Cheese and Ellie Marsh are never named in any post").
  const footer =
    "Open Tuesday to Saturday, 9.30am to 5pm\n\n-----\nYou're receiving this email because you signed up\nor on our website. We send\nabout one newsletter a month and never\nshare your details with anyone. If you'd rather not hear from us, you\ncan unsubscribe here: https://example.com/u?id=1";
  const letter = (greeting: string) =>
    `${greeting}\n\n${we}\n\nBest wishes,\n\nEllie Marsh\nHereward Cheese\n3 Castle Street, Ludlow, Shropshire SY8 1AS\n01584 555 207\n${footer}`;
  expect(authorsCompany(letter("It's been a funny old month at Hereward Cheese."))).toBe("Hereward Cheese");
  // ...and a second name under the first is a second person when nothing says it is a place.
  expect(authorsCompany(letter("It's been a funny old month."))).toBeUndefined();
  // A role over the company is a byline, read as one: "Data Lead" is no business.
  expect(authorsCompany(`${we}\n\nNiamh Carrick\nData Lead, Parcelhop`)).not.toBe("Data Lead");
});

test("the author's line without the name and the age, and 'since March 2021 I've run...' is one (round 37)", () => {
  expect(
    authorLineCore("Je m'appelle Camille Ferrand, j'ai 41 ans et je dirige la Brûlerie des Pentes, une petite torréfaction installée rue Burdeau, à Lyon."),
  ).toBe("Je dirige la Brûlerie des Pentes, une petite torréfaction installée rue Burdeau, à Lyon.");
  const sauna =
    "I'm 38, I spent eleven years as an occupational therapist in the NHS, and since March 2021 I've run Hearth & Swell, a small mobile sauna business in Falmouth, Cornwall.";
  expect(authorLine([{ text: sauna, from: "paragraph" }], "en")).toBe(sauna);
  expect(authorLineCore(sauna)).toBe("Since March 2021 I've run Hearth & Swell, a small mobile sauna business in Falmouth, Cornwall.");
});
