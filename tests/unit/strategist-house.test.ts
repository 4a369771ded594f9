import { describe, expect, test } from "bun:test";
import { authorsCompany, companyDefinition, nameCompany } from "../../src/strategist/local/house";
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
