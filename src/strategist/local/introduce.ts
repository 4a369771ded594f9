import { ALL_STOP_WORDS, escapeRegExp } from "../language";
import { insideQuote } from "./sentences";

/**
 * People the article introduces once ("our CEO, Ingrid Salo," / "Femi, our designer,") and
 * names bare after that. A post read alone has to introduce them again, in the article's own
 * words: the first bare mention in a post gets the article's role beside it. Nothing is
 * invented; a person the article never introduces stays as they are.
 */
export type Introduction = { full: string; role: string /** The role as the article wrote it beside the name, without the place. */; said?: string };

/** Words that open a role phrase ("our designer", "la directrice", "unser Einkäufer"), per language. */
const DETERMINERS = [
  "our",
  "my",
  "the",
  "a",
  "an",
  "his",
  "her",
  "their",
  "its",
  "notre",
  "nos",
  "mon",
  "ma",
  "le",
  "la",
  "l'",
  "l’",
  "un",
  "une",
  "son",
  "sa",
  "leur",
  "unser",
  "unsere",
  "unseren",
  "unserem",
  "unserer",
  "mein",
  "meine",
  "meinen",
  "der",
  "die",
  "das",
  "den",
  "dem",
  "ein",
  "eine",
  "einen",
  "sein",
  "seine",
  "ihr",
  "ihre",
  "nuestro",
  "nuestra",
  "mi",
  "el",
  "su",
  "nosso",
  "nossa",
  "meu",
  "minha",
  "o",
  "um",
  "uma",
  "il",
  "lo",
  "nostro",
  "nostra",
  "mio",
  "mia",
  "onze",
  "ons",
  "mijn",
  "de",
  "het",
  "een",
  "zijn",
  "haar",
].join("|");

const NAME = String.raw`\p{Lu}[\p{Ll}'’-]+(?:\s\p{Lu}[\p{Ll}'’-]+)?`;
// Where they are from: "Our lead investor, Helen Ashby at Northgate Ventures, had been saying...".
const ORG = String.raw`\p{Lu}[\p{L}&-]+(?:\s\p{Lu}[\p{L}&-]+){0,2}`;
// A role: a determiner and up to six more words, no sentence punctuation.
// German often drops the article: "Uwe Reinsch, kaufmännischer Leiter bei Hausmann, ...".
const ROLE = String.raw`(?:(?:${DETERMINERS})\s|\p{Ll}+(?:er|e|es|en)\s(?=\p{Lu}))[^,.;:!?()\n"“”«»]{2,80}?`;
const NAME_THEN_ROLE = new RegExp(String.raw`(?<![\p{L}])(${NAME}),\s(${ROLE})(?=[,.;])`, "gu");
const ROLE_THEN_NAME = new RegExp(
  String.raw`(?<![\p{L}'’])((?:${DETERMINERS.replace(/\b(\p{Ll})/gu, (letter) => `[${letter}${letter.toUpperCase()}]`)})\s[^,.;:!?()\n"“”«»]{2,40}?),\s(${NAME})(?:\s(at|from|of|bei|chez|de)\s(${ORG}))?(?=,)`,
  "gu",
);

/** A possessive, up to two words and a role noun, then a name with no comma between (round 23: "my wife Meera"). */
const BARE_ROLE_THEN_NAME =
  /(?<![\p{L}])((?:[Mm]y|[Oo]ur)\s(?:[\p{Ll}-]+\s){0,2}(?:wife|husband|partner|co-?founder|brother|sister|father|mother|dad|mum|mom|son|daughter|baker|designer|engineer|manager|director|accountant|lawyer|assistant|apprentice|developer|lead|founder|CEO|CTO|COO|CFO))\s(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)(?=[\s,.;:!?])/gu;

// "In the end, Helen, ..." is a time, not a role; "Kwame, my answer is no." is a clause.
const NOT_A_ROLE =
  /(?<![\p{L}])(?:time|end|day|week|month|year|morning|evening|night|moment|meantime|way|start|beginning|other|same|rest|toujours|always|immer|still|is|was|are|were|has|had|have|ist|war|hat|sind|est|était|a|ont|es|era|é|è|zijn|heeft)(?![\p{L}])|(?:members|investors|customers|founders|people|engineers|friends|partners|advisers|advisors)$|^(?:der|die|das)\s\p{Ll}+t(?![\p{L}])/iu;

const POSSESSIVE =
  /^(?:our|my|their|his|her|notre|nos|mon|ma|leur|son|sa|unser\p{L}*|mein\p{L}*|sein\p{L}*|ihr\p{L}*|nuestr\p{L}*|mi|su|noss\p{L}*|meu|minha|onze|ons|mijn|zijn|haar|nostr\p{L}*|mio|mia)\s/iu;

/** "neun Standorte", "die Kunden": a capitalised word after a numeral or an article is a German noun, not a name. */
const countedNoun = (word: string, prose: string) =>
  new RegExp(
    String.raw`(?<![\p{L}])(?:\d+|ein|eine|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|der|die|das|den|dem|des|unsere?|alle|viele)\s${escapeRegExp(word)}(?![\p{L}])`,
    "iu",
  ).test(prose);

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Each form of an introduced person's name (full, first, last) -> the full name and role. */
/** The last word of a street's or a place's name, never a person's. */
const PLACE_WORD =
  /^(?:Road|Street|Lane|Avenue|Way|Park|Square|Hill|Close|Drive|Place|Court|Gardens|Terrace|Crescent|Row|Parade|Green|Bridge|Quay|Wharf|Estate)$/u;

export function introductions(prose: string, source = prose): Map<string, Introduction> {
  const found = new Map<string, Introduction>();
  const add = (full: string, whole: string, place?: string) => {
    // "kaufmännischer Leiter bei Hausmann und unser Ansprechpartner seit dem ersten Tag": the first part says who.
    const shorter = whole.split(/\s(?:and|und|et|y|e|en)\s/u)[0]!;
    const role = wordCount(whole) > 9 && wordCount(shorter) >= 3 ? shorter : whole;
    // A role cut short ends on a preposition or a verb's particle: "the main contractor we'd worked with on" (of "on and
    // off for nine years"), "meine erste Mitarbeiterin ein" (of "stellte ... ein"). Round 34 printed both into posts.
    if (/\s(?:on|with|for|in|at|of|to|by|from|about|into|off|ein|an|aus|auf|mit|vor|zu|ab|zurück|fest|à|de|en|con|por|para)$/iu.test(role)) return;
    const words = full.split(/\s/);
    if (words.some((word) => ALL_STOP_WORDS.has(word.toLowerCase())) || wordCount(role) > 9 || role.includes(words[0]!)) return;
    // A street is no one: "Ecclesall Road, then Attercliffe" is a van's round, and its "Road" made round 46's "a hotel on
    // Glossop Road" into "a hotel on Glossop Ecclesall Road, then Attercliffe".
    if (words.length > 1 && PLACE_WORD.test(words.at(-1)!)) return;
    // A single word is a name only with a possessive role ("Femi, our designer", "Julien, mon associé"): in German
    // every noun is capitalised ("Kunden, die wir angerufen haben").
    if (words.length === 1 && (!POSSESSIVE.test(role) || countedNoun(full, prose))) return;
    // "our account managers, Priyanka and Tom": a plural role introduces a group, not this person.
    const head = (role.split(/\s(?:of|at|for|in|on|from)\s/u)[0] ?? role).split(/\s+/).at(-1) ?? "";
    if (/^(?:our|my|their|the|his|her)\s/iu.test(role) && /[^su]s$/u.test(head) && !/^(?:sales|ops|operations|analytics|news)$/iu.test(head)) return;
    // "Jedes Jahr, das wir gewartet haben" is a relative clause about a thing.
    if (/^(?:der|die|das|den|dem|who|which|that|qui|que|dont)\s(?:wir|ich|sie|er|es|man|uns|we|I|they|he|she|it|nous|je|on|ils|elle)(?![\p{L}])/iu.test(role))
      return;
    // A role that holds a number or a name of its own is a clause ("the 14 people", "the Q3 plan"), not who someone is.
    // ...nor one that names someone else ("the keynote with Joe Savona").
    if (/\d/.test(role) || NOT_A_ROLE.test(role) || /\p{Lu}\p{Ll}+\s\p{Lu}\p{Ll}+/u.test(role)) return;
    // The place is added after the checks above: a role naming another person is refused, a company is not.
    const introduction = { full, role: role.charAt(0).toLowerCase() + role.slice(1) + (place ? ` ${place}` : ""), said: place ? role : undefined };
    for (const form of new Set([full, ...words])) if (!found.has(form)) found.set(form, introduction);
  };
  for (const match of prose.matchAll(NAME_THEN_ROLE)) add(match[1]!, match[2]!);
  for (const match of prose.matchAll(ROLE_THEN_NAME)) add(match[2]!, match[1]!, match[3] && match[4] ? `${match[3]} ${match[4]}` : undefined);
  // "my wife Meera, who runs the office", "our head baker Tomasz": a role written straight before the name.
  for (const match of prose.matchAll(BARE_ROLE_THEN_NAME)) add(match[2]!, match[1]!);
  // "a regional main contractor I'll call Brightwater", "a bakery called Crumb": a thing the article names as it
  // introduces it (round 25's Brightwater was "our Brightwater peak" in four posts that never said what it was).
  for (const match of prose.matchAll(KIND_THEN_NAME)) {
    const [, kind, name] = match as unknown as [string, string, string];
    // "a new tab called Batch Forecast": where a thing sits on a screen says nothing of what it is.
    // "a man named Tom" says nothing a reader needs ("Tom, a man," in two of round 27's posts).
    if (found.has(name) || wordCount(kind) > 7 || /\d/.test(kind) || SCREEN_THING.test(kind) || SOMEONE.test(kind) || !properNoun(name, prose, source))
      continue;
    found.set(name, { full: name, role: kind });
  }
  // A company or product the article defines ("Rotamint is shift scheduling for independent restaurants:",
  // "Lagerlicht ist eine Lagersoftware für Getränkefachgroßhändler.") is named with that definition.
  for (const match of prose.matchAll(DEFINITION)) {
    const [, name, verb, what] = match as unknown as [string, string, string, string];
    // "X is a Y" defines; "X is available today" describes.
    // ...or a kind of software, which takes no article ("Loopwell is booking and scheduling software for physiotherapy
    // clinics": round 22's posts said "At Loopwell," four times and never what Loopwell is).
    if (/^(?:is|ist|est|es|é|è)$/.test(verb) && !/^(?:a|an|eine?|une?|uma?|una?)\s/u.test(what) && !SOFTWARE_KIND.test(what)) continue;
    // "Carelink does not diagnose" says what it is not.
    if (/^(?:not|never|no|nothing)\s/u.test(what)) continue;
    // "Andre runs our commercial team." is a person's job, not a product's definition ("Andre, which runs...": round 29).
    if (!/^(?:is|ist|est|es|é|è)$/.test(verb) && /^(?:our|my|his|her|their|the)\s/iu.test(what)) continue;
    // "Batch Forecast does that work for you": a definition that points back at the sentence before defines nothing
    // a stranger can read (round 17).
    if (/(?<![\p{L}])(?:that|this|these|those|it|them|such|ce|cela|das|dies|diese|eso|esto|isso)(?![\p{L}])/iu.test(what.split(/\s+/).slice(0, 3).join(" ")))
      continue;
    // "...for small plumbing, heating and electrical firms, usually businesses running between 3 and 25 vans": the
    // definition ends before its qualifier (round 23's Tallyroute was never said to be software).
    const said = wordCount(what) > 12 ? what.split(/,\s(?:usually|typically|mainly|mostly|often|generally|such as|including|from)\s/u)[0]! : what;
    if (found.has(name) || wordCount(said) > 12 || wordCount(said) < 2 || /\d/.test(said) || !properNoun(name, prose, source)) continue;
    // DEFINITION captures only its own verbs: "is" and its kin define, the others say what the product does.
    const role = /^(?:is|ist|est|es|é|è)$/.test(verb) ? said : `which ${verb} ${said}`;
    found.set(name, { full: name, role });
  }
  // "At Pantry Loop we run wholesale ordering for independent coffee shops:" defines the company in the first person.
  for (const match of prose.matchAll(AT_DEFINITION)) {
    const [, name, verb, what] = match as unknown as [string, string, string, string];
    if (found.has(name) || wordCount(what) > 12 || wordCount(what) < 2 || /\d/.test(what) || !properNoun(name, prose, source)) continue;
    const does = verb === "do" ? "does" : `${verb}s`;
    found.set(name, { full: name, role: `which ${does} ${what}`, said: `we ${verb} ${what}` });
  }
  return found;
}

const SOMEONE =
  /^(?:a|an|un|une)\s(?:(?:young|old|older|nice|local|big|tall)\s)?(?:man|woman|guy|girl|boy|person|lady|gentleman|fellow|kid|chap|bloke|someone|homme|femme|type|gars)$/u;
const SCREEN_THING = /(?<![\p{L}])(?:tab|button|page|screen|menu|field|file|folder|column|channel|view|section|setting|toggle|option|link|label|tag)$/u;

/** "a regional main contractor I'll call Brightwater", "an agency called Brightside", "un client que j'appellerai Norval". */
const KIND_THEN_NAME =
  /(?<![\p{L}])((?:a|an|un|une)\s(?:[\p{Ll}-]+\s){0,5}[\p{Ll}-]+)\s(?:(?:that\s|whom\s)?(?:I['’]ll|I will|we['’]ll|we will|I['’]m going to|let['’]s)\scall|called|named|que j['’]appellerai|appelée?)\s((?:(?:Mr|Mrs|Ms|Dr|Prof|Mme|Mlle|Herr|Frau)\.?\s)?\p{Lu}[\p{L}\p{N}&'’-]+(?:\s\p{Lu}[\p{L}\p{N}&'’-]+)?)(?=[\s,.;:!?])/gu;

/** "booking and scheduling software for...", "open-source tooling for...": a kind of software, named without an article. */
const SOFTWARE_KIND = /^(?:[\p{Ll}-]+\s(?:and\s)?){1,4}(?:software|tooling|infrastructure)\s(?:for|that)\s/u;

/** What a product does, in the present: "Ledgerline reconciles insurance payments...". */
const PRODUCT_VERBS = "reconciles|automates|schedules|connects|tracks|manages|handles|routes|syncs|monitors|collects|powers|hosts|processes|checks|turns|lets";

const DEFINITION = new RegExp(
  String.raw`(?:^|(?<=[.!?:]\s))(\p{Lu}[\p{L}\p{N}-]+(?:\s\p{Lu}[\p{L}\p{N}-]+)?)\s(is|ist|est|es|é|è|sells|makes|builds|helps|does|runs|offers|provides|${PRODUCT_VERBS})\s((?:(?:a|an|eine?|une?|uma?|una?)\s)?[^.:;!?()]{4,200}?)(?=[.:;!?(]|,\s(?:and|but|with|und|et|y|e)\b)`,
  "gu",
);

const AT_DEFINITION =
  /(?:^|(?<=[.!?:]\s))At\s(\p{Lu}[\p{L}\p{N}-]+(?:\s\p{Lu}[\p{L}\p{N}-]+)?),?\swe\s(run|build|make|sell|help|provide|offer|do)\s([^.:;!?()]{4,120}?)(?=[.:;!?(]|,\s)/gu;

/** A name, not a capitalised common word: written with a capital in mid-sentence, and never after an article ("die Software"). */
function properNoun(name: string, prose: string, source = prose): boolean {
  const escaped = escapeRegExp(name);
  if (
    ALL_STOP_WORDS.has(name.toLowerCase()) ||
    /^(?:neither|either|both|each|none|nothing|everything|everyone|someone|nobody|anyone|it|this|that)$/i.test(name)
  )
    return false;
  // ...in the prose, or in the paste around it: a byline's "Head of Growth at Tallyroute" (round 23).
  const midSentence = source.match(new RegExp(String.raw`(?<=[\p{Ll}\p{N},;]\s)${escaped}(?![\p{L}])`, "gu"))?.length ?? 0;
  const afterArticle = new RegExp(
    String.raw`(?<![\p{L}])(?:the|der|die|das|den|dem|des|le|la|les|el|los|las|o|os|il|de|het)\s${escaped}(?![\p{L}])`,
    "iu",
  ).test(prose);
  const uses = prose.match(new RegExp(String.raw`(?<![\p{L}])${escaped}(?![\p{L}])`, "gu"))?.length ?? 0;
  return (midSentence >= 1 || uses >= 2) && !afterArticle && !new RegExp(String.raw`(?<![\p{L}])${escaped.toLowerCase()}(?![\p{L}])`, "u").test(prose);
}

/**
 * The first mention of each introduced person the post names without their role gets it:
 * "Femi's table" -> "our designer Femi's table", "Ingrid said" -> "Ingrid Salo, our CEO, said".
 */
export function introducePeople(text: string, people: Map<string, Introduction>): string {
  let out = text;
  const done = new Set<Introduction>();
  // Longest forms first, so "Ingrid Salo" is found before "Ingrid".
  for (const form of [...people.keys()].sort((a, b) => b.length - a.length)) {
    const person = people.get(form)!;
    if (done.has(person)) continue;
    const mentions = [...out.matchAll(new RegExp(String.raw`(?<![\p{L}])${escapeRegExp(form)}(?![\p{L}])`, "gu"))];
    if (mentions.length === 0) continue;
    done.add(person);
    // The post already says who they are (for a definition, in its own verb: "Fernhill makes scheduling software").
    const said = (person.said ?? person.role).replace(/^which\s/u, "").toLowerCase();
    if (out.toLowerCase().includes(said)) continue;
    // "Handoff, a shared onboarding plan, ...": the post introduces it where it names it.
    const afterFirst = out.slice(mentions[0]!.index + form.length);
    if (/^,?\s(?:a|an|the|our|which|who|un|une|ein|eine)\s/u.test(afterFirst) || /^\s?\(/u.test(afterFirst)) continue;
    // The first mention that can take the clause takes it: "an £84,000 Brightwater payment" cannot, "I put it in
    // writing to Brightwater the same day" can (round 25: four posts never said what Brightwater was).
    for (const at of mentions) {
      const introduced = introduction(out, at.index, form, person);
      if (introduced === undefined) continue;
      out = out.slice(0, at.index) + introduced + out.slice(at.index + form.length);
      break;
    }
  }
  return out;
}

/** The name at `index` with its role beside it, or undefined where a clause cannot go. */
function introduction(out: string, index: number, form: string, person: Introduction): string | undefined {
  const after = out.slice(index + form.length);
  const before = out.slice(0, index);
  // "total Pantry Loop spend": a name used as an adjective takes no clause.
  // ...nor after a sum ("an £84,000 Brightwater payment").
  if (
    /(?:^|\s)(?:total|the|our|their|its|whole|every|any|a|an|this|that|two|three|four|five|six|several|many|some|few|most|all|[£$€][\d.,]+[kmKM]?|\d{1,3}(?:,\d{3})+)\s$/iu.test(
      before,
    ) &&
    /^\s\p{Ll}/u.test(after)
  )
    return undefined;
  // "the designer Gavin had humiliated": a name after a noun phrase sits inside a clause, where an apposition breaks it
  // (round 22: "Tom, the designer Gavin Holt, their marketing director, had humiliated, led the pitch").
  if (/(?:^|\s)(?:the|a|an|our|their|my|his|her)\s\p{Ll}+\s$/iu.test(before)) return undefined;
  // "Harlan Moving & Storage": a surname inside a company's name is no mention of the person (round 27 wrote "At Earl
  // Harlan, my grandfather, Moving & Storage" into six posts).
  if (/^\s(?:&\s)?\p{Lu}/u.test(after) || /^['’]s\s\p{Lu}\p{Ll}+\s(?:&|\p{Lu})/u.test(after)) return undefined;
  // "I didn't need another Daniel": a name as a kind of person is no mention of them.
  if (/(?:^|\s)(?:another|no|any|each|every)\s$/iu.test(before)) return undefined;
  // A question is asked in few words ("What's the feature that made Kilnworks grow?" took the definition whole).
  if (/^[^.!?:;\n]*\?/u.test(after)) return undefined;
  // Inside a quotation the words are someone's own ('a "Welcome to Shelfwise!" note' took the definition in round 22).
  if (insideQuote(out.slice(out.lastIndexOf("\n", index) + 1, index))) return undefined;
  const startsSentence = index === 0 || /(?:^|[.!?]\s|\n)\s*["“«]?\s*$/u.test(before);
  if (/^['’]s?(?![\p{L}])/u.test(after)) {
    // "our designer Femi's table": only a short role reads in front of a name.
    // ...and only an owned one: "a regional main contractor Brightwater's network" is no phrase.
    if (wordCount(person.role) > 4 || /^(?:a|an|un|une|ein|eine)\s/u.test(person.role)) return undefined;
    const role = startsSentence ? person.role.charAt(0).toUpperCase() + person.role.slice(1) : person.role;
    return `${role} ${person.full}`;
  }
  // German declines the apposition with its noun ("bei Werkbank Digital, einer Software..."): only the subject
  // at a sentence's start takes the role as the article wrote it.
  if (/^(?:ein|eine|der|die|das)\s/u.test(person.role) && !startsSentence) return undefined;
  // An apposition needs its closing comma unless punctuation already follows.
  if (/^\s?[\p{L}\p{N}("“«]|^[,.;:!?]/u.test(after) || after === "")
    return `${person.full}, ${person.role}${/^[,.;:!?]/.test(after) || after === "" ? "" : ","}`;
  return undefined;
}

/** What a how-to is about, from its title: "How to Run a 20-Minute Win/Loss Interview (That...)" -> "win/loss interview". */
export type Subject = { phrase: string; head: string };

/** Words that describe rather than name a kind of thing: "the better proposal" would say something the post does not. */
const EVALUATIVE = /^(?:good|great|better|best|simple|perfect|effective|successful|real|right|ultimate|smart|small|big|quick)$/iu;

export function guideSubject(title: string | undefined): Subject | undefined {
  const match = title?.match(/^(?:how to\s+\p{L}+|(?:an?\s+|the\s+)?(?:\p{L}+\s+)?guide to)\s+(?:(?:a|an|the|your)\s+)?([^():,?.!—–]+)/iu);
  if (!match) return undefined;
  let words = match[1]!.trim().split(/\s+/u);
  const stop = words.findIndex((word) => /^(?:that|which|who|without|with|for|in|on|at|when|so|to|from|by|and|or|you|people|customers)$/iu.test(word));
  if (stop !== -1) words = words.slice(0, stop);
  // "20-Minute" is the guide's promise, not part of the thing's name.
  words = words.filter((word) => !/^\d/u.test(word));
  if (words.length < 2) return undefined;
  const [modifier, noun] = words.slice(-2) as [string, string];
  if (EVALUATIVE.test(modifier) || ALL_STOP_WORDS.has(modifier.toLowerCase())) return undefined;
  // Title Case goes; an acronym ("CRM", "SaaS") stays as written.
  const lower = (word: string) => (/^\p{Lu}\p{Ll}+(?:[/-]\p{Lu}?\p{Ll}+)*$/u.test(word) ? word.toLowerCase() : word);
  const head = lower(noun).replace(/(?<=[^s]{3})s$/u, "");
  return { phrase: `${lower(modifier)} ${head}`, head };
}

/** Modifiers that describe or place rather than name a kind of thing: "the whole site" and "the next step" name nothing. */
const NOT_A_KIND =
  /^(?:whole|same|other|first|last|next|new|old|entire|only|main|own|following|previous|rest|very|full|half|top|bottom|early|late|single|double|second-?hand|used|brand-new|little|tiny|huge|spare|extra|cheap|expensive|proper|real|certain|particular)$/iu;

/** A word that describes (an adjective's ending, a participle) rather than says what kind: "occasional", "empty", "written". */
const DESCRIBES = /^(?:[\p{Ll}]+(?:al|y|ed|en|ous|ive|ful|less|ic|able|ible|ish|est|er|ing)|short|long|big|small|high|low)$/u;

/** Heads too general to be one thing all through an article: "the comp plan" and "the plan" from the pitch deck differ. */
const GENERIC_HEAD =
  /^(?:plan|plans|list|team|way|thing|idea|problem|process|system|number|time|work|business|company|product|point|part|result|question|answer|story|year|month|week|day|people|customer|customers|money|price|cost|rate|data|one|end|start|first|last|rest|side|line|case|issue|change|moment)$/u;

/** A noun phrase's end: punctuation, or a verb or preposition after it ("the combo was", "the combo from the top left"). */
const PHRASE_END = String.raw`(?=[,.;:!?)]|\s(?:was|is|were|are|had|has|that|which|who|on|in|at|for|with|from|to|and|became|got|went)(?![\p{L}]))`;

/**
 * Things the article names in full once and by their last word after that ("One item jumped out straight away: the soup
 * and half-sandwich combo" ... "the combo was a classic plowhorse"): a post read alone says which combo, once. Only a
 * thing named one way in full, before the article first names it bare, and named bare at least twice after.
 */
export function fullerNames(prose: string): Subject[] {
  const full = new RegExp(String.raw`(?<![\p{L}])(?:the|a|an)\s((?:[\p{Ll}-]+\s){1,3})(\p{Ll}[\p{Ll}-]{2,})${PHRASE_END}`, "gu");
  const forms = new Map<string, { phrase: string; at: number }[]>();
  for (const match of prose.matchAll(full)) {
    const modifiers = match[1]!.trim().split(/\s+/u);
    const head = match[2]!;
    if (GENERIC_HEAD.test(head)) continue;
    // One plain word may describe ("the dead hives", round 31) as easily as name a kind ("the revenue dashboard"): only a
    // compound or two words or more name one for sure ("the soup and half-sandwich combo", "the three-way test").
    if (modifiers.length < 2 && !modifiers.some((word) => word.includes("-"))) continue;
    if (
      modifiers.some((word) => (ALL_STOP_WORDS.has(word) && word !== "and") || NOT_A_KIND.test(word) || EVALUATIVE.test(word) || DESCRIBES.test(word)) ||
      modifiers.at(-1) === "and"
    )
      continue;
    const known = forms.get(head) ?? [];
    known.push({ phrase: `${modifiers.join(" ")} ${head}`, at: match.index! });
    forms.set(head, known);
  }
  const subjects: Subject[] = [];
  for (const [head, named] of forms) {
    if (new Set(named.map((form) => form.phrase)).size !== 1) continue;
    const bare = [...prose.matchAll(new RegExp(String.raw`(?<![\p{L}])[Tt]he\s${escapeRegExp(head)}${PHRASE_END}`, "gu"))].map((match) => match.index!);
    if (bare.length < 2 || bare[0]! < named[0]!.at) continue;
    subjects.push({ phrase: named[0]!.phrase, head });
  }
  return subjects;
}

/** A post that says "the combo" but never which: its first "the combo" outside a quotation becomes the article's full name for it. */
export function nameInFull(text: string, thing: Subject): string {
  if (text.toLowerCase().includes(thing.phrase.toLowerCase())) return text;
  for (const match of text.matchAll(new RegExp(String.raw`(?<![\p{L}])([Tt]he) ${escapeRegExp(thing.head)}${PHRASE_END}`, "gu"))) {
    if (insideQuote(text.slice(text.lastIndexOf("\n", match.index!) + 1, match.index))) continue;
    return `${text.slice(0, match.index)}${match[1]} ${thing.phrase}${text.slice(match.index! + match[0].length)}`;
  }
  return text;
}

/** A post that says "the interview" but never what kind: the first one becomes "the win/loss interview". */
export function introduceSubject(text: string, subject: Subject | undefined): string {
  if (!subject || text.toLowerCase().includes(subject.phrase.toLowerCase())) return text;
  const pattern = new RegExp(`(?<![\\p{L}])([Tt]he) ${escapeRegExp(subject.head)}(s?)(?![\\p{L}-])`, "u");
  return text.replace(pattern, (_, the: string, plural: string) => `${the} ${subject.phrase}${plural}`);
}
