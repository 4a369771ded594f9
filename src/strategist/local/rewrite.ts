import { MAX_CONTENT_CHARS, MAX_HOOK_CHARS } from "../plan";
import { type RewriteInput, RewriteRefusedError } from "../types";
import { countWords } from "../../shared/words";
import { cleanSource } from "../clean";
import { detectLanguage } from "../language";
import { leansOnContext } from "../references";
import { extractIdeas, type Ideas, type Sentence } from "./extract-ideas";
import { splitSentences } from "./sentences";

/**
 * The local strategist's per-post rewrites: deterministic, offline, and made only of the
 * article's own sentences, like its plans.
 * - "hook": another opening line, a strong standalone sentence from the part of the article the
 *   post is about that the post does not already use; the rest of the post stays. The
 *   candidates are ranked once, so pressing New hook again moves on to the next one.
 * - "shorter": the hook, the closing question and the hashtags stay; the weakest sentences (or
 *   list lines) go, until about 60% of the body is left, never below about 40 words.
 * - "rewrite": the same idea from other material: the article's sentences sharing the most key
 *   words with the post, in the article's order, the strongest standalone one first.
 * Every answer keeps the post whole (../references.ts): no sentence that leans on what came
 * before it ("There is no login required to read it.", "We also started calling...") opens the
 * post or stays without the sentence it leans on; each result is checked for that before it
 * goes back (`strandedIn`), and a candidate that fails is passed over.
 * When the article cannot support the change, a RewriteRefusedError says so.
 */

export const NO_OTHER_HOOK = "This article has no other opening line for this post.";
export const ALREADY_SHORT = "This post is already as short as it can be without losing what it says.";
export const NO_OTHER_MATERIAL = "This article has no other material on this idea to rebuild the post from.";

/** Shorter keeps about this share of the body... */
const SHORTER_SHARE = 0.6;
/** ...and never less material (hook and body) than this many words. */
const MIN_MATERIAL_WORDS = 40;

export function rewriteLocally(input: RewriteInput): { content: string } {
  const post = parsePost(input.content);
  const article = readArticle(input.sourceText, input.language);
  if (input.action === "shorter") return { content: shorter(post, article) };
  return { content: input.action === "hook" ? newHook(post, article) : rebuild(post, article) };
}

// ---------------------------------------------------------------------------------------------
// Reading the post and the article

/** A line or sentence of the post's body, and what the article says about it. */
type Piece = { text: string; words: number; score: number; dangling: boolean; leadIn: boolean; question: boolean };

type Paragraph = {
  /** Prose (its pieces are sentences) or lines kept apart ("→ ..." lists, a teaser; the first line possibly a lead-in, "Coming up:"). */
  kind: "prose" | "lines";
  pieces: Piece[];
  /** As written. */
  text: string;
};

type Post = {
  hook: string;
  body: Paragraph[];
  /** A closing question of the post's own (kept by Shorter). */
  closing: string | undefined;
  /** "Full article: link in the first comment." and the like. */
  notes: string[];
  hashtags: string | undefined;
  /** The whole post, squashed, to tell which article sentences it already uses. */
  squashed: string;
  /** The post as given, trimmed. */
  raw: string;
};

type Article = {
  ideas: Ideas;
  /** Squashed sentence text -> sentence. */
  bySquash: Map<string, Sentence>;
  /** How many sentences each key word appears in. */
  documentFrequency: Map<string, number>;
  /** The article's language, for the pointing words of ../references.ts. */
  language: string;
};

function readArticle(sourceText: string, language?: string): Article {
  const ideas = extractIdeas(cleanSource(sourceText));
  const bySquash = new Map<string, Sentence>();
  const documentFrequency = new Map<string, number>();
  for (const sentence of ideas.sentences) {
    const key = squash(sentence.text);
    if (key && !bySquash.has(key)) bySquash.set(key, sentence);
    for (const word of new Set(keyWords(sentence.text))) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  return { ideas, bySquash, documentFrequency, language: language ?? detectLanguage(sourceText) };
}

const HASHTAG_LINE = /^(?:#[\p{L}\p{N}_]+\s*)+$/u;
const LINK_NOTE = /\bfirst comment\b|\bpremier commentaire\b|\bersten Kommentar\b|\bprimer comentario\b/i;
const LIST_LINE = /^\s*(?:[→•▪◦‣*–-]|\d{1,2}[.)])\s+/u;

function parsePost(content: string): Post {
  const lines = content.replace(/\r\n?/g, "\n").trim().split("\n");
  const hook = (lines[0] ?? "").trim();
  const paragraphs = lines
    .slice(1)
    .join("\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  let hashtags: string | undefined;
  if (paragraphs.length > 0 && HASHTAG_LINE.test(paragraphs.at(-1)!.replace(/\n/g, " "))) hashtags = paragraphs.pop()!.replace(/\s*\n\s*/g, " ");
  const notes: string[] = [];
  while (paragraphs.length > 0 && LINK_NOTE.test(paragraphs.at(-1)!)) notes.unshift(paragraphs.pop()!);
  let closing: string | undefined;
  const last = paragraphs.at(-1);
  if (last && !last.includes("\n") && splitSentences(last).length === 1 && /[?؟？]["'”’»)]*$/.test(last)) closing = paragraphs.pop();
  return {
    hook,
    body: paragraphs.map((text): Paragraph => {
      const kind = text.includes("\n") || LIST_LINE.test(text) ? "lines" : "prose";
      const parts =
        kind === "lines"
          ? text
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
          : keepQuotesWhole(splitSentences(text));
      return { kind, text, pieces: parts.map((part) => ({ text: part, words: countWords(part), score: 0, dangling: false, leadIn: false, question: false })) };
    }),
    closing,
    notes,
    hashtags,
    squashed: squash(content),
    raw: lines.join("\n"),
  };
}

/** A quotation of several sentences is one piece: half a quote cut out of a post, or moved to its top, reads as a mistake. */
function keepQuotesWhole(sentences: string[]): string[] {
  const out: string[] = [];
  let open = false;
  for (const sentence of sentences) {
    if (open) out[out.length - 1] += ` ${sentence}`;
    else out.push(sentence);
    open = !balancedQuotes(out.at(-1)!);
  }
  return out;
}

function balancedQuotes(text: string): boolean {
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  return count(/"/g) % 2 === 0 && count(/“/g) === count(/”/g) && count(/«/g) === count(/»/g);
}

/** Fills in each piece's score and traits: the article's own when the piece is one of its sentences, a rough reading otherwise. */
function scorePieces(post: Post, article: Article): void {
  for (const paragraph of post.body) {
    for (const piece of paragraph.pieces) {
      const sentence = findInArticle(piece.text, article);
      if (sentence) {
        piece.score = sentence.score;
        piece.dangling = leans(sentence, article);
        piece.leadIn = sentence.traits.leadIn || /:$/.test(piece.text);
        piece.question = sentence.traits.question;
      } else {
        piece.score = roughScore(piece.text, article.ideas.keyTerms);
        piece.dangling = leansOnWhatCameBefore(piece.text.replace(LIST_LINE, ""), article);
        piece.leadIn = /:["'”’)]*$/.test(piece.text);
        piece.question = /[?؟？]["'”’)]*$/.test(piece.text);
      }
    }
  }
}

/** The article sentence a piece of the post is (or contains, or is part of). */
function findInArticle(text: string, article: Article): Sentence | undefined {
  const key = squash(text.replace(LIST_LINE, ""));
  if (!key) return undefined;
  const exact = article.bySquash.get(key);
  if (exact) return exact;
  if (key.length < 25) return undefined;
  // "→ Finding 3: For people who did upload, ..." holds a sentence; a trimmed sentence is in one.
  for (const [other, sentence] of article.bySquash) {
    if (other.length >= 25 && (key.includes(other) || other.includes(key))) return sentence;
  }
  return undefined;
}

const DANGLING =
  /^(This|That|These|Those|It|Its|It's|They|Them|Their|He|She|Such|However|But|And|So|Also|Then|Finally|Instead|Which|Here|Thus|Therefore|Ce|Cela|Ceci|Ça|Mais|Donc|Ils|Elles|Cette|Ces|Dies|Diese|Dieser|Aber|Deshalb|Esto|Eso|Pero)\b/;

/** For a line the article does not have (the user wrote it): longer, fact-bearing lines about the article's subject count more. */
function roughScore(text: string, keyTerms: string[]): number {
  const lower = text.toLowerCase();
  let score = 1;
  if (text.length >= 50 && text.length <= 180) score += 1.5;
  else if (text.length < 35) score -= 1;
  score += 0.6 * Math.min(3, keyTerms.filter((term) => lower.includes(term.toLowerCase())).length);
  if (/\d/.test(text)) score += 0.5;
  return score;
}

// ---------------------------------------------------------------------------------------------
// New hook

function newHook(post: Post, article: Article): string {
  const part = postPart(post, article);
  const ring = openings(part, article);
  const current = squash(post.hook);
  const at = ring.findIndex((opening) => squash(opening.text) === current);
  // After the current opening (when it is one of them) comes the next in line, so each press
  // gives another until they run out; the order is the article's, not the post's, so moving
  // lines around does not change it.
  for (const opening of [...ring.slice(at + 1), ...ring.slice(0, Math.max(0, at))]) {
    if (squash(opening.text) === current) continue;
    const content = withOpening(post, opening, article);
    if (content) return content;
  }
  throw new RewriteRefusedError(NO_OTHER_HOOK);
}

type Opening = { text: string; score: number; heading: boolean };

/**
 * What can open a post about this part of the article, best first: its heading (the author's
 * own title for it), then its standalone sentences by strength.
 */
function openings(part: Set<number>, article: Article): Opening[] {
  // An interviewer's question is not the author's line: an interview's posts are the guest's answers (interview.ts).
  const headings = article.ideas.sections
    .filter((section) => part.has(section.id) && section.heading && !section.asked)
    .map((section) => headingAsHook(section.heading!))
    .filter((heading): heading is string => !!heading);
  const sentences = article.ideas.sentences
    .filter((sentence) => part.has(sentence.sectionId) && hookWorthy(sentence, article))
    .sort((a, b) => b.score - a.score || a.id - b.id);
  return [
    ...[...new Set(headings)].map((text) => ({ text, score: Number.POSITIVE_INFINITY, heading: true })),
    ...sentences.map((sentence) => ({ text: sentence.text, score: sentence.score, heading: false })),
  ];
}

/** A heading that reads as an opening line: "Finding 4: The demo project made things worse" -> "The demo project made things worse". */
function headingAsHook(heading: string): string | undefined {
  const text = heading
    .replace(/^(?:finding|lesson|step|part|chapter|section|tip|mistake|rule|day|week|hire|question|reason)\s*#?\d+\s*[:.)–—-]\s*/i, "")
    .replace(/^\d{1,2}[.)]\s+/, "")
    .trim();
  const words = countWords(text);
  if (words < 3 || words > 25 || text.length > MAX_HOOK_CHARS || /[:;,]$/.test(text)) return undefined;
  if (/^(?:tl;?dr|summary|conclusion|introduction|overview|faq|references|resources|notes?|appendix|what['’]s next|next steps)\b/i.test(text)) return undefined;
  return text;
}

/**
 * The post opened by `opening`. A sentence the post already has moves up from the body (only
 * a whole sentence of prose whose neighbour does not lean on it); one it does not have is new.
 * The old opening stays as the body's first paragraph when it is one of the article's
 * sentences (it usually sets the scene the rest needs); a heading or a line of the user's goes.
 * Undefined when the opening cannot be used.
 */
function withOpening(post: Post, opening: Opening, article: Article): string | undefined {
  const key = squash(opening.text);
  let found = false;
  /** The body's paragraphs, each with where it starts in the article (to put the old opening back in its place). */
  const body: { text: string; from: number | undefined }[] = [];
  const from = (pieces: Piece[]) => pieces.map((piece) => findInArticle(piece.text, article)?.id).find((id) => id !== undefined);
  for (const [index, paragraph] of post.body.entries()) {
    const at = paragraph.kind === "prose" ? paragraph.pieces.findIndex((piece) => squash(piece.text) === key) : -1;
    if (at < 0) {
      if (paragraph.kind === "lines" && squash(paragraph.text).includes(key)) return undefined; // inside a list line: leave the list whole
      body.push({ text: paragraph.text, from: from(paragraph.pieces) });
      continue;
    }
    const next = paragraph.pieces[at + 1] ?? post.body[index + 1]?.pieces[0];
    if (next && leansOnWhatCameBefore(next.text, article)) return undefined;
    found = true;
    const rest = paragraph.pieces.filter((_, i) => i !== at);
    if (rest.length > 0) body.push({ text: rest.map((piece) => piece.text).join(" "), from: from(rest) });
  }
  if (!found && !opening.heading && post.squashed.includes(key)) return undefined; // somewhere we cannot take it from
  const texts = body.map((paragraph) => paragraph.text);
  const old = findInArticle(post.hook, article);
  if (old && squash(old.text) === squash(post.hook) && !isHeading(post.hook, article)) {
    // Back where the article has it, so pressing again and again never scrambles the story.
    const before = body.findIndex((paragraph) => paragraph.from !== undefined && paragraph.from > old.id);
    const withOld = [...texts];
    withOld.splice(before < 0 ? body.length : before, 0, post.hook);
    const content = mended(assemble(opening.text, withOld, post), post, article);
    if (content && content.length <= MAX_CONTENT_CHARS) return content;
  }
  // Without the old opening: too long with it, or it leans on a sentence the post does not have.
  const content = mended(assemble(opening.text, texts, post), post, article);
  return content && content.length <= MAX_CONTENT_CHARS ? content : undefined;
}

/** Longest sentence New hook may cut because what it pointed at went with the old opening: a transition ("This one stung."), not content. */
const MAX_CUT_WORDS = 8;

/**
 * `content` kept whole: a short sentence left leaning on nothing is cut ("This one stung." after
 * the heading it answered was replaced); undefined when the opening itself leans, or when a longer
 * sentence would have to go (then the opening is passed over).
 */
function mended(content: string, original: Post, article: Article): string | undefined {
  for (let round = 0; round < 3; round++) {
    const stranded = strandedIn(content, original, article);
    if (stranded.length === 0) return content;
    const parsed = parsePost(content);
    if (stranded.some((text) => text === parsed.hook || countWords(text) > MAX_CUT_WORDS)) return undefined;
    const gone = new Set(stranded.map(squash));
    const body = parsed.body.flatMap((paragraph) => {
      const kept = paragraph.pieces.filter((piece) => paragraph.kind !== "prose" || !gone.has(squash(piece.text)));
      return kept.length === 0 ? [] : [kept.map((piece) => piece.text).join(paragraph.kind === "lines" ? "\n" : " ")];
    });
    content = assemble(parsed.hook, body, parsed);
  }
  return undefined;
}

/**
 * The sentences of `content` left leaning on nothing: a sentence that leans on what came before
 * it (../references.ts) must follow what it followed in the article, or in the post as it was
 * (so the post's own opening, kept where it was, is never held against a rewrite). A new
 * opening that leans on anything is stranded. List lines are items, not prose: followed, not judged.
 */
function strandedIn(content: string, original: Post, article: Article): string[] {
  const sequence = (post: Post) => [
    { text: post.hook, prose: true },
    ...post.body.flatMap((paragraph) => paragraph.pieces.map((piece) => ({ text: piece.text, prose: paragraph.kind === "prose" }))),
  ];
  const before = new Map<string, string>();
  sequence(original).forEach((entry, index, all) => {
    before.set(squash(entry.text), index === 0 ? "" : squash(all[index - 1]!.text));
  });
  const result = sequence(parsePost(content));
  return result
    .filter((entry, index) => {
      if (!entry.prose || !leansOnWhatCameBefore(entry.text, article)) return false;
      const previous = index === 0 ? "" : squash(result[index - 1]!.text);
      if (before.get(squash(entry.text)) === previous) return false;
      const sentence = findInArticle(entry.text, article);
      const predecessor = sentence && article.ideas.sentences[sentence.id - 1];
      return !(predecessor && previous !== "" && previous.endsWith(squash(predecessor.text)));
    })
    .map((entry) => entry.text);
}

function leansOnWhatCameBefore(text: string, article: Article): boolean {
  const sentence = findInArticle(text, article);
  return sentence ? leans(sentence, article) : DANGLING.test(text) || leansOnContext(text, article.language);
}

/** The reader's test (../references.ts), with the connective openings the article reading already spotted ("Finally", "Instead"). */
function leans(sentence: Sentence, article: Article): boolean {
  return sentence.traits.dangling || leansOnContext(sentence.text, article.language);
}

function isHeading(line: string, article: Article): boolean {
  const key = squash(line);
  return article.ideas.sections.some((section) => section.heading && (squash(section.heading) === key || squash(headingAsHook(section.heading) ?? "") === key));
}

/** A sentence that can open a post: it stands alone, is prose, and fits above the fold. */
function hookWorthy(sentence: Sentence, article: Article): boolean {
  const { traits } = sentence;
  const words = countWords(sentence.text);
  return (
    !leans(sentence, article) &&
    !traits.meta &&
    !traits.leadIn &&
    !traits.code &&
    complete(sentence.text) &&
    words >= 6 &&
    words <= 40 &&
    sentence.text.length <= MAX_HOOK_CHARS &&
    sentence.score > 0
  );
}

/**
 * The part of the article the post is about: the sections its sentences come from (with the
 * pieces a long section was cut into); for a post the article does not contain, the section
 * sharing most of its key words.
 */
function postPart(post: Post, article: Article): Set<number> {
  const { sections } = article.ideas;
  const byId = new Map(sections.map((section) => [section.id, section]));
  // A long section cut into runs keeps its heading on the first; the others point back to it.
  const root = (id: number) => {
    const section = byId.get(id);
    return section && section.heading === undefined && section.parentId !== undefined && byId.has(section.parentId) ? section.parentId : id;
  };
  const roots = new Set<number>();
  for (const text of [post.hook, ...post.body.flatMap((paragraph) => paragraph.pieces.map((piece) => piece.text))]) {
    const sentence = findInArticle(text, article);
    if (sentence) roots.add(root(sentence.sectionId));
  }
  if (roots.size === 0) {
    const words = postKeyWords(post, article);
    let best: { id: number; weight: number } | undefined;
    for (const section of sections) {
      const weight = section.sentences.reduce((sum, sentence) => sum + overlap(sentence, words).weight, 0);
      if (weight > 0 && (!best || weight > best.weight)) best = { id: root(section.id), weight };
    }
    if (best) roots.add(best.id);
  }
  return new Set(sections.filter((section) => roots.has(root(section.id))).map((section) => section.id));
}

// ---------------------------------------------------------------------------------------------
// Shorter

/**
 * What Shorter can take out: a sentence, a list line, or a whole list under its lead-in (one line
 * left under "Coming up this week:" reads as a mistake). `dependents` must go with it: the
 * sentence after it that leans on it ("This means..."), or the lead-in ("Here is how:") before it.
 */
type Unit = { pieces: Piece[]; words: number; score: number; order: number; dependents: Unit[] };

function shorter(post: Post, article: Article): string {
  scorePieces(post, article);
  const units: Unit[] = [];
  const unitOf = (pieces: Piece[], kind: Paragraph["kind"]) => {
    const words = pieces.reduce((sum, piece) => sum + piece.words, 0);
    const score = pieces.reduce((sum, piece) => sum + piece.score * piece.words, 0) / Math.max(1, words);
    const unit: Unit = { pieces, words, score, order: units.length, dependents: [] };
    const previous = units.at(-1);
    if (previous && kind === "prose") {
      if (pieces[0]!.dangling) previous.dependents.push(unit);
      if (previous.pieces.at(-1)!.leadIn) unit.dependents.push(previous);
    }
    units.push(unit);
    return unit;
  };
  post.body.forEach((paragraph, index) => {
    if (paragraph.kind === "prose") {
      // A sentence leading into the list below it ("For example:") belongs to that list.
      const leadsList = post.body[index + 1]?.kind === "lines" && paragraph.pieces.at(-1)!.leadIn;
      for (const piece of leadsList ? paragraph.pieces.slice(0, -1) : paragraph.pieces) unitOf([piece], "prose");
      return;
    }
    const before = post.body[index - 1];
    const outerLead = before?.kind === "prose" && before.pieces.at(-1)!.leadIn ? before.pieces.at(-1)! : undefined;
    const [first] = paragraph.pieces;
    const ownLead = first?.leadIn && paragraph.pieces.length > 1 ? first : undefined;
    const lines = ownLead ? paragraph.pieces.slice(1) : paragraph.pieces;
    const lead = ownLead ?? outerLead;
    if (!lead) {
      for (const piece of lines) unitOf([piece], "lines");
      return;
    }
    // Under a lead-in, two lines at least or none: the lead and the first two go together, and take the rest with them.
    const core = unitOf([...(outerLead ? [outerLead] : []), ...(ownLead ? [ownLead] : []), ...lines.slice(0, 2)], "lines");
    for (const piece of lines.slice(2)) core.dependents.push(unitOf([piece], "lines"));
  });

  const bodyWords = units.reduce((sum, unit) => sum + unit.words, 0);
  const hookWords = countWords(post.hook);
  const target = Math.round(bodyWords * SHORTER_SHARE);
  const dropped = new Set<Unit>();
  let remaining = bodyWords;
  /** The unit and everything that must go with it, among what is still there. */
  const withDependents = (unit: Unit): Unit[] => {
    const out = new Set<Unit>();
    const visit = (next: Unit) => {
      if (dropped.has(next) || out.has(next)) return;
      out.add(next);
      next.dependents.forEach(visit);
    };
    visit(unit);
    return [...out];
  };
  while (remaining > target) {
    // The weakest first (per word, so a long weak run goes before a short strong line); among equals, the later one.
    const options = units
      .filter((unit) => !dropped.has(unit))
      .map((unit) => {
        const group = withDependents(unit);
        const words = group.reduce((sum, member) => sum + member.words, 0);
        return { group, words, score: group.reduce((sum, member) => sum + member.score * member.words, 0) / Math.max(1, words), order: unit.order };
      })
      .filter((option) => hookWords + remaining - option.words >= MIN_MATERIAL_WORDS && option.words < remaining)
      .sort((a, b) => a.score - b.score || b.order - a.order);
    const weakest = options[0];
    if (!weakest) break;
    for (const member of weakest.group) dropped.add(member);
    remaining -= weakest.words;
  }
  if (dropped.size === 0) throw new RewriteRefusedError(ALREADY_SHORT);
  const keep = new Set(units.filter((unit) => !dropped.has(unit)).flatMap((unit) => unit.pieces));
  const build = () =>
    assemble(
      post.hook,
      post.body.flatMap((paragraph) => {
        const kept = paragraph.pieces.filter((piece) => keep.has(piece));
        return kept.length === 0 ? [] : [kept.map((piece) => piece.text).join(paragraph.kind === "lines" ? "\n" : " ")];
      }),
      post,
    );
  // The dependencies above keep a sentence with the one it leans on; the check catches what they
  // cannot see (a sentence that leaned on a list line, a user's own line): what is left stranded goes too.
  let content = build();
  for (let stranded = strandedIn(content, post, article); stranded.length > 0; stranded = strandedIn(content, post, article)) {
    const gone = new Set(stranded.map(squash));
    const size = keep.size;
    for (const piece of [...keep]) if (gone.has(squash(piece.text))) keep.delete(piece);
    if (keep.size === size) throw new RewriteRefusedError(ALREADY_SHORT);
    content = build();
  }
  if (countWords(post.hook) + [...keep].reduce((sum, piece) => sum + piece.words, 0) < MIN_MATERIAL_WORDS) throw new RewriteRefusedError(ALREADY_SHORT);
  return content;
}

// ---------------------------------------------------------------------------------------------
// Rewrite

function rebuild(post: Post, article: Article): string {
  const words = postKeyWords(post, article);
  const part = postPart(post, article);
  const main = mainWords(words);
  const current = squash(post.hook);
  // The same idea told again: sentences of the post's part of the article, the ones it does not
  // use yet first, and sentences elsewhere that plainly share its subject (one of its main words).
  const pool = article.ideas.sentences
    .filter((sentence) => usable(sentence) && sentence.score > 0 && squash(sentence.text) !== current)
    .map((sentence) => {
      const shared = overlap(sentence, words);
      const inPart = part.has(sentence.sectionId);
      const fresh = !usedByPost(sentence, post);
      const onIdea = inPart || (fresh && shared.matches >= 2 && keyWords(sentence.text).some((word) => main.has(word)));
      // The post's part first, what it does not use yet before what it does; elsewhere only to make up the length.
      const tier = inPart ? (fresh ? 0 : 1) : 2;
      return { sentence, onIdea, tier, value: shared.weight + 0.5 * sentence.score };
    })
    .filter((candidate) => candidate.onIdea)
    .sort((a, b) => a.tier - b.tier || b.value - a.value || a.sentence.id - b.sentence.id);
  // About the post's length, tighter for a long one; sentences from elsewhere only to reach a post's minimum.
  const target = Math.min(140, Math.max(MIN_MATERIAL_WORDS + 10, postMaterialWords(post)));
  const byId = new Map(article.ideas.sentences.map((sentence) => [sentence.id, sentence]));
  const chosen = new Map<number, Sentence>();
  let total = 0;
  for (const { sentence, tier } of pool) {
    if (total >= (tier < 2 ? target : MIN_MATERIAL_WORDS + 10)) continue;
    if (chosen.has(sentence.id)) continue;
    // A sentence that leans on the one before it comes with it, or not at all.
    const group = [sentence];
    let first = sentence;
    while (leans(first, article)) {
      const before = byId.get(first.id - 1);
      if (!before || before.blockId !== first.blockId || !usable(before) || squash(before.text) === current || group.length >= 3) break;
      group.unshift(before);
      first = before;
    }
    if (leans(first, article) && !chosen.has(first.id - 1)) continue;
    for (const member of group) {
      if (chosen.has(member.id)) continue;
      chosen.set(member.id, member);
      total += countWords(member.text);
    }
  }
  const picked = [...chosen.values()].sort((a, b) => a.id - b.id);
  if (picked.length < 2 || total < MIN_MATERIAL_WORDS * 0.75) throw new RewriteRefusedError(NO_OTHER_MATERIAL);

  // A new opening: the strongest standalone sentence picked from the post's part of the article,
  // one the post does not use yet if there is one (an opening from elsewhere would promise another post).
  const rank = (sentence: Sentence) => (part.has(sentence.sectionId) ? (usedByPost(sentence, post) ? 1 : 0) : 2);
  const hook = [...picked].filter((sentence) => hookWorthy(sentence, article)).sort((a, b) => rank(a) - rank(b) || b.score - a.score || a.id - b.id)[0];
  if (!hook) throw new RewriteRefusedError(NO_OTHER_MATERIAL);
  // What leans on the hook follows it at once; the rest keeps the article's order.
  const followers: Sentence[] = [];
  for (let id = hook.id + 1; chosen.has(id) && leans(chosen.get(id)!, article) && chosen.get(id)!.blockId === hook.blockId; id++)
    followers.push(chosen.get(id)!);
  let rest = [...followers, ...picked.filter((sentence) => sentence.id !== hook.id && !followers.includes(sentence))];
  // Checked as a whole: a sentence left leaning on one that is not before it goes (and the check runs again on what is left).
  for (let stranded = strandedIn(assemble(hook.text, toParagraphs(rest), post, { closing: false }), post, article); stranded.length > 0; ) {
    const gone = new Set(stranded.map(squash));
    const size = rest.length;
    rest = rest.filter((sentence) => !gone.has(squash(sentence.text)));
    if (rest.length === size) throw new RewriteRefusedError(NO_OTHER_MATERIAL);
    stranded = strandedIn(assemble(hook.text, toParagraphs(rest), post, { closing: false }), post, article);
  }
  if (rest.length === 0 || countWords(hook.text) + rest.reduce((sum, sentence) => sum + countWords(sentence.text), 0) < MIN_MATERIAL_WORDS * 0.75) {
    throw new RewriteRefusedError(NO_OTHER_MATERIAL);
  }
  let paragraphs = toParagraphs(rest);
  let content = assemble(hook.text, paragraphs, post, { closing: false });
  // LinkedIn's limit: the last paragraphs go first.
  while (content.length > MAX_CONTENT_CHARS && paragraphs.length > 1) {
    paragraphs = paragraphs.slice(0, -1);
    content = assemble(hook.text, paragraphs, post, { closing: false });
  }
  if (squash(content) === post.squashed) throw new RewriteRefusedError(NO_OTHER_MATERIAL);
  return content;
}

/** Sentences in the article's order, two at most to a paragraph, a new paragraph wherever the article starts one. */
function toParagraphs(sentences: Sentence[]): string[] {
  const paragraphs: Sentence[][] = [];
  for (const sentence of sentences) {
    const current = paragraphs.at(-1);
    const previous = current?.at(-1);
    if (current && previous && previous.blockId === sentence.blockId && previous.id === sentence.id - 1 && current.length < 2) current.push(sentence);
    else paragraphs.push([sentence]);
  }
  return paragraphs.map((paragraph) => paragraph.map((sentence) => sentence.text).join(" "));
}

/** Prose a post can use: no code, nothing about the article itself, a sentence of sensible length. */
function usable(sentence: Sentence): boolean {
  const { traits } = sentence;
  const words = countWords(sentence.text);
  return !traits.code && !traits.meta && !traits.leadIn && complete(sentence.text) && words >= 4 && words <= 60;
}

/**
 * A whole sentence: it ends like one, and opens every quote and bracket it closes. A byline, a
 * table row or a list item's label ("Variant (single screen): 74%...") does not.
 */
function complete(text: string): boolean {
  if (!/[.!?…。！？؟]["'”’»)]*$/u.test(text)) return false;
  return balancedQuotes(text) && (text.match(/\(/g)?.length ?? 0) === (text.match(/\)/g)?.length ?? 0);
}

function postMaterialWords(post: Post): number {
  return countWords(post.hook) + post.body.reduce((sum, paragraph) => sum + paragraph.pieces.reduce((total, piece) => total + piece.words, 0), 0);
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

function assemble(hook: string, body: string[], post: Post, options: { closing?: boolean } = {}): string {
  const closing = options.closing === false ? [] : post.closing ? [post.closing] : [];
  return [hook, ...body, ...closing, ...post.notes, ...(post.hashtags ? [post.hashtags] : [])].join("\n\n");
}

/** Whether the post already says this sentence (as a sentence, or inside a list line). */
function usedByPost(sentence: Sentence, post: Post): boolean {
  const key = squash(sentence.text);
  return key !== "" && post.squashed.includes(key);
}

/** A post's key words, each weighted by how rare it is in the article (a word in every sentence says nothing about this one). */
function postKeyWords(post: Post, article: Article): Map<string, number> {
  const total = Math.max(1, article.ideas.sentences.length);
  const text = [post.hook, ...post.body.flatMap((paragraph) => paragraph.pieces.map((piece) => piece.text))].join(" ");
  const terms = new Set(article.ideas.keyTerms.flatMap((term) => keyWords(term)));
  const counts = new Map<string, number>();
  for (const word of keyWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [word, count] of counts) {
    const frequency = article.documentFrequency.get(word) ?? 0;
    if (frequency === 0) continue; // the user's own word: nothing in the article to match
    // Rare in the article, frequent in the post, one of the article's key terms: what this post is about.
    weights.set(word, Math.log(1 + total / frequency) * (1 + Math.log(count)) * (terms.has(word) ? 1.5 : 1));
  }
  return weights;
}

/** The few words that say most what the post is about: a sentence elsewhere in the article must share one to be on its idea. */
function mainWords(words: Map<string, number>): Set<string> {
  return new Set(
    [...words]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([word]) => word),
  );
}

function overlap(sentence: Sentence, words: Map<string, number>): { matches: number; weight: number } {
  let matches = 0;
  let weight = 0;
  for (const word of new Set(keyWords(sentence.text))) {
    const w = words.get(word);
    if (w === undefined) continue;
    matches++;
    weight += w;
  }
  return { matches, weight };
}

const STOP_WORDS = new Set(
  (
    "that this with from have has had were what when they them their there then than which would could should about into just more most some only also very been being your yours ours each other over after before because while where these those does doing done will shall must might even much many such both same here every again still ever never always often really thing things something anything nothing people make made making take took like well know knew said says get got going want need first last next time year years week weeks good great best better back down away around through between within without under once ever" +
    " pour dans avec mais nous vous sont cette leur leurs plus être avoir fait tout tous toute toutes comme elle elles ils aussi très bien encore même quand alors donc parce depuis entre sans sous chez avant après" +
    " nicht eine einen einer eines dass wird wurde werden sind auch noch aber oder wenn sich mit über unter nach durch weil haben hatte schon sehr mehr immer diese dieser dieses wieder kann können" +
    " para como pero esta este esto porque cuando sobre tiene tienen entre desde hasta también muy más todo todos ellos ellas hacer" +
    " isso esta este porque quando sobre também muito mais todos" +
    " sono della delle degli anche come quando perché molto tutto" +
    " niet maar voor zijn deze dat wordt werd ook naar door omdat heel"
  ).split(" "),
);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/** Words that say what a sentence is about: figures, and longer words that are not function words; in scripts without spaces, pairs of characters. */
export function keyWords(text: string): string[] {
  const lower = text.toLowerCase().replace(/['’]s\b/g, "");
  const words: string[] = [];
  for (const match of lower.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}%.,-]*[\p{L}\p{M}\p{N}%]|[\p{L}\p{N}]/gu)) {
    const word = match[0];
    if (CJK.test(word)) continue;
    if (/\p{N}/u.test(word)) {
      if (word.length >= 2) words.push(word);
    } else if (word.length >= 4 && !STOP_WORDS.has(word)) {
      words.push(stem(word));
    }
  }
  for (const match of lower.matchAll(CJK_RUN)) {
    const run = [...match[0]];
    for (let i = 0; i + 1 < run.length; i++) words.push(run[i]! + run[i + 1]!);
  }
  return words;
}

/** "uploaded", "uploading" and "uploads" are one key word (a rough cut of common endings, enough to compare two texts). */
function stem(word: string): string {
  if (word.length <= 5) return word;
  return word.replace(/(?:ing|ed|es|s|ly|ement|ungen|ung)$/u, "");
}

/** Lower case, letters and digits only: how two copies of a sentence are recognised whatever their punctuation. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
