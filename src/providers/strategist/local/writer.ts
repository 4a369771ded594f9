import { MAX_HOOK_CHARS } from "../../../services/strategist/plan";
import { type Ideas, isGenericHeading, type Sentence, usable } from "./extract-ideas";

/**
 * What every post builder shares: the draft a builder returns, the writer that tracks which
 * sentences and sections the week has used (so no two posts repeat each other), and the
 * small rules for picking and arranging the article's sentences.
 */

export type Role = "opener" | "story" | "data" | "value" | "howto" | "question" | "insight";

export const POST_TYPES: Record<Role, string> = {
  opener: "hook",
  story: "story",
  data: "data",
  value: "value",
  howto: "how-to",
  question: "question",
  insight: "insight",
};

export type Draft = {
  role: Role;
  /** The opening line, shown before "...see more". */
  hook: string;
  /** Paragraphs after the hook; a list is one paragraph of lines. */
  body: string[];
  /** A last line inviting a response, if the post has one. */
  closing: string | undefined;
  /** What the post covers, in the article's words (a heading), if it has one. */
  topic: string | undefined;
  /** The material in a few words, for the explanation: "4 points from “Routing”". */
  detail: string;
  sectionId: number;
};

export type Writer = {
  ideas: Ideas;
  used: Set<number>;
  /** How many posts already draw on each section: a week should range over the article. */
  sectionUse: Map<number, number>;
  /** Most sentences one post may take, so a short text still stretches to five posts. */
  perPost: number;
  /** One of several phrasings, chosen by the article (the same text always gets the same one). */
  variant(role: string, options: readonly string[]): string;
};

/** The hook keeps a margin under the contract's limit. */
export const HOOK_CHARS = MAX_HOOK_CHARS - 10;

export function createWriter(ideas: Ideas, posts = 5): Writer {
  const seed = `${ideas.title ?? ""}|${ideas.sentences[0]?.text ?? ""}`;
  return {
    ideas,
    used: new Set(),
    sectionUse: new Map(),
    perPost: Math.max(1, Math.floor(ideas.sentences.filter(usable).length / posts)),
    variant: (role, options) => options[hash(`${seed}|${role}`) % options.length]!,
  };
}

/** FNV-1a: a stable choice of phrasing per article, no randomness. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A sentence as an opening line: "Today, we're..." loses its "Today," (the post is not today),
 * and a long sentence is cut at its first clause if what remains still says something.
 */
export function asHook(text: string): string | undefined {
  let hook = text.replace(/^(?:Today|Now|So|Well|In short|Simply put),\s+/i, "");
  hook = hook[0]!.toUpperCase() + hook.slice(1);
  if (hook.length <= HOOK_CHARS) return hook;
  const clause = hook.slice(0, HOOK_CHARS).match(/^(.{40,}?)(?:,\s+(?:and|but|or|which|so|while|because|where)\s|;\s|\s[—–]\s|:\s)/u)?.[1];
  if (!clause || clause.split(/\s+/).length < 6) return undefined;
  return `${clause.replace(/[,;:]$/, "")}.`;
}

export const isFree = (writer: Writer, sentence: Sentence) => usable(sentence) && !writer.used.has(sentence.id);
export const standsAlone = (sentence: Sentence) =>
  !sentence.traits.meta && !sentence.traits.leadIn && !sentence.traits.dangling && !sentence.traits.question;
/** Fit to open a post: whole, about the subject, not a list item (a talk title, a bare name). */
export const hookable = (sentence: Sentence) => standsAlone(sentence) && sentence.from !== "item" && asHook(sentence.text) !== undefined;
/** A heading worth naming as a post's topic. */
export const topicOf = (heading: string | undefined) => (heading && !isGenericHeading(heading) ? heading : undefined);
export const crowding = (writer: Writer, sectionId: number) => 1.5 * (writer.sectionUse.get(sectionId) ?? 0);
export const sectionOf = (writer: Writer, id: number) => writer.ideas.sections.find((section) => section.id === id);
export const quoted = (text: string) => `“${text}”`;

export function take(writer: Writer, sentences: Sentence[], sectionId: number) {
  for (const sentence of sentences) writer.used.add(sentence.id);
  writer.sectionUse.set(sectionId, (writer.sectionUse.get(sectionId) ?? 0) + 1);
}

/** The sentences right after `from` in its section that carry on its thought; a gap ends the run. */
export function continuation(writer: Writer, from: Sentence, max: number): Sentence[] {
  const run: Sentence[] = [];
  for (const next of sectionOf(writer, from.sectionId)?.sentences ?? []) {
    if (next.id <= from.id) continue;
    if (run.length >= max || !isFree(writer, next) || next.traits.meta || next.traits.leadIn) break;
    if (next.from === "item" && from.from !== "item") break;
    run.push(next);
  }
  return run;
}

/** Short neighbouring sentences from one paragraph share a paragraph; longer ones get their own. */
export function paragraphs(sentences: Sentence[]): string[] {
  const out: string[] = [];
  let previous: Sentence | undefined;
  let paired = false;
  for (const sentence of sentences) {
    const pair: boolean = !paired && previous?.blockId === sentence.blockId && previous.text.length < 100 && sentence.text.length < 100;
    if (pair) out[out.length - 1] += ` ${sentence.text}`;
    else out.push(sentence.text);
    paired = pair;
    previous = sentence;
  }
  return out;
}

export function best<T>(items: T[], score: (item: T) => number): T | undefined {
  let top: T | undefined;
  let topScore = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const value = score(item);
    if (value > topScore) [top, topScore] = [item, value];
  }
  return top;
}


export function shorten(text: string, max: number): string {
  if (text.length <= max) return text.replace(/[.:;,]$/, "");
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[.:;,]$/, "")}…`;
}
