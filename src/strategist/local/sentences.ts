import { looksLikeCode } from "../clean";
import { ADDRESS_LINE } from "../structure";
import { CLOCK_IT, EN_MONTHS } from "../language";

/**
 * Sentences and what each one is good for: a number worth quoting, a moment of a story, a
 * claim, a question, an instruction. Plain rules, no model: the same text always reads the
 * same way, and a 3,000-word article is read in a few milliseconds.
 */

export type Traits = {
  /** How quotable its figures are: percentages and "1 billion" count, version lists do not. */
  numbers: number;
  /** Signs of a narrative moment: a year, "when we", a past-tense verb of doing. */
  story: number;
  /** A position someone could agree or disagree with. */
  claim: number;
  /** Said as an opinion ("we believe", "should", "never"): the best kind of claim to ask about. */
  opinion: boolean;
  question: boolean;
  imperative: boolean;
  /** Ends with ":" and introduces what follows: meaningless alone. */
  leadIn: boolean;
  /** Talks about the article or its links ("in this post", "see below"): wrong on LinkedIn. */
  meta: boolean;
  /** Leans on the sentence before it ("This means...", "However, ..."). */
  dangling: boolean;
  /** Code, version lists, identifiers: not prose. */
  code: boolean;
  /** A bracket or quote opened and not closed (or the reverse): half of something longer. */
  broken: boolean;
};

const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "inc",
  "ltd",
  "co",
  "jr",
  "sr",
  "no",
  "fig",
  "approx",
  "u.s",
  "u.k",
  "a.m",
  "p.m",
  "cf",
  "al",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

/** A German month after a day's ordinal: "1. Januar". */
const GERMAN_MONTH = /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)(?![\p{L}])/u;

/** Longer than this and a "sentence" is a run-on (or text without punctuation): cut it up. */
const MAX_SENTENCE_CHARS = 420;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const boundary = /([.!?…]+|[。！？؟]+)(["'”’»)\]]*)(?=\s|$)|([。！？]+)(["'”’」』)]*)/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const rest = text.slice(end).trimStart();
    if (rest !== "" && !isSentenceEnd(text.slice(start, match.index + 1), match[1] ?? match[3] ?? "", rest)) continue;
    // Inside a quotation that closes later in the paragraph ('wrote in: "Every consultant is debating this. Should I put my rate online?"') the quote ends the sentence.
    if (rest !== "" && end - start < 400 && insideQuote(text.slice(start, end)) && closesBefore(text, end, start + 400)) continue;
    pushSentence(sentences, text.slice(start, end));
    start = end;
  }
  pushSentence(sentences, text.slice(start));
  return sentences;
}

/** A closing quotation mark (straight or English curly) between `from` and `limit`. */
function closesBefore(text: string, from: number, limit: number): boolean {
  const window = text.slice(from, limit);
  return window.includes('"') || window.includes("”");
}

/** The text so far leaves a quotation open: an odd number of straight quotes, or more opening marks than closing ones. */
export const insideQuote = (before: string) => {
  const count = (pattern: RegExp) => before.match(pattern)?.length ?? 0;
  // German opens with „ and closes with “, which opens elsewhere.
  const german = count(/„/g) > 0;
  const opened = (german ? count(/„/g) : count(/“/g)) + count(/«/g);
  const closed = (german ? count(/“/g) : count(/”/g)) + count(/»/g);
  return count(/"/g) % 2 === 1 || opened > closed;
};

function isSentenceEnd(before: string, mark: string, rest: string): boolean {
  if (/[。！？]/.test(mark)) return true;
  // "1. Keep per-seat, ..." at a paragraph's start is the option's rank, not a sentence.
  if (mark === "." && /^\s*\d{1,2}\.$/.test(before)) return false;
  // "Ab dem 1. Januar 2024", "am 3. März": a German date's day is an ordinal, not a sentence's end (round 19).
  if (mark === "." && /(?<![\p{L}\p{N}])\d{1,2}\.$/u.test(before) && GERMAN_MONTH.test(rest)) return false;
  if (mark === ".") {
    const word = before
      .match(/(\S+)\.$/)?.[1]
      ?.toLowerCase()
      .replace(/^[("'“‘]+/, "");
    if (word && (ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(word) || /^\p{L}$/u.test(word))) return false;
  }
  // The next sentence starts with a capital, a digit, a quote, a letter of a script without
  // case (Arabic, Hebrew, CJK...) or an emoji; a lower-case letter means we are mid-sentence.
  return /^["'“‘([«¿¡\p{Lu}\p{Lo}\p{N}\p{Extended_Pictographic}]/u.test(rest);
}

function pushSentence(into: string[], raw: string) {
  const sentence = raw.trim();
  if (sentence === "") return;
  if (sentence.length <= MAX_SENTENCE_CHARS) {
    into.push(sentence);
    return;
  }
  // A run-on: cut at semicolons or dashes first, then at commas, then every 40 words.
  const pieces = sentence.split(/(?<=;)\s+|\s+[—–]\s+/);
  for (const piece of pieces) {
    if (piece.length <= MAX_SENTENCE_CHARS) into.push(piece);
    else {
      const words = piece.split(/\s+/);
      for (let i = 0; i < words.length; i += 40) into.push(words.slice(i, i + 40).join(" "));
    }
  }
}

const STORY_VERBS =
  /\b(released|launched|shipped|started|began|founded|built|hosted|decided|learned|realized|discovered|reported|demoed|wrote|moved|joined|introduced|announced|created|tried|failed|rewrote|noticed|asked)\b(?!-)/gi;
const CLAIM_WORDS =
  /\b(we believe|i believe|we think|i think|we recommend|recommend|the goal|important|should|must|need to|best|better|worse|key|every|never|always|most|the (real|hard) (problem|part)|matters?|the right|essential|critical|simple|hard to)\b/gi;
const IMPERATIVE =
  /^(Use|Try|Upgrade|Install|Update|Start|Read|Add|Check|Make|Keep|Avoid|Stop|Build|Run|Migrate|Ask|Write|Remember|Consider|Ensure|Pin|Test|Follow|Enable|Remove|Replace|Choose|Pick|Learn|Focus|Don't|Do not|Never|Always|Set|Turn|Measure|Plan|Ship|Share|Give)\b/;
/** Advice said as a contrast, whatever its verb: "Honor the thing, not the habits.", "Hire for attitude, not for a CV." */
const MAXIM = /^\p{Lu}\p{Ll}*[^s\s]\s(?:the|for|your|on|with)\s[^,;:.!?]{2,40},\snot\s[^,;:.!?]{2,40}[.!]$/u;
// Sentences about the article or its links rather than its subject. Narrow on purpose:
// "above 10%" and "read on a phone" are content.
const META = new RegExp(
  [
    // "Thanks for having me", "Thank you for reading": pleasantries. A longer thanks that names who and why
    // ("Thank you to Priya, Tom and Ade, who joined when...") is the author's material.
    String.raw`^(?:thank you|thanks)\b(?=(?:\s+\S+){0,7}\s*$)|^[a-z]+, thank(?:s| you)\b(?=(?:\s+\S+){0,5}\s*$)`,
    // A show page's links to other episodes: "Related episodes", "Episode 74: Building a Carrier Network From Zero".
    String.raw`^related (?:episodes|posts|articles|reading|stories)\b|^episode \d+\s*:`,
    // A show page's chrome: "Listen on: Apple Podcasts | Spotify", "Share: Copy link | Email", "This transcript was generated
    // automatically", "Home   Episodes   About   Newsletter".
    String.raw`^listen (?:on|now)\b|^share\s*:|\btranscript (?:was|is|has been) (?:generated|produced|created|made) (?:automatically|by)\b|^some errors may remain\b|^(?:home|about|blog|contact|episodes|newsletter|pricing)(?:\s+(?:home|about|blog|contact|episodes|newsletter|pricing|podcasts?|shop|careers|log in|sign in|subscribe|archive|team|docs)){2,}$`,
    // A launch email's call to sign up and its postal footer: "Save your seat.", "Join our 20-minute live walkthrough...",
    // "Clausewell, Inc. · 401 Alder Street, Suite 300 · Portland, OR 97204".
    String.raw`^(?:save|reserve|book|grab|claim) your (?:seat|spot|place|ticket)\b|^join (?:us|our)\b(?:\s+\S+){0,5}\s+(?:webinar|walkthrough|demo|live session|livestream|ama|office hours)\b|\b\d{1,5} (?:[nsew]\.? )?[a-z]+(?: [a-z]+)? (?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|way|drive|square)\b(?=.*(?:·|\bsuite\b|, [a-z]{2} \d{5}\b))`,
    // An email's frame (round 14): "Having trouble reading this?", "Product announcements are sent about once a month.",
    // "Or read the setup guide if you'd rather do it yourself." (its link gone), "Reply to any issue and it comes straight
    // to me.", "On to it.", "...and this issue probably reflects that."
    String.raw`^having trouble (?:reading|viewing|seeing) this\b|\b(?:announcements|updates|emails|newsletters?|issues) (?:are|is|go) (?:sent|out) (?:about |roughly |around )?(?:once|twice|every|each|weekly|monthly)\b|^or (?:read|see|check out|browse) (?:the|our) .{0,40}\b(?:guide|docs|documentation|help (?:center|centre)|article)\b|\byou(?:['’]re| are) receiving this\b|\breply to (?:any|this) (?:issue|email|newsletter|edition)\b|^on to it\b|\bthis (?:issue|edition) (?:probably |mostly )?reflects\b|^this (?:one|issue|edition|email|letter|newsletter|(?:week|month)['’]s (?:issue|edition|email|letter|newsletter))(?:['’]s| is) (?:a bit |a little |much |a lot |slightly )?(?:longer|shorter) than usual\b`,
    // A pointer to what follows in the article: "read the percentages below as directional", "see the note below",
    // "read the whole thing, especially Why we changed this".
    String.raw`\bsee the (?:note|table|section|example|warning|diagram|chart|list) (?:below|above)\b|\bread the whole thing\b`,
    String.raw`\b(?:the|these|those|our) (?:\w+ ){0,2}?(?:numbers|figures|percentages|results|table|chart|graph|data|steps|details|findings) below\b`,
    // Round 16's pointers and frames: "If you only read one section, read 'What existing customers get'", "Read the
    // upgrade steps at the bottom before you deploy.", "This is an edited transcript of episode 112", "My guest this
    // week is Tobias...", "Talk next Tuesday," (a host's "Maren: Tobias, thank you." is with the podcast's thanks below).
    String.raw`\bif you (?:only )?read (?:one|a single) (?:section|part|thing)\b|\b(?:steps|section|details|notes|instructions|faq) at the (?:bottom|end)\b(?! of)|\bat the (?:bottom|end) of (?:this|the) (?:page|post|email|article|notes)\b|\bthis is an? (?:edited |lightly edited |full |partial )?transcript\b|\bmy guest (?:this week|today|on this episode) is\b|^(?:talk|speak|see you|catch you) (?:next|on) (?:week|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[^.!?]{0,20}[,.!]?$`,
    // A company's postal footer in any country: "Greyhollow Ltd · Unit 4, 17 Tanner's Row · Bristol BS1 6QG".
    String.raw`\b(?:ltd|limited|inc|gmbh|llc|b\.?v|sarl|sas|s\.?l|ab|as|oy|pty)\.?,?\s*[·|•]\s*\S`,
    // A guest's pleasantries: "I've listened to a lot of these, so it's slightly strange to be on the other side."
    String.raw`^(?:in this episode,? )?we (?:talk|chat) about (?:why|how|what|when|where|her|his|their)\b|\blistened (?:to (?:it|you|the show|this show) )?for years\b|\b(?:listened to|been listening to) (?:a lot of |all of )?(?:these|this show|the show|your show|the podcast)\b|\bon the other side of the (?:mic|microphone)\b`,
    // A podcast's furniture: the episode describing itself, the sponsor read.
    String.raw`\bin (?:this|today['’]s) episode\b|\bthis episode is (?:brought to you|sponsored) by\b|\blisteners of\b.*\bget\b|\b(?:use|with) (?:the )?(?:promo )?code\b|\bwelcome to the show\b|\bwe also (?:get into|talk about|cover|discuss|dig into)\b|^[A-Z][\w'’.-]+(?:\s[A-Z][\w'’.-]+)*:\s*(?:[A-Z][\w'’-]+,\s*)?(?:thanks|thank you)\b|\bbeen a (?:long-time |longtime )?listener\b|\b(?:great|glad|happy|good) to be here\b`,
    // An email about itself: "Long email ahead", "the TL;DR is in the first section", "Apologies this is late".
    String.raw`\blong (?:email|one|update) (?:ahead|today|this time)\b|\btl;?dr is\b|^(?:apologies|sorry) (?:this is|for the|that this)\b|\b(?:wait|waited|wanted to wait) until\b.*\bbefore writing\b`,
    // Page furniture a copy picks up: a cookie notice, a byline with a role, "updated for this year", a stray "lol".
    String.raw`\bwe use cookies\b|\bcookie (?:policy|settings|preferences)\b|^by [A-Z][\w'’-]+ [A-Z][\w'’-]+, (?:founder|co-?founder|ceo|head|director|editor)\b|\bupdated for (?:this|the current) year\b|\blol\b`,
    // Round 25's furniture: a show's credit line ("with Renee Okafor, founder of Arcline Welding Academy"), a masthead's
    // issue line between pipes ("News from Hollin Lane Bakery | November 2025 | Issue 31") and a newsletter pointing at
    // itself ("Below is what happened, a note on prices...").
    String.raw`^with [A-Z][\w'’-]+ [A-Z][\w'’-]+, (?:the )?(?:co-?founder|founder|ceo|owner|head|director|president|managing director)\b[^.!?]*$|\|\s*(?:issue|no\.?|vol\.?|edition)\s*#?\d+\s*(?:\||$)|^below (?:is|are) (?:what|how|a|the|our|my)\b`,
    // An email's signature role under the sender's name: "Director of Operations, Harbourline Freight" (round 23), with
    // its town ("Founder, Strokehouse Rowing Studio, Ancoats, Manchester": round 30).
    String.raw`^(?:(?:co-?)?founder|ceo|cto|coo|cfo|director|head|vp|vice president|chief|(?:general |product |operations )?manager|managing director|owner|president)\b[\w\s&'’-]{0,40}(?:,\s*[A-Z][\w&'’.-]*(?:\s[A-Z][\w&'’.-]*){0,3}){1,3}(?<![.!?])$`,
    // A memo to a board about itself (round 22): "As promised at the June board meeting, here is our quarterly operating
    // update.", "The longer version follows, in four parts.", "will share the full financial pack before the board
    // meeting", "I am very happy to take questions by email or on a call".
    String.raw`\bhere (?:is|are) (?:our|my|the) (?:\w+ ){0,2}(?:update|report|memo|letter|numbers)\b|\bthe (?:longer|long|full) version follows\b|\b(?:share|send|circulate) (?:the|our) (?:full |complete )?(?:financial|board|finance) (?:pack|deck|papers|report)\b|\b(?:happy|glad) to take (?:any )?questions\b`,
    // A memo's and a site's furniture: "shared with permission", "questions to me on Slack", the chat bubble, an author bio.
    String.raw`\bshared with permission\b|\binternal (?:write-up|memo|notes)\b|\bquestions to me on\b|\bin the shared drive\b|\bchat bubble\b|^[A-Z][\w'’-]+ [A-Z][\w'’-]+ is (?:the )?(?:co-?founder|founder|CEO|COO|CTO|CFO|head of|director of|VP of)\b`,
    // The article introducing itself: "This is the write-up of the test we ran", "Voici le récit de...".
    String.raw`^this is (?:the|a|my|our) (?:write-up|writeup|story|account|recap|summary|post-mortem|postmortem) of\b|^(?:voici|ceci est) (?:le|un|mon|notre) (?:récit|compte rendu|retour)\b|^(?:dies ist|das ist|hier ist) (?:die|der|das|mein|unser) (?:geschichte|bericht|rückblick)\b`,
    // A newsletter talking about itself: "this issue is for you", "Three things this week.", "I read every one, usually on
    // Sunday evenings" ("That's it for this week." is the page closing, below).
    // ...its frame: "I'm writing this at the counter before we open", "Thank you, as always, for reading, for buying...".
    String.raw`\bI['’]m writing (?:this|to you) (?:at|from|on|in|before|after|with|while)\b|\bas I write this\b|^thank(?:s| you),? (?:as always,? |again,? )?for reading\b|` +
      String.raw`^(?:a lot of|lots of|many of|so many of|some of|several of) you (?:have )?(?:written in|written to (?:me|us)|emailed|replied|messaged|been in touch|got in touch)[.!]?$|\bthis (?:issue|edition|week['’]s issue) is (?:for you|about|a short one)\b|^(?:two|three|four|five) things this week\b|^i read (?:every|each) (?:one|reply|email)\b|^(?:in this issue|this (?:week|month|issue))\s*:|^quick housekeeping\b|^(?:a )?quick note before we (?:get into it|start|begin|dive in)\b|\b(?:replies|responses|emails) to last week['’]s (?:issue|email|newsletter)\b|\bI['’]ll share (?:some of )?them (?:next week|in the next issue)\b|^(?:a )?(?:special |warm |big |quick )?(?:welcome|hello|hi) to (?:the )?(?:\d[\d,]*|all|everyone)\b.*\b(?:joined|subscribed|signed up)\b|^(?:once|twice|every) (?:a )?(?:week|month|fortnight|other week)(?:,)? I (?:write|send|share)\b|^(?:every|each) (?:few |couple of )?(?:weeks?|months?|episode|issue),? I (?:sit down|talk|speak|interview)\b(?!.*\bwho (?:says|tells|asks)\b)|\bthe transcript (?:is|has been|was) (?:lightly |slightly )?(?:edited|condensed)\b|\b(?:edited|condensed) (?:lightly )?for (?:length|clarity)\b`,
    // A series about itself and its footer: "Founder Notes is our monthly interview series", "This month's edition runs about 12
    // minutes", "is published by The Long Field", "Know someone we should interview?", "Manage email preferences".
    String.raw`\bis our (?:weekly|monthly|quarterly|fortnightly) (?:\w+ )?(?:series|newsletter|column|roundup)\b|^this (?:week|month)['’]s (?:edition|issue|episode) (?:runs|is)\b|\bis published by\b|\bknow someone we should (?:interview|feature|talk to)\b|\b(?:manage|update) (?:your )?(?:email )?preferences\b|\bpeople read (?:the|this|our)\b|^next (?:in (?:the|this) series|week|time|issue|month|up)\s*:|^coming (?:up )?next\s*:|^in the next (?:issue|post|part|instal?lment)\b`,
    // "Here's the outcome, because I know that's what you want.": the author stepping out of the story.
    String.raw`^here['’]s the (?:outcome|result|ending|punchline|twist|good news|bad news)(?:,|\.|!| because\b)`,
    // "That's it for October.", "Originally published on the Brightwater Studio blog", "Q: Thanks, Amara.": the page closing.
    String.raw`^that['’]s (?:it|all) (?:from me|from us)\b|^that['’]s (?:it|all) from\b[^.!?]{0,40}\bfor (?:now|this (?:week|month|time|issue))\b|^that['’]s (?:it|all) for (?:this|today|now|[a-z]+)\b|^originally (?:published|posted|appeared|written) (?:on|in|at|for)\b|^[A-Z]{1,2}:\s*(?:thanks|thank you)\b`,
    // "(Got a question? Hit reply.": the newsletter asking for mail.
    String.raw`^\(?(?:got|have) (?:a|any) questions?\b`,
    // A call to get in touch: "my DMs are open", "DM me".
    // ...and "If anyone wants the spreadsheet layout I used, drop me a message." (round 40 opened a post on it).
    String.raw`\bmy DMs are open\b|\bDM me\b|\bhappy to tell you about\b|\bmy inbox is open\b|\b(?:drop|send|shoot) (?:me|us) (?:a |an )?(?:message|line|note|email|DM)\b|\bmessage me\b`,
    // A podcast's and a newsletter's sign-off: "Rate and review us", "You're receiving this because you subscribed", "Try X free →".
    String.raw`^\[(?:chart|image|photo|figure|graph|video|table|screenshot|diagram|illustration)\b[^\]]*\]$|^(?:photo|image|picture|credit|source|illustration)s?\s*:\s*\S|\bforwarded this (?:email|newsletter)\b|\bsubscribe here\b|^found this (?:useful|helpful)\b|^share (?:it|this) with\b|\brate and review\b|\breply and (?:tell|let) me\b|\b(?:just )?hit reply\b|\bwherever you get your podcasts\b|\breceiving this (?:email )?because\b|\byou(?:['’]re| are) receiving (?:\S+\s){0,4}?because\b|^forwarded this\b|^back (?:next|in) (?:week|month|fortnight|two weeks|a fortnight|the new year)\b|^\[[^\]]*\b(?:transcript|members?|subscribers?|paywall|premium)\b[^\]]*\]$|^unsubscribe\s*(?:$|[|·]|here\b|now\b)|\bunsubscribe (?:here|at any time|anytime|from (?:this|these|our)|link)\b|\bto unsubscribe\b|\bview (?:this email )?in (?:your )?browser\b|→\s*$`,
    // A short line with an email address or a bare web address ("Questions about the analysis: ines@rotamint.co") and
    // a sales line ("...has a free 14-day trial") are calls to get in touch or sign up, not the article's thought.
    String.raw`^(?=(?:\S+\s+){0,14}\S+$).*[\w.+-]+@[\w-]+\.[\w.]+|\b(?:has|have|offers?|with) a free (?:\d+-day )?trial\b|\bbook a demo\b|\bsign up (?:at|here|today)\b`,
    // "Every webhook request has the same top-level shape.": the shape is the JSON example the paste lost (round 22).
    String.raw`\bha(?:s|ve) the same (?:[\w-]+ )?(?:shape|structure|format|schema)\.?$`,
    // "Any of the above packages": a pointer to a list or table the post will not have.
    String.raw`\b(?:any of |all of |each of )?the above\b`,
    // A newsletter's greeting: "Hi all, short one this month because...".
    // ...or from where it is written: "Hello from the bindery," (round 33 opened a post on it).
    String.raw`^(hi|hello|hey|dear) (all|everyone|friends|folks|team|there)\b|\bshort one this (week|month)\b|^(?:hi|hello|hey|greetings|good morning) from\b[^.!?]{0,40},$|^dear [^.!?]{1,40},$`,
    // A mailing list's footer: "You're receiving this because you signed up at the tap room", 'Reply "unsubscribe" and
    // we'll take you off the list' (round 39 ended a post on it).
    String.raw`\byou['’]re (?:receiving|getting) this (?:email |newsletter )?because\b|\breply ["“']?unsubscribe\b|\bunsubscribe (?:at any time|here|below|using)\b|\btake you off (?:the|our) (?:list|mailing list)\b`,
    // The author announcing the background ("Some background, because the crisis didn't come from nowhere.", "A bit of
    // context first."): round 41 opened a post on it.
    String.raw`^(?:(?:first,?|ok(?:ay)?,?|right,?)\s)?(?:some|a (?:bit|little) of|a little|a quick (?:bit of)?)\s?(?:background|context|history)(?:\s(?:first|on (?:us|me|the business)))?(?:[,.]|:$|\s(?:because|since|so)\b)`,
    // ...its way out: "Don't want these any more? Reply STOP." (round 42 ended a post on it).
    String.raw`^(?:don['’]t|no longer) want (?:these|this|our|my|to (?:receive|get|hear))\b[^.!?]{0,40}\?`,
    // ...and its thanks to the list: "Thank you, as always, for being on this list." (round 40 posted it).
    String.raw`\bfor (?:being on|reading|subscribing to|staying on) (?:this|the|my|our) (?:list|mailing list|newsletter|emails?)\b|\bthanks? (?:you )?for reading\b`,
    // A page's booking button, gone with the page: "Book online through the Book Now page, or call us on..." (round 40).
    String.raw`\b(?:through|via|using) (?:the|our) ["“]?(?:book now|book online|buy now|sign[- ]?up|donate|register)["”]? (?:page|button|link)\b|^book (?:online|now|today)\b`,
    // A guest's small talk on arriving: "I've listened to a few of these in the van, so it's strange being on the other
    // end." (rounds 36 and 37 posted it, once signed as the guest's point).
    String.raw`^I['’]ve listened (?:to (?:a few|a lot|loads|lots|maybe \w+|\w+) of these|for (?:a long time|years|ages))\b|\bso (?:it['’]s|this is) (?:a bit |slightly |very )?(?:strange|surreal|weird|odd) (?:to be |being )?(?:on the other|on this)\b`,
    // A show's tagline: "Conversations with people who run small firms, about the bits nobody puts on the website."
    String.raw`^(?:conversations|interviews|stories|talks|chats|honest conversations|weekly conversations) with (?:the )?(?:people|founders|owners|operators|makers|leaders)\b`,
    // A show describing itself: "I'm Jess Ramsden, and this is the show where we skip the motivational stuff..." (round 36).
    String.raw`\bthis is the (?:show|podcast|programme|program) (?:where|that|for|about)\b`,
    String.raw`\b(on|about|with|for|in) this\?$`,
    String.raw`\bthis (post|article|blog|page|guide|video|depiction|example|image|diagram|picture|illustration|figure|chart|snippet|screenshot|sandbox)\b`,
    String.raw`\b(in|from) (this|today's|the) (post|article)\b`,
    String.raw`\b(see|shown|listed|linked|mentioned|described|explained) (below|above|here)\b`,
    String.raw`\b(below|above|here):`,
    // "Click here", "click the link" point at the page; "challenge an overcharge in one click" is a claim, and "Click Add
    // endpoint." is a step of a list that reads broken without it (round 22: a five-step list posted with three).
    String.raw`\bclick (?:here|the (?:link|button)|on (?:the|this)|below|this|to (?:read|see|download|learn|sign|register|watch|get))\b`,
    String.raw`\bcheck (it |them )?out\b`,
    String.raw`^(learn|read) more\b|\b(learn|read) more (here|at|on (our|the))\b`,
    String.raw`^read on\b`,
    String.raw`\bfor more (\w+ )?(info|information|details|instructions)\b`,
    String.raw`^see\b`,
    String.raw`\byou can (view|find|read|watch|see|check)\b`,
    String.raw`^(last )?(updated|posted|published|edited)\b.*\d{4}\W*$`,
    // "Posted May 2 by Owen Strand, founder", "Posted June 3": a byline without its year.
    String.raw`^(?:posted|published|written) (?:on )?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}\b|by [A-Z])`,
    String.raw`^see (the|this|these|our)\b|\(see (the|this|these|our)\b`,
    String.raw`\bwatch (it|this|here|the (video|talk|recording|keynote|stream)|our (video|talk))\b`,
    String.raw`\bthe following\s*(:|(list|steps|example|code|table|diagram|sections?|points|questions|resources|links?|articles?|posts?)\b)`,
    String.raw`\bjump straight\b`,
    // "...and I'll explain exactly what happens next further down.": a pointer into the article.
    String.raw`\b(?:explain|cover|get to|come back to|say more|more on)\b.{0,40}\b(?:further down|further below|later in this (?:post|email|note|letter))\b`,
    String.raw`\bcontinue reading\b`,
    String.raw`\bstay tuned\b`,
    String.raw`\b(has|have) been (edited|condensed)\b`,
    String.raw`\b(is|are|it['’]s|they['’]re) (here|below|above)[.!]?$`,
    String.raw`^p\.\s?s\.`,
    // Pointers into the page or to elsewhere: "everything below", "as in Finding 1", "on our engineering blog".
    // ("Comprehensive: everything above plus a service they didn't ask for" is the third of three options: round 24; "more
    // than five points above your target food cost" is a comparison: round 28.)
    String.raw`\b(everything|all|anything|details|more|steps|things|items|links|sections|topics|ideas|stories|notes|points) (below|above(?!,?\s+(?:plus|and also|as well as)\b))\b(?!\s+(?:your|the|our|their|its|his|her|a|an|that|this|target|average|\d))|\b(in|see|from) (finding|section|part|step|chapter|figure|table) \d+\b|\bon our (\w+ )?blog\b|\bquestions welcome\b|\bi read every (reply|comment|email|message)\b`,
    String.raw`\b(we|i) (want|would like|['’]d like) to thank\b|\bthank(s| you) to (everyone|all)\b(?!.*\b(?:me|my)\b)|\bas noted (above|earlier|before)\b|\bthis (document|tutorial|howto|how-to|walkthrough)\b`,
    String.raw`^(watch|see|visit|read|check|find|listen to|download|try)\b.*\bhere[.!]?$`,
    String.raw`\b(traceback|example|code|output|snippet|session|table|figure|diagram|chart|list|command|screenshot)s? (above|below)\b`,
    // A sales call to action: "Ready to see what it can do for your team?", "Book a demo".
    String.raw`^(ready to|want to see|interested in|curious (how|what|whether)|looking for a)\b.*\?$|\b(book|request|schedule) a (demo|call)\b|\bstart your free trial\b|\bfollow me for more\b`,
    String.raw`\b(i['’]ll|we['’]ll|i will|we will) (explain|cover|get to|share|come back to)\b.*\b(below|later|at the end)\b|^(two|three|four|a few|some|my) (asks|questions|things|notes|requests) (at the end|below)\b`,
    String.raw`\b(happy to (jump on|hop on|have) a call|let me know if you have (any )?questions|reach out if)\b`,
    String.raw`\b(this is confidential|please don['’]t forward|do not forward|not for distribution)\b`,
    // A podcast's intro and outro, an article about itself in other languages, "below" in other languages.
    String.raw`\b(welcome (back )?to (the|this|our) (show|podcast|episode)|subscribe wherever you|wherever you get your podcasts|if you (liked|enjoyed) this (episode|post|issue|article)|thanks for (coming on|having me|listening)|leave (us )?a review)\b`,
    String.raw`\b(cet article|ce billet|dans cet article|dieser artikel|in diesem artikel|este artículo|en este artículo|este artigo|neste artigo|questo articolo|in questo articolo|dit artikel|in dit artikel|hieronder|ci-dessous|weiter unten|a continuación|abaixo|qui sotto)\b`,
    String.raw`\bplease donate\b|\bis a non-profit\b`,
    // A show's notes promising the conversation (round 21): "Kwame tells Dana how he found his first fifty customers...,
    // why...", "We talked to her about how she hires, ...", "We spoke to Ruth about selling to farmers, why...". The
    // answers are in the posts; the promise is a teaser with its payoff elsewhere. So is round 23's "Co-founder and CEO
    // Arjun Mehta joins Dana to talk about the recall...".
    String.raw`\bjoins [A-Z][\w'’-]+ (?:to (?:talk|discuss|chat) about|for a conversation about)\b|^(?!(?:you|we|i|they|she|he|it)\s)\S+ (?:tells|told|talks to|talked to|walks) \S+ (?:through )?(?:how|why|what|about)\b.*,.*\b(?:how|why|what|and)\b|^(?:we|i) (?:spoke|talked|chatted|sat down) (?:to|with) (?:\S+ ){1,3}?about\b.*,`,
    // A newsletter pointing at its own layout (round 34): "so this month's main story is a long one", "Shop news, dates
    // and the new cheese are further down if you want to skip ahead."
    String.raw`\bthis (?:month|week|issue)['’]s (?:main|lead|big) (?:story|piece|item)\b|\b(?:further|lower) down\b[^.!?]*\bskip\b|\bskip (?:ahead|down|to the (?:end|bottom))\b|^I won['’]t be offended[.!]$`,
    // An offer to the reader at the end of a post ("I'm happy to share the spreadsheet template I used if it's useful to
    // anyone.": round 35 opened a post on it; "Happy to share the categories I used if anyone wants to try", round 37).
    String.raw`^(?:I['’]m |I am |I['’]d be |we['’]re |we['’]d be )?(?:happy|glad) to (?:share|send|pass on) (?:the|my|our) (?:\w+ ){0,2}(?:spreadsheet|template|sheet|checklist|slides|doc|file|notes|categories|formulas?|questions|list|script|column headings|headings|columns|layout)\b`,
    // The newsletter pointing at its own main item: "This is the main thing I wanted to write about, because..." (round 41).
    String.raw`^this is the (?:main|big|real) (?:thing|story|item|news) I (?:wanted|want) to (?:write|talk|tell you) about\b`,
    // A newsletter's sign-off: about the newsletter, not its subject.
    String.raw`\b(that['’]s (it|all) for (this|today)|forward (it|this) to|this newsletter|if (this|one of these|it) was (useful|helpful)|see you next (week|time)|until next (week|time)|thanks for reading|hit reply|reply to this email)\b`,
    String.raw`\b(reply to (this|the|our)|find (me|us) on|we['’]d love to hear|let (me|us) know|get in touch|sign up (here|now|today)|download (the|our) (?:free |full |complete )?(?:guide|e-?book|report|white ?paper|checklist|app|pdf|deck|playbook|template pack|toolkit)|register (here|now))\b`,
  ].join("|"),
  "i",
);
/**
 * A page sending the reader to another page by its title: "If you only need the invoice header (...), see Extract header
 * fields instead.", "If you want to invoice a single new tenant part-way through the year, see Invoicing a new tenant
 * mid-year." (round 41). Case matters here, unlike in META: the capital is what tells a page's title from "see it as a signal instead".
 */
const SEE_OTHER_PAGE = /\b[Ss]ee (?:the )?\p{Lu}[^.;!?]{2,60} instead\b|^If you (?:want|need) to [^,]{3,80}, see (?:the |our )?\p{Lu}[^.;!?]{2,60}\.?$/u;

export const DANGLING =
  /^(This|That|These|Those|It|Its|It's|They|Them|Their|He|She|Such|However|But|And|So|Also|Then|Finally|Instead|Although|Because|Which|Here|Another|Other|Both|Each|Again|Still|Yet|Or|Plus|Thus|Therefore|Hence|In addition|Additionally|Similarly|Likewise|Otherwise|Unless|For example|In practice|In principle|With this|To do this|To solve this|First,|Second,|Third,|Lastly|Not the|Not a|Not an|The other|The rest|The remaining|The second|The third|The next|Secondly|Thirdly|Zweitens|Drittens|Viertens|Deuxièmement|Troisièmement|Ensuite|Enfin|Schließlich|Zuletzt|La deuxième|La troisième|Le deuxième|Le troisième|En segundo lugar|En tercer lugar)\b|^Next(?:,|\s+(?:in|up)\b)|^In (?:that|this|the same) (?:order|case|way|sense)\b|^[^.,]{1,40},\s+(?:he|she|they|it|this|these)\b|^(?:None|Some|Most|All|Many|Few|Several|Half|Each|Neither|Both) of (?:them|those|these)\b|^(?:Daraus|Davon|Dazu|Dafür|Darauf|Danach|Deswegen|Dadurch|Deshalb|Darum|Daher|Trotzdem|Außerdem|Stattdessen|Dies|Diese|Dieser|Dieses|Cela|Ceci|Donc|Ainsi|Pourtant|Cependant)(?![\p{L}])|^\S+(?:\s\S+){0,8}\s(?:haben|hatten|sind|waren|ist|war)\s(?:wir|ich|sie|es)\salso(?![\p{L}])/iu;

/**
 * "We cut all nine, including the almond croissant": a count whose things were named in the sentences before (round 22's
 * newsletter opened a post on it, "all nine what?").
 */
const COUNT_WITHOUT_NOUN =
  /(?<![\p{L}])(?:all|the|those|these|both of the) (?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?![,.]?\d))(?=[,.;!?]|\s(?:of them|including|were|are|went|made|took|had|have)(?![\p{L}]))/iu;

/**
 * Lines that finish or label the one before them: "In two, the joint... hadn't bonded" (two of the cases before) and
 * "We've grown steadily since, but..." (since what?), round 33's interview hooks; a reply that finishes the line before
 * it ("We hadn't.", round 36's campervan story; "We were, for about two years." and "Everyone can, except me at the
 * time.", round 38's and 39's podcast replies to a host's line); a label for what follows ("The less good news.",
 * round 37).
 */
const FINISHES_LINE_BEFORE =
  /^In (?:two|three|four|five|six|both|the other)(?: cases)?,|^(?:(?:and|now|but|so),?\s)?(?:the\s)?(?:less\s|not so\s|not-so-)?(?:good|bad|better|worse|other|best|worst|real)\snews(?:\s(?:first|next|now))?[.:!]$|^(?:we|I|they|he|she|it|you|nobody|no one|everyone|everybody|someone)\s(?:had|did|was|were|could|would|can|do|does|have|has|will|should)(?:n['’]t|\snot)?(?:\s(?:either|too|neither))?(?:[.!]$|,\s(?!and\b|but\b|so\b|which\b|who\b)(?![^.!?]*,\s))|^(?:\S+\s){1,3}(?:\S+\s)?since,/iu;

/**
 * A short line with a bare web address ("Questions about the analysis: rotamint.co/contact") is a call to get in touch.
 * Written in lower case: "I turned off Booking.com entirely for January 2023." names a company (round 24 dropped it).
 */
const WEB_ADDRESS = /^(?=(?:\S+\s+){0,14}\S+$).*(?<![\w@/.])[a-z0-9-]+\.(?:com|co|io|ai|app|dev|org|net|de|fr|nl|es|uk|eu|so|fm)(?:\/\S*)?(?![\w-])/u;

/**
 * "It took me 14 months to...", "It's been two years since...", "It cost £210 to reprint 1,400 labels": an "it" that
 * points at nothing before it.
 */
const EXPLETIVE_IT =
  /^It\s+(?:cost|costs|took|takes)\s+(?:(?:me|us|them|him|her)\s+)?(?:about\s+|around\s+|roughly\s+|just\s+|only\s+|over\s+|under\s+)?[£$€]?\d[\d,.]*\s?(?:k|m|pounds|dollars|euros|hours|days|weeks|months|years|minutes)?\s+to\s+[a-z]|^It(?:['’]s| has| had)?\s+(?:took|takes|take|taken)\s+(?:me|us|them|him|her|our|my|their)\b|^It(?:['’]s| has| had)\s+been\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|a\s+(?:year|month|week|decade))/i;

/** Ordinal openers by rank, in the languages the strategist writes: "Second," needs a "First," before it. */
const ORDINALS: RegExp[] = [
  /^(?:First(?:ly)?|Erstens|Premièrement|(?:Tout )?D['’]abord|Primero|En primer lugar|Primeiro|Primo|Ten eerste)\b/u,
  /^(?:Second(?:ly)?|Zweitens|Deuxièmement|Segundo|En segundo lugar|Secondo|Ten tweede)\b/u,
  /^(?:Third(?:ly)?|Drittens|Troisièmement|Tercero|En tercer lugar|Terceiro|Terzo|Ten derde)\b/u,
  /^(?:Fourth(?:ly)?|Viertens|Quatrièmement|Cuarto|Quarto|Ten vierde)\b/u,
];

/** 0 for "First,", 1 for "Second," ...; -1 for a line that opens on no ordinal. */
/**
 * A line that sets the scene ("In early 2023, Ledgerline had 14 people", "Between January 2023 and February 2024
 * we...", "Rotamint sells..."): where a story starts, not what it says.
 */
export const setsTheScene = (text: string) =>
  /^(?:In|Between|On|By|Since|Last|From|After|Before|During|Over)\b[^,.]{0,30}\d/u.test(text) ||
  /^\p{Lu}[\p{L}-]+\s(?:is|sells|makes|builds|was|ist|est|es|é)\s(?:a|an|the|un|une|eine?|uma?)\b/u.test(text);

export const ordinalRank = (text: string) => ORDINALS.findIndex((ordinal) => ordinal.test(text));

/**
 * A memo's or a letter's aside to the people it was sent to ("You will remember that in Q2 our single battery supplier
 * missed two shipments", "As many of you know, ..."): a stranger on LinkedIn remembers nothing, so the sentence starts
 * at what it says (round 22's investor memo).
 */
const READER_ASIDE =
  /^(?:as a (?:quick )?reminder(?: for (?:newer|new) (?:readers|investors|subscribers))?|for (?:newer|new) readers|you (?:will|may|might|'ll|’ll) (?:remember|recall)|as (?:(?:many|most|some) of )?you (?:will |may |might )?(?:know|remember|recall|have heard|saw)|as you(?:['’]ll| will) (?:remember|recall)),?\s+(?:that\s+)?(?=\S)/iu;

export function withoutReaderAside(sentence: string): string {
  const match = READER_ASIDE.exec(sentence);
  if (!match) return sentence;
  const rest = sentence.slice(match[0].length);
  return rest.length < 20 ? sentence : rest.charAt(0).toUpperCase() + rest.slice(1);
}

export function traitsOf(sentence: string): Traits {
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  // A menu path in a help page ("go to Map > Geofences and click New geofence") is a step, not code (round 25's docs
  // lost the first step of both its procedures).
  // ...and a rate's slash is "per" ("£14.50/m²", "£9/hr"): round 42's price tier "151–300m²: £14.50/m²" read as code
  // and left its list.
  const symbols = sentence.replace(/(?<=\p{L}) > (?=\p{Lu})/gu, " to ").replace(/(?<=[\d\p{L}²³%])\/(?=\p{L}{1,6}[²³]?(?![\p{L}/]))/gu, " per ");
  const code =
    looksLikeCode(sentence) ||
    // Letters against the symbols code is made of: "Two or three: 22.6%." is prose, figures and all.
    letters / Math.max(letters + (symbols.match(/[{}()[\]<>=;/\\|_*#@^~`$]/g)?.length ?? 0), 1) < 0.75 ||
    /[{}<>]|=>|\b\w+\.\w+\([^)]|\w\([^)]*[=,][^)]*\)/.test(symbols) ||
    (sentence.match(/\b\d+\.\d+\.\d+/g)?.length ?? 0) >= 3 ||
    // A configuration file's lines run together: "[policy.web.transform] compress = "zstd" level = 6".
    /^\[[\w.-]+\]|(?:^|\s)[a-z_][\w.-]*\s=\s(?:["'\d[]|true\b|false\b)/.test(sentence);
  return {
    numbers: numberWeight(sentence),
    story: storyWeight(sentence),
    claim: Math.min(3, sentence.match(CLAIM_WORDS)?.length ?? 0),
    opinion:
      /\b(we believe|i believe|we think|i think|in my (view|opinion)|should|must|never|the best|better than|worse than|the right|wrong|the only way)\b/i.test(
        sentence,
      ),
    question: /[?؟]["'”’)]*$/.test(sentence),
    imperative: IMPERATIVE.test(sentence) || MAXIM.test(sentence),
    leadIn: /:["'”’)]*$/.test(sentence),
    // "... by Ryan Florence": a talk title or a credit line, not a thought.
    meta:
      META.test(sentence) ||
      WEB_ADDRESS.test(sentence) ||
      // ("Sign up in the shop at 214 Gloucester Road, Tuesday to Saturday" tells the reader where to go: round 31's list lost it.)
      (ADDRESS_LINE.test(sentence) &&
        !/(?<![\p{L}])(?:we|I|our|my|us|me)(?![\p{L}])/iu.test(sentence) &&
        !/^(?:sign up|visit|come|pop|drop|call|book|join|find us|head)\b/iu.test(sentence)) ||
      SEE_OTHER_PAGE.test(sentence) ||
      // A publication's dateline over an interview: "West End Traders, Shop Talk: November 2025" (round 45 opened a post on it).
      PUBLICATION_DATELINE.test(sentence) ||
      // A show's notes about the episode: "Amara and Dan talk about the missing tray that started the company...".
      /^\p{Lu}\p{Ll}+ and \p{Lu}\p{Ll}+ (?:talk about|discuss|chat about|dig into|get into)\b/u.test(sentence) ||
      /\bby\s+\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+)+(?:\s+and\s+\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+)+)?[.!]?$/u.test(sentence),
    // A fragment cut from a run-on starts in lower case and cannot stand alone either.
    dangling:
      (DANGLING.test(sentence) && !EXPLETIVE_IT.test(sentence) && !CLOCK_IT.test(sentence)) ||
      /^\p{Ll}/u.test(sentence) ||
      COUNT_WITHOUT_NOUN.test(sentence) ||
      FINISHES_LINE_BEFORE.test(sentence),
    code,
    broken: count(sentence, /\(/g) !== count(sentence, /\)/g) || count(sentence, /“/g) !== count(sentence, /”/g),
  };
}

function numberWeight(sentence: string): number {
  let weight = 0;
  weight += 3 * count(sentence, /\d+(?:[.,]\d+)?\s?%/g);
  weight += 3 * count(sentence, /\b\d+(?:\.\d+)?\s?(?:x|×)(?!\w)/g);
  weight += 2.5 * count(sentence, /\b\d+(?:[.,]\d+)?\s?(?:million|billion|thousand|hundred|k|m|bn)\b/gi);
  weight += 2 * count(sentence, /\b\d+\+/g);
  weight += 1.5 * count(sentence, /\b(?:tens of thousands|hundreds of|thousands of|millions of|billions of|a decade|twice|double|half of)\b/gi);
  weight += 1.5 * count(sentence, /\b\d{1,3}(?:,\d{3})+\b/g);
  weight += 1 * count(sentence, /\b(?:over|more than|nearly|almost|up to|under|less than)\s+\d/gi);
  weight +=
    1 *
    count(sentence, /\b(?:CVSS|score|rated|downloads?|users|customers|attendees|developers|people|apps|components|screens|examples|times)\b/gi) *
    (/\d/.test(sentence) ? 1 : 0);
  // Plain counts ("78 million", "600 new examples") but not years, versions or dates.
  const plain = sentence.replace(/\b(?:19|20)\d\d\b|\bv?\d+\.\d+(?:\.\d+)*\b|\b\d{1,2}(?:st|nd|rd|th)\b/g, "");
  weight += 0.5 * count(plain, /\b\d+\b/g);
  weight -= 1.5 * Math.max(0, count(sentence, /\bv?\d+\.\d+(?:\.\d+)+/g) - 1);
  return Math.max(0, weight);
}

function storyWeight(sentence: string): number {
  let weight = 0;
  if (/\b(?:in|since|back in|by|until|around) (?:19|20)\d\d\b/i.test(sentence)) weight += 2;
  if (/\b(?:when (?:we|i)|years? ago|last (?:year|week|month)|back then|at the time|at first|for years|over time|one day|that day)\b/i.test(sentence))
    weight += 1.5;
  if (/\b(?:on|in) (?:January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(sentence)) weight += 1.5;
  weight += Math.min(2, count(sentence, STORY_VERBS));
  if (/\b(?:we|i|our|my)\b/i.test(sentence)) weight += 0.5;
  // "When it's released, React 18 will..." is a plan, not a story.
  if (/\b(?:will|going to)\b/i.test(sentence)) weight -= 1.5;
  return Math.max(0, weight);
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Lower case, letters and digits only: for comparing sentences and finding repeats. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * A customer notice: when, where and how to book ("Our next tasting evening is on Thursday 30 November at 7pm, upstairs in
 * the back room of the Church Inn.", "Tickets are £24 and there are 20 places.", "We're closed on Monday 10 and Tuesday 11
 * March for our stocktake."). Round 44's reader: "a newsletter of notices does not make a 7-post LinkedIn week".
 */
export function isNotice(text: string): boolean {
  return BOOKING.test(text) || OFFER.test(text) || (WHEN.test(text) && (ARRANGEMENT.test(text) || SCHEDULED.test(text)));
}
/** "15% off all pole elastics and bungs until 31 March.", "Buy any two tubs of groundbait and get a third free." */
const OFFER =
  /^(?:\d+%|half price|a third|a quarter)\s(?:off|discount)\b|(?<![\p{L}])buy (?:any )?(?:one|two|three|\d+)\b[^.!?]{0,60}\bget\b[^.!?]{0,30}\bfree\b/iu;
const WHEN = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?:[.:]\d{2})?\s?(?:am|pm)|\d{1,2}(?:st|nd|rd|th)?\s(?:${EN_MONTHS})|(?:${EN_MONTHS})\s\d{1,2}(?:st|nd|rd|th)?(?!\d))(?![\p{L}])`,
  "iu",
);
const ARRANGEMENT =
  /(?<![\p{L}])(?:tickets?|places|spaces|seats|book(?:ing|ings|ed)?|order form|last orders|orders? (?:by|before)|collections? (?:run|are|is)|collect (?:on|from|it)|open(?:s|ing)?|closed?|doors|venue|sign[- ]up|register|rsvp|queue|draw at|will be in the (?:shop|store)|opening hours|summer hours|winter hours)(?![\p{L}])/iu;
const SCHEDULED = /(?<![\p{L}])(?:is|are|runs?|starts?|moves?|will be|is coming back)\s(?:on|from|at|until)\s/iu;
const BOOKING =
  /(?<![\p{L}])(?:tickets? (?:are|is|cost)|there are \d+ (?:places|spaces|seats)|reply to this email|order form|last orders|rsvp|book (?:your (?:place|seat|ticket|table|spot)|a (?:place|seat|ticket|table|spot)|online|early|now)|(?:like|want) to book(?![\p{L}])|(?:\d+|six|five|four|three|two|ten) places)/iu;

/** "West End Traders, Shop Talk: November 2025", "Small Business Spotlight, Meath Chronicle Business Supplement, March 2025". */
const PUBLICATION_DATELINE = new RegExp(
  String.raw`^(?![^.!?]*(?<![\p{L}])(?:is|was|were|are|has|had|have|did|does|will|can)(?![\p{L}]))[*_]?\p{Lu}[^.!?]{2,80}[,:]\s(?:[^.!?]{2,60}[,:]\s)?(?:${EN_MONTHS})\s\d{4}[*_]?\.?$`,
  "iu",
);
