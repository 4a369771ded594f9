import { CLOCK_TIME, detectLanguage } from "./language";

/**
 * Whether a sentence leans on what came before it: a pointing word or pronoun with nothing in
 * the sentence for it to point at ("There is no login required to read it.", "I learned three
 * things that year."), an additive ("We also started calling...", "..., too.") or a connective
 * opening ("But", "So", "Then"). Such a sentence cannot open a post, and cannot stay in one
 * without the sentence it leans on. Shared by the rewrites, the plan lint and the composer.
 *
 * Plain rules, no parser: pure, deterministic, a few microseconds a sentence. English is read
 * closely (a pronoun counts as resolved when the sentence names something it can stand for
 * before it); French, German, Spanish, Portuguese, Italian and Dutch get their connectives,
 * additives ("aussi", "auch", "también"...) and anaphoric demonstratives ("cette année-là",
 * "ese año"). A reference forward ("this:", "those who", "It took us a year to...") is not a
 * lean on what came before.
 */

/** Whether `sentence` needs what came before it to be understood. `language`: "en", "fr", "de", "es", "pt", "it", "nl"; read from the sentence when not given. */
export function leansOnContext(sentence: string, language?: string): boolean {
  return contextCue(sentence, language) !== undefined;
}

/**
 * The word or phrase that makes `sentence` lean on what came before it ("it", "also", "that
 * year", "But"), as written; undefined when the sentence stands on its own. For messages
 * ("Leans on the text before it: “that year”").
 */
export function contextCue(sentence: string, language?: string): string | undefined {
  const text = sentence
    .trim()
    // A list marker or an opening quote is not part of the sentence's grammar.
    .replace(/^(?:[→•▪◦‣*–-]|\d{1,2}[.)])\s+/u, "")
    .replace(/^["'“‘«„(]+\s*/u, "")
    .replace(/’/g, "'");
  if (text === "") return undefined;
  // A fragment cut from a longer sentence starts in lower case ("iPhone", "eBay" are names).
  if (/^\p{Ll}/u.test(text) && !/^\p{Ll}+\p{Lu}/u.test(text)) return text.split(/\s+/)[0];
  const lang = language && language in RULES ? (language as keyof typeof RULES) : readLanguage(text);
  return lang === "en" ? englishCue(text) : otherCue(text, RULES[lang]);
}

function readLanguage(text: string): keyof typeof RULES {
  const detected = detectLanguage(text);
  return detected in RULES ? (detected as keyof typeof RULES) : "en";
}

// ---------------------------------------------------------------------------------------------
// English

/** Openings that continue a thought begun before ("But", "So", "That's why", "For example"). */
const EN_OPENER =
  /^(?:And|But|So(?!\s+(?:many|much|few|little|far)\b)|Also|Or|Yet|Still|Plus|Then|Thus|Hence|Therefore|However|Instead|Otherwise|Besides|Meanwhile|Moreover|Furthermore|Additionally|Likewise|Similarly|Again|Anyway|Nevertheless|Nonetheless|Even so|After that|Before that|As a result|In addition|In other words|On top of that|That said|For example|For instance|In fact|Which|Another|Both|Such|Especially|Particularly|The (?:other|rest|remaining|former|latter)|The ones?(?=\s+(?:who|that|which|I|we|you|they)\b)|Others?|(?:None|Neither)(?!\s+of\b))\b/;

/** A share standing for people or things said before: "Some had cancelled...", "Most never came back.", "A few just forgot." */
const SHARE_OF_BEFORE =
  /^(Some|Others|Most|Many|A few|Several|Half|None)\s(?:of\s(?:them|those|these)\s)?(?:(?:just|still|never|even|simply|actually|also|probably)\s)?(?:had|have|has|were|was|are|is|did|didn['’]t|do|don['’]t|would|wouldn['’]t|could|couldn['’]t|will|won['’]t|got|went|said|forgot|came|left|stayed|paid|booked|cancelled|canceled|asked|took|bought|never)\b/u;

/** Nouns of time after "this" that point at the writer's present, not at an earlier sentence. */
const EN_NOW = "week|month|year|morning|afternoon|evening|quarter|spring|summer|autumn|fall|winter|weekend|season";
/** "that year", "those days": a time the reader was told about before. */
const EN_THEN_NOUN =
  "year|years|day|days|week|weeks|month|months|morning|night|evening|afternoon|time|moment|point|quarter|summer|winter|spring|autumn|season|era|period|decade|weekend";

/** Patterns that point back wherever they stand in the sentence. */
const EN_ANYWHERE: RegExp[] = [
  new RegExp(String.raw`\b(?:that|those)\s+(?:${EN_THEN_NOUN})\b`, "i"),
  /\b(?:since|until|till|by|back|even|from|before|after|only) then\b/i,
  /\bthen[.!?"')]*$/i,
  /\b(?:the above|the former|the latter|above-mentioned|aforementioned|as (?:mentioned|noted|described|discussed|I said|we said)(?: above| earlier| before)?)\b/i,
  // "that" as a pronoun: after a preposition ("after that", "about that decision"), or ending a clause ("We did that.").
  /\b(?:of|about|for|with|after|before|like|from|on|at|by|into|to|without|despite|beyond|than)\s+that\b|\bin that\b(?!\s+(?:we|I|you|they|he|she|it)\b)/i,
  /\bthat\s*[.!?,;]/i,
  // "We made that change in March": "that" before a noun a story has already told.
  /\bthat\s+(?:change|decision|mistake|call|meeting|conversation|email|post|launch|idea|problem|approach|number|figure|rule|lesson|experience|project|customer|client|hire|deal|product|feature|test|experiment|question|story|advice|feedback|moment|one|version|plan|price|team|company|job|role)\b/i,
  /(?:[,;:—–]\s*|\b(?:and|but|so|because)\s+)that(?:'s|\s+(?:is|was|will|would|has|had|made|makes|changed|meant|means)\b)/i,
];

/** A row of a list or a table named by its place: "The last number", "the second row", "the top line". */
const LIST_PLACE =
  /^The (?:last|first|second|third|fourth|final|previous|top|bottom|middle) (?:number|figure|row|line|item|bullet|metric|column|stat|statistic|entry)s?\b/;

const EN_SUBJECT_IT =
  /^it(?:'s|\s+(?:is|was|isn't|wasn't|will be|would be|won't be|has been|had been|can be|could be|may be|might be|should be|must be|seems|seemed|feels|felt|looks|looked|took|takes|will take|would take|costs?|pays|paid|helps|helped|makes|made|turns out|turned out|became|becomes|matters|mattered|doesn't matter|didn't matter|remains|remained|occurred to|dawned on|struck|hit|happens|happened|goes without saying))\b(.*)$/i;

/**
 * "It took us a year to...", "It's worth asking whether...", "It was 2019": "it" that points
 * forward, or at nothing (extraposition, time and weather), not back.
 */
const STARTS_ON_CLOCK = new RegExp(String.raw`^\s*${CLOCK_TIME}`, "iu");
function dummyIt(from: string): boolean {
  const match = from.match(EN_SUBJECT_IT);
  if (!match) return false;
  // The clause it stands for comes soon, before the sentence turns (a colon, a dash): "It was sitting in our inbox: 212 tickets that..." is not one.
  const rest = match[1]!.split(/[:;—–(]/)[0]!;
  if (/^\s+\w+ing\b/.test(rest) && !/^\s+(?:being|nothing|something|everything)\b/.test(rest)) return false;
  if (/\b(?:to|that|whether|how|why|what|when|if|since)\b/i.test(rest.split(/\s+/).slice(0, 10).join(" "))) return true;
  // A year or an hour is a time ("It was 2019", "It was 2 am"); a share or an amount is a figure of something said before ("it was 7%").
  // ("It was ten past one in the morning", "It was just after midnight": a clock.)
  if (STARTS_ON_CLOCK.test(rest)) return true;
  return /^\s*(?:(?:1[89]|20)\d{2}\b(?![%.,]\d)|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(?:year|month|week|day|hour|minute|decade|night|morning|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|midnight|late|early|raining|snowing)\b)/i.test(
    rest,
  );
}

/** Words that open a sentence or fill one and never name anything a pronoun could stand for. */
const FUNCTION_WORD = new Set(
  (
    "a an the and or but if of to in on at for with from by as is are was were be been being it its this that these those there here we i you he she they them our your their my me us his her " +
    "not no so do does did have has had will would can could should may might must just than then also into about over after before what which who whom when where why how all any each " +
    "every some more most other such only own same too very one when while because although though since until once yes even still yet now today never always often " +
    "last next first later finally eventually sometimes yesterday tomorrow maybe perhaps instead nobody everyone everybody someone somebody nothing everything something none many few several both either neither " +
    "among across between during without within under through against despite beyond behind around per like unlike except toward towards upon inside outside " +
    "january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday"
  ).split(" "),
);

const DETERMINER = String.raw`(?:a|an|the|our|my|your|their|his|her|its|one|each|every|this|that|another|some|any|no\s+other)`;
const PEOPLE =
  "co-?founders?|founders?|ceo|cto|cfo|coo|wife|husband|partner|father|mother|dad|mum|mom|son|daughter|brother|sister|friend|boss|manager|colleague|mentor|investor|customer|client|engineer|designer|developer|hire|candidate|recruiter|salesperson|rep|teacher|doctor|lawyer|accountant|advisor|adviser|coach|user|founder|lead|head|director|owner|buyer|writer|editor|guest|host|person|man|woman|boy|girl";

/** A noun phrase and a short relative clause ending where the pronoun starts: "the first 90 accounts that got ". */
const RELATIVE_TAIL = new RegExp(String.raw`\b${DETERMINER}\s+(?:[\p{L}\p{N}-]+\s+){0,6}?(?:that|which|who)(?:\s+[\p{L}'-]+){1,3}\s*$`, "iu");

// Built once: the lint and the composer run these over every sentence of a 10,000-word paste.
const PERSON_PHRASE = new RegExp(String.raw`\b${DETERMINER}\s+(?:[\w-]+\s+)?(?:${PEOPLE})\b`, "i");
const PLURAL_PHRASE =
  /\b(?:the|our|my|your|their|his|her|its|these|those|some|many|most|all|both|several|few|other|\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|dozens of|hundreds of|thousands of)\s+(?:[\w-]+\s+)?[\p{L}-]+[^s\W]s\b/iu;
const THING_PHRASE = new RegExp(String.raw`\b${DETERMINER}\s+[\p{L}\p{N}-]+`, "iu");
const DEMONSTRATIVE_START = new RegExp(String.raw`^(?:This(?!\s+(?:${EN_NOW})\b)|That|These(?!\s+days\b)|Those(?!\s+(?:who|whose|of|with|in)\b))\b`);
const DEMONSTRATIVE_INSIDE = new RegExp(
  String.raw`(?<!^)\b(?:this(?!\s+(?:${EN_NOW}|post)\b)|these(?!\s+days\b)|those(?!\s+(?:who|whose|of|with|in|that|which)\b))\b`,
  "i",
);

/** Something in `before` a pronoun of this kind can stand for. */
function hasReferent(before: string, kind: "thing" | "people" | "person"): boolean {
  const words = before.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  // A name, or the sentence's own first word when it is a noun ("Onboarding was broken, so we rebuilt it.").
  const named = words.some(
    (word, index) => /^\p{Lu}/u.test(word) && word !== "I" && !FUNCTION_WORD.has(word.toLowerCase()) && (index > 0 || kind !== "person"),
  );
  if (kind === "person") return named || PERSON_PHRASE.test(before);
  if (named) return true;
  if (kind === "people") {
    // "a client leaving their first comment": one person is a "they" too.
    return (
      hasReferent(before, "person") ||
      PLURAL_PHRASE.test(before) ||
      /\b(?:people|children|men|women|staff|team|folks|everyone|everybody|users|customers|clients|investors|founders)\b/i.test(before)
    );
  }
  // "no login" introduces nothing "it" could be: a negated noun has no referent; nor can "the
  // accounts that got it" be what "it" is (the pronoun sits in the clause describing them).
  const candidates = before.replace(/\bno\s+(?!other\b)[\p{L}-]+/giu, "").replace(RELATIVE_TAIL, "");
  return THING_PHRASE.test(candidates);
}

function englishCue(text: string): string | undefined {
  const opener = text.match(EN_OPENER);
  if (opener) return opener[0];
  // "This change", "These numbers", "That was it": at the start, a demonstrative points back (not "This week", not "Those who...").
  const demonstrative = text.match(DEMONSTRATIVE_START);
  if (demonstrative && !/:/.test(text)) return demonstrative[0];
  // "Some had cancelled the holiday.", "Others just forgot.": a share of people the sentence before counted (round 44).
  const share = text.match(SHARE_OF_BEFORE);
  if (share) return share[1];
  // "The last number is the one that stuck with me.": a place in a list or a table the sentence came after (round 17).
  const listPlace = text.match(LIST_PLACE);
  if (listPlace) return listPlace[0];
  for (const pattern of EN_ANYWHERE) {
    const match = text.match(pattern);
    if (match) return match[0].replace(/[\s.!?,;:"')]+$/, "").replace(/^[,;:—–\s]+/, "");
  }
  // Mid-sentence "this"/"these"/"those" point back unless they point forward (a colon after them) or at now.
  const midDemonstrative = text.match(DEMONSTRATIVE_INSIDE);
  if (midDemonstrative && !text.slice(midDemonstrative.index!).includes(":")) {
    // "..., because those are the ones that pay": a pronoun standing for a plural named before it.
    const pronoun = /^\s+(?:are|were|have|had|will|would|can|could|do|did|who|that)\b/i.test(text.slice(midDemonstrative.index! + midDemonstrative[0].length));
    if (!(pronoun && hasReferent(text.slice(0, midDemonstrative.index), "people"))) return midDemonstrative[0];
  }
  // Additives: "We also started calling...", "I changed how I set expectations, too." (not "fast and also cheap", "not only... but also", "either... or").
  const additive = text.match(/\b(?:also|as well(?!\s+as\b)|either(?!.*\bor\b))\b|(?:,\s*|\s)too(?=\s*[,.!?;"')]|\s*$)/i);
  if (additive && !/\b(?:and|but|not only|while|whereas)\b|;/i.test(text.slice(0, additive.index))) return additive[0].replace(/^[,\s]+/, "");
  const place = text.match(/\b(?:here|there)\b/i);
  if (place) {
    const word = place[0].toLowerCase();
    const after = text.slice(place.index! + place[0].length);
    const before = text.slice(0, place.index);
    const existential =
      word === "there" &&
      (/^(?:'s|'re|'d|'ll|\s+(?:is|are|was|were|isn't|aren't|wasn't|weren't|will|won't|would|might|may|must|can|can't|could|should|seems?|seemed|appears?|appeared|has|have|had|hasn't|haven't|remains?|remained|exists?|existed|used|comes?|came|goes|lies?|lay|be|being)\b)/i.test(
        after,
      ) ||
        /\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|will|would|could|has|have|had|be)\s*$/i.test(before) ||
        /\bout\s*$/i.test(before));
    const located = /^\s+(?:in|at|on)\s+\p{Lu}/u.test(after);
    // "I read it in a car park ... and sat there": the place is named earlier in the same sentence.
    const named = word === "there" && /\b(?:in|at|on|outside|inside|into|to)\s+(?:a|an|the|our|my|his|her|their)\s+\p{L}/iu.test(before);
    // "Here's what we learned:" points forward.
    const forward = word === "here" && /:/.test(after);
    if (!existential && !located && !forward && !named) return place[0];
  }
  for (const match of text.matchAll(/\b(it|its|it's|they|them|their|theirs|he|him|his|she|her|hers)\b/gi)) {
    const word = match[0].toLowerCase();
    const before = text.slice(0, match.index);
    if (word === "it" || word === "it's" || word === "its") {
      if (word !== "its" && dummyIt(text.slice(match.index))) continue;
      if (!hasReferent(before, "thing")) return match[0];
    } else if (/^(?:they|them|their|theirs)$/.test(word)) {
      if (!hasReferent(before, "people")) return match[0];
    } else if (!hasReferent(before, "person")) {
      return match[0];
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Other languages: connective openings, additives, demonstratives that point back

type Rules = {
  /** Openings that continue a thought begun before (case-sensitive: the sentence's first word). */
  opener: RegExp;
  /** Pointing words that lean on what came before wherever they stand. */
  anywhere: RegExp;
};

/** Whole words in any script (`\\b` only knows ASCII letters: "également" has none at its start). */
const words = (alternatives: string) => new RegExp(String.raw`(?<![\p{L}\p{N}'])(?:${alternatives})(?![\p{L}\p{N}])`, "iu");

const RULES = {
  en: { opener: EN_OPENER, anywhere: /$^/ },
  fr: {
    opener:
      /^(?:Mais|Et|Donc|Alors|Puis|Ensuite|Pourtant|Cependant|Sinon|Or,|Du coup|Par contre|En revanche|De plus|Bref|C'est pourquoi|Cela|Ceci|Ça|Celui|Celle|Ceux|Celles|Ils|Elles|Lui|Eux|Elle|Il(?!\s+(?:y a|y avait|faut|fallait|est \S+ d|était une fois|s'agit|suffit|reste|manque))|Cet|Cette(?!\s+(?:semaine|année|fois-ci))|Ces|Aussi,|Également)(?![\p{L}'])/u,
    anywhere: words(
      String.raw`aussi(?!\s+\S+\s+que)|également|non plus|depuis lors|[\p{L}]+-là|(?:cet|cette|ces)\s+(?!(?:semaine|année|mois|matin|soir|trimestre|été|hiver|printemps|automne|week-end)(?![\p{L}]))[\p{L}]+|ce\s+(?!(?:que|qui|dont|matin|soir|mois|trimestre|week-end)(?![\p{L}]))[\p{L}]{3,}`,
    ),
  },
  de: {
    opener:
      /^(?:Aber|Und|Also|Deshalb|Daher|Darum|Dann|Danach|Trotzdem|Außerdem|Auch(?!\s+wenn)|Doch|Stattdessen|Dabei|Dadurch|Damit|Dafür|Dazu|Davor|Somit|Allerdings|Jedoch|Sonst|Zudem|Ebenso|Genauso|Er|Dies|Jene[nmrs]?|Diese[nmrs]?(?!\s+(?:Woche|Jahr|Monat|Quartal|Sommer|Winter|Wochenende)(?![\p{L}]))|Das(?=\s+(?:war|ist|hat|hatte|wird|wurde|bedeutet|heißt|zeigt|klingt|funktioniert|macht|half|hilft)(?![\p{L}])))(?![\p{L}])/u,
    anywhere: words(
      String.raw`auch(?!\s+wenn)|ebenfalls|damals|dort|daraufhin|seitdem|danach|jene[nmrs]?|(?:an|in|nach)\s+(?:jenem|diesem)\s+(?:Tag|Abend|Morgen)`,
    ),
  },
  es: {
    opener:
      /^(?:Pero|Y|Así que|Entonces|Además|También|Sin embargo|Por eso|Por lo tanto|Luego|Después|Esto|Eso|Aquello|Ello|Incluso|Aun así|O sea|Ese|Esa|Esos|Esas|Aquel|Aquella|Ellos|Ellas)(?![\p{L}])/u,
    anywhere: words(
      String.raw`también|tampoco|allí|ahí|allá|desde entonces|por eso|aquel(?:la|los|las)?|es[oae]s?\s+(?:año|día|mes|semana|momento|cambio|decisión|error|cliente|equipo)`,
    ),
  },
  pt: {
    opener:
      /^(?:Mas|E|Então|Além disso|Também|Porém|Contudo|Por isso|Portanto|Depois|Isso|Isto|Aquilo|Aliás|Ou seja|Mesmo assim|Inclusive|Esse|Essa|Esses|Essas|Aquele|Aquela|Eles|Elas)(?![\p{L}])/u,
    anywhere: words(String.raw`também|tampouco|lá|ali|desde então|por isso|naquel[ea]s?|aquel[ea]s?|ness[ea]\s+(?:ano|dia|mês|semana|momento)`),
  },
  it: {
    opener:
      /^(?:Ma|E|Quindi|Poi|Inoltre|Anche|Però|Perciò|Dunque|Tuttavia|Eppure|Infatti|Questo|Quello|Quella|Quelli|Quelle|Ciò|Allora|Lui|Lei|Loro)(?![\p{L}])/u,
    anywhere: words(String.raw`anche(?!\s+se)|lì|là|da allora|quell'[\p{L}]+|(?:quel|quei|quegli)\s+[\p{L}]+`),
  },
  nl: {
    opener:
      /^(?:Maar|En|Dus|Daarom|Ook|Daarna|Bovendien|Daardoor|Daarbij|Daarmee|Toch|Dit(?!\s+(?:jaar|kwartaal)(?![\p{L}]))|Dat|Deze(?!\s+(?:week|maand|zomer|winter)(?![\p{L}]))|Die|Hij|Zij)(?![\p{L}])/u,
    anywhere: words(String.raw`ook|eveneens|daar(?!\s+(?:is|zijn|was|waren)(?![\p{L}]))|sindsdien|daarna|dat jaar|die dag|die week|die maand`),
  },
} satisfies Record<string, Rules>;

function otherCue(text: string, rules: Rules): string | undefined {
  return text.match(rules.opener)?.[0] ?? text.match(rules.anywhere)?.[0];
}
