import { squash } from "./language";
/**
 * What a paste copied from a browser loses and gains. It loses its structure: headings arrive
 * as short lines of their own (often glued to the next paragraph), numbered headings look like
 * list items, code arrives without fences. It gains the page around the article: navigation,
 * a table of contents, a byline, share buttons, a footer. This pass runs on the text before
 * block parsing: it turns heading-shaped lines into Markdown headings, drops code, console
 * output and tracebacks, and drops the page's furniture, so every later step sees an article.
 * Line by line, linear time.
 */

/** Labels in front of a heading that number it rather than name it ("2.", "Step 3:", "Finding 1:"). */
const HEADING_LABEL =
  /^(?:\d{1,2}[.)]\s+|(?:step|finding|lesson|part|tip|mistake|rule|principle|chapter|section|étape|leçon|partie|schritt|lektion|teil|paso|lección|parte|passo|lição|lezione|stap|les|deel)\s+\d{1,2}\s*[:.–—-]\s*)/i;

/** "Erreur n° 1 :", "Mistake #2 —", "Lesson 3:": a word and a number that count the sections. */
const COUNTED_LABEL = /^(?:\p{L}+\s+){1,2}(?:n°|no\.|nr\.|#)?\s*\d{1,2}\s*[:.–—-]\s+/iu;

/** "Deuxième changement :", "Second mistake:": an ordinal and a noun that count the sections. */
const ORDINAL_LABEL =
  /^(?:first|second|third|fourth|fifth|sixth|seventh|premier|première|deuxième|troisième|quatrième|cinquième|erste[rns]?|zweite[rns]?|dritte[rns]?|primer[oa]?|segund[oa]|tercer[oa]?|primeir[oa]|terceir[oa]|prim[oa]|second[oa]|terz[oa]|eerste|tweede|derde)\s+\p{L}+\s*[:.–—-]\s+/iu;

export function stripHeadingLabel(heading: string): string {
  const stripped = heading.replace(HEADING_LABEL, "").replace(COUNTED_LABEL, "").replace(ORDINAL_LABEL, "").trim();
  if (stripped.length < 3) return heading;
  // "commencer par les fonds..." once its label is gone starts a line: a capital, as a heading would.
  return stripped === heading ? heading : stripped[0]!.toUpperCase() + stripped.slice(1);
}

// Page furniture, each a whole line. Short lines only: a sentence that mentions "copyright" is prose.
const NAVIGATION =
  /^(?:navigation|index|modules|next|previous|home|menu|search|toggle navigation|skip to (?:main )?content|back to top|on this page|in this article|contents|table of contents|sommaire|inhaltsverzeichnis|índice|indice|inhoud)\s*[|»›:]?\s*$/i;
const BREADCRUMB = /(?:\s[»›>]\s.*){1,}|\s\|\s*$|^[\p{L}][\p{L}\d .'’-]{0,30}(?:\s\/\s[\p{L}\d][\p{L}\d .'’-]{0,40}){2,}$/u;
const FOOTER =
  /©|\bcopyright\b|all rights reserved|\bregistered in (?:england|scotland|wales|northern ireland)\b|\bregistered office\b|\bcompany (?:no\.?|number|registration)\s*:?\s*\d|\blicen[cs]ed under\b|^last (?:updated|modified)\b|^created using\b|^powered by\b|^previous topic\b|^next topic\b|^this page\b|^report a bug\b|^show source\b|^edit (?:this page|on github)\b|^was this page helpful|^found a (?:bug|typo)|^report an? (?:issue|problem)\b|^(?:yes|no)$|^still (?:stuck|need help|have questions|having trouble)\?|^need (?:more )?help\?|^(?:have|got) (?:more|any|other) questions\?|^submit a (?:request|ticket)\b|^(?:search|suche|suchen|rechercher|buscar|zoeken)\b[^.!?]{0,50}(?:\.\.\.|…)$|^\p{Lu}[\p{L}&'’-]*(?:\s\p{Lu}[\p{L}&'’-]*)?\s(?:help cent(?:er|re)|docs|documentation|knowledge base|support cent(?:er|re)|hilfe|aide)$|^[<‹«←]?\s*(?:previous|next|prev) (?:article|post|page|topic|lesson)\s*[>›»→]?$|^was this (?:article|page|answer) helpful\??$|^\d+ out of \d+ found this helpful\b|^(?:tags?|categories|filed under|posted in)\s*:/iu;
const SHARE =
  /^(?:share(?: on| this| via)?|tweet|pin it|email this|copy link|print|subscribe\b|sign up(?: for (?:our|the|my) (?:newsletter|mailing list|updates)| here| now| today|\s*$)|book a demo|request a demo|get a demo|get started\b|start (?:your )?free trial|try it free|related stories|more stories|more from\b|written by\b|follow (?:me|for more)\b|join (?:the|our) newsletter|follow (?:us|me)\b|like this\b|related (?:posts|articles|reading)\b|you (?:may|might) also like|leave a (?:reply|comment)|comments?\s*\(?\d*\)?$|read next\b|more from\b|partager|abonnez-vous|teilen|abonnieren|compartir|suscríbete|compartilhar|condividi|iscriviti|delen|abonneer)/i;
// Two patterns: case matters for names ("By Claire Martin", not "By default, ..."), not for the rest.
const BYLINE_NAME =
  /^(?:By|by|Par|par|Von|von|Por|por|Di|di|Door|door)\s+\p{Lu}[\p{L}.'’-]+(?:[\s,]+(?:\p{Lu}[\p{L}.'’-]+|and|&|et|und|y|e|en|de|van|der|den|von|da|du|la|le|di|dos|das))*(?:\s*[·|,•–—-]\s*.*)?$/u;
const BYLINE =
  /^(?:authors?|auteurs?|autor(?:en)?|autori)\s*:$|\b\d+\s*(?:min(?:ute)?s?|minutes?) (?:read|de lecture|Lesezeit|de lectura|de leitura|di lettura|leestijd)\b|^(?:author|authors|auteur|autor|autore|written by|posted by|published)\s*:?\s+[A-Z]/iu;
/**
 * A byline with no "By": "Greg Whitfield, owner, Whitfield Plumbing & Drain, Columbus, Ohio" ("Hemal Shah, optometrist and
 * owner, Shah Opticians, Gold Street, Kettering", round 41); and a subtitle that ends on
 * one: "A practical guide for contractors... By Nadia Ferris, Ferris & Co. Bookkeeping, Tucson, Arizona." (round 27 posted
 * both as the second line of a post).
 */
const NAME_ROLE_LINE =
  /^\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+){1,2},\s(?:\p{Ll}[\p{L}-]+(?:\s\p{Ll}[\p{L}-]+)?\s(?:and|&)\s)?(?:owner|founder|co-?founder|ceo|coo|cto|managing director|director|president|partner|principal|head of [\p{L} ]+|owner and [\p{L} ]+)(?:,\s[^.!?]{2,80})?\.?$/iu;
const SUBTITLE_BYLINE = /[.!?]\s+By\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+){1,2},\s[^!?]{2,90}$/u;
/** "A practical guide from Hannah Osei, owner of Saltbox Kitchen, a wedding and events caterer in Bristol" (round 28). */
const GUIDE_FROM = /^(?:an?\s)?(?:practical\s|short\s|quick\s|field\s)?(?:guide|handbook|primer|playbook)\s(?:from|by)\s\p{Lu}[\p{L}'’-]+\s\p{Lu}/iu;
const DATE_LINE = /^(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?(?:\d{1,2}\s+\p{L}+|\p{L}+\s+\d{1,2}(?:st|nd|rd|th)?),?\s+\d{4}$|^\d{4}-\d{2}-\d{2}$/iu;
/** "Arjun Mehta is co-founder and CEO of Kilnworks.": the author's bio under a post. */
const BIO =
  /^[*_]?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}\s+(?:is|was|est|ist|es|é|è|is)\s+(?:a\s+|an\s+|the\s+|une?\s+|eine?\s+)?(?:co-?founder|founder|ceo|cto|coo|head|director|partner|writer|author|editor|fondateur|fondatrice|cofondateur|cofondatrice|co-fondat\p{L}+|gründer\w*|mitgründer\w*|geschäftsführer\w*|fundador\w*|cofundador\w*|fondatore)\b/iu;
/** "Marguerite Haldane runs Haldane Supply Partners, a procurement advisory firm...": a bio in the third person (round 19). */
const BIO_RUNS = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}\s+(?:runs|leads|heads|founded|co-founded|owns)\s+\p{Lu}[^.!?]*,\s+(?:a|an|the)\s[^.!?]+\.$/u;
const SIGN_OFF =
  /^[—–]\s*\p{Lu}[^.!?]{0,60}$|^(?:thanks for reading|thank you for reading|see you (?:next|on)\b|until next \p{L}+|talk soon|cheers|best|all the best|hi (?:friends|all|everyone|there)|hello (?:friends|all|everyone)|dear (?:friends|readers)|bonjour à tous|merci de m'avoir lu|hallo zusammen|hola a todos|olá a todos|ciao a tutti)\b.{0,40}$|^[—–-]\s*\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)?$/iu;
/**
 * A line that opens on a capitalised name of two or three words. The patterns above and below are case-insensitive for
 * their role words, which makes their \p{Lu} match any letter: this keeps "the other, a product manager defended a
 * design choice for most of the" (a hard-wrapped line of prose, round 13) from reading as a signature.
 */
const OPENS_ON_NAME = /^[—–*_-]?\s*[*_]?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}[,\s]/u;
/** "Camille Roussel, cofondatrice et CEO de Tuilerie": a name and a title, signing the piece. */
const SIGNATURE =
  /^[—–-]?\s*\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2},\s+(?:[\p{L}-]+\s+){0,4}(?:co-?founder|cofondat\p{L}*|founder|fondat\p{L}*|gründer\p{L}*|fundador\p{L}*|ceo|cto|coo|cmo|head|director|directrice|directeur|editor|partner|manager|vp|president|présidente?)\b[^.!?]*$/iu;
/** "Andrew Dalke and Raymond Hettinger": a credit line of names alone. */
const NAMES_ONLY = /^\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+)+(?:\s*(?:,|and|&)\s*\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+)+)+\.?$/u;

// Code and what code prints, as a browser copies it without fences.
const PROMPT = /^\s*(?:>>>|\.\.\.(?=\s|$)|\$ |% |In \[\d+\]:|Out\[\d+\]:|PS [A-Z]:\\)/;
const TRACEBACK = /^\s*(?:Traceback \(most recent call last\)|File "[^"]*", line \d+|\^+\s*$|[A-Z]\w*(?:Error|Exception|Warning)(?::|$))/;
const CONSOLE =
  /^\s*(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|TRACE|FATAL)(?::[\w.]*)?:|^\s*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\s+(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)?/;
/** A "# comment" inside code: a heading never starts with a lower-case word or a code token. */
const CODE_COMMENT = /^\s*#\s*(?:\p{Ll}|[\w.]+\s*[=(]|!)/u;

/**
 * The line above line `i` as a heading reads it: blank after a section's name just set apart ("Troubleshooting" over
 * "Alerts fire twice when a vehicle arrives": round 25's docs ran that question into its answer; a name of a word or
 * three, never the title, and never over a lead-in such as "You'll need:"), and blank after a line that goes as
 * furniture ("Docs > API reference > Rate limits").
 */
function lineAbove(lines: string[], i: number, out: string[], trimmed: string): string | undefined {
  const sectionAbove =
    out.at(-1) === "" && out.at(-2)?.startsWith("## ") && wordsIn(out.at(-2)!.slice(3)) <= 3 && out.slice(0, -2).some((kept) => !blank(kept));
  if (sectionAbove && !trimmed.endsWith(":")) return "";
  const furnitureAbove = i > 1 && !blank(lines[i - 1]) && isDebris(lines[i - 1]!) && (blank(lines[i - 2]) || isDebris(lines[i - 2]!));
  return furnitureAbove ? "" : lines[i - 1];
}

/** The first line from `from` on that is neither blank nor furniture. */
const nextKept = (lines: string[], from: number) => lines.slice(from).find((line) => !blank(line) && !isDebris(line));

const HELP_OFFER =
  /^(?:still (?:stuck|need help|have questions|having trouble|can['’]t find (?:it|what you need))|need (?:more |any more )?help|can['’]t find what you['’]re looking for|didn['’]t find (?:what you (?:were|are) looking for|an answer))\?/iu;
/** "Updated over a week ago", "Updated 3 days ago": a help article's age, shown under its title. */
const UPDATED_AGO = /^updated (?:over |about |almost |more than |less than )?(?:a|an|one|a few|\d+) (?:second|minute|hour|day|week|month|year)s? ago$/iu;

function isDebris(line: string): boolean {
  const trimmed = line
    .trim()
    .replace(/^[*_]+|[*_]+$/g, "")
    .trim();
  if (trimmed === "") return false;
  if (/^p\.?\s?s\.?\s/i.test(trimmed)) return true; // a postscript is about the writer's week, not the article
  if (trimmed.length <= 300 && EPISODE_NOTE.test(trimmed)) return true;
  if (trimmed.length <= 240 && (SUBTITLE_BYLINE.test(trimmed) || GUIDE_FROM.test(trimmed))) return true;
  // A help page's closing offer of support, however long ("Still need help? Chat to us from the blue button...").
  if (trimmed.length <= 300 && HELP_OFFER.test(trimmed)) return true;
  if (trimmed.length > 160) return false;
  return (
    NAVIGATION.test(trimmed) ||
    // (Its words without the separators: "Help Center > Billing & Payments > ... > Set up recurring service agreements".)
    (BREADCRUMB.test(trimmed) &&
      !trimmed.startsWith("|") &&
      trimmed.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length <= 14 &&
      !/[.!?]$/.test(trimmed)) ||
    FOOTER.test(trimmed) ||
    UPDATED_AGO.test(trimmed) ||
    (SHARE.test(trimmed) && trimmed.length <= 80) ||
    // A share bar's networks on one line: "X   Facebook   Email   Copy link" (round 18's case study).
    /^(?:(?:x|twitter|facebook|linkedin|email|e-mail|copy link|whatsapp|reddit|threads|bluesky|mastodon|print|pinterest)\s*[|·•,]?\s*){2,}$/i.test(trimmed) ||
    BYLINE.test(trimmed) ||
    NAME_ROLE_LINE.test(trimmed) ||
    (BYLINE_NAME.test(trimmed) && !/[.!?]$/.test(trimmed)) ||
    DATE_LINE.test(trimmed) ||
    SIGN_OFF.test(trimmed) ||
    (SIGNATURE.test(trimmed) && OPENS_ON_NAME.test(trimmed) && trimmed.length <= 120) ||
    // "Rosa Achterberg Follow": an author card.
    /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}\s+(?:Follow|Seguir|Folgen|Suivre|Volgen|Segui)$/u.test(trimmed) ||
    /^p\.?\s?s\.?\s/i.test(trimmed) ||
    (NAMES_ONLY.test(trimmed) && trimmed.length <= 80)
  );
}

/**
 * A podcast's or a transcript's notes about itself: "Released: 21 January 2025 · 41 minutes", "(Lightly edited for
 * readability.)", "Listeners get their first two months free at tallybook.example.com/middle."
 */
const EPISODE_NOTE =
  /^(?:(?:released|recorded|aired|duration|runtime|length|episode length)\s*:.{0,60}$|\(?(?:lightly |this (?:transcript|interview|conversation) (?:has been|was) )?(?:edited|condensed) for (?:length|clarity|readability)(?:\s+and\s+(?:length|clarity|readability))?\.?\)?$|.{0,80}\b(?:listeners|readers|subscribers) get\b.{0,60}\bfree\b.*$|(?:this episode is |today's episode is )?(?:sponsored|brought to you) by\b.*$)/i;

const isCodeish = (line: string) => PROMPT.test(line) || TRACEBACK.test(line) || CONSOLE.test(line);
const blank = (line: string | undefined) => line === undefined || line.trim() === "";
/**
 * A masthead's or a footer's address ("Brewed and poured at 14 Cottage Street, Easthampton, Massachusetts", "The Wren House
 * is at 312 East Charlton Street, Savannah, Georgia."): a short line with a street and its town, in no one's voice
 * (round 24 opened a post on each). "We opened our first shop at 12 Beech Road, Chorlton" is the author's.
 */
export const ADDRESS_LINE =
  /^(?=(?:\S+\s+){0,16}\S+$).*\b\d{1,5}\s(?:\p{Lu}\p{Ll}+\s){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Way|Drive|Boulevard|Blvd|Square|Place|Row|Court)\.?,\s\p{Lu}\p{Ll}+/u;

/** An HTTP header shown on its own line: "Tallyline-Signature: t=1725350400,v1=5257a869e7...", "X-RateLimit-Remaining: 143". */
export const HEADER_LINE = /^[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+:\s*\S+$/;

/** A newsletter's issue line: "Issue No. 37 | October 2024", "Vol. 3, No. 12", "Edition #41". */
const ISSUE_LINE = /^(?:issue|vol\.?|volume|edition|no\.)\s*(?:no\.?\s*)?#?\d+\b/iu;

/** Ends like a sentence (or a list's lead-in): a heading does not. */
const endsSentence = (line: string) => /[.!;,…。！]["'”’»)*_]*\s*$/.test(line);
const isMarkdownLine = (line: string) => /^\s*(?:#{1,6}\s|[-*+•▪◦‣☐☑☒✓✔✗□■]\s|>|\||```|~~~|<|!\[|\[[^\]]+\]:)/.test(line);
const wordsIn = (line: string) => line.trim().split(/\s+/).length;

/** Most of the longer words capitalised, as a title is written ("Selling Freight One Loading Bay at a Time"). */
function titleCased(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
  return words.length >= 3 && words.filter((word) => /^\p{Lu}/u.test(word)).length >= 0.75 * words.length;
}

const RELATED_PAGES = /^(?:related (?:articles|posts|guides|help articles|topics)|more (?:help )?articles(?: like this)?|see also)\s*:?$/iu;

/** One line of a sum: words, then "= £3,009" (or "= 1,594") at its end. */
const isSumLine = (line: string) => line.length <= 240 && /^[\p{L}(]/u.test(line) && /\s=\s*[£$€]?\d[\d,.]*\s*$/u.test(line);

/** A short line on its own that names what follows: a heading in a plain-text paste. */
function isHeadingShaped(line: string, previous: string | undefined, next: string | undefined, first = false, speakers = new Set<string>()): boolean {
  const trimmed = line.trim();
  if (isSumLine(trimmed)) return false;
  // The title on the first line may run longer than a section heading.
  if (trimmed.length < 3 || trimmed.length > (first ? 140 : 90) || wordsIn(trimmed) > (first ? 22 : 14)) return false;
  if (ADDRESS_LINE.test(trimmed) || ISSUE_LINE.test(trimmed)) return false;
  // "Ben Hartley: Where did it start?" is a turn of an interview, read by clean.ts.
  // A line all in capitals is a heading even with a label ("THE HEADLINE: CUSTOMERS THINK WE COST 2.3X"); a turn's words are not.
  // A paste's first line in title case is a title with a show's name before it ("Unsexy Revenue: Kwame Asante-Lowry
  // on Selling Freight One Loading Bay at a Time"), not a turn.
  if (
    /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?:\s/u.test(trimmed) &&
    !/^(?:Step|Part|Finding|Lesson)\b/i.test(trimmed) &&
    /\p{Ll}/u.test(trimmed) &&
    // ...nor is one whose name before the colon never speaks again ("Hard Things: The 500 beehive sensors that taught us
    // to ship slower", round 23, whose guest's answers were all labelled "Hard Things:").
    !(first && (titleCased(trimmed.slice(trimmed.indexOf(":") + 1)) || !speakers.has(trimmed.slice(0, trimmed.indexOf(":")).toLowerCase())))
  )
    return false;
  // A Title Case first line over a byline is the title, full stops and all ("We Hid Our Cheapest Plan for Eight Weeks.
  // Here's What Happened to Revenue." / "By Marcus Delaney, Head of Growth at Tallyroute": round 23 posted it as prose).
  if (first && titleCased(trimmed) && next !== undefined && /^\s*(?:by|par|von|por)\s+\p{Lu}/iu.test(next)) return true;
  if (!/^[\p{Lu}\p{N}«"“¿¡]/u.test(trimmed) || endsSentence(trimmed) || isMarkdownLine(trimmed)) return false;
  // A line that is all one quotation is someone speaking ("\"Why do we pack orders in the order they come in?\""), the
  // story's own line: round 21's packing story lost its question to a heading no post carried.
  if (!first && /^["“«„][^"“”«»„]+["”»“]$/u.test(trimmed)) return false;
  // ...and so is a line ending on the question someone asked (round 22: 'Ana watched for about twenty minutes, then
  // asked, quietly, "Who reads page nine?"' became a heading that split a 396-word story in two).
  if (!first && /\s["“«„][^"“”«»„]+[?!]["”»“]$/u.test(trimmed)) return false;
  // "Went straight to the dispensing area with Jo: 52% bought" over "Said they'd ... left: 17% came back" is a row of
  // figures, not a heading (round 41 made it one and lost the 52% the next line is compared against).
  if (isLabelLine(trimmed) && /:\s+\S*\d/u.test(trimmed) && next !== undefined && isLabelLine(next.trim())) return false;
  // "Posted May 2 by Owen Strand, founder" is a byline, not a section's name.
  if (/^(?:posted|published|written|updated|last updated|by)\s/iu.test(trimmed)) return false;
  // "The top three:" above a list leads into it; a heading names a section.
  if (trimmed.endsWith(":") && next !== undefined && /^\s*(?:[-*+•]|\d{1,2}[.)])\s/.test(next)) return false;
  // "Each request includes a Tallyline-Signature header:" above the header it shows is a sentence leading into code.
  if (trimmed.endsWith(":") && wordsIn(trimmed) >= 5 && /\s(?:includes?|contains?|looks?|has|have|shows?|returns?|sends?|prints?)\s/u.test(trimmed))
    return false;
  if (!blank(previous)) return false;
  // A heading holds no sentence end inside it, and a line the next one continues in lower case
  // is a hard-wrapped sentence ("...The cause is simple:" / "sensor hardware went up...").
  if (/[.!?]\s+\p{Lu}/u.test(trimmed) || (next !== undefined && /^\s*["“'‘(]?\p{Ll}/u.test(next))) return false;
  // ...and a long line with a clause in it, wrapped where the column ran out before a name ("Alongside Allenheads DK, we
  // have a fresh delivery of West Yorkshire" / "Spinners' Bo Peep in twelve shades, ...": round 32), is prose too.
  if (
    !first &&
    trimmed.length >= 60 &&
    /,\s/u.test(trimmed) &&
    /\s\p{Lu}[\p{L}'’-]+$/u.test(trimmed) &&
    /\p{Ll}/u.test(trimmed) &&
    next !== undefined &&
    /^\s*\p{Lu}[\p{L}'’-]*[,;:]?\s/u.test(next) &&
    next.trim().length >= 50
  )
    return false;
  // ...and so is one that stops on a name after "called", "from" or "with", the name running on to the next line ("In
  // early February I got a phone call from a woman called Helen" / "Whitworth. Her dad, Frank, had died...": round 38).
  if (
    !first &&
    trimmed.length >= 40 &&
    /\s(?:called|named|from|with|by|at|in|and|of|for|as|to|via)\s\p{Lu}[\p{L}'’-]+$/u.test(trimmed) &&
    /\s\p{Ll}{3,}\s/u.test(trimmed) &&
    next !== undefined &&
    /^\s*\p{Lu}[\p{L}'’-]*[.,;:]?\s/u.test(next)
  )
    return false;
  // "...and our first cohort of" stops mid-phrase: a hard-wrapped line, not a heading.
  // A line in capitals is never wrapped prose ("HOW TO RUN A WEEKLY METRICS REVIEW PEOPLE ACTUALLY SHOW UP TO").
  if (/\s(?:of|and|or|the|a|an|to|in|on|for|with|at|by|from|our|my|your|their|that|which|who|is|are|was|were|but)$/iu.test(trimmed) && /\p{Ll}/u.test(trimmed))
    return false;
  // What follows must be prose: longer than the heading, and ending like a sentence somewhere.
  if (blank(next)) return false;
  const following = next!.trim();
  if (isMarkdownLine(following) && !/^[-*+•]\s/.test(following)) return false;
  // A paste's first line above a byline or a date ("Why we stopped doing OKRs" / "Martin Sørby, co-founder and CEO,
  // Tidemark") is its title: round 12 found it moved into the middle of a post as a stray line.
  // (Not a dated byline: "October 7, 2025 by Seth, Matt".)
  if (first && wordsIn(trimmed) >= 3 && !/^(?:hi|hello|hey|dear|bonjour|hallo|hola)\b/iu.test(trimmed) && !/\b\d{4}\b|\b[Bb]y\s+\p{Lu}/u.test(trimmed))
    return true;
  // A line in capitals over "Label: value" lines heads them ("RESULTS, 2024 COMPARED WITH 2023" over "Jobs: 548 (503)",
  // round 40), however short they are.
  if (!/\p{Ll}/u.test(trimmed) && wordsIn(trimmed) >= 2 && isLabelLine(following)) return true;
  // (A hard-wrapped paragraph's first line may be short: 45 characters of prose are enough.)
  // (A question under "Frequently asked questions" is prose enough: round 38 glued the two into one post's first line.)
  return (
    following.length > trimmed.length &&
    (endsSentence(following) || following.endsWith(":") || following.length > 45 || /[.!?]\s/.test(following) || /\?["'”’)]*$/u.test(following))
  );
}

/** A short line with no sentence end, not a list item or a label line: a menu entry, a title, a name. */
const isChromeLine = (line: string) => {
  const trimmed = line.trim();
  return (
    trimmed !== "" && trimmed.length <= 70 && !/[.!?,;:…]$/.test(trimmed) && !isMarkdownLine(trimmed) && !/^\d+[.)]\s/.test(trimmed) && !isLabelLine(trimmed)
  );
};

/** A show's credit lines: "Host: Dan Okafor", "Guest: Marcy Whitfield, owner, Keystone Lock & Safe" (the guest is read from the paste itself). */
const SHOW_CREDIT =
  /^(?:host|hosts|co-?hosts?|hosted by|guests?|with|producer|produced by|edited by|music|recorded|sound|artwork)\s*:\s*\p{Lu}[^.!?]{0,120}$/iu;

/** A page's links to the articles either side of it: "< Previous article", "Next article >". */
const PAGER = /^[<‹«←]?\s*(?:previous|next|prev) (?:article|post|page|topic|lesson)\s*[>›»→]?$/iu;

function isChromeRun(lines: string[], at: number): boolean {
  if (at > 0 && !blank(lines[at - 1]) && isChromeLine(lines[at - 1]!)) return false;
  for (let j = at; j < at + 3; j++) if (j >= lines.length || !isChromeLine(lines[j]!)) return false;
  // Prose hard-wrapped at 72 columns is short unpunctuated lines too, but a sentence ends inside them or
  // the next line goes on in lower case ("...feels like a loan" / "with no interest and no banker.").
  for (let j = at; j < at + 3; j++) if (/[.!?]\s+\p{Lu}/u.test(lines[j]!) || /^\s*\p{Ll}/u.test(lines[j + 1] ?? "")) return false;
  return true;
}

/** "MRR: €186,400 (Feb: €171,900)": a label and a short value on a line of its own. */
// (A time in the label is part of it: "Monday 9:00 to 10:30: 19% no-show", round 41; a figure may follow a longer one:
// "Went straight to the dispensing area with Jo: 52% bought".)
const isLabelLine = (line: string) =>
  line.length <= 100 &&
  (/^[\p{L}](?:[^:.!?]|\d[:.]\d\d){0,40}:\s+\S/u.test(line) || /^[\p{L}](?:[^:.!?]|\d[:.]\d\d){0,60}:\s+[£$€]?\d/u.test(line)) &&
  !/[.!?]$/.test(line);

const HEADER_LABEL = /^(?:to|from|cc|bcc|date|sent|subject|re|reply-to|de|à|von|an|para|van|aan)$/iu;

/** The short "Label: value" lines under a caption line at i (no end punctuation, a blank line above), or undefined. */
function comparison(lines: string[], i: number): string[] | undefined {
  const caption = lines[i]?.trim() ?? "";
  // A caption of words ("New MRR", "Trial starts"), never an HTTP status line or a path.
  if (
    !blank(lines[i - 1]) ||
    caption.length > 60 ||
    /[.!?,;:…]$/u.test(caption) ||
    isLabelLine(caption) ||
    isMarkdownLine(caption) ||
    /[/\\]|^HTTP\b/u.test(caption) ||
    !/\p{L}{2,}\s\p{L}/u.test(caption)
  )
    return undefined;
  const run: string[] = [];
  for (let j = i + 1; j < lines.length && !blank(lines[j]) && isLabelLine(lines[j]!.trim()); j++) run.push(lines[j]!.trim());
  if (run.length < 2 || run.length > 4 || run.some((line) => line.length > 70)) return undefined;
  // The labels are short ("A", "B", "Before", "After", "2023"): a spec sheet's "Solo: $29 a month" rows stay a list, and
  // neither an email's "To:" and "From:" under its subject nor an HTTP response's "Retry-After:" headers are a comparison.
  const label = (line: string) => line.slice(0, line.indexOf(":"));
  return run.every((line) => label(line).length <= 12 && !HEADER_LABEL.test(label(line)) && !HEADER_LINE.test(line)) ? run : undefined;
}

const isMenuItem = (line: string) => {
  const trimmed = line.trim();
  return trimmed.length <= 24 && trimmed.split(/\s+/).length <= 2 && !/[.!?,;]$/.test(trimmed);
};

function isMenuRun(lines: string[], at: number): boolean {
  for (let j = at; j < at + 3; j++) if (j >= lines.length || blank(lines[j]) || !isMenuItem(lines[j]!)) return false;
  return true;
}

/** A podcast's show-notes sections: everything under them until the next heading or speaker is furniture. */
const SHOW_NOTES_HEADING =
  /^(?:#+\s*)?(?:timestamps|chapters|sponsors?|links(?: mentioned)?|show notes|credits|transcript|resources mentioned|where to find \w+|in this episode|in today['’]s episode)(?:\s*\([^)]{0,60}\))?\s*:?$/i;

/** The language label over a docs site's code block, and its copy button. */
const CODE_LANGUAGE =
  /^(?:python|toml|bash|shell|sh|zsh|console|terminal|json|yaml|yml|javascript|typescript|js|ts|jsx|tsx|go|rust|ruby|java|kotlin|swift|sql|html|css|text|plain text|ini|dockerfile|powershell|curl|php|c|c\+\+|c#)$/i;
const COPY_BUTTON = /^(?:copy|copy code|copied!?|copy to clipboard)$/i;
/** A line of code or data: indented, bracketed, a quoted key, a continued shell line, an assignment, a call. */
const CODE_LINE =
  /^\s{2,}\S|^\s*(?:from\s+\S+\s+)?import\s|^\s*(?:def|class)\s+\w+.*:\s*$|[{}[\];]|^\s*["'][^"']+["']\s*:|\\\s*$|^\s*[\w.]+\s*[:=]\s*["'\d[{]|^\s*(?:\$|curl|npm|npx|pip|git|docker|brew)\s|\w\([^)]*\)|=>|,\s*$|\S\s{2,}\S.*\S\s{2,}\S|^[a-z][\w-]*(?:\s+[\w.:/=-]+)+$/;
/** The tabs over a docs site's code samples: "cURL", "CLI", "Node.js". */
const CODE_TAB = /^(?:cli|curl|http|node(?:\.js)?|sdk|npm|yarn|pnpm|python|ruby|go|java|php|\.net|c#|javascript|typescript|bash|shell)$/i;

/**
 * A docs site's "Copy" button under a code block it did not label: the lines above it back to the prose were code
 * ('"backoff": "schedule",', "  }'"), and so were the tabs over it ("cURL", "CLI"). They go, and a mark says code was
 * there (round 18's docs posted them as sentences).
 */
function dropCopiedCode(lines: string[]): { lines: string[]; removed: number } {
  const out: string[] = [];
  let removed = 0;
  for (const line of lines) {
    if (!COPY_BUTTON.test(line.trim())) {
      out.push(line);
      continue;
    }
    let code = false;
    for (let last = out.at(-1); last !== undefined; last = out.at(-1)) {
      // A blank line inside the block ("import ...", "", "const relay = ...") when code stands above it too.
      const inside = last.trim() === "" && code && out.length > 1 && out.at(-2)!.trim() !== "" && CODE_LINE.test(out.at(-2)!);
      if (!inside && (last.trim() === "" || !CODE_LINE.test(last))) break;
      out.pop();
      code = true;
    }
    while (code && out.length > 0 && CODE_TAB.test(out.at(-1)!.trim())) out.pop();
    if (code) {
      removed++;
      out.push("\u0002");
    } else if (CODE_LANGUAGE.test(out.at(-1)?.trim() ?? "")) {
      // A "Copy" under a language's name ("Python", "Copy", then the code) is recoverStructure's to read; any other
      // goes ("Copy You can also retry..." glued itself to the next sentence).
      out.push(line);
    }
  }
  return { lines: out, removed };
}

/** A line that counts what follows: "Three lessons we're taking from this.", "Four things I'd do differently:". */
const COUNTED_LEAD =
  /^(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2}|deux|trois|quatre|cinq|zwei|drei|vier|fünf|dos|tres|cuatro|cinco)\s+(?:\S+\s+)?(?:lessons?|things|takeaways|changes|ideas|mistakes|rules|questions|steps|leçons|choses|erreurs|lektionen|dinge|fehler|lecciones|cosas|errores)\b[^.!?]*[.:]$/iu;
/** What an article ranks in prose: "Lesson one", "Step 2", "Option 3". */
const RANK_NOUNS = "lesson|step|rule|option|mistake|leçon|étape|erreur|lektion|schritt|fehler|lección|paso|error";
/** "Lesson one: ...", "Lesson two: ...": paragraphs that open on their rank are a list written as prose (passages.ts). */
export const RANKED_PARAGRAPH = new RegExp(
  `^(?:${RANK_NOUNS})\\s+(?:\\d{1,2}|one|two|three|four|five|un|une|deux|trois|eins|zwei|drei|uno|dos|tres)\\s*[:.]`,
  "iu",
);
/** A paragraph opening on its rank: "Lesson one:", "1.", "First,", "Step 2:". */
const ORDINAL_START = new RegExp(
  `^(?:(?:${RANK_NOUNS})\\s+(?:\\d{1,2}|one|two|three|un|une|eins|uno)\\b|\\d{1,2}[.)]\\s|first\\b|premièrement\\b|erstens\\b|primero\\b)`,
  "iu",
);

/** Labels that start a new part of an update or an essay in its first paragraph: "What we're changing: ...", "Next steps: ...". */
const SECTION_LABEL =
  /^((?:what (?:we['’]re|we are|I['’]m|I am) (?:changing|doing (?:about it|next)|trying next)|what['’]s next|next steps|what (?:I|we) learned|what (?:didn['’]t work|worked)|the bottom line|bottom line))\s*:\s+(?=\S)/iu;

/** A role in a byline: "Head of Customer Success", "COO", "Mitgründerin & Geschäftsführerin", « cofondatrice ». */
const BYLINE_ROLE =
  /(?<![\p{L}])(?:co-?founder|founder|ceo|coo|cto|cfo|head of|director|editor|partner|mitgründer\p{L}*|gründer\p{L}*|geschäftsführer\p{L}*|cofondat\p{L}*|fondat\p{L}*|cofundador\p{L}*|fundador\p{L}*|directeur|directrice)(?![\p{L}])/iu;

/** Words that answer rather than label ("Yes. We did."): never a run-in heading. */
const REPLY_WORDS =
  /^(?:yes|no|yeah|nope|exactly|honestly|absolutely|sure|right|well|okay|ok|thanks|true|correct|agreed|indeed|maybe|oui|non|ja|nein|sí|si|claro|genau)$/i;
/** "Customers. We added 19 fleets..." : a label of one to four words run into its paragraph. */
const RUN_IN_LABEL = /^(\p{Lu}[\p{L}'’ -]{1,34}?)\.\s+(?=[\p{Lu}"“$£€\d])/u;

/**
 * An update written in labelled paragraphs ("Revenue. We ended September at...", "Team. Carla Mendes
 * joined...") has a heading at the start of each: three or more such labels make them headings, so each
 * topic is a section and no label is left in the middle of a post.
 */
function runInHeadings(lines: string[]): string[] {
  const labelAt = (index: number) => {
    if (!blank(lines[index - 1]) && index > 0) return undefined;
    // "Numbers." alone on its line, its paragraph on the next.
    const alone = /^(\p{Lu}[\p{L}'’ -]{1,34})\.$/u.exec(lines[index]!.trim());
    const label = alone && !blank(lines[index + 1]) ? alone[1] : lines[index]!.trim().match(RUN_IN_LABEL)?.[1];
    if (!label || wordsIn(label) > 4 || REPLY_WORDS.test(label) || /\d/.test(label)) return undefined;
    // "I timed it once. Eleven minutes..." and "That's it. No slides." are an essay's short sentences, not labels.
    if (/(?<![\p{L}])(?:I|we|you|it|they|he|she|this|that['’]s|it['’]s|is|are|was|were)(?![\p{L}])/iu.test(label) && !/^what\s/iu.test(label)) return undefined;
    return label;
  };
  const labels = lines.map((_, index) => labelAt(index));
  const labelled = labels.filter((label) => label !== undefined).length;
  // Labels make the update's shape: most of its paragraphs open on one.
  const paragraphs = lines.filter((line, index) => !blank(line) && (index === 0 || blank(lines[index - 1]))).length;
  if (labelled < 3 || labelled < paragraphs * 0.4) return lines;
  return lines.flatMap((line, index) => {
    const label = labels[index];
    if (!label) return [line];
    const rest = line
      .trim()
      .slice(label.length + 1)
      .trim();
    return rest === "" ? [`## ${label}`, ""] : [`## ${label}`, "", rest];
  });
}

/**
 * A title hard-wrapped onto two lines at the top of a plain paste ("How to run your first customer advisory board
 * (without it turning into a" / "sales call)") is one line again, so it reads as the title rather than a stray line
 * in the first post (round 13).
 */
function joinWrappedTitle(lines: string[]): string[] {
  const at = lines.findIndex((line) => !blank(line));
  const [first, second, after] = [lines[at], lines[at + 1], lines[at + 2]];
  if (at < 0 || first === undefined || second === undefined || blank(second) || !blank(after)) return lines;
  const joined = `${first.trim()} ${second.trim()}`;
  if (!/^\p{Ll}/u.test(second.trim()) || isMarkdownLine(first.trim()) || endsSentence(first.trim()) || endsSentence(joined) || joined.length > 140)
    return lines;
  return [...lines.slice(0, at), joined, ...lines.slice(at + 2)];
}

/**
 * A site's menu copied as one line: three or more short items apart by two spaces or more ("Docs  API  Pricing  Status
 * Changelog  Log in", "Yes  No" is two). Round 23's docs page took its menu for its title and ended a post on its footer.
 */
function isMenuLine(line: string): boolean {
  const items = line.trim().split(/ {2,}/u);
  return items.length >= 3 && items.every((item) => isMenuItem(item) && !/\t/u.test(item));
}

/**
 * A select-all copy keeps one paragraph a line, with no blank line between ("Cache rate quotes. Carrier rates rarely
 * change..." / "Use webhooks instead of polling. Polling GET..."): a run of three lines or more that all end a sentence,
 * one of them longer than a hard-wrapped line, is paragraphs, not one paragraph wrapped.
 */
function lineParagraphs(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && !blank(lines[end]) && !isMarkdownLine(lines[end]!.trim()) && !/\t|^\s*\d{1,3}[.)]\s/u.test(lines[end]!)) end++;
    if (end === i) {
      out.push(lines[i]!);
      i++;
      continue;
    }
    // A heading copied on the line above them ("Best practices") stays a line of its own.
    const headed = end - i >= 4 && !/[.!?:]\s*$/u.test(lines[i]!) && lines[i]!.trim().length <= 60;
    const run = lines.slice(headed ? i + 1 : i, end);
    const paragraphs = run.length >= 3 && run.every((line) => /[.!?]["'”’)]*\s*$/u.test(line)) && run.some((line) => line.trim().length > 100);
    if (paragraphs) out.push(...(headed ? [lines[i]!, ""] : []), ...run.flatMap((line, index) => (index > 0 ? ["", line] : [line])));
    else out.push(...lines.slice(i, end));
    i = end;
  }
  return out;
}

/** The names that open two lines or more with a colon ("DANA WHITFIELD:", "Ruth Adebayo:"): a transcript's speakers, in lower case. */
function speakersOf(lines: string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const label = /^\s*(\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2}):\s/u.exec(line)?.[1]?.toLowerCase();
    if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= 2).map(([label]) => label));
}

/**
 * A breadcrumb copied from a page with its separators on lines of their own ("Help Centre" / ">" / "Bookings and
 * pricing" / ">" / "Seasonal pricing") is one line, so it reads as the breadcrumb it is: round 39 posted "Bookings and
 * pricing" as a line of its own. A quotation's empty ">" line is left alone.
 */
function joinedBreadcrumb(lines: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const previous = out.at(-1);
    const next = lines[index + 1];
    if (
      /^\s*[>›»]\s*$/u.test(line) &&
      previous !== undefined &&
      next !== undefined &&
      previous.trim() !== "" &&
      next.trim() !== "" &&
      !/^\s*>/u.test(previous) &&
      !/^\s*>/u.test(next)
    ) {
      out[out.length - 1] = `${previous.trim()} ${line.trim()} ${next.trim()}`;
      index++;
      continue;
    }
    out.push(line);
  }
  return out;
}

export function recoverStructure(text: string): { text: string; removedCode: number } {
  let removedCode = 0;
  // Markdown with headings of its own says where its headings are: short lines there are prose.
  const markdownHeadings = text.split("\n").filter((line) => /^\s{0,3}#{1,6}\s+[\p{Lu}\p{N}"“«]/u.test(line)).length >= 2;
  const plain = joinedBreadcrumb(text.split("\n"));
  const copied = dropCopiedCode(joinWrappedTitle(runInHeadings(markdownHeadings ? plain : lineParagraphs(plain))));
  const lines = copied.lines;
  removedCode += copied.removed;
  const speakers = speakersOf(lines);
  const out: string[] = [];
  let inCode = false;
  let skippingContents = false;
  // The number of the last numbered heading ("2. Two reminders beat one..."): the next number is a heading too.
  let numberedHeading = 0;
  // The entries of a table of contents: the page's headings.
  const contents = new Set<string>();
  let contentsSkipped = 0;
  let skippingShowNotes = false;
  let emailTitle: string | undefined;
  let copiedCode = false;
  // Footers come last: after "Previous topic" or a copyright line near the end, nothing is article.
  const tailStart = Math.floor(lines.length * 0.65);
  // A help page's "Related articles" ends the article: the titles under it are other pages' ("Why is my booking showing
  // as "Pending"?" closed round 42's week as the article's own question).
  const related = lines.findIndex((line, index) => index >= tailStart && RELATED_PAGES.test(line.trim()));
  if (related !== -1) lines.length = related;

  for (let i = 0; i < lines.length; i++) {
    // A transcript's timestamps ("[00:12:31] Host (Dana Whitfield): ...") and a press release's dateline
    // ("LONDON, 3 March 2025 — ...") are furniture around the words.
    lines[i] = lines[i]!.replace(/^\s*\[?\(?\d{1,2}:\d{2}(?::\d{2})?\)?\]?\s*[-–—]?\s*/, "")
      // ...after the speaker too: "CONOR: [26:52] Years ago it did." (round 45 posted the timestamp).
      .replace(/^(\s*[\p{L}][\p{L} .'’()-]{0,40}:)\s*[[(]\d{1,2}:\d{2}(?::\d{2})?[\])]\s*/u, "$1 ")
      .replace(/^(?:Host|Guest|Interviewer|Moderator)\s*\(([^)]{2,40})\):/i, "$1:")
      .replace(/^\p{Lu}[\p{Lu} .'-]{2,30},\s+(?:\d{1,2}\s+\p{L}+|\p{L}+\.?\s+\d{1,2}),?\s+\d{4}(?:\s*\/[^/]{2,30}\/)?\s*[—–-]+\s*/u, "");
    // A transcript's speaker in capitals ("RUTH ADEBAYO: ...") is a name like any other.
    lines[i] = lines[i]!.replace(/^(\s*)(\p{Lu}[\p{Lu}'’.-]+(?:\s\p{Lu}[\p{Lu}'’.-]+){0,3}):(?=\s.*\p{Ll})/u, (_, space: string, name: string) =>
      name.length >= 3 && /\s/.test(name)
        ? `${space}${name.toLowerCase().replace(/(^|[\s'’.-])(\p{L})/gu, (__, before: string, letter: string) => before + letter.toUpperCase())}:`
        : `${space}${name}:`,
    );
    const line = lines[i]!;
    const trimmed = line.trim();
    const nextNonBlank = lines.slice(i + 1).find((candidate) => !blank(candidate));
    // Show notes around a podcast's words: the chapter list, the sponsor read, the links, the credits.
    if (SHOW_NOTES_HEADING.test(trimmed)) {
      skippingShowNotes = !/^(?:#+\s*)?transcript\b/i.test(trimmed);
      continue;
    }
    if (skippingShowNotes) {
      // It ends at a speaker's turn ("Ruth Adebayo: ...") or at the next heading in capitals.
      // ("Manifold Audit: manifoldaudit.com" is a link in the list, not a turn.)
      // A speaker named once in capitals ("ELENA: Tomasz, welcome to The Unscaled.") starts the words too.
      if (
        /^\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){1,3}:\s+\S+(?:\s+\S+){3}/u.test(trimmed) ||
        /^\p{Lu}[\p{Lu}'’.-]{1,20}:\s+\S+(?:\s+\S+){2}/u.test(trimmed) ||
        /^[\p{Lu}\s'’&-]{4,40}$/u.test(trimmed)
      )
        skippingShowNotes = false;
      else continue;
    }
    // An image and the caption in italics under it ("*Ines Marwood, co-founder of Sorrel. Photo: Sorrel*") describe a picture.
    if (/^!\[[^\]]*\]\([^)]*\)\s*$/.test(trimmed)) {
      const caption = lines.findIndex((candidate, index) => index > i && !blank(candidate));
      if (caption !== -1 && caption <= i + 2 && /^([*_])[^*_].*\1$/.test(lines[caption]!.trim())) i = caption;
      continue;
    }
    // A line of hashtags ("#1 #2 #3 #4", a post's tags pasted along) is not prose; the plan sets its own.
    if (/^(?:#[^\s#]+\s*){2,}$/u.test(trimmed)) continue;
    // A table copied from a browser arrives with its cells separated by tabs ("408, 429\tYes\tIf a Retry-After header
    // is present..."): flattened into a sentence it reads as debris (round 18's docs), so its rows go.
    if (/\S\t+\S/.test(line)) continue;
    // A plain-text table aligned with spaces ("A control   13,690   1,054   7.7%"): read as one run of
    // numbers it means nothing, so its rows go (the prose around a table says what it found).
    if ((trimmed.match(/\S\s{2,}(?=\S)/g)?.length ?? 0) >= 2 && /\d/.test(trimmed) && !endsSentence(trimmed)) continue;
    if (
      /^\(?\d{1,2}:\d{2}(?::\d{2})?\)?\s*[—–-]\s*[^.!?]{0,100}$/.test(trimmed) ||
      /^[([](?:transcript|this transcript)\b[^)\]]*[)\]]$/i.test(trimmed) ||
      /\s·\s.*\b(?:min|listen)\b/i.test(trimmed)
    )
      continue;

    // A docs site's code block copied from the browser: its language ("Python", "Bash") and its "Copy"
    // button, then the code, until a line that reads as prose or a heading ("Configuring retries on a queue").
    if (CODE_LANGUAGE.test(trimmed) && COPY_BUTTON.test(nextNonBlank?.trim() ?? "")) {
      copiedCode = true;
      removedCode++;
      out.push("\u0002");
      continue;
    }
    if (copiedCode) {
      if (
        blank(line) ||
        COPY_BUTTON.test(trimmed) ||
        !/^\p{Lu}[\p{L}'’-]*(?:\s+[\p{L}\p{N}'’,-]+){2,}[.:!?]?$/u.test(trimmed) ||
        /[(){}[\]=<>@#$`]/.test(trimmed)
      )
        continue;
      copiedCode = false;
      // The heading after the code stands apart, as if a blank line came first.
      if (out.at(-1) !== "") out.push("");
      lines[i - 1] = "";
    }
    // An admonition's label alone on its line ("Note", "Warning") would glue itself to the sentence under it.
    if (/^(?:note|warning|tip|important|caution|danger|info|hint|attention|remarque|hinweis|achtung|nota|aviso|let op)$/i.test(trimmed)) continue;

    if (blank(line)) {
      inCode = false;
      // A table of contents ends with its run of entries: a hard-wrapped paragraph after it is prose.
      if (skippingContents && contentsSkipped > 0) skippingContents = false;
      out.push("");
      continue;
    }
    // "View in browser: https://..." over a newsletter: its link is gone, its words are furniture.
    if (/^view (?:this (?:email|issue|newsletter) )?(?:in|on) (?:your |a |the )?(?:browser|web)\b/i.test(trimmed)) continue;
    // A table of contents: the heading and the short lines under it, until prose starts.
    if (
      /^(?:table of contents|contents|on this page|in this article|in this issue|in this edition|inside this issue|this issue|this month|this week|in this one|what's inside|sommaire|inhaltsverzeichnis|índice|indice|inhoud|dans ce numéro|in dieser ausgabe|en este número)\s*:?$/i.test(
        trimmed.replace(/^#+\s*/, ""),
      )
    ) {
      skippingContents = true;
      contentsSkipped = 0;
      continue;
    }
    if (skippingContents) {
      if (trimmed.length <= 90 && !endsSentence(trimmed)) {
        contentsSkipped++;
        contents.add(squash(trimmed));
        continue;
      }
      skippingContents = false;
    }
    // A docs page's "On this page" names its headings: a line that is one of them is a heading, even where the copy lost
    // the space around it ("Which responses are retried" over a table the cleaning dropped, round 18).
    if (contents.has(squash(trimmed)) && trimmed.length <= 90 && !endsSentence(trimmed) && !/^(?:\d{1,2}[.)]|[-*•])\s/.test(trimmed)) {
      out.push("", `## ${trimmed}`, "");
      continue;
    }
    if (
      i >= tailStart &&
      (/^(?:previous topic|next topic|this page|related (?:posts|articles)|navigation)\b/i.test(trimmed) || /^©|^copyright\b/i.test(trimmed))
    )
      break;
    // A press release ends where its boilerplate starts: "About Northwind Health", "Media contact", "###".
    if (
      i >= tailStart &&
      /^(?:#+\s*)?(?:about\s+\p{Lu}[\p{L}&.' -]{1,40}|media (?:contact|enquiries|inquiries)|press (?:contact|enquiries)|notes to editors|for (?:media|press) (?:enquiries|inquiries)|###)\s*:?$/iu.test(
        trimmed,
      )
    )
      break;
    // An email's sign-off ("Best,", "Cheers,") or its signature delimiter ends the message: what follows is the signature.
    if (
      i >= tailStart &&
      (/^(?:best|cheers|regards|kind regards|best regards|warm regards|warmest regards|best wishes|warm wishes|with thanks|yours|yours sincerely|yours faithfully|sincerely|take care|warmly|thanks|many thanks|all the best|talk soon|speak soon|more soon|until next time|until next week|bien à vous|cordialement|viele grüße|liebe grüße|saludos|un saludo|abraços|cordiali saluti|groeten|met vriendelijke groet)\s*,?$/i.test(
        trimmed,
      ) ||
        /^--\s*$|^--\s/.test(trimmed) ||
        // "Thanks for your support," over "Oskar": a closing line of a few words and a comma, then a name.
        (/^[\p{L}][\p{L} '’!]{1,40},$/u.test(trimmed) &&
          wordsIn(trimmed) <= 6 &&
          /^\p{Lu}[\p{L}'’.-]+(?:\s\p{Lu}[\p{L}'’.-]+){0,2}$/u.test(lines[i + 1]?.trim() ?? "")))
    )
      break;
    // "Episode 112: Rebuilding a sales team..." names the episode: it is the title.
    const episode = trimmed.match(/^(?:episode|ep\.?|#)\s*\d+\s*[:—–-]\s*(.{10,})$/i);
    if (episode && i < 6) {
      out.push(`# ${episode[1]!.replace(/\s+[—–-]\s+with\s+.*$/i, "")}`, "");
      continue;
    }
    // An email's other header lines (From, To, Date...) are not the author's words.
    // (Under a title too, and in bold: "**From:** Priya Raman, CEO" / "**Effective:** 1 September 2024".)
    if (
      out.every((previous) => blank(previous) || previous === emailTitle || /^#{1,6}\s/.test(previous)) &&
      /^(?:from|to|cc|bcc|date|sent|reply-to|effective|audience|preview|preheader|de|à|von|an|datum|para|fecha|da|a|van|aan)\s*:\s*\S/i.test(
        trimmed.replace(/\*\*|__/g, ""),
      ) &&
      !/^(?:subject|re|objet|betreff|asunto|assunto|oggetto|onderwerp)\b/i.test(trimmed)
    ) {
      continue;
    }
    // An email's header: "Subject: March update" is the title, and so is a memo's "RE: Q3 2025 operating update".
    if (out.every((previous) => blank(previous)) && /^(?:subject|re|objet|betreff|asunto|assunto|oggetto|onderwerp)\s*:\s*\S/i.test(trimmed)) {
      // The header lines after it (From, Date, To) still go.
      emailTitle = `# ${trimmed.replace(/^[^:]+:\s*/, "")}`;
      out.push(emailTitle, "");
      continue;
    }
    // A caption over two to four short "Label: value" lines ("Trial starts" / "A: 612 (8.3% of visitors)" / "B: 557 (7.5%
    // of visitors)") is one comparison: one line, "Trial starts: A 612 (8.3% of visitors); B 557 (7.5% of visitors)".
    // Round 23 glued the caption to A, made B a bullet that swallowed the next sentence and lost "B: $1.71" as too short.
    const compared = comparison(lines, i);
    if (compared) {
      out.push(`- ${trimmed}: ${compared.map((line) => line.replace(/:\s+/u, " ")).join("; ")}`, "");
      i += compared.length;
      continue;
    }
    // Lines of "Label: value" (metrics in an update, a spec sheet) are a list, not one run-on paragraph. HTTP headers
    // ("X-RateLimit-Remaining: 143") are code, which clean.ts removes with what leads into them.
    // (A show's credits, "Host: Dan Okafor", go: round 29 posted them as a list.)
    if (SHOW_CREDIT.test(trimmed)) continue;
    // Lines of a sum ("Free returns label, average £5.90 x 510 = £3,009" / "Handling: ... = £1,594"), one cost a line,
    // are a list: round 42 read the first as a heading and ran the rest into one paragraph, so the total no longer
    // added up.
    if (isSumLine(trimmed) && (isSumLine(lines[i + 1]?.trim() ?? "") || isSumLine(lines[i - 1]?.trim() ?? ""))) {
      out.push(`- ${trimmed}`);
      continue;
    }
    // (Lines indented under a numbered step are that step's example, "3. ... For example:" over "   Grass tent pitch: Low
    // £18, Mid £22": clean.ts keeps them in the step.)
    if (
      isLabelLine(trimmed) &&
      !HEADER_LINE.test(trimmed) &&
      !underNumberedStep(lines, i) &&
      (isLabelLine(lines[i + 1]?.trim() ?? "") || isLabelLine(lines[i - 1]?.trim() ?? "")) &&
      (isLabelLine(lines[i + 2]?.trim() ?? "") ||
        isLabelLine(lines[i - 2]?.trim() ?? "") ||
        isLabelLine(lines[i - 1]?.trim() ?? "") ||
        // (Two rows under a line that leads into them, "...what happens straight after the test:", are a list too.)
        /:\s*$/u.test(
          lines
            .slice(0, i)
            .findLast((line) => !blank(line))
            ?.trim() ?? "",
        ))
    ) {
      out.push(`- ${trimmed}`);
      continue;
    }
    // Page chrome over a title: three or more short unpunctuated lines in a row ("Engineering Culture",
    // "Why we stopped doing on-call at night", "Noor Castellanos", "Head of Platform Engineering"). The
    // longest becomes a heading; the rest (section names, an author, a role) go.
    if (isChromeRun(lines, i)) {
      let end = i;
      while (end + 1 < lines.length && isChromeLine(lines[end + 1]!)) end++;
      const run = lines
        .slice(i, end + 1)
        .map((each) => each.trim())
        .filter((each) => !isDebris(each) && !isMenuLine(each) && !ADDRESS_LINE.test(each) && !ISSUE_LINE.test(each));
      const title = run.reduce((longest, each) => (each.split(/\s+/).length > longest.split(/\s+/).length ? each : longest), "");
      // (A docs sidebar's run, with its group names in capitals, "GETTING STARTED", "SENDING WEBHOOKS", holds no title
      // (a newsletter's masthead has one such name, "SMALL ROOMS"): round 20's docs got
      // "Test locally with the CLI" as theirs.)
      const sidebar = run.filter((each) => /\p{Lu}{3,}/u.test(each) && !/\p{Ll}/u.test(each)).length >= 2;
      if (title.split(/\s+/).length >= 5 && !sidebar) out.push("", `## ${title}`, "");
      i = end;
      continue;
    }
    // A menu on a line of its own, outside the page's chrome (the footer's "Docs  API reference  Status  Privacy  Terms").
    if (isMenuLine(line)) continue;
    // A menu: three or more one- or two-word lines in a row ("Theme", "Auto", "Light", "Dark").
    if (isMenuRun(lines, i)) {
      // A docs sidebar goes on with longer entries ("Retries and idempotency", "Running on Kubernetes") up to the page's
      // first sentence: round 13 found them glued into its first line.
      while (i + 1 < lines.length && !blank(lines[i + 1]) && (isMenuItem(lines[i + 1]!) || isChromeLine(lines[i + 1]!))) i++;
      continue;
    }
    // A signature's name ("Astrid Lindqvist"); a heading in capitals ("THREE LESSONS") is not one.
    const bareName = /^\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3}$/u.test(trimmed) && /\p{Ll}/u.test(trimmed);
    // An author's bio at the end goes whole, with the lines its hard wrap carried on ("...a form builder for small" / "service businesses, based in Lisbon.").
    if (i >= tailStart && (BIO.test(trimmed) || BIO_RUNS.test(trimmed)) && OPENS_ON_NAME.test(trimmed) && blank(lines[i - 1])) {
      let end = i;
      while (end + 1 < lines.length && !blank(lines[end + 1]) && end - i < 3) end++;
      if (
        lines
          .slice(i, end + 1)
          .join(" ")
          .trim().length <= 300
      ) {
        i = end;
        continue;
      }
    }
    // "Next article >" names the article it links to on the line under it ("Handle weather delays and reschedule a whole day").
    if (PAGER.test(trimmed) && lines[i + 1] !== undefined && isChromeLine(lines[i + 1]!)) {
      i++;
      continue;
    }
    // A hard-wrapped sentence's next line is never furniture, whatever its first word ("...people are willing to" /
    // "share the good weeks and the bad ones": round 29's newsletter lost it as a share bar and ended mid-sentence).
    const wrapped = /^\p{Ll}/u.test(trimmed) && i > 0 && !blank(lines[i - 1]) && !/[.!?:]["”’)]?\s*$/u.test(lines[i - 1]!);
    // ...and a wrapped line that starts on a bracket's number is the sentence's next words, not a list's item: "(under 12
    // and 12 to" / "16) and a prize for the biggest single fish" (round 44's newsletter posted "1. and a prize...").
    const previous = out.at(-1);
    if (
      /^\d{1,3}\)\s+\p{Ll}/u.test(trimmed) &&
      previous !== undefined &&
      previous.trim().length >= 50 &&
      !/[.!?:]["”’)]?\s*$/u.test(previous) &&
      /\([^)]*$/u.test(previous) &&
      !/^\s*(?:[-*+•]|\d{1,3}[.)])\s/u.test(previous)
    ) {
      out[out.length - 1] = `${previous.trimEnd()} ${trimmed}`;
      continue;
    }
    if ((isDebris(line) && !wrapped) || (i >= tailStart && ((BIO.test(trimmed) && OPENS_ON_NAME.test(trimmed) && trimmed.length <= 200) || bareName))) {
      // A signature's title line under the name ("Co-founder & CEO, Fieldnote") goes with it.
      if (bareName && lines[i + 1] !== undefined && !blank(lines[i + 1]) && lines[i + 1]!.trim().length <= 70 && !endsSentence(lines[i + 1]!.trim())) i++;
      continue;
    }
    if (isCodeish(line) || CODE_COMMENT.test(line)) {
      if (!inCode) {
        removedCode++;
        out.push("\u0002");
      }
      inCode = true;
      continue;
    }
    // The output under a prompt line, and indented code under a lead-in, run until a blank line.
    if (inCode) continue;
    if (/^(?: {4}|\t)/.test(line) && !/^\s*(?:[-*+•]|\d+[.)])\s/.test(line) && (out.at(-1)?.trim() === "" || out.at(-1)?.trim().endsWith(":"))) {
      const code = /[=(){}[\];<>]|^\s*\w+\s*$/.test(trimmed) || !endsSentence(trimmed);
      if (code) {
        if (!inCode) {
          removedCode++;
          out.push("\u0002");
        }
        inCode = true;
        continue;
      }
    }
    // "Finding 1: Most of them didn't leave for a competitor." alone on its line heads its finding, as its claim (round 16
    // posted the labels stacked in one post); the label's count says nothing a post needs.
    const labelled = trimmed.match(
      /^(?:Finding|Lesson|Takeaway|Insight|Mistake|Learning|Myth|Reason|Surprise)\s+(?:\d{1,2}|[Oo]ne|[Tt]wo|[Tt]hree|[Ff]our|[Ff]ive|[Ss]ix|[Ss]even|[Ee]ight|[Nn]ine|[Tt]en)\s*[:.—–-]\s+(["“]?\p{Lu}.{3,160})$/u,
    );
    // (One sentence: "Lesson one: watch behaviour. If we'd only tracked spend..." is a paragraph that opens on a label.)
    if (labelled && blank(lines[i - 1]) && blank(lines[i + 1]) && wordsIn(labelled[1]!) <= 20 && !/[.!?]\s+\p{Lu}/u.test(labelled[1]!)) {
      out.push(`## ${labelled[1]!}`);
      continue;
    }
    // "1. The VP of Sales..." alone above a paragraph is a numbered heading, not a one-item list.
    const numbered = trimmed.match(/^(\d{1,2})[.)]\s+(.+)$/);
    // The next of the article's numbered headings ("3. SMS wins, but email still earns its place" after "2. ...").
    const nextNumbered = numbered !== null && numberedHeading > 0 && Number(numbered[1]) === numberedHeading + 1;
    if (
      numbered &&
      // (A newsletter's rule line, "-----", above it stands for the blank line.)
      (blank(lines[i - 1]) || /^\s*[-=_*~]{3,}\s*$/.test(lines[i - 1] ?? "")) &&
      blank(lines[i + 1]) &&
      nextNonBlank &&
      !/^\s*\d{1,2}[.)]\s/.test(nextNonBlank) &&
      // One short claim, with or without its full stop ("1. Order frequency drops long before spend does.").
      (!endsSentence(numbered[2]!) || /^[^.!?]+[.!]$/.test(numbered[2]!) || nextNumbered) &&
      wordsIn(numbered[2]!) <= 16 &&
      // ...above a paragraph, or above the lead-in to a list ("4. Keep the format boring" over "Ours is the same every time:").
      (nextNonBlank.trim().length > 50 ||
        endsSentence(nextNonBlank) ||
        /\S:$/.test(nextNonBlank.trim()) ||
        // ...or above a bulleted list when it is written in capitals like a heading ("4. THE NUMBERS (April)"), or when it
        // is the next of the article's numbered headings ("3. SMS wins, but email still earns its place" after "2. ...",
        // round 18's data post, whose third finding became item 1 of its own figures).
        (/^\s*[-*•]\s/.test(nextNonBlank) && (/\p{Lu}{3,}\s\p{Lu}{3,}/u.test(numbered[2]!) || nextNumbered)))
    ) {
      // A numbered finding of five words or more with a verb states a claim: it keeps a sentence's full stop, so it can open its post.
      const claim = numbered[2]!;
      const statesClaim =
        wordsIn(claim) >= 5 &&
        /^[\p{Lu}"“]/u.test(claim) &&
        !/[.!?:]$/.test(claim) &&
        /(?<![\p{L}])(?:is|are|was|were|got|get|gets|cut|cuts|paid|made|drops?|rises?|fell|grew|doubled|halved|beat|beats|\p{Ll}{3,}ed|\p{Ll}{3,}s)(?![\p{L}])/u.test(
          claim.replace(/^\S+\s/, ""),
        );
      out.push(`## ${statesClaim ? `${claim}.` : claim}`);
      numberedHeading = Number(numbered[1]);
      continue;
    }
    // "What we're changing: from next month, ..." opens a section of its own under a label.
    const section = blank(lines[i - 1]) ? trimmed.match(SECTION_LABEL) : null;
    if (section) {
      const rest = trimmed.slice(section[0].length).trim();
      out.push(`## ${section[1]!.trim()}`, "", rest.charAt(0).toUpperCase() + rest.slice(1));
      continue;
    }
    // A byline or a masthead in italics under the title ("*Groomly blog · Lena Park, Head of Customer Success · May 2025*",
    // "*A monthly letter about... By Hannah Kowalczyk, COO of Northbank Coffee Roasters.*", "*Jana Reinholz, Mitgründerin...*").
    if (
      i < 12 &&
      /^([*_])[^*_].{4,200}\1$/u.test(trimmed) &&
      // ("*An interview with Hamza Aziz, founder of Kilnworks*" says who speaks: an interview reads it.)
      !/(?<![\p{L}])(?:interview|conversation|talks? (?:to|with)|in conversation)(?![\p{L}])/iu.test(trimmed) &&
      (/\s[·|•]\s/.test(trimmed) || /(?<![\p{L}])by\s\p{Lu}/u.test(trimmed) || BYLINE_ROLE.test(trimmed))
    )
      continue;
    // A line all in bold on its own ("**Highlights**", "**Asks:**") is a heading in an update written without Markdown headings.
    const bold = trimmed.match(/^(?:\*\*|__)([^*_]{2,60}?)(?:\*\*|__):?$|^(?:\*\*|__)([^*_]{2,60}?):(?:\*\*|__)$/u);
    if (bold && blank(lines[i - 1]) && !blank(nextNonBlank) && wordsIn(bold[1] ?? bold[2]!) <= 8 && !/[.!?]$/.test(bold[1] ?? bold[2]!)) {
      out.push(`## ${(bold[1] ?? bold[2]!).trim()}`, "");
      continue;
    }
    // A callout's title ("💡 Interview wins too", "📋 Quick-start checklist") heads the box under it.
    const callout = trimmed.match(/^\p{Extended_Pictographic}\uFE0F?\s+(\p{Lu}[^.!?]{2,50})$/u);
    if (callout && blank(lines[i - 1]) && wordsIn(callout[1]!) <= 6) {
      out.push(`## ${callout[1]!.trim()}`, "");
      continue;
    }
    // "Three lessons we're taking from this." alone above "Lesson one: ..." heads the lessons: they are a section of their own.
    if (
      blank(lines[i - 1]) &&
      blank(lines[i + 1]) &&
      COUNTED_LEAD.test(trimmed) &&
      wordsIn(trimmed) <= 10 &&
      nextNonBlank !== undefined &&
      ORDINAL_START.test(nextNonBlank.trim())
    ) {
      out.push(`## ${trimmed.replace(/[.:]$/, "")}`);
      continue;
    }
    // A line underlined with dashes or equals signs is a heading, numbered or not ("1. WE CUT OUR BESTSELLER. OUR MARGINS
    // WENT UP." over "-----": round 26's newsletter posted it as a stray list item).
    if (trimmed !== "" && /^\s*(?:-{3,}|={3,})\s*$/.test(lines[i + 1] ?? "") && wordsIn(trimmed) <= 16 && !/^[|#>]/.test(trimmed)) {
      out.push(`## ${trimmed.replace(/^\d{1,2}[.)]\s+/u, "")}`, "");
      i++;
      continue;
    }
    const first = out.every((previous) => blank(previous));
    const above = markdownHeadings ? lines[i - 1] : lineAbove(lines, i, out, trimmed);
    if (
      !markdownHeadings &&
      (isHeadingShaped(line, above, lines[i + 1] ?? undefined, first, speakers) ||
        (isHeadingShaped(line, above, nextNonBlank, first, speakers) && blank(lines[i + 1])) ||
        // ...or over a line that goes as furniture ("Rate limits" / "Last updated: 12 March 2025 · 7 min read").
        (lines[i + 1] !== undefined &&
          !blank(lines[i + 1]) &&
          isDebris(lines[i + 1]!) &&
          // (An author's name over the date is a byline: "Lucía Ferrer Iglesias" / "12 de marzo de 2025".)
          !/^\p{Lu}[\p{Ll}'’-]+(?:\s\p{Lu}[\p{Ll}'’-]+){1,3}$/u.test(trimmed) &&
          isHeadingShaped(line, above, nextKept(lines, i + 1), first, speakers)))
    ) {
      out.push(`## ${trimmed}`);
      // A heading glued to its paragraph: the paragraph starts on the next line, on its own.
      if (!blank(lines[i + 1])) out.push("");
      continue;
    }
    out.push(line);
  }
  return { text: out.join("\n"), removedCode };
}

/** An indented line whose nearest unindented line above, in the same block, is a numbered step. */
function underNumberedStep(lines: string[], at: number): boolean {
  if (!/^\s{2,}\S/u.test(lines[at] ?? "")) return false;
  for (let index = at - 1; index >= 0; index--) {
    const line = lines[index]!;
    if (line.trim() === "") return false;
    if (!/^\s/u.test(line)) return /^\d{1,3}[.)]\s/u.test(line);
  }
  return false;
}
