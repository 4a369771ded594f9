import type { ContentType } from "../../../services/strategist/strategist";
import { detectLanguage, type Language } from "../../../services/strategist/language";
import { hashtagProblem } from "../../../services/strategist/lint";
import { MAX_CONTENT_CHARS } from "../../../services/strategist/plan";
import type { Ideas } from "./extract-ideas";
import type { Candidate, Paragraph } from "./passages";

/**
 * A candidate written out as the post people read: the hook, short paragraphs, lists as
 * arrows or numbers, and the few lines the product adds (the week's teaser, the "link in the
 * first comment" note, hashtags), written in the article's language or left out.
 */

type Framed = Exclude<Language, "other">;

/** The teaser's first line, per language. */
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
  en: { blog: "Full article: link in the first comment.", newsletter: "The full issue is linked in the first comment.", thread: "The full thread is linked in the first comment.", other: "Full piece: link in the first comment." },
  fr: { blog: "L'article complet : lien en premier commentaire.", newsletter: "La newsletter complète : lien en premier commentaire.", thread: "Le fil complet : lien en premier commentaire.", other: "Le texte complet : lien en premier commentaire." },
  de: { blog: "Der ganze Artikel: Link im ersten Kommentar.", newsletter: "Der ganze Newsletter: Link im ersten Kommentar.", thread: "Der ganze Thread: Link im ersten Kommentar.", other: "Der ganze Text: Link im ersten Kommentar." },
  es: { blog: "El artículo completo: enlace en el primer comentario.", newsletter: "La newsletter completa: enlace en el primer comentario.", thread: "El hilo completo: enlace en el primer comentario.", other: "El texto completo: enlace en el primer comentario." },
  pt: { blog: "O artigo completo: link no primeiro comentário.", newsletter: "A newsletter completa: link no primeiro comentário.", thread: "A thread completa: link no primeiro comentário.", other: "O texto completo: link no primeiro comentário." },
  it: { blog: "L'articolo completo: link nel primo commento.", newsletter: "La newsletter completa: link nel primo commento.", thread: "Il thread completo: link nel primo commento.", other: "Il testo completo: link nel primo commento." },
  nl: { blog: "Het hele artikel: link in de eerste reactie.", newsletter: "De hele nieuwsbrief: link in de eerste reactie.", thread: "De hele thread: link in de eerste reactie.", other: "De hele tekst: link in de eerste reactie." },
};

/** Every link note in every language: structure, not content, for whoever measures posts. */
export const LINK_NOTES = Object.values(LINK_NOTE).flatMap((notes) => Object.values(notes));

export const linkNote = (language: Language, contentType: ContentType) => (language === "other" ? undefined : LINK_NOTE[language][contentType]);
export const teaserFraming = (language: Language) => (language === "other" ? undefined : TEASER[language]);

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
 * The article's hashtags: names it keeps coming back to and its key words, at most three,
 * each one that the plan lint would accept (no stop words, no sentence-initial capitals).
 */
export function articleHashtags(ideas: Ideas, sourceText: string): string[] {
  const language = detectLanguage(ideas.sentences.map((sentence) => sentence.text).join(" "));
  const titleWords = new Set((ideas.title ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const tags = ideas.hashtags.filter((tag) => {
    // One capitalised word is a name only if the title says it (a person in a story is not a topic).
    const word = tag.slice(1);
    if (/^\p{Lu}\p{Ll}+$/u.test(word) && ideas.keyTerms.some((term) => term === word) && !titleWords.has(word.toLowerCase())) return false;
    return !hashtagProblem(tag, sourceText, language);
  });
  return tags.slice(0, 6);
}

/** Two of the article's tags and, when the post names a third, that one: the week does not repeat one block seven times. */
export function hashtagsFor(text: string, tags: string[]): string[] {
  const squashed = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const main = tags.slice(0, 2);
  const specific = tags.slice(2).find((tag) => squashed.includes(tag.slice(1).toLowerCase()));
  return specific ? [...main, specific] : main;
}

export type RenderOptions = {
  teaser?: string[];
  language: Language;
  closingQuestion?: string;
  link?: string;
  hashtags: string[];
};

/** The post as published. Paragraphs are dropped from the end (never the hook) if LinkedIn's limit needs it. */
export function renderPost(candidate: Candidate, options: RenderOptions): string {
  const paragraphs = candidate.body.map(renderParagraph);
  const framing = teaserFraming(options.language);
  const extras = [
    ...(options.teaser && options.teaser.length >= 2 && framing ? [[framing, ...options.teaser.map((topic) => `→ ${topic}`)].join("\n")] : []),
    ...(options.closingQuestion ? [options.closingQuestion] : []),
    ...(options.link ? [options.link] : []),
  ];
  const tags = hashtagsFor([candidate.hook, ...paragraphs].join(" "), options.hashtags);
  const build = () => [candidate.hook, ...paragraphs, ...extras, ...(tags.length > 0 ? [tags.join(" ")] : [])].join("\n\n");
  let content = build();
  while (content.length > MAX_CONTENT_CHARS && paragraphs.length > 1) {
    paragraphs.pop();
    content = build();
  }
  return content;
}
