import { ALL_STOP_WORDS, escapeRegExp, type Language } from "../language";
import { COMPANY } from "./interview";
import { insideQuote } from "./sentences";

/**
 * The company the author writes for, and the first "we" of a post that never names it. Readers in every round marked
 * posts down for "Coldmark is never named", "a beta of what?", "us is never named": the article says who "we" are once,
 * in its byline or first paragraph, and a post read alone has lost it. Nothing is invented: the name is the article's,
 * and introducePeople() then adds the article's own definition ("which makes wireless temperature monitors...").
 */

const ROLE = String.raw`(?:co-?founder|founder|owner|ceo|cto|coo|cfo|chief\s[\p{L}\s]+?officer|managing director|head of [\p{L}\s]+?|vp of [\p{L}\s]+?|(?:co)?fondat(?:eur|rice)|pdg|directeur|directrice|(?:mit)?gründer(?:in)?|geschäftsführer(?:in)?)`;
/** "By Imogen Rask, co-founder of Tallyhook", "Head of Product, Loomwork", "cofondatrice d'Ardoise", "CEO, Quillmap". */
// ("directrice générale des Transports Le Gall": round 28's French byline named no company.)
const BYLINE_ROLE = new RegExp(
  String.raw`(?<![\p{L}])${ROLE}(?:\s(?:général|générale|general|generale|adjoint|adjointe))?(?:\s(?:&|and|und|et)\s\p{L}+)?(?:,\s|\s(?:of|at|de|des|du|von|der|bei|chez)\s|\sd['’])(?=\p{Lu})`,
  "iu",
);
/** A byline line: "By ..."/"Par ..."/"Von ...", or a short line (a sign-off, "*Jana Ebersberger ist Mitgründerin von...*"). */
const BYLINE_LINE = /^(?:by|par|von|por|from:?|de|—|–)\s|^[^\n]{0,160}$/iu;
/** The company a byline line names, case-sensitively (a role's words are matched in any case, a name's capitals are not). */
function bylineCompany(line: string): string | undefined {
  if (!BYLINE_LINE.test(line) || /^["“«]/u.test(line)) return undefined;
  const role = BYLINE_ROLE.exec(line);
  // "our head of sales, Oren Kaplan" is a colleague, not the author's byline.
  if (!role || /(?:^|\s)(?:our|my|his|her|their|notre|mon|unser\p{L}*|mein\p{L}*)\s$/iu.test(line.slice(0, role.index))) return undefined;
  return new RegExp(`^${COMPANY}`, "u").exec(line.slice(role.index + role[0].length))?.[0];
}
/** "At Pantry Loop we run...", "Chez Remeuble, nous...", "Bei Lagerlicht haben wir...". */
const AT_WE = new RegExp(String.raw`(?:^|[.!?]\s|\n)(?:At|Chez|Bei)\s(${COMPANY}),?\s(?:we|nous|\p{Ll}+\swir)\s`, "u");
/**
 * "Coldmark makes wireless temperature monitors... Our customers are...": a definition the next sentence owns. "Is" defines
 * a company only as "a/an" and a business noun ("St. Albery's is an old concrete building" is a customer's hospital).
 */
const BUSINESS =
  "(?:software|app|platform|tool|company|business|service|marketplace|agency|studio|firm|startup|product|shop|brand|consultancy|Software|Firma|Plattform|logiciel|entreprise|société|plateforme)";
const DEFINED_THEN_OURS = new RegExp(
  String.raw`(?:^|[.!?]\s|\n)(${COMPANY})\s(?:(?:is|ist|est)\s(?:a|an|eine?|une?)\s[^.!?\n]{0,80}?${BUSINESS}|makes|builds|sells|runs|helps|macht|baut|fait|fabrique|vend)(?![\p{L}])[^.!?\n]{0,160}[.!?]\s+(?:Our|We|Mein|Meine|Unser|Unsere|Wir|Notre|Nos|Nous|Mon|Ma)\s`,
  "u",
);

/** "I'm the data lead at Parcelhop.", "I run Fieldhouse, a nine-person studio", "I co-founded Tallyroom in 2019". */
const I_AM_AT = new RegExp(
  String.raw`(?:^|[.!?]\s|\n)I(?:['’]m| am) (?:the |a |an |one of the )?(?:co-?founders?|founders?|CEO|CTO|COO|head of [\p{Ll} ]+?|[\p{Ll}-]+ lead|[\p{Ll}-]+ manager|managing director|director of [\p{Ll} ]+?) (?:at|of) (${COMPANY})(?=[,.;:!?\s])`,
  "u",
);
const I_RUN = new RegExp(String.raw`(?:^|[.!?]\s|\n)I (?:run|founded|co-founded|started|own) (${COMPANY})(?=[,.;:!?]|\s(?:in|with|a|an)\s)`, "u");
/** "I run operations at Fenwick Parcel Co." (round 25: five posts said "we" for a courier they never named), "I manage the kitchens at...". */
const I_WORK_AT = new RegExp(
  String.raw`(?:^|[.!?]\s|\n)I (?:run|lead|head|manage|look after|work in|work on|handle) (?:the )?[\p{Ll}-]+(?: [\p{Ll}-]+)? (?:at|for) (${COMPANY})(?=[,.;:!?]|\s(?:in|with|a|an)\s)`,
  "u",
);

/** A memo to the company's own investors: "TO: Investors and board observers, Harbourline Energy" (round 22), "TO: Coldnest investors and advisors" (round 23). */
const MEMO_TO = new RegExp(
  String.raw`^\s*(?:to|an|à)\s*:\s*(?:(?:our\s+)?(?:investors|shareholders|board|the board|board members|investisseurs|investoren)\b[^,\n]*,\s*(${COMPANY})\s*$|(${COMPANY})\s(?:investors|shareholders|board)\b)`,
  "imu",
);

/**
 * The business a web page belongs to, from its <title>: "New prices from 3 March 2025 | The Cipher Rooms, Norwich" ->
 * "The Cipher Rooms". Rounds 33 to 36 posted every launch page's "we" without ever naming the business ("no post says
 * it is an escape room or names The Cipher Rooms"). Only a name the page says again in its text.
 */
function pageOwner(sourceText: string, text: string): string | undefined {
  const title = /<title[^>]*>([^<]{3,200})<\/title>/iu.exec(sourceText)?.[1]?.replace(/&amp;/g, "&").trim();
  const owner = title
    ?.split(/\s[|·•—–-]\s/u)
    .at(-1)
    ?.split(",")[0]
    ?.trim();
  // (A publication is no business speaking as "we": "| Brightwell Journal".)
  if (
    !owner ||
    owner === title ||
    !new RegExp(`^${COMPANY}$`, "u").test(owner) ||
    /\b(?:Journal|Blog|Magazine|News|Review|Weekly|Times|Digest|Gazette)$/u.test(owner)
  )
    return undefined;
  return text.split(owner).length > 2 ? owner : undefined;
}

/**
 * The business a letter is signed from: "Tom Hart" over "Orchard Lane Cider, Much Marcle, Herefordshire" at the end of
 * a newsletter (round 36 never named the cider maker), or "From: Hannah at Tarn Beck Dairy" at its top.
 */
function signedFrom(lastLines: string[], text: string): string | undefined {
  const lines = lastLines.map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    const named = index > 0 && new RegExp(`^${PERSON_NAME}$`, "u").test(lines[index - 1]!);
    // ("Data Lead, Parcelhop" is a role and the company after it, which a byline reads.)
    const withPlace = new RegExp(String.raw`^(${COMPANY})(?:,\s\p{Lu}[\p{L}' -]+){1,3}$`, "u").exec(line)?.[1];
    if (withPlace && ROLE_LINE.test(withPlace)) continue;
    if (withPlace && named) return withPlace;
    // "Quire & Cloth Bindery" or "Hedgerow Seed Co." alone on its line, under the name or over the address.
    const alone = /^\p{Lu}[\p{L}'’.]*(?:\s(?:&\s)?\p{Lu}[\p{L}'’.]*){1,4}$/u.test(line) ? line : undefined;
    const addressed = /^[\p{Lu}\d][^@\n]{2,60},\s\p{Lu}/u.test(lines[index + 1] ?? "");
    // Two words in capitals are a person's name too ("Ellie Marsh"), unless the letter says it is a place: "a funny old
    // month at Hereward Cheese" (round 43's newsletter never named the cheese shop).
    const place = alone && new RegExp(String.raw`(?<![\p{L}])at\s${escapeRegExp(alone)}(?![\p{L}])`, "u").test(text);
    if (alone && (named || addressed) && (place || !new RegExp(`^${PERSON_NAME}$`, "u").test(alone))) return alone.replace(/(?<!Co)\.$/u, "");
  }
  return undefined;
}
const ROLE_LINE = /(?<![\p{L}])(?:lead|manager|director|founder|co-founder|head|officer|ceo|cto|coo|cfo|owner|editor|partner|president|chair)(?![\p{L}])/iu;
const PERSON_NAME = String.raw`\p{Lu}\p{Ll}+\s\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}\p{Ll}+)?`;
const FROM_AT = new RegExp(String.raw`^from:\s*\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?\s(?:at|from)\s(${COMPANY})\s*$`, "imu");

/** First-person plural words, in the languages the strategist writes. */
const WE = /(?<![\p{L}])(?:we|our|us|nous|notre|nos|wir|unser\p{L}*|uns)(?![\p{L}])/giu;

/** The author's company, when the article both names it as theirs and speaks as "we"; otherwise undefined. */
export function authorsCompany(sourceText: string): string | undefined {
  const text = sourceText
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ");
  // A byline sits in the first or last few lines; elsewhere "founder of X" is about someone else.
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const ends = [...lines.slice(0, 8), ...lines.slice(-8)].map((line) => line.replace(/^[\s*_>#-]+/u, ""));
  const byline = ends.map((line) => bylineCompany(line.trim())).find((name) => name !== undefined);
  const memo = MEMO_TO.exec(text);
  // A page's <title> names its owner as written ("The Cipher Rooms"): its "The" is part of the name.
  const owner = pageOwner(sourceText, text);
  if (owner) return (text.match(WE)?.length ?? 0) >= 3 ? owner : undefined;
  const name =
    byline ??
    memo?.[1] ??
    memo?.[2] ??
    signedFrom(lines.slice(-14), text) ??
    FROM_AT.exec(text)?.[1] ??
    AT_WE.exec(text)?.[1] ??
    I_AM_AT.exec(text)?.[1] ??
    I_RUN.exec(text)?.[1] ??
    I_WORK_AT.exec(text)?.[1] ??
    DEFINED_THEN_OURS.exec(text)?.[1];
  // "Everything runs at two speeds. Our software team...": a sentence's first word is not a name.
  if (!name || ALL_STOP_WORDS.has(name.split(" ")[0]!.toLowerCase()) || /^(?:Everything|Everyone|Nothing|Today|Now|Here|There)\b/u.test(name)) return undefined;
  // The article has to speak as "we" for a "we" to need naming.
  return (text.match(WE)?.length ?? 0) >= 3 ? name : undefined;
}

/**
 * What the author's company is, in the article's own words, when the article says it of "we" in its first paragraphs:
 * "We're a regional courier based in Loughborough with 38 vans" -> "a regional courier based in Loughborough". Round 25's
 * posts said "At Fenwick Parcel Co, we..." and never what Fenwick Parcel Co is. Figures and what follows a comma stay in
 * the article: a post's clause says what the company is, not its size.
 */
export function companyDefinition(sourceText: string, company: string | undefined): string | undefined {
  if (!company) return undefined;
  const head = sourceText.replace(/<[^>]+>/g, " ").slice(0, 2500);
  const at = head.indexOf(company);
  // After the company's name, "We're a..." is about it; with the name only in a sign-off, "I run a dog grooming salon in
  // Brunswick" says what the business is when it names a kind of business (round 28).
  const owned = I_RUN_A.exec(head);
  const match = (at !== -1 ? WE_ARE.exec(head.slice(at)) : null) ?? (owned && BUSINESS_KIND.test(owned[1]!) ? owned : null);
  if (!match) return undefined;
  const what = match[1]!
    .split(
      /,\s|\s(?:with|and|that|who|which|since|for over|avec|qui|mit|und|die|der)\s(?=[^.]*\d)|\s(?:with|avec|mit)\s(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a few|several|deux|trois|quatre|cinq|zwei|drei|vier|fünf)\s)/u,
    )[0]!
    .replace(/\s(?:with|and|avec|mit|und)$/u, "")
    .trim();
  const words = what.split(/\s+/).length;
  return words >= 4 && words <= 12 && !/\d/.test(what) ? what : undefined;
}
/** "I run a dog grooming salon in Brunswick with three groomers", "I own a small bakery in Marsden". */
const I_RUN_A = /(?:^|[.!?]\s|\n)I (?:run|own|manage)\s((?:a|an)\s[^.!?:;\n]{4,160})/u;
/** Kinds of business a sentence can say the author runs ("a nine-person removals company", "a dog grooming salon"). */
const BUSINESS_KIND_WORDS = `(?:${BUSINESS}|salon|bakery|brewery|store|restaurant|café|cafe|clinic|practice|farm|nursery|garage|workshop|courier|contractor|caterer|school|academy|gym|hotel|inn|pub|bar|kitchen|warehouse|factory|plant|mill|surgery|pharmacy|laundry)`;
const BUSINESS_KIND = new RegExp(String.raw`(?<![\p{L}])${BUSINESS_KIND_WORDS}(?![\p{L}])`, "iu");

/** "We're a regional courier...", "We are an independent bakery...", "Nous sommes une agence...", "Wir sind ein Familienbetrieb...". */
const WE_ARE = /(?:^|[.!?]\s|\n)(?:We['’]re|We are|Nous sommes|Wir sind)\s((?:a|an|une?|eine?)\s[^.!?:;\n]{4,160})/u;

/** The text names the company as a word of its own. */
const mentions = (text: string, company: string) => new RegExp(String.raw`(?<![\p{L}])${escapeRegExp(company)}(?![\p{L}])`, "u").test(text);

/**
 * A post that speaks as "we" and never names the company: its first sentence opening "We" becomes
 * "At Coldmark, we..." ("Chez Remeuble, nous...", "Bei Auftragsheld haben wir..."). Quotes, list items and speaker turns
 * keep their words. A company that comes with what it is (`defined`) goes into the body before the hook.
 */
export function nameCompany(text: string, company: string | undefined, language: Language, defined = false): string {
  if (!company || mentions(text, company)) return text;
  const opening = OPENINGS[language];
  if (!opening) return text;
  // A sentence start: the start of a line (not a list item or a quote), or after a full stop in prose.
  const start = String.raw`(^|(?<=^[^\n→•*\-\d"“«>][^\n]*?[.!?]\s))`;
  // A paragraph's first sentence first: "At Kilnworks, we needed someone to sell." mid-paragraph broke the parallel
  // with the sentence before it.
  const matches = [...text.matchAll(new RegExp(start + opening.pattern, "gmu"))];
  const paragraphStart = (match: RegExpExecArray) => match.index === 0 || text[match.index - 1] === "\n";
  // ...in the body before the first line: "At Tallyroute, which makes scheduling and route-planning software for..., we
  // hid our cheapest plan" buries a post's hook under the company's definition (round 23).
  const firstLine = (match: RegExpExecArray) => match.index === 0;
  const starts = matches.filter(paragraphStart);
  // ...and the hook only when no other line says "we" (an interview's company comes with what it is: "At Kowalczyk Heating
  // & Air, a residential heating, cooling and plumbing company in Milwaukee, we..." buried the hook's claim).
  const inBody = defined ? matches.filter((match) => !paragraphStart(match) && text.lastIndexOf("\n", match.index) !== -1) : [];
  const order = [
    ...starts.filter((match) => !firstLine(match)),
    ...inBody,
    ...starts.filter(firstLine),
    ...matches.filter((match) => !paragraphStart(match) && !inBody.includes(match)),
  ];
  for (const match of order) {
    // "Daniel and I had split 50/50... He was 18 months in... we negotiated": after a sentence about people, "we" is
    // them, not the company.
    const before = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index);
    // ...and inside a quotation "we" is whoever speaks it: 'a lot of them said: "We don't want a funeral. We want a party."'
    // became "At Lane & Sons Funeral Home, we want a party" in round 28.
    if (insideQuote(before)) continue;
    // ...nor into a scene the post is telling, past its opening: "At Hollins Lane Brewing, we were sitting in the office
    // at nine o'clock on the Wednesday night" interrupts it (round 28: "introduced once, in the first line").
    const sentence = text.slice(match.index).split(/(?<=[.!?])\s/u)[0] ?? "";
    if (text.slice(0, match.index).split("\n\n").length > 2 && SCENE_TIME.test(sentence)) continue;
    // ...nor into a reply to a remark the post cut ("We can't either, if we do it the normal way.": round 30's "At RollOn
    // Mobile Tyres, we can't either" answered nobody).
    if (/^\S+\s(?:\S+\s)?(?:either|too|neither)\b|^\S+\s(?:can['’]t|don['’]t|didn['’]t|do|did|can|won['’]t|will)[,.!]/iu.test(sentence)) continue;
    if (
      PERSONAL.test(
        before
          .split(/(?<=[.!?])\s/u)
          .filter(Boolean)
          .at(-1) ?? "",
      )
    )
      continue;
    return text.slice(0, match.index) + opening.write(company, match.slice(2)) + text.slice(match.index + match[0].length);
  }
  return text;
}

/** A story's clock: "at nine o'clock", "on the Wednesday night", "three days later", "that morning", "by lunchtime". */
const SCENE_TIME =
  /\b(?:o['’]clock|at (?:\d{1,2}(?::\d\d)?\s?(?:a\.?m|p\.?m)|noon|midnight|dawn)|on the (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:that|the next|the following) (?:morning|afternoon|evening|night|day)|(?:\w+ )(?:days?|weeks?|hours?|minutes?) later|by (?:lunchtime|midday|the end of the day|nightfall))\b/iu;

/** Words that make "we" a few people rather than the company. */
const PERSONAL = /(?<![\p{L}])(?:I|me|my|he|she|him|his|her|us|je|moi|il|elle|ich|mir|mich|er|sie|ihm)(?![\p{L}])/u;

type Opening = { pattern: string; write: (company: string, groups: string[]) => string };

const OPENINGS: Partial<Record<Language, Opening>> = {
  // Only "We": "At Tallyroom, our lead investor..." would place someone at the company who is not.
  en: { pattern: String.raw`(We)(\s)`, write: (company, [word, space]) => `At ${company}, ${word!.toLowerCase()}${space}` },
  fr: { pattern: String.raw`(Nous)(\s)`, write: (company, [word, space]) => `Chez ${company}, ${word!.toLowerCase()}${space}` },
  // German puts the verb second: "Wir haben..." -> "Bei Auftragsheld haben wir...".
  de: { pattern: String.raw`Wir\s(\p{Ll}+)(\s)`, write: (company, [verb, space]) => `Bei ${company} ${verb} wir${space}` },
};

/**
 * The sentence in which the author says who they are and what they run: "My name is Ruth Harrow, and for the last
 * nineteen years I have run Harrow Funeral Care on Corve Street in Ludlow.", "I photograph weddings across Northumberland
 * and the Scottish Borders, working from my base in Hexham.", "Brennan & Daughter is a nine-person removals company in
 * Bristol.". Readers in every round of 33 to 35 left a post at 4 for one missing clause ("name the business: chimney
 * sweeping in Ludlow", "nothing says it is a funeral business"): posted alone, a post needs the line the article opened
 * with. Only a sentence that names the business, its trade or its town counts, never a sentence about the story.
 */
export function authorLine(sentences: { text: string; from: string }[], language: Language): string | undefined {
  const identity = IDENTITY[language];
  if (!identity) return undefined;
  return sentences
    .filter((sentence) => sentence.from === "paragraph")
    .map((sentence) => sentence.text)
    .find(
      (text) =>
        text.length <= 220 &&
        identity.test(text) &&
        !IN_A_SCENE.test(text) &&
        (NAMES_SOMETHING.test(text.slice(1)) || BUSINESS_KIND.test(text)) &&
        !insideQuote(text),
    );
}

/** "...and that October morning we were providing the audio": a bio that runs into the story's scene leans on it. */
const IN_A_SCENE = /(?<![\p{L}])(?:that|this|the next|the following)\s(?:\p{L}+\s)?(?:morning|afternoon|evening|night|day|week)(?![\p{L}])/iu;

/** "Harrow Funeral Care", "Ludlow": a capital after the sentence's first word. */
const NAMES_SOMETHING = /(?<=\s)\p{Lu}\p{Ll}/u;

const IDENTITY: Partial<Record<Language, RegExp>> = {
  en: new RegExp(
    String.raw`^(?:(?:My name is|I['’]m) \p{Lu}\p{L}+(?: \p{Lu}\p{L}+)?,? and (?:[^.!?]{0,40}\s)?I (?:have |['’]ve )?(?:run|own|founded|co-founded|started|opened|manage)\s|I (?:have |['’]ve )?(?:run|own|founded|co-founded|started|opened|set up|manage) (?:\p{Lu}|(?:a|an|my|our) [^.!?]{0,50}${BUSINESS_KIND_WORDS})|I (?:photograph|farm|groom|tune|teach) [^.!?]{0,80}\s(?:in|across|around) \p{Lu}|[^.!?]{0,120}\bI(?: have|['’]ve) (?:run|owned|founded|started|opened) \p{Lu}|\p{Lu}\p{L}+(?: &)? \p{Lu}[\p{L}.]+ is (?:a|an) (?:(?!that |which |who )[^,.!?]){0,60}(?:company|business|firm|agency|studio|shop|consultancy|practice|salon|bakery|brewery|school|clinic|farm|workshop|restaurant|café)(?![\p{L}]))`,
    "u",
  ),
  fr: /^(?:Je m['’]appelle \p{Lu}[^.!?]+(?:je dirige|j['’]ai (?:fondé|créé|ouvert|repris|lancé))|Je (?:dirige|tiens) |J['’]ai (?:fondé|créé|ouvert|repris|lancé) |[^.!?]{0,80}j['’]ai [^.!?]{0,80}pour (?:ouvrir|créer|fonder|reprendre) (?:ma|mon|notre) )/u,
  de: /^(?:Ich heiße \p{Lu}[^.!?]+(?:betreibe|führe|leite) ich|Ich (?:betreibe|führe|leite) |Ich habe [^.!?]{0,80}(?:gegründet|eröffnet|übernommen)[,.])/u,
};
