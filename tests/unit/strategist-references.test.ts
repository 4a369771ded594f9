import { describe, expect, test } from "bun:test";
import { contextCue, leansOnContext } from "../../src/strategist/references";

/**
 * The one test of "this sentence leans on what came before it", shared by the rewrites, the
 * lint and the composer. Positives are the sentences readers found dangling (issue 21, verbatim);
 * negatives are sentences that stand on their own, several with the same words used safely.
 */

const LEANS: [string, string][] = [
  // A share of the people the sentence before counted (round 44: "Some had cancelled the holiday." opened a post).
  ["Some had cancelled the holiday.", "Some"],
  ["Most never came back.", "Most"],
  // The new-user walk's rewrites (issue 21, item 9).
  ["There is no login required to read it.", "it"],
  ["We also started calling every customer who churned in their first month.", "also"],
  // Round 17: a row of the list the post before it carried.
  ["The last number is the one that stuck with me.", "The last number"],
  ["The second row is where it gets interesting.", "The second row"],
  ["All of it was sitting in our support inbox the whole time.", "it"],
  ["All of it was sitting in our support inbox: 212 tickets that nobody had read as churn signals.", "it"],
  // The independent read (issue 21, item 1).
  ["I learned three things that year.", "that year"],
  ["I changed how I set expectations, too.", "too"],
  ["I'm wary of giving advice here.", "here"],
  // The RUBRIC's anchors.
  ["If you are using any of the above packages please upgrade to any of the fixed versions immediately.", "the above"],
  ["This change cut our support tickets by a third.", "This"],
  ["Not everything landed, and this one stung.", "this"],
  ["But the numbers told a different story.", "But"],
  ["And nobody noticed for a week.", "And"],
  ["So we rewrote the onboarding from scratch.", "So"],
  ["Also, the demo project made things worse.", "Also"],
  ["It went up slightly.", "It"],
  ["They signed two days later.", "They"],
  ["She told me it was the first proposal she had read to the end.", "She"],
  ["Since then, we have not hired anyone in under three weeks.", "Since then"],
  ["We didn't know it then.", "then"],
  ["Those numbers surprised everyone on the team.", "Those"],
  ["We made that change in March.", "that change"],
  ["After that, churn fell every month.", "After that"],
  ["We got there in the end.", "there"],
  ["nothing else changed that quarter.", "nothing"],
  // Round 38: the results' "None" counts the errors of the line before ("...three label errors at proof stage.").
  ["None has reached a shelf.", "None"],
  ["Neither worked.", "Neither"],
  // Round 42's interview opened on "The ones who don't, we've lost two weeks' wages...": the ones of the line before.
  ["The ones who don't, we've lost two weeks' wages and a pair of boots.", "The ones"],
  ["Of the first 90 or so accounts that got it, 11 came back and uploaded something.", "it"],
];

const STANDS_ALONE = [
  "Most small shops never track their no-shows.",
  "Some customers had cancelled their holidays.",
  "The one thing I'd change is the price.",
  "None of our customers asked for a refund.",
  "The first person to call us was a clinic owner in Portland, Maine.",
  "I stopped sending PDF proposals and my close rate went up.",
  "We raised our prices by twenty percent in March and lost almost no customers.",
  "It took us seven months and 87 investor meetings to close a €2.4M seed round.",
  "It's worth asking every churned customer why they left.",
  "There are two kinds of onboarding: one asks for settings, the other asks for work.",
  "Speed to first upload mattered more than anything we put in front of it.",
  "Our onboarding was broken, so we rebuilt it in two weeks.",
  "Nadia Osei priced Quietdesk at £30 per user and raised it three times.",
  "My cofounder Maria said she would quit if we raised again.",
  "Our customers told us they wanted fewer emails, not more.",
  "This week I sent 11 one-page proposals and won 7.",
  "Those who uploaded within ten minutes converted at 22.4%.",
  "Here's what we learned from 1,200 trial signups:",
  "The product is fast and also cheap to run.",
  "Not only did churn fall, but revenue also went up.",
  "We shipped a beta to 40 teams and they loved it.",
  "The report is free and there is no login required to read it.",
  "If a test fails, then the build stops.",
  "The best tools out there are boring.",
  "iPhone sales doubled in 2023.",
  "Onboarding is the first product your customer uses.",
  "Kilnworks hired 52 people in six years.",
  "The report that we published has no login required to read it.",
];

describe("leansOnContext", () => {
  for (const [sentence, cue] of LEANS) {
    test(`leans: ${sentence}`, () => {
      expect(leansOnContext(sentence)).toBe(true);
      expect(contextCue(sentence)).toBe(cue);
    });
  }
  for (const sentence of STANDS_ALONE) {
    test(`stands alone: ${sentence}`, () => {
      expect(contextCue(sentence)).toBeUndefined();
      expect(leansOnContext(sentence, "en")).toBe(false);
    });
  }

  test("a list marker or an opening quote does not hide the sentence's first word", () => {
    expect(leansOnContext("→ But the checklist stayed.")).toBe(true);
    expect(leansOnContext("“This is the one thing I would change.”")).toBe(true);
    expect(leansOnContext("→ Seven steps before the first upload.")).toBe(false);
  });

  test("French, German, Spanish, Portuguese, Italian and Dutch: connectives, additives and demonstratives that point back", () => {
    const leans: [string, string][] = [
      ["Mais personne ne l'a remarqué.", "fr"],
      ["On a aussi changé les prix.", "fr"],
      ["Cette année-là, tout a changé.", "fr"],
      ["Cette décision nous a coûté deux clients.", "fr"],
      ["Aber niemand hat es bemerkt.", "de"],
      ["Wir haben auch die Preise geändert.", "de"],
      ["Damals hatten wir zwölf Kunden.", "de"],
      ["Pero nadie lo notó.", "es"],
      ["También cambiamos los precios.", "es"],
      ["Ese año perdimos dos clientes.", "es"],
      ["Mas ninguém percebeu.", "pt"],
      ["Nós também mudamos os preços.", "pt"],
      ["Naquele ano perdemos dois clientes.", "pt"],
      ["Ma nessuno se ne è accorto.", "it"],
      ["Abbiamo anche cambiato i prezzi.", "it"],
      ["Quell'anno abbiamo perso due clienti.", "it"],
      ["Maar niemand merkte het.", "nl"],
      ["We hebben ook de prijzen aangepast.", "nl"],
      ["Dat jaar verloren we twee klanten.", "nl"],
    ];
    for (const [sentence, language] of leans) expect([sentence, leansOnContext(sentence, language)]).toEqual([sentence, true]);
    const alone: [string, string][] = [
      ["Il y a un an, on signait notre tour d'amorçage : 2,4 millions d'euros pour Tuilerie.", "fr"],
      ["Cette semaine, nous avons parlé à douze clients.", "fr"],
      ["Wir haben 2023 zwölf Kunden gewonnen und keinen verloren.", "de"],
      ["Auch wenn es weh tut, frag nach dem Preis.", "de"],
      ["En marzo subimos los precios un 20 % y no perdimos clientes.", "es"],
      ["Em 2022 fechamos o primeiro cliente depois de 40 reuniões.", "pt"],
      ["Nel 2021 abbiamo assunto la prima persona in vendita.", "it"],
      ["In 2022 verloren we 14% van onze klanten in de eerste maand.", "nl"],
    ];
    for (const [sentence, language] of alone) expect([sentence, leansOnContext(sentence, language)]).toEqual([sentence, false]);
  });

  test("the language is read from the sentence when not given", () => {
    expect(leansOnContext("On a aussi changé les prix pour tous les clients.")).toBe(true);
    expect(leansOnContext("En marzo subimos los precios un 20 % y no perdimos clientes.")).toBe(false);
  });
});
