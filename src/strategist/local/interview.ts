import { countWords, escapeRegExp, NUMBER_WORDS } from "../language";
import { VERB } from "../lint";
import { leansOnContext } from "../references";
import { punch, standsAlone } from "./compose";
import { type Ideas, lineBeside, type Sentence } from "./extract-ideas";
import type { Candidate, Paragraph } from "./candidate";
import { asHook, stripConnective } from "./hooks";
import { BARE_REPLY, COUNTS_BACK, TEASES } from "./passages";
import { ordinalRank, setsTheScene, traitsOf } from "./sentences";

/**
 * An interview or a podcast transcript, read as exchanges: an interviewer's question (or prompt) and the guest's
 * answer under it (clean.ts marks the questions). A post is one exchange, or two on one topic, kept whole and in
 * order, so no answer is glued to another with its question dropped ("Yes. This is the part I'm least proud of.",
 * "We have one on retainer now" answering a lawyer nobody asked about). It opens on the guest's strongest line that
 * reads cold; the question follows as its own line, in the interviewer's words; the guest's first answer in the post
 * is labelled with who they are ("Hamza Aziz, founder of Kilnworks: ..."), taken from the article's introduction.
 */

type Exchange = { question: string; anchor: Sentence; answer: Sentence[]; sectionId: number };

/** At least this many exchanges make the article an interview (fewer: a post with a Q&A section in it). */
const MIN_EXCHANGES = 3;
/** Two exchanges make one post only up to about a post's length. */
const MAX_GROUP_WORDS = 320;

/** The show's own closing: where to find the guest, thanks for coming on. */
const SIGN_OFF = /\bwhere can (?:people|listeners|readers|folks|we|they) (?:find|follow|reach)\b|\bwhere to find\b|\bhow can people (?:find|reach)\b/i;
/** A guest's sign-off line: "Thanks, Dan.", "Thank you for having me." */
const THANKS = /^(?:thanks|thank you|cheers)\b[^.!?]{0,40}[.!]$/i;
/** The show or the series about itself, after the last answer: "Founder Conversations is a weekly series of interviews...". */
const SHOW_NOTE =
  /\bis (?:a|our) (?:weekly|monthly|fortnightly|biweekly|daily|new|regular)?\s?(?:series|podcast|show|newsletter)\b|\bis (?:produced|published|edited|hosted) by\b|\bnew episodes\b|\bsubscribe (?:wherever|on|to)\b|^know someone (?:we|who)\b/i;

export function exchangesOf(ideas: Ideas): Exchange[] {
  const exchanges: Exchange[] = [];
  let current: Exchange | undefined;
  for (const section of ideas.sections) {
    if (section.asked && section.heading !== undefined) {
      // "Q: How do you sell to facilities teams?": the label is the page's layout, not the interviewer's words.
      const question = section.heading.replace(/^(?:Q|Question)\s*[:.]\s*/i, "");
      current = { question, anchor: section.sentences[0]!, answer: [...section.sentences], sectionId: section.id };
      exchanges.push(current);
    } else if (current && section.heading === undefined && section.parentId === current.sectionId) {
      current.answer.push(...section.sentences);
    } else current = undefined;
  }
  return exchanges
    .filter((exchange) => exchange.anchor !== undefined && !SIGN_OFF.test(exchange.question))
    .map((exchange) => ({
      ...exchange,
      // A transcript's speaker label on the article's first answer ("Nadia Osei: I was...") goes: the post labels its own.
      answer: exchange.answer
        .filter(
          (sentence) =>
            !THANKS.test(sentence.text) && !SHOW_NOTE.test(sentence.text) && !sentence.traits.meta && !sentence.traits.code && sentence.from !== "quote",
        )
        .map((sentence, index) => (index === 0 ? { ...sentence, text: unlabelled(sentence.text) } : sentence)),
    }))
    .filter((exchange) => exchange.answer.length > 0);
}

const unlabelled = (text: string) => text.replace(/^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?(?:\s\([^()]{1,40}\))?:\s+(?=\S)/u, "");

const wordsOf = (sentences: Sentence[]) => sentences.reduce((sum, sentence) => sum + sentence.words, 0);

/**
 * A follow-up on the same topic: "And you hired a lawyer, I'm guessing.", "A warm introduction and a recent pain.",
 * "What's the conversion rate?", "Any regrets?". A new topic asks at length ("Most founders I talk to give pilots
 * away to get the logo.", "Do you pay yourself properly?").
 */
export function followsUp(question: string): boolean {
  // "I have to ask about 2020.", "Let's talk about pricing.": a new topic, however short.
  if (NEW_TOPIC.test(question)) return false;
  const words = countWords(question);
  return FOLLOWS_ON.test(question) || (!/\?/.test(question) && words < 8) || words <= 4;
}

/** The host turning to a topic of its own: "I have to ask about 2020.", "Let's talk about drivers.", "Tell me about July." */
const NEW_TOPIC =
  /^(?:(?:and|so|ok(?:ay)?|right)[,\s]+)?(?:I (?:have|need|want) to ask (?:you )?about|let['’]s talk about|let['’]s get to|tell me about|talk me through|I want to talk about|can we talk about)\b/i;

/** A question that picks up the last answer's words: "And you hired...", "Because a truck holds, what, 26 pallets?". */
const FOLLOWS_ON = /^(?:and|so|but|or|because|then|which)\b|\bthen\?$/i;

/**
 * A question made only of the words that ask ("What did you do?", "Did they?", "And then what happened?"): it names no
 * topic, so its answer is the last answer's next beat, however long (round 28's shoebox of IOUs was posted as its setup
 * on one day and its outcome, "I wrote most of it off.", on another).
 */
const BARE_FOLLOW_UP =
  /^(?:(?:and|so|but|then|okay|ok|right)[,\s]+)*(?:what|how|why|did|do|does|was|were|is|and|then|so|what[’']s|how[’']s)(?:\s(?:what|did|you|do|they|it|it[’']s|that|he|she|them|then|next|happened|happen|happens|after|was|were|is|does|work|works|worked|change|changed|say|said|the|response|result|doing|going))*\?$/i;

/** A short question follows up only with a short answer: "What's next for Kilnworks?" opens a topic of its own. */
const joins = (exchange: Exchange) =>
  followsUp(exchange.question) && (FOLLOWS_ON.test(exchange.question) || BARE_FOLLOW_UP.test(exchange.question.trim()) || wordsOf(exchange.answer) < 60);

/** Follow-ups joined to the exchange they follow up, up to about a post's length. */
function groupExchanges(exchanges: Exchange[]): Exchange[][] {
  const groups: Exchange[][] = [];
  for (const exchange of exchanges) {
    const last = groups.at(-1);
    const lastWords = last ? wordsOf(last.flatMap((each) => each.answer)) : 0;
    if (last && joins(exchange) && lastWords + wordsOf(exchange.answer) <= MAX_GROUP_WORDS && last.length < 3) last.push(exchange);
    else groups.push([exchange]);
  }
  return groups;
}

const ROLE_WORD = String.raw`(?:co-?founder|founder|CEO|CTO|COO|CFO|chief\s\p{L}+\sofficer|head|director|president|owner|partner|principal|managing\s\p{L}+|lead|manager|editor|VP|vice\spresident|general\smanager|chair)`;
/** A guest line's part that says a role ("founder", "Managing Director"), not a business's name. */
const NAMES_A_ROLE = new RegExp(String.raw`(?<![\p{L}])${ROLE_WORD}(?![\p{L}])`, "iu");
const PERSON = String.raw`\p{Lu}\p{Ll}+(?:[\s-]\p{Lu}\p{Ll}+){1,2}`;
/**
 * A company's name: up to four capitalised words ("Kelvin Street", "Otter Lane Swim School") and an "& Co." ("Crumb &
 * Co." was "Crumb" in round 22); house.ts reads bylines with it too.
 */
export const COMPANY = String.raw`\p{Lu}[\p{L}\p{N}&'’-]*(?:\s\p{Lu}[\p{L}\p{N}&'’-]*){0,3}(?:\s&\s(?:Co\.|\p{Lu}[\p{L}\p{N}'’-]*))?`;
const ROLE = String.raw`(?:(?:the|a)\s)?(?:[\p{Ll}-]+\s){0,2}${ROLE_WORD}(?:(?:,\s|\sand\s)(?:[\p{Ll}-]+\s){0,2}${ROLE_WORD})*\s(?:of|at)\s${COMPANY}`;
/** "Hamza Aziz, founder of Kilnworks" / "Mara Lindqvist, co-founder and CEO of Värmeplan". */
const NAME_COMMA_ROLE = new RegExp(String.raw`(${PERSON}),\s(${ROLE})`, "u");
/** "Ingrid Solberg is co-founder and CEO of Fjordmark Analytics" -> "Ingrid Solberg, co-founder and CEO of Fjordmark Analytics". */
const NAME_IS_ROLE = new RegExp(String.raw`(${PERSON})\sis\s(${ROLE})`, "u");
/** "Marcus Lindqvist, who runs platform reliability at Harbor Freight Labs". */
const NAME_WHO = new RegExp(
  String.raw`(${PERSON}),\s(who\s(?:runs|leads|heads|founded|co-founded|started|built|owns)\s[^,.;:!?()]{3,60}?\s(?:at|of)\s${COMPANY})`,
  "u",
);
/** "a conversation with Ines Marwood of Sorrel", "with Luis Ferreira of Manifold Audit", "with Ruth Adebayo (Meridian Dock)". */
const WITH_NAME_OF = new RegExp(
  String.raw`\bwith\s(${PERSON})(?:\s(of|from|at)\s(${COMPANY})|\s\((${COMPANY})\)|,\s(${COMPANY}(?:\sCo\.|\sLtd\.?|\sInc\.?)?)$)`,
  "u",
);
/**
 * "Kwame Asante spent six years as a freight broker before co-founding Palletpool, which pools pallets...". The name is
 * the sentence's subject, never a place after "in the" ("...for a furniture manufacturer in the East Midlands before
 * starting Stackrun"), and a career can take a long clause before the founding.
 */
const NAME_BEFORE_FOUNDING = new RegExp(
  String.raw`(?<!\b(?:the|in|at|of|from|for)\s)(${PERSON})\s[^.;:!?]{0,140}?\b(?:before|after|since)\s(co-?founding|founding|starting)\s(${COMPANY})`,
  "u",
);

/** "Callum Reid started cutting stone at sixteen... In 2009 he set up Reid Heritage Masonry from a lock-up in Leith". */
const NAME_THEN_HE_DID = new RegExp(
  String.raw`^(${PERSON})\s[^.;:!?]{0,200}[.]\s(?:In\s\d{4},?\s)?(?:he|she)\s(set up|founded|co-founded|started|opened|bought|took over)\s(${COMPANY})(?=[,.;]|\s(?:in|with|for|from)\s)`,
  "u",
);

/** "Denise Harlow left a career in hospital supply chain management and bought Riverbend Commercial Laundry". */
/** "Graham Ossei became managing director of Northgate Print in Sheffield in 2017". */
const NAME_BECAME_ROLE = new RegExp(String.raw`(${PERSON})\s(?:became|is|has been|was made)\s(${ROLE})`, "u");
/** "Gareth Lloyd has been fixing boat engines since he was sixteen. Today he is managing director of Menai Marine Services". */
const NAME_THEN_HE_IS = new RegExp(String.raw`^\*?(${PERSON})\s[^.;:!?]{0,200}[.]\s(?:Today,?\s|Now,?\s)?(?:he|she)\s(?:is|became)\s(${ROLE})`, "u");
/** "Owain Pritchard spent twelve years splitting slate at Penrhyn Quarry before setting up Pritchard Stone in Bethesda". */
const NAME_BEFORE_SETTING_UP = new RegExp(
  String.raw`^\*?(${PERSON})\s[^.;:!?]{0,160}?\b(?:before|after)\s(setting up|founding|starting|opening|taking over|buying)\s(${COMPANY})(?=[,.;]|\s(?:in|with|for|from)\s)`,
  "u",
);
const SET_UP_PAST: Record<string, string> = {
  "setting up": "set up",
  founding: "founded",
  starting: "started",
  opening: "opened",
  "taking over": "took over",
  buying: "bought",
};
const NAME_DID_COMPANY = new RegExp(
  String.raw`(${PERSON})\s[^.;:!?]{0,80}?\b(bought|acquired|founded|co-founded|started|launched|built|runs|owns)\s(${COMPANY})(?=[,.;]|\s(?:in|with|for|from)\s)`,
  "u",
);

/** "Priya Nandakumar on Building Kitebox": an episode's title naming the guest and the company they built. */
const ON_BUILDING = new RegExp(String.raw`(${PERSON})\son\s(?:[Bb]uilding|[Gg]rowing|[Ss]caling|[Rr]unning|[Ss]tarting)\s(${COMPANY})`, "u");
/** "Episode 87: Dalia Voss of Copperline on Selling Software to Plumbers": the guest and the company, before the topic. */
const OF_COMPANY_ON = new RegExp(String.raw`(${PERSON})\s(?:of|from)\s(${COMPANY})\son\s`, "u");

/** "started Kitebox, a returns platform for direct-to-consumer apparel brands." -> ", a returns platform for ...". */
function appositionOf(company: string, intro: string[]): string {
  for (const text of intro) {
    const defined = new RegExp(String.raw`\b${escapeRegExp(company)},\s((?:a|an)\s[^,.;:!?()]{4,100}?)(?=[.;]|$)`, "u").exec(text);
    if (defined && countWords(defined[1]!) <= 12) return `, ${defined[1]}`;
  }
  return "";
}

/** "Co-founder and CEO Arjun Mehta joins Dana", "Founder Priya Raman talks to...". */
const ROLE_NAME_JOINS = new RegExp(
  String.raw`(?<![\p{L}])((?:[Cc]o-?founder|[Ff]ounder)(?:\sand\s(?:CEO|CTO|COO|chief\s\p{L}+\sofficer))?|CEO|CTO|COO)\s(${PERSON})\s(?:joins|tells|talks|explains|shares|walks)\b`,
  "u",
);

const OPENS_ON_COMPANY =
  /^(?:In\s\d{4},\s|Since\s\d{4},\s|Last\s\p{L}+,\s)?(\p{Lu}[\p{L}\p{N}]+)\s(?:shipped|makes|builds|sells|launched|runs|helps|started)\b/u;

/** The company the introduction's sentences open on ("In 2022, Hivewise shipped its first 500 hive monitors..."). */
function companyNamed(intro: string[]): string | undefined {
  for (const text of intro) {
    const named = OPENS_ON_COMPANY.exec(text);
    if (named && !/^(?:We|I|They|He|She|It|The|This|Our)$/u.test(named[1]!)) return named[1];
  }
  return undefined;
}

/** "Quietdesk's Nadia Osei". */
const COMPANY_S_NAME = new RegExp(String.raw`(?<![\p{L}])(\p{Lu}[\p{L}\p{N}&-]+)['’]s\s(${PERSON})`, "u");

/**
 * Who the guest is, in the article's words: the name with the role and company its introduction gives them
 * ("Hamza Aziz, founder of Kilnworks"). Only the introduction (before the first question) is read, and only a
 * person the answers do not talk about in the third person... the guest is the one introduced there.
 */
/** "Guest: Yolanda Pierce, co-founder and COO, Frostline Freight", "Guest: Ana Ruiz, founder of Lumen Dental". */
const GUEST_LINE =
  /^(?:guest|my guest|this week['’]s guest|featuring)\s*:\s*(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+){1,2}),\s([^,\n]{3,60}?)(?:,\s(\p{Lu}[\p{L}\p{N}&'’.-]*(?:\s(?:&\s)?\p{Lu}[\p{L}\p{N}&'’.-]*){0,4}))?(?:,\s\p{Lu}[\p{L} .'’-]{1,30}){0,2}(?:\s*\([^)\n]{2,60}\))?\s*$/iu;

export function guestOf(ideas: Ideas, exchanges: Exchange[], sourceText = ""): string | undefined {
  const firstAnswer = exchanges[0]?.anchor.id ?? ideas.sentences.length;
  // Line by line: "An interview with Hamza Aziz, founder of Kilnworks" has no full stop before the next line.
  // The host's welcome may be the first question ("...today I'm talking with Marcus Lindqvist, who runs...").
  const firstSection = exchanges[0]?.sectionId ?? Number.POSITIVE_INFINITY;
  const intro = [
    ideas.title ?? "",
    // A show's episode line, which the cleaning drops as page furniture: "Episode 87: Dalia Voss of Copperline on...".
    ...sourceText
      .split("\n")
      .slice(0, 8)
      .filter((line) => /^\s*episode\s+\d+\s*[:—–-]/iu.test(line)),
    // A show's episode line is a heading ("Episode 87: The money hiding in freight invoices, with Luis Ferreira of Manifold Audit").
    ...ideas.sections.filter((section) => section.id < firstSection && section.heading !== undefined).map((section) => section.heading!),
    ...ideas.sentences.filter((sentence) => sentence.id < firstAnswer).map((sentence) => sentence.text),
    ...(exchanges[0] ? [exchanges[0].question] : []),
  ];
  const trim = (role: string) => role.replace(/^(?:the|a)\s/u, "").trim();
  // A show's "Guest: Yolanda Pierce, co-founder and COO, Frostline Freight", which the cleaning drops (round 26).
  // (A role in title case, "Optometrist and Owner", reads in lower case in a sentence; an acronym, "CEO", stays.)
  const lowered = (role: string) =>
    role.replace(/(?<![\p{L}])(\p{Lu})(\p{Ll}+)(?![\p{L}])/gu, (_, first: string, rest: string) => `${first.toLowerCase()}${rest}`);
  for (const line of sourceText.split("\n").slice(0, 12)) {
    const guest = GUEST_LINE.exec(line.trim());
    if (!guest) continue;
    // The role may name the company itself ("farrier and owner of Amberley Farriery, Wantage, Oxfordshire"): the name
    // keeps its capitals, and what follows is the town (round 35 wrote "amberley farriery of Wantage" under every post).
    // A business's name where the role would be ("Guest: Ellen Tranter, Tranter's Free Range, Bitterley") is the
    // business, not a role to write in lower case (round 41 signed posts "tranter's free range of Bitterley").
    if (/^\p{Lu}[\p{L}'’&-]*(?:\s(?:&\s)?\p{Lu}[\p{L}'’&.-]*)+$/u.test(guest[2]!) && !NAMES_A_ROLE.test(guest[2]!)) return `${guest[1]} of ${guest[2]}`;
    const owns = /^(.*?)\s(of|at)\s(\p{Lu}.*)$/u.exec(guest[2]!);
    if (owns) return `${guest[1]}, ${lowered(owns[1]!)} ${owns[2]} ${owns[3]}`;
    return guest[3] ? `${guest[1]}, ${lowered(guest[2]!)} of ${guest[3]}` : `${guest[1]}, ${guest[2]}`;
  }
  for (const pattern of [NAME_COMMA_ROLE, NAME_IS_ROLE, NAME_WHO]) {
    for (const text of intro) {
      const named = pattern.exec(text);
      if (named) return `${named[1]}, ${trim(named[2]!)}${whatItDoes(named[2]!, text.slice(named.index + named[0].length), intro)}`;
    }
  }
  for (const text of intro) {
    // "Co-founder and CEO Arjun Mehta joins Dana to talk about...": a show's notes put the role first (round 23).
    const joins = ROLE_NAME_JOINS.exec(text);
    if (joins) {
      const company = companyNamed(intro);
      return `${joins[2]}, ${joins[1]!.charAt(0).toLowerCase()}${joins[1]!.slice(1)}${company ? ` of ${company}` : ""}`;
    }
  }
  for (const text of intro) {
    const founded = NAME_BEFORE_FOUNDING.exec(text);
    if (founded) {
      const role = `${/^co/u.test(founded[2]!) ? "co-founder" : "founder"} of ${founded[3]}`;
      return `${founded[1]}, ${role}${whatItDoes(role, text.slice(founded.index + founded[0].length), intro)}`;
    }
  }
  for (const text of intro) {
    // An episode named for the guest and the company: "Refunds Are a Leak: Priya Nandakumar on Building Kitebox",
    // "Dalia Voss of Copperline on Selling Software to Plumbers".
    const building = ON_BUILDING.exec(text) ?? OF_COMPANY_ON.exec(text);
    if (building) {
      // "on building Chillmark's team": the company is Chillmark, not "Chillmark's" (round 21's label on every answer).
      const company = building[2]!.replace(/['’]s$/u, "");
      return `${building[1]} of ${company}${definitionOf(company, intro) || appositionOf(company, intro)}`;
    }
  }
  for (const text of intro) {
    const withName = WITH_NAME_OF.exec(text);
    if (withName)
      return withName[4] ? `${withName[1]} (${withName[4]})` : withName[5] ? `${withName[1]}, ${withName[5]}` : `${withName[1]} ${withName[2]} ${withName[3]}`;
  }
  for (const text of intro) {
    const owned = COMPANY_S_NAME.exec(text);
    // ("Sowline's Ruth Achterberg, which handles payroll" would say the payroll is hers: no definition here.)
    if (owned && !/^(?:The|This|That|Our|My)$/u.test(owned[1]!)) return `${owned[1]}'s ${owned[2]}`;
  }
  // The show notes the cleaning drops as the show describing itself still say who the guest is.
  const notes = sourceText.split("\n").slice(0, 40);
  // "Callum Reid started cutting stone at sixteen... In 2009 he set up Reid Heritage Masonry" (round 28): the founding is
  // told of "he" a sentence later.
  for (const text of [...intro, ...sourceText.split("\n").slice(0, 12)]) {
    const later = NAME_THEN_HE_DID.exec(text.trim());
    if (later) return `${later[1]}, who ${later[2]} ${later[3]}${whatItDoes(`of ${later[3]}`, text.slice(later.index + later[0].length), intro)}`;
  }
  for (const text of [...intro, ...notes]) {
    // "In 2022, Denise Harlow left a 14-year career in hospital supply chain management and bought Riverbend Commercial
    // Laundry, a family-owned business in Dayton" (round 18's show notes).
    const did = NAME_DID_COMPANY.exec(text);
    if (did) return `${did[1]}, who ${did[2]} ${did[3]}${whatItDoes(`of ${did[3]}`, text.slice(did.index + did[0].length), intro)}`;
  }
  // A trade magazine's standfirst (rounds 29 to 35 signed no answer): "Graham Ossei became managing director of Northgate
  // Print", "Today he is managing director of Menai Marine Services", "...before setting up Pritchard Stone in Bethesda",
  // "Tobias Grieve trained for six years... Grieve & Co. now employs nine people".
  const standfirst = [...intro, ...notes.slice(0, 12)];
  for (const text of standfirst) {
    const became = NAME_BECAME_ROLE.exec(text) ?? NAME_THEN_HE_IS.exec(text.trim());
    if (became) return `${became[1]}, ${trim(became[2]!)}${whatItDoes(became[2]!, text.slice(became.index + became[0].length), intro)}`;
  }
  for (const text of standfirst) {
    const before = NAME_BEFORE_SETTING_UP.exec(text);
    if (before) return `${before[1]}, who ${SET_UP_PAST[before[2]!.toLowerCase()] ?? before[2]} ${before[3]}`;
  }
  for (const text of standfirst) {
    const person = new RegExp(String.raw`^\*?(${PERSON})\s\p{Ll}`, "u").exec(text.trim())?.[1];
    const surname = person?.split(/\s/u).at(-1);
    if (!person || !surname) continue;
    const firm = new RegExp(
      String.raw`(?<![\p{L}])(${escapeRegExp(surname)}(?:\s(?:&\s)?\p{Lu}[\p{L}.]*){1,3})\s(?:now\s)?(?:employs|has|makes|turns|is|runs|works)\s`,
      "u",
    );
    for (const other of standfirst) {
      const company = firm.exec(other)?.[1];
      if (company) return `${person} of ${company.replace(/(?<!Co)\.$/u, "")}`;
    }
  }
  // At least the full name the transcript gives the guest's first turn ("Ruth Adebayo: Thanks, Jamie."), or the
  // introduction gives the first name of that turn ("TOMASZ: Thanks for having me." -> "Tomasz Wrona spent nine years...").
  // A name speaks when it opens two turns of the paste: "Hard Things: The 500 beehive sensors..." is the show's title
  // (round 23 labelled every answer "Hard Things:").
  const speaks = (name: string) =>
    (sourceText.match(new RegExp(String.raw`^\s*(?:\[[\d:]+\]\s*)?${escapeRegExp(name)}(?:\s\p{L}+)?:\s`, "gimu"))?.length ?? 0) >= 2;
  for (const text of intro) {
    const speaker = new RegExp(String.raw`^(${PERSON}):\s`, "u").exec(text);
    if (speaker && speaks(speaker[1]!)) return speaker[1];
  }
  for (const text of intro) {
    const turn = /^(\p{Lu}[\p{L}'’-]+):\s/u.exec(text)?.[1]?.toLowerCase();
    if (!turn || !speaks(turn)) continue;
    for (const other of intro) {
      const named = new RegExp(String.raw`(?<![\p{L}])(${PERSON})`, "gu");
      for (const match of other.matchAll(named)) if (match[1]!.split(/\s/)[0]!.toLowerCase() === turn) return match[1];
    }
  }
  return undefined;
}

/**
 * The company in the guest's introduction and what it is, when the introduction says: "Teresa Kowalczyk, CEO of
 * Kowalczyk Heating & Air, a residential heating, cooling and plumbing company in Milwaukee" -> Kowalczyk Heating & Air,
 * "a residential heating, cooling and plumbing company in Milwaukee".
 */
export function companyOf(guest: string | undefined): { name: string; definition?: string } | undefined {
  const found =
    guest &&
    new RegExp(
      String.raw`\s(?:of|at|from|bought|founded|co-founded|started|runs|built|set up|opened|owns|took over)\s(${COMPANY}|\p{Lu}[\p{L}'’-]*\s&\s\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*){0,2})(?:,\s((?:a|an|which|the)\s[^()]+?))?$`,
      "u",
    ).exec(guest);
  if (!found) return undefined;
  return { name: found[1]!.replace(/['’]s$/u, ""), definition: found[2] };
}

/**
 * What the guest's company does, in the introduction's words, so a stranger can place it: the apposition after
 * the company (", a Bergen-based company that forecasts electricity grid load for regional utilities") or the
 * sentence that defines it ("Kilnworks makes booking and membership software for community ceramics studios." ->
 * ", which makes booking and membership software for community ceramics studios"). Empty when it says neither.
 */
function whatItDoes(role: string, after: string, intro: string[]): string {
  const apposition = /^,\s((?:a|an)\s[^,.;:!?()]{4,160}?(?=[,.;]|$)|which\s[^.;:!?()]{4,120}?(?=[.;]|$))/u.exec(after);
  // "a residential heating, cooling and plumbing company in Milwaukee": a list inside the apposition is not its end
  // (round 24 labelled every answer "Kowalczyk Heating & Air, a residential heating:").
  const listed =
    apposition && /^(?:a|an)\s/u.test(apposition[1]!)
      ? /^,\s((?:[\p{Ll}-]+,\s)*[\p{Ll}-]+\s(?:and|or)\s[^,.;:!?()]+)/u.exec(after.slice(apposition[0].length))
      : null;
  if (apposition && listed) {
    // Too long with its list, the head before the list's first word would be cut mid-phrase: no apposition at all.
    const whole = `${apposition[1]}, ${listed[1]}`;
    return countWords(whole) <= 13 ? `, ${whole}` : "";
  }
  // "a two-vet, large-animal practice based in Hamilton": a head of two words is only its first adjective (round 27's
  // attribution ended "Bitterroot Mobile Veterinary, a two-vet").
  const adjectives =
    apposition && /^(?:a|an)\s\S+$/u.test(apposition[1]!) ? /^,\s([\p{Ll}-]+\s[^,.;:!?()]{3,80}?)(?=[,.;]|$)/u.exec(after.slice(apposition[0].length)) : null;
  if (apposition && adjectives && countWords(`${apposition[1]} ${adjectives[1]}`) <= 13) return `, ${apposition[1]}, ${adjectives[1]}`;
  if (apposition && countWords(apposition[1]!) <= 2) return "";
  if (apposition && countWords(apposition[1]!) <= 13) return `, ${apposition[1]}`;
  // A long apposition keeps its head: "an online booking platform for pallet and part-load freight built for small
  // manufacturers who ship a handful of pallets a week" -> "an online booking platform for pallet and part-load freight".
  const head = apposition?.[1]?.split(/\s(?:built|designed|made|used|that|which|who|where|whose)\s/u)[0];
  if (head && /^(?:a|an)\s/u.test(head) && countWords(head) >= 3 && countWords(head) <= 13) return `, ${head}`;
  const company = new RegExp(String.raw`(?:of|at)\s(${COMPANY})$`, "u").exec(role)?.[1];
  return company ? definitionOf(company, intro) : "";
}

/** "Sowline handles payroll, right-to-work checks and shift scheduling for seasonal fruit and vegetable farms — ..." -> ", which handles ...". */
function definitionOf(company: string, intro: string[]): string {
  for (const text of intro) {
    const defined = new RegExp(
      String.raw`^${escapeRegExp(company)}\s(makes|sells|builds|helps|offers|runs|handles|provides|forecasts)\s([^.;:!?()—–]{4,120}?)(?:\.$|\s[—–]\s)`,
      "u",
    ).exec(text);
    if (defined && countWords(defined[2]!) <= 14) return `, which ${defined[1]} ${defined[2]}`;
  }
  return "";
}

/** A story's beat in time ("In 2019 one of them...", "Four months later, a storm..."): it opens nothing out of order. */
const SETUP = /^(?:in|by|since|until|after|before)\s(?:\p{L}+\s)?\d{4}\b|^(?:\p{L}+\s){1,2}(?:days?|weeks?|months?|years?)\s(?:later|after|before)\b/iu;

/** A bare reply ("Yes.", "Exactly.", "Honestly, by accident.") that only makes sense after its question. */
const REPLY =
  /^(?:yes|yeah|yep|no|nope|exactly|right|absolutely|definitely|sure|correct|totally|honestly|not at all|well|three things|two things|a few things)\b[^.!?]{0,25}[.!]$|^(?:I|we|they|he|she|it)\s(?:did|do|does|have|had|has|was|were|am|is|are|can|could|would|will)(?:n['’]t|\snot)?[.!]$/i;

/**
 * "Retention went up after we removed the clause, not down." when another line says "We started with a repayment
 * clause.": moved to the top, the hook names a thing the post has not introduced yet (round 24).
 */
function introducedElsewhere(sentence: Sentence, answers: Sentence[]): boolean {
  const named = [...sentence.text.matchAll(/(?<![\p{L}])the\s(\p{Ll}{4,})(?![\p{L}])/gu)].map((match) => match[1]!);
  return named.some((noun) =>
    answers.some((later) => later !== sentence && new RegExp(String.raw`(?<![\p{L}])an?\s(?:\p{L}+\s){0,2}${noun}(?![\p{L}])`, "iu").test(later.text)),
  );
}

/** The line (or two) a post opens on, and what it scores. */
type Opening = { hook: string; lines: Sentence[]; score: number };

/** "Three things.", "Two reasons:", "A few changes.": a count whose items follow. */
const COUNTS_ITEMS =
  /^(two|three|four|five|six|a few|several|\d)\s(?:\p{L}+\s)?(?:things|reasons|changes|lessons|steps|ways|rules|parts|mistakes|ideas|fixes)\b/iu;
const COUNT_WORDS: Record<string, number> = { ...NUMBER_WORDS, "a few": 3, several: 3 };

/**
 * An item of a counted run ("Three things. We built a contingency map... We put every route... We got a proper cargo
 * policy..."): moved up, it leaves the count one short. Items marked "First,"/"Second," are those lines only; unmarked,
 * they are the lines right after the count, as many as it says.
 */
function countedItem(sentence: Sentence, answers: Sentence[]): boolean {
  // The count in the same paragraph, or ending a paragraph before it ("Three things, from April 2022." on its own).
  const endsBlock = (each: Sentence) => !answers.some((other) => other.blockId === each.blockId && other.id > each.id);
  const counted = [...answers]
    .reverse()
    .find((each) => each.id < sentence.id && COUNTS_ITEMS.test(each.text) && (each.blockId === sentence.blockId || endsBlock(each)));
  if (!counted) return false;
  const word = COUNTS_ITEMS.exec(counted.text)![1]!.toLowerCase();
  const count = COUNT_WORDS[word] ?? Number(word);
  const after = answers.filter((each) => each.blockId === counted.blockId && each.id > counted.id);
  if (after.some((each) => ordinalRank(each.text) >= 0)) return ordinalRank(sentence.text) >= 0;
  // A count that ends its paragraph counts the paragraphs after it ("Three things, from April 2022." / "A 45-minute
  // minimum visit. ..." / "Paid travel time..." / "And we reorganised rotas..."): their first lines are the items.
  if (after.length === 0) {
    const later = answers.filter((each) => each.id > counted.id);
    const firsts = later.filter((each, index) => index === 0 || later[index - 1]!.blockId !== each.blockId).slice(0, count);
    if (firsts.some((each) => ordinalRank(each.text) >= 0)) return ordinalRank(sentence.text) >= 0;
    return firsts.includes(sentence);
  }
  return after.indexOf(sentence) < count;
}

/**
 * A thing named only by a pronoun: what "it", "them", "that" or "one" is was said in the question or a line before
 * ("No other studio software had it", "My partner has been promised one for two years.").
 */
const PRONOUN = /\b(?:it|them)\b|\bone\s+(?:for|to|too|again|now)\b|\bone[.,!?]|\bthat(?:\s+(?:on|in|to|for|is|was|will|would|could)\b|['’]s\b|[.,!?])/i;

/** A verb left for the line before to fill in: "Actually, I think you have to, or the heart doesn't survive.", "We did.". */
const ELLIPSIS =
  /(?<![\p{L}])(?:I|we|you|they|he|she)\s(?:\p{Ll}+\s)?(?:have to|had to|has to|need to|needed to|want to|wanted to|did|do|does|didn['’]t|don['’]t|can|can['’]t|could|couldn['’]t|will|won['’]t|would|wouldn['’]t|should)[,.!;]/u;

/** A line a stranger understands without the question: whole, naming what it talks about ("So" may go, asHook drops it). */
function readsCold(sentence: Sentence): boolean {
  // ("I called both owners beforehand." counts owners the answer names later: round 29 opened a post on it.)
  if (
    PRONOUN.test(sentence.text) ||
    ELLIPSIS.test(sentence.text) ||
    // (Not "both too hard and pointed at the wrong thing", nor "we both do cold chain".)
    /(?<![\p{L}])(?<!(?:we|they|you|us|them)\s)(?:both|either|neither)(?![\p{L}])(?!\s+(?:\S+\s+){0,5}?(?:and|or|nor)(?![\p{L}]))/iu.test(sentence.text) ||
    (sentence.text.match(/["“”]/g)?.length ?? 0) % 2 === 1
  )
    return false;
  // "There's the work we turned away in July...": one item of a list of costs the answer is counting (round 24).
  if (/^(?:(?:and|but|so|then)\s)?there(?:['’]s| is| are| was| were)\s(?:the|also|another)\s/iu.test(sentence.text)) return false;
  // "There are roughly 2,800 community ceramics studios in the UK" points at no place: "there" is only the grammar.
  const text = stripConnective(sentence.text).replace(/^There(?:['’]s| is| are| was| were)\s/u, "Plenty are ");
  return standsAlone(text === sentence.text ? sentence : { ...sentence, text, traits: traitsOf(text) });
}

/** A spoken reply that drops its subject: "Bought two used booths...", "Went back to the bank.", "Took us a year.". */
const NO_SUBJECT =
  /^(?:bought|took|went|got|made|had|spent|built|found|kept|left|lost|sold|told|thought|came|began|ran|paid|started|tried|moved|hired|opened|closed|raised|turned|worked|wanted|needed|used|called|asked|decided|learned|learnt)\s/iu;

/** A phrase with no main clause that finishes the line before it: "For a year where...", "On a day when...". */
const ELABORATES = /^(?:for|on|in|over|after|with|from)\s(?:a|an|the|one)\s(?:\p{L}+\s){0,2}(?:where|when|in which|during which|that|which)\s/iu;

/** A line whose opening words point at the line before it. */
const LEANS_BACK = /^(?:[\p{L}\p{N}'’]+\s){0,3}?(?:it|its|they|them|their|those|these|this|that|he|she|one|both|neither|either)\b/iu;

/** Below this, no line of the answers reads cold enough: the exchange opens on its question. */
const MIN_OPENING_SCORE = 3;

/**
 * The guest's strongest line that a stranger understands without the question, taken from where moving it up
 * leaves the answer in order:
 * - a line that ends its paragraph ("I said no, and I've never regretted it."), the best place, a verdict;
 * - the same with the line before it when it leans on that line ("Dashboards tell me what people do. Tickets tell
 *   me what they were trying to do and couldn't.");
 * - a line inside a paragraph when nothing after it leans on it ("If your first deal takes 14 months and your money
 *   lasts 12, you don't have a company, you have a bet."), with a little less weight.
 * Never a bare reply ("Exactly."), a question, or a story's setup ("In 2022 we signed our largest customer"), whose
 * story would then start in the middle.
 */
/** A line that follows another in its answer: a second or third point, "a week later", "then". */
const SEQUEL =
  /^(?:(?:my|the|a|and)\s)?(?:second|third|fourth|next|secondly|thirdly)(?![\p{L}])|^(?:two|three|four|five),\s|^(?:\S+\s){0,5}(?:later|after that|afterwards)(?![\p{L}])|^then(?![\p{L}])/iu;

export function openingsOf(answers: Sentence[]): Opening[] {
  const options: Opening[] = [];
  // ...nor a reply with no verb or no subject, which only its question makes whole ("Four rounds, a personality test, a
  // panel.", "Bought two used booths, two machines...").
  const fit = (sentence: Sentence) =>
    !REPLY.test(sentence.text) &&
    !sentence.traits.question &&
    !SETUP.test(sentence.text) &&
    !setsTheScene(sentence.text) &&
    sentence.from !== "item" &&
    !fragment(sentence) &&
    !NO_SUBJECT.test(sentence.text) &&
    // ...nor a clause or a noun phrase that only answers ("Whether or not we collect detention from the shipper.", "The
    // first year, about a hundred and forty thousand dollars that we didn't recover.": round 26).
    !/^(?:whether|because|although|though|unless)\s/iu.test(sentence.text) &&
    // ...nor a phrase that finishes the line before it ("For a year where I worked seven days a week from March to
    // October." after "Our profit, after the refunds, was about £6,000.": round 34 opened a post on it).
    !ELABORATES.test(sentence.text) &&
    // ...nor a count of what follows ("But three things happened.": round 31 opened a post on it).
    !COUNTS_ITEMS.test(sentence.text.replace(/^(?:but|and|so|then)\s+/iu, "")) &&
    // ...nor a line that comes after another in the answer's own order ("My second thought, about a week later, was...",
    // "Three, don't be snobby about the middle people."): moved up, round 42's podcast read as jumbled.
    !SEQUEL.test(sentence.text);
  answers.forEach((sentence, index) => {
    if (!fit(sentence) || countedItem(sentence, answers) || introducedElsewhere(sentence, answers)) return;
    const previous = answers[index - 1]?.blockId === sentence.blockId ? answers[index - 1] : undefined;
    // "And there's a number I didn't expect." leads into the line after it: moved up, that line leaves it pointing at nothing.
    if (previous && TEASES.test(previous.text)) return;
    const next = answers[index + 1]?.blockId === sentence.blockId ? answers[index + 1] : undefined;
    const alone = readsCold(sentence) && asHook(sentence.text) !== undefined;
    // What stays of the paragraph must not be one short line left hanging ("I also did the maths on ownership.").
    const paragraph = answers.filter((other) => other.blockId === sentence.blockId);
    const hanging = (taken: number) => paragraph.length - taken === 1 && paragraph[0]!.words < 10;
    // A short paragraph whose lead line would be left hanging opens the post whole ("By 2021 things were different.
    // We were at about £400,000 ARR and growing, and a fund approached us. They offered £2.5 million.").
    if (!next && paragraph.length > 1 && paragraph.length <= 3 && paragraph[0]!.words < 10 && paragraph[0] !== sentence) {
      const lead = paragraph[0]!;
      const whole = asHook(paragraph.map((each) => each.text).join(" "));
      if (
        whole &&
        !REPLY.test(lead.text) &&
        !lead.traits.question &&
        !lead.traits.dangling &&
        !PRONOUN.test(lead.text) &&
        !leansOnContext(lead.text) &&
        // (Never an item of a counted run: "Three things." would then count two.)
        !countedItem(lead, answers)
      )
        options.push({ hook: whole, lines: paragraph, score: Math.max(...paragraph.map(punch)) + 2 });
    }
    if (!next) {
      if (alone && !hanging(1)) options.push({ hook: asHook(sentence.text)!, lines: [sentence], score: punch(sentence) + 1.5 });
      // A short last line answers the one before it ("So we don't celebrate a good meeting. We celebrate a budget line.").
      if ((!alone || sentence.words < 8) && previous && fit(previous) && readsCold(previous) && !previous.traits.leadIn && !hanging(2)) {
        const pair = asHook(`${previous.text} ${sentence.text}`);
        if (pair) options.push({ hook: pair, lines: [previous, sentence], score: Math.max(punch(previous), punch(sentence)) + 2 });
      }
      return;
    }
    if (!alone || !previous || previous.traits.leadIn) return;
    // A line inside a paragraph moves only when the line after it does not lean on it ("It's not a rocket ship.").
    // "Two of them left within a year." after "We spent £8,000 over three months and got four customers.".
    // "The median was €62,000." states the moved line's result: it comes up with it.
    // ...and a phrase that finishes it ("For a year where I worked seven days a week...") comes up with it too.
    if ((COUNTS_BACK.test(next.text) && !next.traits.dangling) || ELABORATES.test(next.text)) {
      const pair = asHook(`${sentence.text} ${next.text}`);
      if (pair) options.push({ hook: pair, lines: [sentence, next], score: Math.max(punch(sentence), punch(next)) + 1 });
      return;
    }
    if (next.traits.dangling || leansOnContext(next.text) || LEANS_BACK.test(next.text)) return;
    options.push({ hook: asHook(sentence.text)!, lines: [sentence], score: punch(sentence) });
  });
  return options.filter((option) => option.score >= MIN_OPENING_SCORE).sort((a, b) => b.score - a.score || a.lines[0]!.id - b.lines[0]!.id);
}

/**
 * An answer's first line that only makes sense after its question: "For about four months, yes.", "Partly.", "Because
 * I asked them.", "It was the card.", "Four, out of about 4,800 scheduled visits last year." (round 32); a bare reply
 * ("The wrong thing.", "Yes.") goes when the answer goes on without it.
 */
const NEEDS_QUESTION =
  /^(?:none|one|two|three|four|five|six|seven|eight|nine|ten|a handful|a few|\d[\d,.]*),\s(?:out of|of|from|in)\s|^[^.!?]{0,40},\s(?:yes|no|mostly|partly|definitely|absolutely)[.!]$|^(?:because|partly|mostly|both|neither|not really|sort of|kind of)\b|^(?:yes|yeah|no|nope|exactly|absolutely|definitely)(?:,|\s(?:and|but)\b)|^(?:honestly,\s)?that\s(?:I|we)\b|^what\s(?:the|our|my|their|his|her|we|they|I|he|she)\s(?:[\p{L}'’-]+\s){0,3}(?:did|does|do|had|used to do|always did)(?:,|\.|\s(?:which|and))/iu;
/** A reply in front of the answer's first sentence: "Honestly, no. ", "Yes. ". */
const REPLY_PREFIX = /^(?:(?:honestly|frankly|well|actually),?\s)?(?:yes|no|yeah|nope|not really|not at all)[.!]\s+(?=\p{Lu})/iu;
/** A reply of a few words, an article and a noun at most: "The wrong thing.", "Slowly." */
const BARE = /^(?:the|a|an)?\s?(?:[\p{L}'’]+\s?){0,2}[.!]$/iu;

/** "Honestly, at tax time in early 2023.": a short reply with no verb and no one doing anything. */
const fragment = (sentence: Sentence) =>
  sentence.words <= 8 &&
  !sentence.traits.imperative &&
  ((!/(?<![\p{L}])(?:I|we|you|they|he|she|it|my|our)(?![\p{L}])/iu.test(sentence.text) &&
    !VERB.test(sentence.text.replace(/(?<![\p{L}])a(?![\p{L}])/giu, ""))) ||
    NAMED_THING.test(sentence.text));

/** A thing and its name, with no verb of its own: "A Jack Russell called Biscuit." answers "And the hardest customer?". */
const NAMED_THING = /^(?:[Aa]|[Aa]n|[Tt]he|[Mm]y|[Oo]ur)\s(?:[\p{L}'’-]+\s){1,4}(?:called|named)\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?[.!]$/u;

/** A line that reads on after the reply in front of it goes ("Eleven days. That's the part..." keeps its reply). */
const stands = (next: Sentence | undefined) => next !== undefined && !next.traits.dangling && !OPENS_ON_PRONOUN.test(next.text);

/** A line that opens on a pronoun for what the line before it named. */
const OPENS_ON_PRONOUN = /^(?:it|its|they|them|their|those|these|this|that|he|she)(?![\p{L}])/iu;

/** The guest's answer without the question: a bare reply in front goes; undefined when the answer leans on it. */
function answerAlone(reply: Sentence[], askable = true, asks = false): Sentence[] | undefined {
  // A question the guest can ask themselves stays in front of a reply with no verb ("What did we change? Three things,
  // from April 2022.", "What did we get wrong? Plenty."): round 25's readers found those replies alone in a post.
  if (asks && reply[0] && fragment(reply[0])) return undefined;
  const alone = answerAsIs(reply);
  if (alone || askable) return alone;
  // A question that cannot be the author's own ("You mentioned a contract clause that nearly ended the company.") is not
  // kept for the short reply under it ("Yes. This is the part I'm least proud of."): the answer starts where its story does.
  for (const skip of [1, 2]) {
    const lead = reply.slice(0, skip);
    const rest = reply.slice(skip);
    if (lead.some((sentence) => sentence.words > 12) || rest.length < 2) break;
    if (readsCold(rest[0]!)) return answerAsIs(rest);
  }
  return undefined;
}

function answerAsIs(reply: Sentence[]): Sentence[] | undefined {
  // "...we closed thirty-one. Yes.": a bare "Yes." anywhere in the answer is said to the question.
  const answer = reply.filter((sentence) => !BARE_REPLY.test(sentence.text));
  const [said, second] = answer;
  if (!said) return undefined;
  // "Honestly, no. In 2018 nobody would have funded me." and "Because I asked them what they'd expect..." tell their
  // own story once the reply to the question goes (round 24's reading of the Quietdesk interview).
  // ("Because I hated negotiating, and because I noticed..." stays: without its first "because" the second dangles.)
  const text = said.text.replace(REPLY_PREFIX, "").replace(/^because\s(?=\p{L})(?!.*\bbecause\b)/iu, "");
  const first =
    text === said.text ? said : { ...lineBeside(said, text.charAt(0).toUpperCase() + text.slice(1)), traits: traitsOf(text), words: countWords(text) };
  if (first !== said) return answerAsIs([first, ...answer.slice(1)]);
  // "Three things." counts the lines after it: the run stays whole under it.
  if (COUNTS_ITEMS.test(first.text)) return answer;
  // "Sixteen weeks. Cohorts of six people, three cohorts a year.": replies that only the question makes whole.
  if (NEEDS_QUESTION.test(first.text) || (fragment(first) && second !== undefined && fragment(second))) return undefined;
  if ((REPLY.test(first.text) || (BARE.test(first.text) && first.words <= 3) || fragment(first)) && stands(second)) return answer.slice(1);
  // ("All to a packer. They collect twice a week...": a reply with no verb whose next line leans on it needs its question.)
  if (fragment(first) && !stands(second)) return undefined;
  if (
    REPLY.test(first.text) ||
    first.traits.dangling ||
    OPENS_ON_PRONOUN.test(first.text) ||
    first.traits.question ||
    (first.words <= 14 &&
      !first.traits.imperative &&
      !VERB.test(first.text.replace(/,\s*(?:which|who|where)\b[^,]*(?:,|$)/u, " ")) &&
      // ("We close for two weeks from the second Monday of January." has its verb: round 44 dropped it as a reply.)
      !SUBJECT_VERB.test(first.text))
  )
    return undefined;
  return answer;
}

/** A clause in the present: a subject and its verb ("We close...", "I pay above the going rate"). */
const SUBJECT_VERB =
  /^(?:I|We|They|You)\s(?:(?:always|never|just|still|now|usually|only|also|all)\s)?(?!(?:the|a|an|and|or|but|of|in|on|at|to|for|with|too|both)\s)\p{Ll}{2,}(?:\s|[.,!])/u;

/** A question as asked: it opens on a question word or an auxiliary, not on "And the freight invoices were...?". */
const INTERROGATIVE = /^(?:what|why|how|when|where|who|which|did|do|does|was|were|is|are|have|has|had|would|could|should|can|will)(?:['’]s)?(?![\p{L}'’])/iu;

const OBJECT_YOU =
  /(?<=(?<![\p{L}])(?:to|for|with|at|about|from|of|by|on|ask|asks|tell|tells|told|help|helps|make|makes|made|let|lets|give|gives|gave|show|shows|cost|costs|took|take|send|sent|call|called|hit|hurt|keep|keeps|kept|get|gets|got|\p{Ll}+ed)\s)you(?![\p{L}'’])/giu;

/**
 * The interviewer's question in the guest's voice, or undefined when it cannot be: one sentence (the last, when the
 * interviewer set it up first: "You were a nurse for a long time. Why start a care agency?"), its "you" made "we" when
 * the guest speaks for the company in the answer, "I" otherwise. "So" and "exactly" are the interviewer's, not the guest's.
 */
export function selfAsked(question: string, answer: Sentence[]): string | undefined {
  const last =
    question
      .trim()
      .split(/(?<=[.!?])\s+/u)
      .at(-1) ?? "";
  // "You had a hospital churn, right?" checks a fact the interviewer states: it is no question the guest asks.
  if (/,\s(?:right|no|yes|correct|true|isn['’]t it|didn['’]t you|wasn['’]t it|don['’]t you)\?$/iu.test(last)) return undefined;
  const plain = last
    .replace(/^(?:so|and|but|ok|okay|right|now)[,\s]+/iu, "")
    .replace(/,\s(?:exactly|then|really|though)\?$/iu, "?")
    .trim();
  // Only a question as asked ("What did you change?"), never one said as a statement ("You waited until forty customers?").
  if (!INTERROGATIVE.test(plain)) return undefined;
  if (!/^\p{Lu}?[^.!?]+\?$/u.test(plain) || countWords(plain) < 3 || countWords(plain) > 14 || !/^\p{L}/u.test(plain)) return undefined;
  const said = answer.map((sentence) => sentence.text).join(" ");
  const we = (said.match(/(?<![\p{L}])(?:we|our|us)(?![\p{L}])/giu)?.length ?? 0) > (said.match(/(?<![\p{L}])(?:I|my|me)(?![\p{L}])/gu)?.length ?? 0);
  const forms: [RegExp, string, string][] = [
    [/(?<![\p{L}])(are|were) you(?![\p{L}'’])/giu, "$1 we", "$1 I"],
    [/(?<![\p{L}])you['’]re(?![\p{L}])/giu, "we're", "I'm"],
    [/(?<![\p{L}])you['’](ve|d|ll)(?![\p{L}])/giu, "we'$1", "I'$1"],
    [/(?<![\p{L}])yourself(?![\p{L}])/giu, "ourselves", "myself"],
    [/(?<![\p{L}])yours(?![\p{L}])/giu, "ours", "mine"],
    [/(?<![\p{L}])your(?![\p{L}])/giu, "our", "my"],
    // "you" after a preposition or a verb done to someone is the object ("What surprised you?", "founders who ask
    // you"); elsewhere the subject ("What did you change?", "the first thing you did").
    [OBJECT_YOU, "us", "me"],
    [/(?<![\p{L}])you(?![\p{L}])/giu, "we", "I"],
  ];
  let own = plain;
  for (const [pattern, plural, singular] of forms) own = own.replace(pattern, we ? plural : singular);
  // "Were I" and "Are I" are not English: the singular takes "was" and "am".
  own = own
    .replace(/(?<![\p{L}])are I(?![\p{L}])/gu, "am I")
    .replace(/(?<![\p{L}])were I(?![\p{L}])/gu, "was I")
    // ...and "where you were" is "where I was", not "where I were" (round 37).
    .replace(/(?<![\p{L}])I were(?![\p{L}])/gu, "I was")
    .replace(/(?<![\p{L}])I are(?![\p{L}])/gu, "I am")
    .replace(/^(Are|Were) I(?![\p{L}])/u, (_, verb: string) => (verb === "Are" ? "Am I" : "Was I"));
  own = own.charAt(0).toUpperCase() + own.slice(1);
  return own === plain && plain === question.trim() ? undefined : own;
}

/**
 * A question the author can ask themselves ("Did occupancy suffer?", "Which of the four changes mattered most?"): one
 * that says "you" is the interviewer talking to the guest, and one whose "it" or "that" the interviewer set up ("Let's talk
 * about pricing. How has it changed?") points at nothing in a post.
 */
const rhetorical = (question: string, follows = false) =>
  /^[^.!?]+\?$/u.test(question) &&
  !/(?<![\p{L}])(?:you|your|you['’]\p{L}+)(?![\p{L}])/iu.test(question) &&
  // ...a question as asked, never a topic said with a question mark ("Favourite building in Edinburgh?": round 28).
  INTERROGATIVE.test(question) &&
  (follows || !/(?<![\p{L}])(?:it|this|that|these|those|they|them)(?![\p{L}])/iu.test(question)) &&
  // ...a follow-up as short as "What changed?" too: without it "Two things." opens on nothing (round 28).
  countWords(question) >= (follows ? 2 : 3);

/**
 * One exchange group as a post in the guest's own voice: their strongest line that reads cold, then their answers in
 * order, with no question and no speaker label (round 24: all three readers marked down "the interviewer's questions
 * and a speaker label" in every interview and podcast post, and the RUBRIC's A10 calls them transcript lines). A
 * follow-up whose answer leans on its question ("Did occupancy suffer?" / "For about four months, yes.") stays out;
 * an opening answer that leans on its question keeps the question in front of it.
 */
function exchangePost(asked: Exchange[], id: number): Candidate | undefined {
  // The interviewer's question as the guest would ask it of themselves ("What did you change, exactly?" -> "What did we
  // change?"), so a reply that only its question makes whole ("Three things, from April 2022.") keeps it.
  const group = asked.map((exchange) => ({ ...exchange, question: selfAsked(exchange.question, exchange.answer) ?? exchange.question }));
  // A follow-up's "it" is what the answer before it in the same post said ("Our wage bill went up by 19%..." / "How did
  // we pay for it?"): after the first exchange, the guest may ask it.
  const askable = (question: string, index: number) => rhetorical(question) || (index > 0 && rhetorical(question, true));
  // ...and only a question as asked ("Because a truck holds, what, 26 pallets?" is the host thinking aloud).
  const heard = group.map((exchange, index) => {
    const can = askable(exchange.question, index);
    const alone = answerAlone(exchange.answer, can, can && INTERROGATIVE.test(exchange.question));
    // The host's remark between two answers of one post ("That's quite a line." / "It stuck with me. I went home and wrote
    // on the whiteboard...") asks nothing: the answer after it goes on from the one before (round 43 lost the podcast's
    // turning point, "Stop depending on wasps.", because it could not open a post).
    // (Never the host's thanks and the guest's parting words, "Renee Okafor, thank you." / "And call your parents.", nor a
    // quip: "There's a hen looking at me through the window." / "That's one of the escapees.")
    const goesOn =
      alone === undefined &&
      index > 0 &&
      !/\?|(?<![\p{L}])thank/iu.test(exchange.question) &&
      !INTERROGATIVE.test(exchange.question) &&
      wordsOf(exchange.answer) >= 15 &&
      !/^\(/u.test(exchange.answer[0]!.text);
    // (Its bare reply to the remark goes: "Sixty-four, compared to about twenty before." / "Yes. And the thing I didn't
    // expect...".)
    const goneOn = goesOn && REPLY.test(exchange.answer[0]!.text) && exchange.answer.length > 1 ? exchange.answer.slice(1) : exchange.answer;
    return { exchange, alone: goesOn ? goneOn : alone, index, goesOn };
  });
  // A question put to the guest ("You publish your salary bands. Why?") is never in the body: its exchange stays out
  // when another opens the post, and opens it when none does.
  const own = heard.filter((each) => each.alone !== undefined || askable(each.exchange.question, each.index));
  const opens = (spoken: typeof heard) => {
    const answers = spoken.flatMap((each) => each.alone ?? each.exchange.answer);
    // A line moves up only within the first answer, or from the group's last lines (its verdict): one moved from the
    // middle of a later answer tells the story out of order ("A typical house lockout at night was maybe $145 all in."
    // above "Honestly, I didn't know for the first four years.": round 29 read it as jumbled).
    const first = new Set(spoken[0] ? (spoken[0].alone ?? spoken[0].exchange.answer) : []);
    // (A line said after the host's remark goes on from the answer before it: it never opens the post.)
    const last = new Set(spoken.at(-1)?.goesOn ? [] : answers.slice(-2));
    const inPlace = (option: Opening, verdict: boolean) => spoken.length === 1 || option.lines.every((line) => first.has(line) || (verdict && last.has(line)));
    // Never a whole answer: the post would be only its hook.
    const options = openingsOf(answers).filter((option) => answers.some((sentence) => !option.lines.includes(sentence)));
    // The first answer's own line first when the last exchange asks for the story's next beat ("What did you do?"): that
    // answer's last lines end the next beat, and moved up they open the post before the story it follows, as round 43's
    // "You go in, say, eight times a year..." did over the wet summer of 2019.
    const nextBeat = spoken.length > 1 && BARE_FOLLOW_UP.test(asked[spoken.at(-1)!.index]!.question.trim());
    if (!nextBeat) return options.find((option) => inPlace(option, true));
    // ...or none, when that answer's first line can open the post as it stands.
    const opener = spoken[0]?.alone?.[0];
    const leads = opener !== undefined && readsCold(opener) && asHook(opener.text) !== undefined;
    return options.find((option) => inPlace(option, false)) ?? (leads ? undefined : options.find((option) => inPlace(option, true)));
  };
  // (The answers' openings are read once for the group that opens the post.)
  const ownPick = own[0] === heard[0] ? undefined : opens(own);
  const spoken = own.length > 0 && (own[0] === heard[0] || ownPick !== undefined) ? own : heard.filter((each) => each === heard[0] || own.includes(each));
  const answers = spoken.flatMap((each) => each.alone ?? each.exchange.answer);
  const pick = ownPick !== undefined && spoken === own ? ownPick : opens(spoken);
  const hook = pick?.hook;
  const moved = new Set(pick?.lines ?? []);
  const body: Paragraph[] = [];
  for (const { exchange, alone, index } of spoken) {
    // A question put to the guest goes once the guest's own line opens the post ("We found out when an owner in Joplin
    // called..." / "Eleven days. That's the part I still think about."); only its bare reply goes with it.
    // The question is a line of its own: the answer starts a paragraph under it. (Not when the post opens on a line from
    // this very answer: the question would come after its own answer, "...were gone. / What happened there?", round 30.)
    // (A reply that only its question makes whole, "Three things, from April 2022.", keeps it.)
    const reply = exchange.answer[0];
    // ("August 2021." sets a scene on its own.)
    const dated = reply !== undefined && /^(?:(?:in|back in|since)\s)?(?:\p{L}+\s)?\d{4}[.!]$/iu.test(reply.text);
    // ("I did. But the tuning is how people find me." answers its question whatever line moved up: round 40.)
    const needsAsking =
      reply !== undefined && ((fragment(reply) && !dated) || NEEDS_QUESTION.test(reply.text) || COUNTS_ITEMS.test(reply.text) || REPLY.test(reply.text));
    // A reply with no verb that the line after it leans on ("All to a packer. They collect twice a week...") cannot go
    // with its question: the question stays, asked as the interviewer asked it (round 41 left "All to a packer." hanging).
    const hangs =
      reply !== undefined &&
      fragment(reply) &&
      !dated &&
      !stands(exchange.answer[1]) &&
      !(BARE.test(reply.text) && reply.words <= 2) &&
      /\?["”’)]?\s*$/u.test(exchange.question);
    const unasked = !alone && hook !== undefined && !askable(exchange.question, index) && !hangs;
    const answeredAbove = !needsAsking && exchange.answer.some((sentence) => moved.has(sentence));
    if (!alone && !unasked && !answeredAbove)
      body.push({ list: false, ordered: false, sentences: [{ ...lineBeside(exchange.anchor, exchange.question, exchange.anchor.id - 0.5), blockId: -1 }] });
    // ("About forty percent, across eleven employer partners." is such a reply too: round 25.)
    const said = unasked
      ? exchange.answer.filter(
          (sentence, index) =>
            // ("Very." under "That must have been a difficult call to make." goes even where the next line leans: round 26.)
            index > 0 ||
            !(
              REPLY.test(sentence.text) ||
              NEEDS_QUESTION.test(sentence.text) ||
              (fragment(sentence) && (stands(exchange.answer[1]) || (BARE.test(sentence.text) && sentence.words <= 2)))
            ),
        )
      : exchange.answer;
    const kept = (alone ?? said).filter((sentence) => !moved.has(sentence));
    // Paragraphs as the guest spoke them.
    for (const sentence of kept) {
      const last = body.at(-1);
      // "Three things. First, ..." : the first point starts a paragraph, so "Second," after it is not an orphan.
      if (last && last.sentences.at(-1)!.blockId === sentence.blockId && ordinalRank(sentence.text) !== 0) last.sentences.push(sentence);
      else body.push({ list: sentence.from === "item", ordered: sentence.ordered, sentences: [sentence] });
    }
  }
  // No line reads cold: the answer's own first line opens when it reads whole and carries something ("By the end of Q3
  // we'd lost six of seven AEs."); otherwise the question, in the interviewer's words only.
  const first = body[0]?.sentences[0];
  const lead =
    !hook &&
    first !== undefined &&
    spoken[0]!.alone !== undefined &&
    readsCold(first) &&
    asHook(first.text) !== undefined &&
    // A question put to the guest ("What would you tell an owner...?") is never theirs to open on.
    (first.traits.numbers > 0 || punch(first) >= 3 || !rhetorical(group[0]!.question))
      ? first
      : undefined;
  const opening = hook ?? (lead ? asHook(lead.text)! : group[0]!.question);
  const content = body
    .map((paragraph, index) => ({
      ...paragraph,
      // The question that opens the post is not said again under it.
      sentences: paragraph.sentences.filter((sentence) => sentence !== lead && !(index === 0 && !hook && !lead && sentence.text === group[0]!.question)),
    }))
    .filter((paragraph) => paragraph.sentences.length > 0);
  const sentences = answers;
  const figures = sentences.filter((sentence) => sentence.traits.numbers >= 2.5).length;
  const claims = sentences.reduce((sum, sentence) => sum + sentence.traits.claim, 0);
  const told =
    sentences.filter((sentence) => /\b(?:I|we|my|our)\b/i.test(sentence.text) && /\b(?:was|were|had|did|\w{3,}ed)\b/i.test(sentence.text)).length /
    Math.max(1, sentences.length);
  const words = wordsOf(answers);
  const role: Candidate["role"] = !hook && !lead ? "question" : figures >= 3 ? "data" : told >= 0.4 ? "story" : "insight";
  const strength =
    Math.min(words, 300) / 60 +
    0.8 * Math.min(6, figures) +
    0.4 * Math.min(6, claims) +
    (told >= 0.35 ? 1 : 0) +
    (pick ? pick.score / 3 : -1) -
    (words < 60 ? 1 : 0);
  return {
    id,
    sectionId: group[0]!.sectionId,
    // The question names the post's topic only where the post asks it; the explanation never quotes what it does not say.
    topic:
      opening === group[0]!.question || content.some((paragraph) => paragraph.sentences.some((sentence) => sentence.text === group[0]!.question))
        ? group[0]!.question
        : undefined,
    firstInSection: true,
    paragraphs: content,
    words,
    hook: opening,
    hookFrom: hook || lead ? "sentence" : "heading",
    body: content,
    role,
    strength,
    strengthReason:
      figures >= 3 ? `${figures} figures from the article` : role === "story" ? "a whole story, start to finish" : `${words} words of the guest's answers`,
  };
}

const INTERVIEW_CUE = /\b(?:interview(?:ed)?|conversation|podcast|episode|transcript|host|talks? (?:to|with)|spoke (?:to|with)|talked (?:to|with|about))\b/i;

/** The interview's posts, one per exchange (or two short ones on one topic); undefined when the article is not an interview. */
/** A host opening the show: "Welcome to The Back Office.", "this is the show where...", "Today I'm with...". */
const SHOW_WELCOME =
  /\b(?:welcome (?:to|back)|this is the (?:show|podcast|programme|program)|you['’]re listening to|today I['’]m (?:with|joined by|talking (?:to|with))|my guest (?:today|this week) is)\b/iu;

export function interviewCandidates(ideas: Ideas, sourceText = ""): { candidates: Candidate[]; guest: string | undefined } | undefined {
  const exchanges = exchangesOf(ideas);
  if (exchanges.length < MIN_EXCHANGES) return undefined;
  const guest = guestOf(ideas, exchanges, sourceText);
  // A README's FAQ also sets its questions in bold: an interview has a guest, or says it is one.
  const before = ideas.sentences.filter((sentence) => sentence.id < exchanges[0]!.anchor.id).map((sentence) => sentence.text);
  if (!guest && !INTERVIEW_CUE.test([ideas.title ?? "", ...before].join(" "))) return undefined;
  // The article's note on the guest after the last answer ("Caroline Pruitt shares her monthly numbers with...") is
  // about them, in the third person: not their words (round 24 opened a post on it).
  const name = guest ? /^\p{Lu}\p{Ll}+\s\p{Lu}[\p{L}'’-]+/u.exec(guest)?.[0] : undefined;
  const spoken = name
    ? exchanges.map((exchange) => ({ ...exchange, answer: exchange.answer.filter((sentence) => !sentence.text.startsWith(`${name} `)) }))
    : exchanges;
  // The host opening the show ("I'm Jess Ramsden, and this is the show where we skip the motivational stuff... Darren,
  // thanks for coming on.") asks nothing, and the guest's thanks answers it: round 36 opened a post on the welcome and
  // signed it with the guest's name. It still says who the guest is (guestOf above).
  const asked = spoken.filter((exchange, index) => index > 0 || /\?/u.test(exchange.question) || !SHOW_WELCOME.test(exchange.question));
  const candidates = groupExchanges(asked.filter((exchange) => exchange.answer.length > 0))
    .map((group) => exchangePost(group, group[0]!.anchor.id))
    .filter((candidate): candidate is Candidate => candidate !== undefined);
  return { candidates, guest };
}
