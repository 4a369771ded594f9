import { countWords } from "./language";
import { openingLine, type Plan } from "./plan";

/**
 * "Your voice" (Settings): up to 10 of the author's own past LinkedIn posts. The AI strategist
 * shows them to the model as examples of how the author writes, never as material; the local
 * strategist cannot imitate prose, so it adopts the habits that can be measured and applied
 * without changing what a post says: short lines, emoji or none, arrows or numbers for lists,
 * how many hashtags. First person is measured and told to the model (rewriting "we" to "I"
 * would change who did what, so the local strategist leaves it).
 */

export const MAX_VOICE_POSTS = 10;

export type VoiceHabits = {
  posts: number;
  /** Most paragraphs are a single sentence (the "one line, blank line" LinkedIn style). */
  oneSentenceLines: boolean;
  /** Median words per paragraph. */
  wordsPerLine: number;
  emoji: boolean;
  /** How the author marks list items, when they write lists. */
  listMarker: "→" | "numbers" | "•" | undefined;
  /** Hashtags per post, the median. */
  hashtags: number;
  firstPerson: boolean;
};

const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;
const HASHTAG = /(?:^|\s)#[\p{L}\p{N}_]+/gu;
const HASHTAG_LINE = /^(?:#[\p{L}\p{N}_]+\s*)+$/u;
const LIST_LINE = /^(?:→|•|-|\d+[.)])\s/;
const SENTENCE_END = /(?<=[.!?…])\s+(?=["“‘(\p{Lu}\p{N}])/u;

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const paragraphsOf = (post: string) =>
  post
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "" && !HASHTAG_LINE.test(paragraph) && !paragraph.split("\n").every((line) => LIST_LINE.test(line.trim())));

/** The author's measurable habits, from their past posts; undefined when there are none. */
export function measureVoice(posts: readonly string[] | undefined): VoiceHabits | undefined {
  const written = (posts ?? []).map((post) => post.trim()).filter(Boolean);
  if (written.length === 0) return undefined;
  const paragraphs = written.flatMap(paragraphsOf);
  const single = paragraphs.filter((paragraph) => paragraph.split(SENTENCE_END).length === 1).length;
  const lists = written.flatMap((post) =>
    post
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => LIST_LINE.test(line)),
  );
  const arrows = lists.filter((line) => line.startsWith("→")).length;
  const numbers = lists.filter((line) => /^\d/.test(line)).length;
  const bullets = lists.length - arrows - numbers;
  const marker = lists.length === 0 ? undefined : arrows >= numbers && arrows >= bullets ? "→" : numbers >= bullets ? "numbers" : "•";
  const wordsPerLine = median(paragraphs.map((paragraph) => countWords(paragraph)));
  return {
    posts: written.length,
    // Short lines, one sentence each: a long sentence alone in its paragraph is not that style.
    oneSentenceLines: paragraphs.length > 0 && single / paragraphs.length >= 0.6 && wordsPerLine <= 15,
    wordsPerLine,
    emoji: (written.join("\n").match(EMOJI)?.length ?? 0) >= written.length / 2,
    listMarker: marker,
    hashtags: median(written.map((post) => post.match(HASHTAG)?.length ?? 0)),
    // "I", "my", "me" in at least half the posts: the author speaks for themselves, not for a "we".
    firstPerson: written.filter((post) => /\bI\b|\b(?:my|me)\b/i.test(post.replace(/\bI\b(?=\.)/g, ""))).length >= written.length / 2,
  };
}

/** The habits in words, for the overview and for the model. */
export function describeVoice(habits: VoiceHabits): string {
  return [
    habits.oneSentenceLines ? "one sentence per line" : `paragraphs of about ${habits.wordsPerLine} words`,
    habits.emoji ? "some emoji" : "no emoji",
    habits.listMarker === "numbers" ? "numbered lists" : habits.listMarker === "•" ? "bulleted lists" : habits.listMarker === "→" ? "arrow lists" : undefined,
    habits.hashtags === 0 ? "no hashtags" : `${habits.hashtags} hashtag${habits.hashtags === 1 ? "" : "s"}`,
    habits.firstPerson ? "first person" : undefined,
  ]
    .filter(Boolean)
    .join(", ");
}

/** The overview's last sentence when a plan was written with the author's voice. */
export function voiceNote(habits: VoiceHabits): string {
  return `Written in your voice, from the ${habits.posts} past post${habits.posts === 1 ? "" : "s"} in Settings (${describeVoice(habits)}).`;
}

/** The plan with its overview saying a voice was used (once, whichever strategist wrote it). */
export function withVoiceNote(plan: Plan, habits: VoiceHabits | undefined): Plan {
  if (!habits || plan.strategyOverview.includes("Written in your voice")) return plan;
  return { ...plan, strategyOverview: `${plan.strategyOverview} ${voiceNote(habits)}` };
}

/** One post with the author's measurable habits applied; what it says is unchanged. */
export function applyVoice(content: string, habits: VoiceHabits): string {
  const blocks = content
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  const shaped = blocks.flatMap((block) => {
    if (HASHTAG_LINE.test(block)) {
      const tags = block.split(/\s+/).slice(0, habits.hashtags);
      return tags.length > 0 ? [tags.join(" ")] : [];
    }
    const lines = block.split("\n").map((line) => line.trim());
    if (lines.every((line) => LIST_LINE.test(line)) && habits.listMarker) {
      return [lines.map((line, index) => `${habits.listMarker === "numbers" ? `${index + 1}.` : habits.listMarker} ${line.replace(LIST_LINE, "")}`).join("\n")];
    }
    if (habits.oneSentenceLines && lines.length === 1) return block.split(SENTENCE_END);
    return [block];
  });
  const text = shaped.join("\n\n");
  return habits.emoji
    ? text
    : text
        .replace(EMOJI, "")
        .replace(/[ \t]{2,}/g, " ")
        .replace(/ +\n/g, "\n");
}

/** A plan with every post shaped to the author's habits (the local strategist's use of a voice). */
export function applyVoiceToPlan(plan: Plan, habits: VoiceHabits | undefined): Plan {
  if (!habits) return plan;
  return {
    ...plan,
    posts: plan.posts.map((post) => {
      const content = applyVoice(post.content, habits);
      return { ...post, content, hook: openingLine(content) };
    }),
  };
}
