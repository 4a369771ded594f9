import type { ContentType } from "../types";
import { ALL_STOP_WORDS, detectLanguage, GENERIC_WORDS, type Language, NUMBER_WORDS, squash, escapeRegExp } from "../language";
import { hashtagProblem } from "../lint";
import { leansOnContext } from "../references";
import { MAX_CONTENT_CHARS, MAX_HOOK_CHARS } from "../plan";
import type { Ideas } from "./extract-ideas";
import { ordinalRank } from "./sentences";
import { HOOK_CHARS } from "./hooks";
import { nameCompany } from "./house";
import { type Introduction, introducePeople, introduceSubject, nameInFull, type Subject } from "./introduce";
import type { Candidate, Paragraph } from "./passages";

/**
 * A candidate written out as the post people read: the hook, short paragraphs, lists as
 * arrows or numbers, and the few lines the product adds (the "link in the
 * first comment" note, hashtags), written in the article's language or left out.
 */

type Framed = Exclude<Language, "other">;

/** The framing line of a "coming up this week" teaser, per language: never written now, kept so whoever measures posts can tell one. */
const TEASER: Record<Framed, string> = {
  en: "Coming up this week:",
  fr: "Au programme cette semaine :",
  de: "Diese Woche folgen:",
  es: "Esta semana, en detalle:",
  pt: "Nesta semana, em detalhe:",
  it: "Questa settimana, nel dettaglio:",
  nl: "Deze week volgen:",
};

/** LinkedIn shows posts with an outside link in the body to fewer people: the link goes in the first comment. */
const LINK_NOTE: Record<Framed, Record<ContentType, string>> = {
  en: {
    blog: "Full article: link in the first comment.",
    newsletter: "The full issue is linked in the first comment.",
    thread: "The full thread is linked in the first comment.",
    other: "Full piece: link in the first comment.",
  },
  fr: {
    blog: "L'article complet : lien en premier commentaire.",
    newsletter: "La newsletter complète : lien en premier commentaire.",
    thread: "Le fil complet : lien en premier commentaire.",
    other: "Le texte complet : lien en premier commentaire.",
  },
  de: {
    blog: "Der ganze Artikel: Link im ersten Kommentar.",
    newsletter: "Der ganze Newsletter: Link im ersten Kommentar.",
    thread: "Der ganze Thread: Link im ersten Kommentar.",
    other: "Der ganze Text: Link im ersten Kommentar.",
  },
  es: {
    blog: "El artículo completo: enlace en el primer comentario.",
    newsletter: "La newsletter completa: enlace en el primer comentario.",
    thread: "El hilo completo: enlace en el primer comentario.",
    other: "El texto completo: enlace en el primer comentario.",
  },
  pt: {
    blog: "O artigo completo: link no primeiro comentário.",
    newsletter: "A newsletter completa: link no primeiro comentário.",
    thread: "A thread completa: link no primeiro comentário.",
    other: "O texto completo: link no primeiro comentário.",
  },
  it: {
    blog: "L'articolo completo: link nel primo commento.",
    newsletter: "La newsletter completa: link nel primo commento.",
    thread: "Il thread completo: link nel primo commento.",
    other: "Il testo completo: link nel primo commento.",
  },
  nl: {
    blog: "Het hele artikel: link in de eerste reactie.",
    newsletter: "De hele nieuwsbrief: link in de eerste reactie.",
    thread: "De hele thread: link in de eerste reactie.",
    other: "De hele tekst: link in de eerste reactie.",
  },
};

/** Every link note in every language: structure, not content, for whoever measures posts. */
export const LINK_NOTES = Object.values(LINK_NOTE).flatMap((notes) => Object.values(notes));

export const linkNote = (language: Language, contentType: ContentType) => (language === "other" ? undefined : LINK_NOTE[language][contentType]);
/** Every teaser framing line in every language: structure, not content, for whoever measures posts. */
export const TEASER_LINES = Object.values(TEASER);

/** A paragraph as lines: prose in pieces of one or two sentences, a list as arrows (or 1. 2. 3. when the article numbered it). */
export function renderParagraph(paragraph: Paragraph): string {
  if (paragraph.list) {
    const items: string[] = [];
    for (const sentence of paragraph.sentences) {
      if (sentence.indexInBlock === 0 || items.length === 0) items.push(sentence.text);
      else items[items.length - 1] += ` ${sentence.text}`;
    }
    return items.map((item, index) => (paragraph.ordered ? `${index + 1}. ${item}` : `→ ${item}`)).join("\n");
  }
  // LinkedIn is read on phones: more than about 45 words in one block is a wall.
  const pieces: string[] = [];
  let current = "";
  for (const sentence of paragraph.sentences) {
    const candidate = current ? `${current} ${sentence.text}` : sentence.text;
    if (current && countSpaces(candidate) > 45 && !sentence.traits.dangling) {
      pieces.push(current);
      current = sentence.text;
    } else current = candidate;
  }
  if (current) pieces.push(current);
  return pieces.join("\n\n");
}

const countSpaces = (text: string) => text.split(/\s+/).length;

/**
 * The article's hashtags: the words and names it keeps coming back to, weighted up when its
 * title or headings use them, at most three, each one the plan lint would accept (no stop
 * words, no generic words, no word capitalised only because it starts sentences). "hires",
 * "hired" and "hiring" count as one term and show as #Hiring.
 */
export function articleHashtags(ideas: Ideas, sourceText: string): string[] {
  const language = detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "));
  const terms = new Map<string, { forms: Map<string, number>; score: number }>();
  const add = (key: string, form: string, weight: number) => {
    const entry = terms.get(key) ?? { forms: new Map(), score: 0 };
    entry.score += weight;
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + weight);
    terms.set(key, entry);
  };
  const titleWords = new Set((ideas.title ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const texts = [
    ...ideas.sentences.filter((sentence) => !sentence.traits.code && !sentence.traits.meta).map((sentence) => ({ text: sentence.text, weight: 1 })),
    ...ideas.sections.flatMap((section) => (section.heading ? [{ text: section.heading, weight: 1.5 }] : [])),
    ...(ideas.title ? [{ text: ideas.title, weight: 3 }] : []),
  ];
  for (const { text, weight } of texts) {
    // Names of two or three capitalised words ("React Compiler", "Create React App"), never at a sentence's
    // start, and only from prose: a title in Title Case makes every phrase look like a name.
    if (weight === 1) {
      // (In German every noun has a capital: "Neun Monate Entwicklung" is no name, so only a product-like pair counts there.)
      for (const match of text.matchAll(/(?<=[\p{L}\p{N},;:]\s)\p{Lu}[\p{L}\p{N}]+(?:\s+\p{Lu}[\p{L}\p{N}]+){1,2}(?![\p{L}\p{N}])/gu)) {
        if (language === "de" && match[0].split(/\s+/).every((part) => /^\p{Lu}\p{Ll}+$/u.test(part))) continue;
        add(match[0].toLowerCase(), match[0], 1.5);
      }
      // Two content words that travel together ("customer discovery", "trial signups").
      // Lower-case as written: two capitalised words are a name, not a phrase.
      for (const match of text.matchAll(/(?<![\p{L}\p{N}])(\p{Ll}{4,})\s+(\p{Ll}{5,})(?![\p{L}\p{N}])/gu)) {
        if (
          language === "en" &&
          !ALL_STOP_WORDS.has(match[1]!) &&
          !ALL_STOP_WORDS.has(match[2]!) &&
          !GENERIC_WORDS.has(match[1]!) &&
          !/(?:ed|ly|ing)$/.test(match[1]!)
        )
          add(`${match[1]} ${stem(match[2]!)}`, match[0], 0.8);
      }
    }
    for (const match of text.matchAll(/(?<![\p{L}\p{N}_.])[\p{L}][\p{L}\p{M}-]{4,}(?![\p{L}\p{N}_(])/gu)) {
      const word = match[0];
      const lower = word.toLowerCase();
      const capitalised = /^\p{Lu}/u.test(word);
      const midSentence = match.index > 1 && /[\p{L}\p{N},;:]\s$/u.test(text.slice(match.index - 2, match.index));
      if (language === "de") {
        // German capitalises its nouns, and only nouns make topics: a capital in mid-sentence.
        if (!capitalised || (!midSentence && weight === 1)) continue;
      } else if (capitalised && !titleWords.has(lower)) continue; // a name: a topic only when the title says it
      if (/^\p{Lu}+$/u.test(word) && word.length > 5) continue;
      add(stem(lower), language === "de" || (capitalised && midSentence) ? word : lower, weight);
    }
  }

  // One pass over the text for each fact the filters below ask about, so a long article stays fast.
  const prose = ideas.sentences.map((sentence) => sentence.text).join(" ");
  const collect = (text: string, pattern: RegExp, group = 1) => new Set([...text.matchAll(pattern)].map((match) => match[group]!.toLowerCase()));
  // An English word a hashtag can be made of is used as a noun at least once ("the price", "our tickets"):
  // "within", "asking" and "compare" never are.
  const nouns = collect(sourceText, /\b(?:the|a|an|our|your|their|its|this|that|these|those|of|for|per|each|every|new|more|no|my)\s+([\p{L}-]+)/giu);
  const usedAsNoun = (word: string) => language !== "en" || nouns.has(word.toLowerCase());
  const namesInProse = collect(prose, /[\p{Ll},;]\s(\p{Lu}[\p{L}-]+)(?![\p{L}])/gu);
  const beforeLowerCase = collect(prose, /(?<![\p{L}])(\p{Lu}[\p{L}-]+)\s\p{Ll}/gu);
  // People are named in posts, not tagged: a speaker's label ("Marcus Lindqvist:"), a name with a role
  // ("Marieke Doorn, head of finance"), someone who says or joins, the first name of a full name in the title.
  const speakers = collect(sourceText, /(?:^|\n)\s*(?:\[[^\]\n]*\]\s*)?(\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?):/gu);
  const withRoles = collect(
    sourceText,
    /(\p{Lu}[\p{L}'’-]+\s\p{Lu}[\p{L}'’-]+),\s+(?:(?:our|the|its|a|an)\s+)?(?:co-?founder|CEO|CTO|COO|head|director|founder|manager|engineer|designer|VP|partner|analyst|lead)\b/gu,
  );
  const speaking = collect(sourceText, /(\p{Lu}[\p{L}'’-]+\s\p{Lu}[\p{L}'’-]+)[^.!?\n]{0,30}\b(?:says|said|told|joined|explains|adds)\b/gu);
  const titleFirstNames = collect(ideas.title ?? "", /(?<![\p{L}])(\p{Lu}\p{Ll}+)\s\p{Lu}\p{Ll}+(?![\p{L}])/gu);
  const isPerson = (form: string) => {
    if (!/^\p{Lu}/u.test(form)) return false; // a lower-case word or phrase is never a name
    const lower = form.toLowerCase();
    if (lower.includes(" ")) return speakers.has(lower) || speakers.has(lower.split(" ")[0]!) || withRoles.has(lower) || speaking.has(lower);
    return titleFirstNames.has(lower) && !beforeLowerCase.has(lower);
  };
  const entries = [...terms.entries()]
    // A single lower-case word must recur (three uses, or the title); names and phrases need less.
    .filter(([key, entry]) => entry.score >= (key.includes(" ") || [...entry.forms.keys()].some((form) => /^\p{Lu}/u.test(form)) ? 2 : 3))
    .sort((a, b) => b[1].score - a[1].score);
  const ranked: string[] = [];
  for (const [key, entry] of entries) {
    if (ranked.length >= 6) break;
    const forms = [...entry.forms.keys()];
    if (forms.some(isPerson)) continue;
    if (
      key.includes(" ")
        ? !(entry.score >= 3 || titleWords.has(key.split(" ")[0]!))
        : !forms.some((form) => (/^\p{Lu}/u.test(form) && namesInProse.has(form.toLowerCase())) || usedAsNoun(form))
    )
      continue;
    const tag = toHashtag(displayForm(entry.forms));
    if (tag && !hashtagProblem(tag, sourceText, language)) ranked.push(tag);
  }
  // Only real topics: a term the title names, or a name or phrase the article keeps using
  // (three times or more). None is better than a weak one (#Minuten, #Seconds, #Match).
  const headings = (ideas.title ?? "").toLowerCase();
  const real = (tag: string) => {
    const entry =
      terms.get(stem(tag.slice(1).toLowerCase())) ??
      [...terms.entries()].find(([, value]) => [...value.forms.keys()].some((form) => toHashtag(form) === tag))?.[1];
    const word = tag
      .slice(1)
      .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
      .toLowerCase();
    const named = headings.includes(stem(word.split(" ")[0]!));
    return named || (entry !== undefined && entry.score >= 3 && (word.includes(" ") || /^#\p{Lu}\p{Ll}+\p{Lu}/u.test(tag)));
  };
  const distinct = ranked.filter((tag, index) => ranked.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index && real(tag));
  // #ReactCompiler says what #Compiler says, and more.
  const top = distinct.filter((tag) => isTopic(tag, prose, sourceText, language)).slice(0, 4);
  return top.filter((tag) => !top.some((other) => other !== tag && other.toLowerCase().includes(tag.slice(1).toLowerCase()))).slice(0, 2);
}

/** Fields people follow on LinkedIn: a single lower-case word makes a hashtag only when it is one of these. */
const TOPICS = new Set(
  (
    "pricing hiring onboarding fundraising startup startups saas sales marketing leadership management growth retention churn recruiting " +
    "recruitment logging security accessibility design ux analytics engineering devops productivity culture entrepreneurship bootstrapping " +
    "negotiation b2b ecommerce ai python javascript typescript react postgres postgresql mysql kubernetes docker opensource seo copywriting " +
    "branding careers freelancing consulting finance accounting investing payments fintech healthtech edtech sustainability hr remotework " +
    "productmanagement customersuccess customerexperience sorting testing debugging " +
    "recrutement entrepreneuriat tarification vertrieb führung gründung preisgestaltung emprendimiento precios empreendedorismo vendas ondernemen"
  ).split(" "),
);

/** A day or a month is when, never what: round 21's "The Saturday Receptionist" tagged its posts #Saturday. */
const CALENDAR_WORD =
  /^#(?:mon|tues|wednes|thurs|fri|satur|sun)days?$|^#(?:january|february|march|april|may|june|july|august|september|october|november|december|weekends?|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)$/iu;

/** "Herrn Reinsch", "Seu Valdir", "Dr. Okonkwo": a person, whatever the words around them. */
const HONORIFIC = /^#(?:Herrn?|Frau|Seu|Dona|Mrs?|Ms|Dr|Monsieur|Madame|Don|Señora?|Sra?)(?=\p{Lu})/u;

/**
 * A real topic: a field from TOPICS, a name of several words ("#ReactCompiler", "#CustomerSuccess"), or a
 * product the article keeps naming in capitals ("#Carelink"). German capitalises every noun, so there a
 * single capitalised word proves nothing (#Familie, #Preise).
 */
function isTopic(tag: string, prose: string, source: string, language: Language): boolean {
  if (HONORIFIC.test(tag) || CALENDAR_WORD.test(tag)) return false;
  const word = tag.slice(1);
  if (TOPICS.has(word.toLowerCase())) return true;
  // ...but not a hyphenated word the article writes in lower case ("rendez-vous").
  const hyphenated = word.replace(/(\p{Ll})(\p{Lu})/gu, "$1-$2").toLowerCase();
  const spaced = word.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2");
  if (/^\p{Lu}[\p{Ll}\p{N}]+\p{Lu}/u.test(word) || /^\p{Lu}{2,}[\p{Ll}]/u.test(word)) {
    if (source.toLowerCase().includes(hyphenated) && !source.includes(spaced)) return false;
    // Outside English a phrase of common words ("churn cijfers") is no name: only one the article capitalises is.
    return language === "en" || source.includes(spaced) || source.includes(word);
  }
  if (language === "de" || !/^\p{Lu}[\p{Ll}\p{N}]+$/u.test(word)) return false;
  // A product's name: capitalised mid-sentence three times or more, never written in lower case.
  const midSentence = prose.match(new RegExp(`(?<=[\\p{Ll}\\p{N},;]\\s)${word}(?![\\p{L}])`, "gu"))?.length ?? 0;
  return midSentence >= 3 && !new RegExp(`(?<![\\p{L}])${word.toLowerCase()}(?![\\p{L}])`, "u").test(prose);
}

/** "hires", "hired", "hiring" -> "hir": one term, however the article inflects it. */
const stem = (word: string) => word.replace(/(?:ing|ed|es|e|s)$/, "");

/** The form a hashtag shows; never a past tense. */
function displayForm(forms: Map<string, number>): string {
  const entries = [...forms.entries()].filter(([form]) => !/ed$/.test(form) || forms.size === 1);
  // The most used form; on a tie the "-ing" one, which reads as an activity (#Hiring, #Pricing).
  return (entries.sort((a, b) => b[1] - a[1] || Number(b[0].endsWith("ing")) - Number(a[0].endsWith("ing")))[0] ?? [...forms.entries()][0]!)[0];
}

function toHashtag(term: string): string | undefined {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tag = words.map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
  if (tag.length < 3 || tag.length > 30) return undefined;
  return `#${tag}`;
}

/** The article's tags that this post itself talks about, at most three: a tag on a post that never mentions it reads as spam. */
function hashtagsFor(text: string, tags: string[], hook = ""): string[] {
  const squashed = squash(text);
  const opening = squash(hook);
  // "#Hiring" is mentioned by "hire" and "hired": compare on the stem. A post is about a topic when its first line
  // names it or it comes back to it; a passing mention (a table row "Phone screens: 412") makes no hashtag (round 15
  // found #PhoneScreens on three posts about other things).
  return tags
    .filter((tag) => {
      const root = stem(tag.slice(1).toLowerCase());
      return opening.includes(root) || squashed.split(root).length > 2;
    })
    .slice(0, 3);
}

/**
 * People the article names in full once and by surname after ("Marieke Doorn" ... "Doorn says"):
 * surname -> full name. A post that starts after the first mention names them in full.
 */
export function surnames(sourceText: string): Map<string, string> {
  const names = new Map<string, string>();
  // Mid-sentence ("says Marieke Doorn"), so a sentence's first word ("While Canaries") is not taken for a first name.
  for (const match of sourceText.matchAll(/(?<=[\p{Ll}\p{N},;:"“]\s)(\p{Lu}\p{Ll}+)\s(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}])/gu)) {
    const [full, first, last] = match as unknown as [string, string, string];
    if (names.has(last) || ALL_STOP_WORDS.has(first.toLowerCase()) || GENERIC_WORDS.has(last.toLowerCase())) continue;
    // A person: the surname appears alone elsewhere ("Doorn says"), the first name never without it, and
    // neither word starts another name ("React Conf", "React Native" are products, not people).
    const count = (pattern: string) => sourceText.match(new RegExp(pattern, "gu"))?.length ?? 0;
    // ...and what follows the surname alone is what people do: "Doorn says", "Doorn's team", "Doorn chose".
    const alone = count(
      `(?<!${first}\\s)(?<![\\p{L}])${last}(?:['’]s|\\s(?:says|said|admits|adds|added|explains|explained|told|tells|expects|chose|thinks|believes|recalls|notes|noted|wrote|asked|joined|started|founded|led|ran|laughs|agrees|argues|remembers))(?![\\p{L}])`,
    );
    const firstAlone = count(`(?<![\\p{L}])${first}(?![\\p{L}])(?!\\s${last})`);
    const lastStartsNames = count(`(?<![\\p{L}])${last}\\s\\p{Lu}`);
    if (alone >= 1 && firstAlone === 0 && lastStartsNames === 0) names.set(last, full);
  }
  return names;
}

/** The first bare surname in a post becomes the full name, unless the post already names the person in full. */
export function introduceNames(text: string, names: Map<string, string>): string {
  let out = text;
  for (const [last, full] of names) {
    if (out.includes(full)) continue;
    // Only a bare surname: "React Router" must not become "React Tanstack Router".
    out = out.replace(new RegExp(`(?<![\\p{L}]|\\p{Lu}\\p{L}*\\s)${last}(?![\\p{L}])`, "u"), full);
  }
  return out;
}

export type RenderOptions = {
  /** Surname -> full name, from surnames(). */
  names?: Map<string, string>;
  /** People the article introduces with a role, from introductions(). */
  people?: Map<string, Introduction>;
  language: Language;
  closingQuestion?: string;
  link?: string;
  hashtags: string[];
  /** A how-to's subject, from guideSubject(): "the interview" becomes "the win/loss interview" once. */
  subject?: Subject;
  /** Things the article names in full once, from fullerNames(): "the combo" becomes "the soup and half-sandwich combo" once. */
  things?: Subject[];
  /** The author's company, from authorsCompany(): a post that says "we" and never names it names it once. */
  company?: string;
  /** The author's own line on who they are and what they run, from authorLine(): a post without it carries it second. */
  author?: string;
  /** Whose words the post is (an interview's guest, as the article introduces them): its last line, "— Inês Carvalho of Padaria Lume". */
  speaker?: string;
};

/**
 * A paragraph that opens "Second," in a post that never said "First," (the passage started mid-list)
 * loses the ordinal: "Second, writing is the only format..." -> "Writing is the only format...".
 */
export function dropOrphanOrdinals(text: string): string {
  const blocks = text.split("\n\n");
  return blocks
    .map((block, index) => {
      const rank = ordinalRank(block);
      // Only "Second, ..." with its comma: German inverts after "Zweitens" ("Zweitens führen wir"), so it stays.
      // (The rank before may open a later sentence of an earlier paragraph: "Three things. First, don't move everything".)
      const said = (earlier: string) => earlier.split(/(?<=[.!?])\s+/u).some((sentence) => ordinalRank(sentence) === rank - 1);
      if (rank < 1 || !/^[^,\s]+(?:\s\p{Ll}+){0,2},\s/u.test(block) || blocks.slice(0, index).some(said)) return block;
      const rest = block.replace(/^[^,]+,\s+/u, "");
      return /^\p{Ll}/u.test(rest) ? rest.charAt(0).toUpperCase() + rest.slice(1) : block;
    })
    .join("\n\n");
}

/** "I did three things.", "Three things.", "There were two reasons:": a line that counts what comes after it. */
const PROMISES_COUNT =
  /^(?:(?:so |and |but )?(?:I|we) (?:did|made|changed|learned|noticed|found|tried|took|want to share) |there (?:were|are) |here are )?(two|three|four|five|six)\s(?:\p{L}+\s)?(?:things|changes|lessons|steps|ways|reasons|mistakes|rules|fixes|ideas|moves|decisions)(?:\s[^.!?:]{0,30})?[.:]$/iu;

/**
 * A count whose items the post does not all carry ("I did three things. First, cash. ..." where the second and third
 * things are in another exchange): the count goes, and a lone "First," with it, so the post promises nothing it does
 * not give (rounds 32 and 33: "'Two things.' is followed by only one thing", "I did three things. First, cash.").
 * Counted only by their ordinals ("First,", "Second,"); unmarked items (a list, or sentences after "Three things.")
 * are left as the author wrote them.
 */
export function keepCountsHonest(text: string): string {
  const blocks = text.split("\n\n").map((block) => block.split(/(?<=[.!?:])\s+(?=\p{Lu})/u));
  const all = blocks.flat();
  const at = all.findIndex((sentence) => PROMISES_COUNT.test(sentence));
  // (Never the opening line: a post that opens on its count is about the count, and the hook is what it says.)
  if (at < 1) return text;
  const count = NUMBER_WORDS[PROMISES_COUNT.exec(all[at]!)![1]!.toLowerCase()]!;
  // Ordinals inside a sentence count too: "...what you do next.\" And second, we decided...".
  const ranks = new Set(
    [
      ...all
        .slice(at + 1)
        .join(" ")
        .matchAll(/(?<![\p{L}])(first|second|third|fourth|fifth)(?:ly)?,/giu),
    ].map((match) => ["first", "second", "third", "fourth", "fifth"].indexOf(match[1]!.toLowerCase())),
  );
  const promise = all[at]!;
  // Unmarked, a count that is a paragraph of its own counts the paragraphs after it ("So we changed three things." over
  // three paragraphs, the last two of which round 34 posted the next day).
  const own = blocks.findIndex((sentences) => sentences.length === 1 && sentences[0] === promise);
  // (A list is one paragraph of several items: "Three lessons:" over "1. ... 2. ... 3. ...".)
  const items = (sentences: string[]) =>
    Math.max(
      1,
      sentences
        .join(" ")
        .split("\n")
        .filter((line) => /^(?:→|\d+\.)\s/u.test(line)).length,
    );
  const after = own === -1 ? 0 : blocks.slice(own + 1).reduce((sum, sentences) => sum + items(sentences), 0);
  const cut = ranks.size === 0 && own !== -1 && after > 0 && after < count;
  if (!cut && (ranks.size === 0 || ranks.size >= count)) return text;
  const lonelyFirst = ranks.size === 1 && ranks.has(0);
  return blocks
    .map((sentences) =>
      sentences
        .filter((sentence) => sentence !== promise)
        .map((sentence) => {
          if (!lonelyFirst || ordinalRank(sentence) !== 0) return sentence;
          const rest = sentence.replace(/^[^,]+,\s+/u, "");
          return rest === sentence ? sentence : rest.charAt(0).toUpperCase() + rest.slice(1);
        })
        .join(" "),
    )
    .filter((block) => block.length > 0)
    .join("\n\n");
}

/**
 * The author's line ("I run Pryce Driving School in Bristol.") under the hook of a post that never says it, so a stranger
 * knows whose business the story is about before it starts (rounds 33 to 35: "name the business in a clause", "nothing
 * says it is a funeral business"). The hook stays first: a bio as a first line is what readers scored 2.
 */
export function withAuthor(text: string, author: string | undefined, language: Language): string {
  const line = author === undefined ? undefined : authorLineCore(author);
  if (!line || squash(text).includes(squash(line))) return text;
  const blocks = text.split("\n\n");
  // ...right under the hook, when the paragraph after it starts afresh: "Forty-one of them were simple cremations" needs
  // the line before it, and a list or a line ending in a colon belongs to what introduced it. Lower down, the line
  // interrupts the post (round 35: "At Ink & Anchor, we wiped it off" mid-story), so it goes there or nowhere.
  const next = blocks[1];
  const first = next?.split(/(?<=[.!?])\s/u)[0] ?? "";
  if (
    next === undefined ||
    /^(?:→|•|\d+[.)])\s/u.test(next) ||
    /:$/u.test(blocks[0]!.trim()) ||
    // ...and a row a hook's options name ("We had two ways to pay: pay-as-you-go..., or a termly block." over
    // "Pay-as-you-go: 4,020 sessions...": round 43 split them).
    (/:\s/u.test(blocks[0]!) && /^[^:\n]{1,40}:\s/u.test(next)) ||
    leansOnContext(first, language) ||
    POINTS_BACK_EARLY.test(first)
  )
    return text;
  return [blocks[0], line, ...blocks.slice(1)].join("\n\n");
}

/** "Forty-one of them were...", "Most of those families...": a pointing word in a sentence's first words; "We hadn't.". */
const POINTS_BACK_EARLY =
  /^(?:\S+\s){0,4}(?:of\s)?(?:them|they|it|these|those|this|that|he|she|him|her|eux|elles|ils|sie|ihnen|diese[nrms]?)(?![\p{L}])|^\S+\s(?:had|did|was|were|could|would|can|do|have|will)(?:n['’]t|\snot)?[.!]$/iu;

/**
 * The line without the name the post's byline already shows: "My name is Ruth Harrow, and for the last nineteen years I
 * have run Harrow Funeral Care..." -> "For the last nineteen years I have run Harrow Funeral Care...". A name said in the
 * middle of a post reads as a speech's opening.
 */
export function authorLineCore(line: string): string {
  // ("Je m'appelle Camille Ferrand, j'ai 41 ans et je dirige..." -> "Je dirige...": the age goes with the name.)
  const rest = line.replace(
    /^(?:My name is|I['’]m|Ich heiße|Je m['’]appelle|Je suis)\s\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?,?\s(?:[^,.!?]{0,30}\s)?(?:and|und|et)\s/u,
    "",
  );
  // ("I'm 38, I spent eleven years as an occupational therapist in the NHS, and since March 2021 I've run Hearth &
  // Swell, a small mobile sauna business in Falmouth, Cornwall." -> "Since March 2021 I've run Hearth & Swell...".)
  const clause = /,\s(?:and\s)?((?:since|for)\s[^,.!?]{0,40}\bI(?:['’]ve| have) (?:run|owned|founded|started|opened)\s\p{Lu}.+)$/u.exec(rest)?.[1];
  const own = clause ?? rest;
  return own === line ? line : own.charAt(0).toUpperCase() + own.slice(1);
}

/** Words that open a reply or a turn, never a label ("Yes. We did."). */
const NOT_LABELS =
  /^(?:yes|no|so|now|then|well|okay|ok|sure|exactly|again|today|why|true|right|done|thanks|sí|oui|non|ja|nein|sim|não|also|alors|donc|pues)$/iu;

/** Words that make a short line a clause, not a label ("The rest are long.", "Seven said yes right away."). */
const CLAUSE_WORDS =
  /^(?:i|we|you|they|it|he|she|this|that|there|these|those|is|are|was|were|be|been|am|do|does|did|has|have|had|will|can|could|would|should|may|might|must|said|says|say|came|went|got|made|took|gave|saw|felt|let|not|never|everyone|everybody|nobody|someone|somebody|nothing|everything|something|none)$/iu;

/**
 * "Churn." alone before its sentence: a run-in label of up to three words (or an option or a mistake named by its -ing
 * word, "Raising the monthly price."), with no subject, verb or number in it, before a sentence of three words or more.
 */
function runInLabel(paragraph: Paragraph): string | undefined {
  if (paragraph.list || paragraph.sentences.length < 2) return undefined;
  const label = paragraph.sentences[0]!.text.match(/^(\p{Lu}[\p{L}'’&-]*(?: [\p{L}'’&-]+){0,5})\.$/u)?.[1];
  if (!label || NOT_LABELS.test(label) || paragraph.sentences[1]!.words < 3) return undefined;
  const words = label.split(" ");
  // "Slowly." and "Forty minutes." answer a question; a label names a topic.
  if (words.some((word) => CLAUSE_WORDS.test(word) || /[a-z]ed$/.test(word))) return undefined;
  if ((words.length === 1 && /^\p{L}{3,}ly$/u.test(words[0]!)) || NUMBER_WORD.test(words[0]!)) return undefined;
  return words.length <= 3 || /^\p{L}+ing$/u.test(words[0]!) ? label : undefined;
}

/** A count in words or digits: "Forty minutes." is an answer, not a label. */
const NUMBER_WORD =
  /^(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|hundred|thousand|half|dozens?)$/i;

/**
 * Paragraphs the article opens with run-in labels ("Churn. Our monthly customers cancel...", "Cash. Annual billing...")
 * read as stray words on LinkedIn: two or more in a post become "Churn: Our monthly customers cancel...".
 */
function withRunInLabels(body: Paragraph[]): Paragraph[] {
  // ...never the short answer under a question ("And how did you go from that to a company?" / "Slowly. My co-founder...").
  const label = (paragraph: Paragraph, index: number) =>
    /[?؟]["'”’)]*$/u.test(body[index - 1]?.sentences.at(-1)?.text ?? "") ? undefined : runInLabel(paragraph);
  if (body.filter((paragraph, index) => label(paragraph, index) !== undefined).length < 2) return body;
  return body.map((paragraph, index) => {
    const runIn = label(paragraph, index);
    if (!runIn) return paragraph;
    const [, next, ...rest] = paragraph.sentences;
    return { ...paragraph, sentences: [{ ...next!, text: `${runIn}: ${next!.text}` }, ...rest] };
  });
}

/**
 * A first line longer than a hook may be (a podcast turn of three sentences that opened a post, round 36) ends after
 * its last sentence that fits, or else its last clause that fits: the plan's contract holds a hook to MAX_HOOK_CHARS,
 * and a paste must never fail on it. Only a line break is added; no word is lost.
 */
export function firstLineFits(content: string): string {
  const [first = "", ...rest] = content.split("\n");
  if (first.length <= MAX_HOOK_CHARS) return content;
  const ends = [...first.matchAll(/[.!?]["'”’)]*\s+(?=\S)/gu)].map((match) => match.index! + match[0].length);
  const clauses = [...first.matchAll(/[,;:—–]\s+(?=\S)/gu)].map((match) => match.index! + match[0].length);
  const cut = ends.filter((end) => end <= MAX_HOOK_CHARS).at(-1) ?? clauses.filter((end) => end <= MAX_HOOK_CHARS).at(-1) ?? MAX_HOOK_CHARS;
  const head = first.slice(0, cut).trimEnd();
  const tail = first.slice(cut).trimStart();
  return [head, "", tail, ...rest].join("\n");
}

/** The post as published. Paragraphs are dropped from the end (never the hook) if LinkedIn's limit needs it. */
export function renderPost(candidate: Candidate, options: RenderOptions): string {
  const paragraphs = withRunInLabels(candidate.body).map(renderParagraph);
  const extras = [...(options.closingQuestion ? [options.closingQuestion] : []), ...(options.link ? [options.link] : [])];
  const tags = hashtagsFor([candidate.hook, ...paragraphs].join(" "), options.hashtags, candidate.hook);
  // The guest's line names the company and says what it is ("— Aidan Kerr, managing director of Kerr Roofing, a 23-person
  // roofing contractor"): the body does not say it again (round 30 found it twice in a post).
  const signed =
    options.speaker !== undefined &&
    options.company !== undefined &&
    new RegExp(String.raw`${escapeRegExp(options.company)},\s(?:an?|which|who|the)\s`, "u").test(options.speaker);
  const people = new Map([...(options.people ?? new Map())].filter(([name]) => !(signed && name === options.company)));
  // A hook that an introduction would make too long for LinkedIn's preview stays as it is; the body introduces them.
  const bodyOnly = (introduce: (text: string) => string) => (text: string) => {
    const [hook, ...rest] = text.split("\n\n");
    return [hook, introduce(rest.join("\n\n"))].filter(Boolean).join("\n\n");
  };
  const hookStaysShort = (introduce: (text: string) => string) => (text: string) => {
    const introduced = introduce(text);
    return introduced.split("\n")[0]!.length <= HOOK_CHARS ? introduced : bodyOnly(introduce)(text);
  };
  const introduce = hookStaysShort((text) => introducePeople(text, people));
  // A signature that names the company already says whose "we" it is: "At Akande Tiling, we had six callbacks" over
  // "— Lewis Akande of Akande Tiling" says it twice.
  const named = signed || (options.company !== undefined && options.speaker?.includes(options.company) === true);
  const naming = (text: string) => (named ? text : nameCompany(text, options.company, options.language, options.people?.has(options.company ?? "") ?? false));
  // The title's claim over a story's later post is said as post 1 says it ("At Halden Electrical, we walked away..." is not).
  const company = candidate.claimed ? bodyOnly(naming) : hookStaysShort(naming);
  // The guest's words are theirs: round 26's readers found an interview's answers posted in the author's voice, the
  // speaker never introduced ("Nadia Osei and Quietdesk are never introduced", the RUBRIC's A10).
  const signature = options.speaker ? [`— ${options.speaker}`] : [];
  // The author's line goes under a hook that opens the post out of the article's order, never between two lines that
  // follow each other in its story ("The Teesside firm agreed to take the £6,300 over four months." / "I started
  // Derwent Welfare Hire..." / "I rang HMRC...": round 45's readers found it "pasted in, breaking the sentence it lands in").
  const opening = candidate.paragraphs[0]?.sentences[0];
  const next = candidate.body[0]?.sentences[0];
  const inOrder = opening !== undefined && next !== undefined && next.id === opening.id + 1 && opening.text === candidate.hook;
  const author = inOrder ? undefined : options.author;
  const build = () =>
    (options.things ?? []).reduce(
      nameInFull,
      introduceSubject(
        introduceNames(
          introduce(company(withAuthor(keepCountsHonest(dropOrphanOrdinals([candidate.hook, ...paragraphs].join("\n\n"))), author, options.language))),
          options.names ?? new Map(),
        ),
        options.subject,
      ),
    ) +
    [...signature, ...extras].map((line) => `\n\n${line}`).join("") +
    (tags.length > 0 ? `\n\n${tags.join(" ")}` : "");
  let content = build();
  while (content.length > MAX_CONTENT_CHARS && paragraphs.length > 1) {
    paragraphs.pop();
    content = build();
  }
  // Still too long: the closing question and the link note go before any more of the article's words would.
  while (content.length > MAX_CONTENT_CHARS && extras.length > 0) {
    extras.shift();
    content = build();
  }
  return content;
}
