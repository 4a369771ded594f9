import { traitsOf } from "./sentences";
import {
  asHook,
  best,
  continuation,
  crowding,
  type Draft,
  HOOK_CHARS,
  hookable,
  isFree,
  paragraphs,
  quoted,
  sectionOf,
  shorten,
  take,
  topicOf,
  type Writer,
} from "./writer";
import { isGenericHeading } from "./extract-ideas";

/**
 * The posts told in the article's own sentences: the teaser that opens the week, a story, an
 * insight given room of its own, and the question that closes the week. Each builder looks
 * for its material and returns undefined when the article has none, so the week is made of
 * the kinds the article can carry.
 */

/** The teaser: the article's headline idea and a line or two of context (the list of what is coming is added once the week is ordered). */
export function writeOpener(writer: Writer): Draft | undefined {
  const { sentences, sections, title, description } = writer.ideas;
  const introId = sections[0]?.id;
  // The headline idea: early in the article and close to what its title and summary say.
  const headline = words(`${title ?? ""} ${description.join(" ")}`);
  const hookSentence = best(
    sentences.filter((sentence) => isFree(writer, sentence) && hookable(sentence)),
    (sentence) =>
      sentence.score + (sentence.sectionId === introId ? 1 : 0) + (sentence.id < 3 ? 1.5 : sentence.id < 8 ? 0.5 : 0) + 3 * overlapShare(words(sentence.text), headline),
  );
  if (!hookSentence) return undefined;
  // Context from the headline's own paragraph: the next paragraph is often another post's story.
  const context = continuation(writer, hookSentence, Math.min(2, writer.perPost - 1)).filter(
    (sentence) => !sentence.traits.question && sentence.blockId === hookSentence.blockId,
  );
  take(writer, [hookSentence, ...context], hookSentence.sectionId);
  return {
    role: "opener",
    hook: asHook(hookSentence.text)!,
    body: paragraphs(context),
    closing: undefined,
    topic: writer.ideas.title,
    detail: "the article's headline idea",
    sectionId: hookSentence.sectionId,
  };
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []);
const overlapShare = (own: Set<string>, other: Set<string>) => (own.size === 0 ? 0 : [...own].filter((word) => other.has(word)).length / own.size);


/** A moment in time told in the article's own sentences: a year, "when we...", what happened next. */
export function writeStory(writer: Writer): Draft | undefined {
  const total = writer.ideas.sentences.length;
  const candidates = writer.ideas.sentences
    .filter((sentence) => isFree(writer, sentence) && hookable(sentence) && sentence.traits.story >= 2)
    .map((sentence) => ({ sentence, run: continuation(writer, sentence, Math.min(4, writer.perPost - 1)) }))
    .filter(({ run }) => run.length >= 1);
  const chosen = best(candidates, ({ sentence, run }) =>
    sentence.traits.story + 0.5 * run.reduce((sum, next) => sum + Math.min(next.traits.story, 2), 0) + 0.5 * sentence.score + 0.3 * run.length - crowding(writer, sentence.sectionId) - sentence.id / total,
  );
  if (!chosen) return undefined;
  take(writer, [chosen.sentence, ...chosen.run], chosen.sentence.sectionId);
  const heading = topicOf(sectionOf(writer, chosen.sentence.sectionId)?.heading);
  return {
    role: "story",
    hook: asHook(chosen.sentence.text)!,
    body: paragraphs(chosen.run),
    closing: undefined,
    topic: heading,
    detail: `the story of ${quoted(shorten(chosen.sentence.text, 70))}`,
    sectionId: chosen.sentence.sectionId,
  };
}


/** The week's last post: a question the article asks (a heading or a sentence) and the article's answer. */
export function writeQuestion(writer: Writer): Draft | undefined {
  const asked = writer.ideas.sections.flatMap((section) => {
    // "Who worked on this?" asks about the article itself: no question for a reader.
    if (!section.heading?.endsWith("?") || section.heading.length > HOOK_CHARS || isGenericHeading(section.heading) || traitsOf(section.heading).meta) return [];
    const first = section.sentences.find((sentence) => isFree(writer, sentence) && !sentence.traits.meta && !sentence.traits.leadIn);
    return first ? [{ question: section.heading, sectionId: section.id, answer: [first, ...continuation(writer, first, Math.min(2, writer.perPost - 1))], score: 3 + first.score - crowding(writer, section.id) }] : [];
  });
  const inProse = writer.ideas.sentences
    .filter((sentence) => isFree(writer, sentence) && sentence.traits.question && !sentence.traits.meta && sentence.text.length <= HOOK_CHARS)
    // A question and at least its one-line answer, whatever the budget: the week's close needs both.
    .map((sentence) => ({ question: sentence.text, sectionId: sentence.sectionId, answer: [sentence, ...continuation(writer, sentence, Math.min(2, Math.max(1, writer.perPost - 1)))], score: sentence.score - crowding(writer, sentence.sectionId) }))
    .filter((option) => option.answer.length >= 2);
  const chosen = best([...asked, ...inProse], (option) => option.score);
  if (!chosen) return undefined;
  const closing = writer.variant("question", [
    "Where do you land on this, and why?",
    "How would you answer it?",
    "What would you add to that answer?",
  ]);
  const answer = chosen.answer[0]!.text === chosen.question ? chosen.answer.slice(1) : chosen.answer;
  take(writer, chosen.answer, chosen.sectionId);
  return {
    role: "question",
    hook: chosen.question,
    body: paragraphs(answer),
    closing: writer.ideas.latin ? closing : undefined,
    topic: chosen.question,
    detail: `the article's own question, ${quoted(chosen.question)}`,
    sectionId: chosen.sectionId,
  };
}

/**
 * When the article asks nothing, the week still ends on a question: its boldest remaining
 * claim (or strongest line), put to the reader. Written last, so it takes what the other
 * posts left. English framing, so Latin-script text only.
 */
export function writeClaimQuestion(writer: Writer): Draft | undefined {
  if (!writer.ideas.latin) return undefined;
  // No question in the text: its boldest claim (or strongest line), put to the reader.
  const open = writer.ideas.sentences.filter((sentence) => isFree(writer, sentence) && hookable(sentence));
  const opinions = open.filter((sentence) => sentence.traits.opinion);
  const claims = open.filter((sentence) => sentence.traits.claim > 0);
  const introId = writer.ideas.sections[0]?.id;
  const claim = best(opinions.length > 0 ? opinions : claims.length > 0 ? claims : open, (sentence) => sentence.score + 1.5 * sentence.traits.claim + (sentence.sectionId === introId ? 2 : 0) - crowding(writer, sentence.sectionId));
  if (!claim) return undefined;
  // Context from the claim's own paragraph only: the question must still be about the claim.
  const context = continuation(writer, claim, Math.min(2, writer.perPost - 1)).filter((sentence) => sentence.blockId === claim.blockId);
  take(writer, [claim, ...context], claim.sectionId);
  return {
    role: "question",
    hook: asHook(claim.text)!,
    body: paragraphs(context),
    // A recommendation asks for action, an opinion for a view.
    closing: !/\b(we believe|i believe|we think|i think)\b/i.test(claim.text) && /\b(recommend|should|must|need to)\b/i.test(claim.text)
      ? writer.variant("question-advice", ["Is this already on your team's list?", "What would stop your team from doing this?"])
      : writer.variant("question-claim", ["Agree or disagree, and why?", "Would you push back on that?", "Does that match what you have seen?"]),
    topic: topicOf(sectionOf(writer, claim.sectionId)?.heading),
    detail: `the claim ${quoted(shorten(claim.text, 70))}, put to the reader`,
    sectionId: claim.sectionId,
  };
}


/** One idea given a post of its own, from a part of the article the week has not used yet. */
export function writeInsight(writer: Writer, options: { loose?: boolean } = {}): Draft | undefined {
  const candidates = writer.ideas.sentences.filter(
    (sentence) => isFree(writer, sentence) && (options.loose ? asHook(sentence.text) !== undefined && !sentence.traits.question : hookable(sentence)),
  );
  // A sentence with something after it makes a post; one alone makes a thin one.
  const chosen = best(candidates, (sentence) => sentence.score + 0.5 * sentence.traits.claim - 2 * crowding(writer, sentence.sectionId) + (continuation(writer, sentence, 1).length > 0 ? 2 : 0));
  if (!chosen) return undefined;
  const context = continuation(writer, chosen, Math.min(3, writer.perPost - 1));
  take(writer, [chosen, ...context], chosen.sectionId);
  const heading = topicOf(sectionOf(writer, chosen.sectionId)?.heading);
  return {
    role: "insight",
    hook: asHook(chosen.text)!,
    body: paragraphs(context),
    closing: undefined,
    topic: heading,
    detail: heading ? `one idea from ${quoted(heading)}` : `the idea ${quoted(shorten(chosen.text, 70))}`,
    sectionId: chosen.sectionId,
  };
}

