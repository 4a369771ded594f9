import { escapeRegExp, squash } from "../language";
import type { Candidate } from "./candidate";
import { lineBeside } from "./extract-ideas";
import { HOOK_CHARS } from "./hooks";
import { TEASES } from "./passages";
import { leansOnContext } from "../references";

/**
 * The article's headline claim, from its title, as a post's first line: "We Fired the Client Paying 38% of Our Bills.
 * Here's What Happened Next." -> "We fired the client paying 38% of our bills."; "Pourquoi nous avons fermé notre café de
 * Bordeaux après 14 mois" -> "Nous avons fermé notre café de Bordeaux après 14 mois." Readers in rounds 20 to 22 asked
 * for it where post 1 opened on the article's first sentence ("Ich schiebe diesen Text seit Monaten vor mir her.", a
 * date, a heading): the title is the claim the author chose to lead with. Only a claim in the author's own voice is
 * taken; a guide's "How to", a label or a question stays where it is.
 */

/** "How", "Why" and their kin in front of a clause that is a claim of its own ("Why We Stopped Doing OKRs"). */
const FRAME = /^(?:how|why|pourquoi|comment|warum|wie|por qué|cómo|porque|como|perché|come|waarom|hoe)\s+(?!to\s|à\s|zu\s)/iu;

/** The author speaking: the clause opens on "we", "I" or "our", in the languages the strategist reads. */
const FIRST_PERSON = /^(?:we|we['’](?:ve|re|d)|I|I['’](?:ve|m|d)|wir|ich|nous|je|j['’]|nosotros|hemos|eu|noi|abbiamo|wij|ik)(?![\p{L}])/iu;

/**
 * A title that names the moment of its claim ("The morning I drove 30 miles to shoe a horse that was still in the
 * field", "The day we lost our biggest client"): the claim is the clause after it, in the author's voice. Round 40's
 * readers asked for it as the whole story's first line, over "Last Tuesday I left home in Launceston at 6.40am".
 */
const MOMENT =
  /^(?:the|that|one) (?:day|morning|afternoon|evening|night|week|month|year|summer|winter|autumn|spring|season|time|moment|weekend) (?=(?:I|we)(?:['’]\p{L}+)?\s)/iu;

/** German and Dutch put the verb last after "wie", "warum", "hoe": "Wie wir unseren größten Kunden verloren haben". */
const VERB_LAST = /^(?:wir|ich|wij|ik)(?![\p{L}])/iu;

/** A title line's promise of the rest ("Here's What Happened Next", "Was danach passiert ist", "Voici pourquoi"). */
const TITLE_TEASER =
  /^(?:here['’]s|here is|what happened|what I learned|what we learned|what we found|this is|was danach|was wir|voici|voilà|ce que|lo que|o que|ecco|dit is)\b/iu;

export function titleClaim(title: string | undefined, prose: string): string | undefined {
  if (!title) return undefined;
  // "The Saturday Receptionist: How One Cancellation Call Cut Our Churn by Sixty Percent": the part after a label.
  const parts = title
    .replace(/\s*[—–]\s*/gu, ": ")
    .split(/(?<=[.!?])\s+|:\s+/u)
    .map((part) => part.trim())
    .filter(Boolean);
  const claims: string[] = [];
  for (const part of parts) {
    if (TITLE_TEASER.test(part) || TEASES.test(part.endsWith(".") ? part : `${part}.`) || /[?？]$/u.test(part)) continue;
    // "(et pourquoi vous devriez peut-être faire pareil)": an aside in brackets is no part of the claim.
    const plain = part.replace(/\s*\([^)]*\)/gu, "").trim();
    const clause = plain.replace(FRAME, "").replace(MOMENT, "");
    // After the claim, the title's next sentence is its payoff ("Wir haben unsere Preise verdoppelt. Fast niemand ist
    // gegangen."), whoever its subject.
    const follows = claims.length > 0 && clause === plain && /[.!]$/u.test(parts[parts.indexOf(part) - 1] ?? "");
    if (!follows && (!FIRST_PERSON.test(clause) || clause.split(/\s+/).length < 3 || (clause !== plain && VERB_LAST.test(clause)))) continue;
    claims.push(clause.replace(/[.!]$/u, ""));
  }
  if (claims.length === 0) return undefined;
  const claim = sentenceCase(claims.join(". "), prose).replace(/[.!…]?$/u, ".");
  const written = claim.charAt(0).toUpperCase() + claim.slice(1);
  return written.length <= HOOK_CHARS ? written : undefined;
}

/**
 * A Title Case title as a sentence is written: a word keeps its capital only where the article writes it with one in
 * mid-sentence (a name: "Brennock", "Bordeaux"), or when it is "I" or an acronym. A title already in sentence case stays.
 */
function sentenceCase(title: string, prose: string): string {
  const words = title.split(/\s+/);
  const long = words.slice(1).filter((word) => /^\p{L}{4,}/u.test(word));
  if (long.length < 2 || long.filter((word) => /^\p{Lu}/u.test(word)).length < long.length * 0.6) return title;
  let quoted = false;
  return words
    .map((word, index) => {
      // A quotation keeps its words as written ('The "Contact Us" Button').
      const inQuote = quoted || /^["“«]/u.test(word);
      quoted = inQuote && !/["”»][^\p{L}]*$/u.test(word);
      if (inQuote || index === 0 || !/^\p{Lu}\p{Ll}/u.test(word) || /^I(?:['’]\p{L}+)?$/u.test(word)) return word;
      // After a full stop inside the title ("...Bills. Fast niemand"), a word starts a sentence.
      if (/[.!?]$/u.test(words[index - 1]!)) return word;
      const bare = word.replace(/[^\p{L}\p{N}'’-]/gu, "");
      const named = new RegExp(String.raw`(?<=[\p{Ll}\p{N},;]\s)${escapeRegExp(bare)}(?![\p{L}])`, "u").test(prose);
      return named ? word : word.charAt(0).toLowerCase() + word.slice(1);
    })
    .join(" ");
}

/** The post already says the claim (its first line is the title's first sentence, as a data post's often is). */
function saysClaim(text: string, claim: string): boolean {
  const key = squash(claim).split(" ").slice(0, 6).join(" ");
  return squash(text).includes(key);
}

/**
 * Post 1 when it opens on the article's own opening: the title's claim leads, and the opening line it had becomes the
 * first line under it. Anything else (a section from the middle, a post that already says the claim) stays as it is.
 */
export function headlineFirst(post: Candidate, claim: string | undefined, articleStart: number | undefined): Candidate {
  const lead = post.paragraphs[0]?.sentences[0];
  if (!claim || !lead || lead.id !== articleStart || post.hookFrom !== "sentence") return post;
  // The paste's first line is the title itself, in Title Case ("We Hid Our Cheapest Plan for Eight Weeks."): it is
  // written as the sentence it is.
  if (squash(post.hook) === squash(claim)) return { ...post, hook: claim };
  const led = underClaim(post, claim, lead);
  return led ? { ...led, headline: true } : post;
}

/** The post with the claim as its first line and its own opening line under it; undefined when it already says the claim. */
function underClaim(post: Candidate, claim: string, lead: Candidate["body"][number]["sentences"][number]): Candidate | undefined {
  const text = [post.hook, ...post.body.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.text))].join(" ");
  if (saysClaim(text, claim)) return undefined;
  const opening: Candidate["body"][number] = { list: false, ordered: false, sentences: [lineBeside(lead, post.hook)] };
  return { ...post, hook: claim, hookFrom: "heading", body: [opening, ...post.body] };
}

/**
 * A later post of a story with the title's claim as its first line and its own opening under it, unless it already says
 * the claim or opens on a heading (a how-to's step, a question). The opening line keeps its place as the post's second.
 */
export function claimLeads(post: Candidate, claim: string | undefined): Candidate {
  const lead = post.paragraphs[0]?.sentences[0];
  if (!claim || !lead || post.hookFrom !== "sentence" || ["question", "howto", "value"].includes(post.role)) return post;
  // Only a first line that leans on what the story is about ("The moment it changed was small.", "Our gross margin on the
  // account was 19%"): one that opens on its own keeps its place, and the week never opens every post the same way.
  // ...never a pronoun the claim would wrongly resolve: "We had paid $110,000 for it." under "We walked away from 41% of
  // our revenue." made "it" the revenue (round 27).
  const pronoun = /(?<![\p{L}])(?:it|its|they|them|their|this|that|these|those|he|she|him|her)(?![\p{L}])/iu.test(post.hook);
  if (!REFERS_BACK.test(post.hook) && (pronoun || !leansOnContext(post.hook))) return post;
  const led = underClaim(post, claim, lead);
  return led ? { ...led, claimed: true } : post;
}

/** "the account", "the decision", "it changed": the thing the story is about, named as if the reader knew it. */
const REFERS_BACK =
  /(?<![\p{L}])(?:(?:the|this|that)\s(?:account|client|customer|deal|decision|change|contract|move|email|call|moment|launch|closure)|it\s(?:changed|happened|started|ended|worked|began))(?![\p{L}])/iu;

/**
 * A claim that tells what happened ("We walked away from 41% of our revenue.", "Nous avons fermé notre café de Bordeaux
 * après 14 mois."), not how the article found out ("We analyzed 41,000 onboarding emails.") or an announcement in the
 * present ("We're dropping per-seat pricing."): only the first is the story every later post is part of.
 */
export function tellsEvent(claim: string | undefined): boolean {
  if (!claim) return false;
  return !/^(?:\p{L}+\s){0,2}(?:we|I|nous|wir|ich)\s(?:(?:have|had|just)\s)?(?:analy[sz]ed|read|surveyed|studied|looked at|tested|asked|interviewed|pulled|counted|tracked|measured|reviewed|compared|ran|went through|avons analysé|avons étudié|haben\s\S+\s(?:analysiert|ausgewertet))(?![\p{L}])|^(?:we|I)['’](?:re|m)\s|^(?:we|I) (?:are|am)\s/iu.test(
    claim,
  );
}
