import type { Sentence } from "./extract-ideas";

/** The shapes a post is made in: passages.ts cuts them, compose.ts assembles angles from them, render.ts writes them out. */

export type Paragraph = { list: boolean; ordered: boolean; sentences: Sentence[] };

export type Role = "opener" | "story" | "data" | "value" | "howto" | "question" | "insight";

export type Passage = {
  id: number;
  sectionId: number;
  /** The section's heading, cleaned, when it can name the post's topic (every part of a long section shares it). */
  topic: string | undefined;
  /** The heading is a sentence of its own ("Oat milk is a better health signal than coffee."): a claim that can open the post. */
  claimHeading?: boolean;
  firstInSection: boolean;
  paragraphs: Paragraph[];
  words: number;
};

/** A passage made ready to post: its opening line, the paragraphs after it, what kind of post it is and how strong. */
export type Candidate = Passage & {
  hook: string;
  hookFrom: "heading" | "sentence";
  body: Paragraph[];
  role: Role;
  strength: number;
  /** What makes it strong, in words, for its explanation: "6 figures", "a 4-point list". */
  strengthReason: string;
  /** The article's introduction opens this post, followed by the section that pays it off: that section's heading or first line. */
  paysOff?: string;
  /** The title's claim leads the post, above the article's own opening (headline.ts). */
  headline?: boolean;
  /** A later post of a story opens on the title's claim, its own opening under it (headline.ts claimLeads). */
  claimed?: boolean;
};

/** The words of a run of paragraphs. */
export const paragraphWords = (paragraphs: Paragraph[]) =>
  paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.reduce((total, sentence) => total + sentence.words, 0), 0);

/** Where a candidate's lines sit in the article: the ids of its passage's sentences. */
export const passageIds = (candidate: Passage) => candidate.paragraphs.flatMap((paragraph) => paragraph.sentences.map((sentence) => sentence.id));
