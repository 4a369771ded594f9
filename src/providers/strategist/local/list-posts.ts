import type { Sentence } from "./extract-ideas";
import {
  asHook,
  best,
  crowding,
  type Draft,
  HOOK_CHARS,
  hookable,
  isFree,
  paragraphs,
  quoted,
  sectionOf,
  shorten,
  standsAlone,
  take,
  topicOf,
  type Writer,
} from "./writer";

/**
 * The posts built around structure: figures (data), a list worth saving (value) and steps
 * (how-to). Each needs its shape in the article (numbers, a list or subsections, a numbered
 * list or instructions) and returns undefined when the article lacks it.
 */

/** The article's most quotable figures: one leads, two or three more follow as a list. */
export function writeData(writer: Writer): Draft | undefined {
  const numeric = writer.ideas.sentences
    .filter((sentence) => isFree(writer, sentence) && !sentence.traits.meta && !sentence.traits.leadIn && sentence.traits.numbers >= 2.5)
    .sort((a, b) => b.traits.numbers - a.traits.numbers || b.score - a.score);
  const lead = numeric.find(hookable);
  if (!lead) return undefined;
  // A figure that leans on the sentence before it ("He also shared...") only comes with that sentence.
  const picked = [lead];
  for (const sentence of numeric) {
    if (picked.length >= Math.min(4, writer.perPost)) break;
    if (picked.includes(sentence) || sentence.text.length > 240) continue;
    if (sentence.traits.dangling && !picked.some((other) => other.id === sentence.id - 1)) continue;
    picked.push(sentence);
  }
  const inOrder = picked.slice(1).sort((a, b) => a.id - b.id);
  if (inOrder.length === 0) return undefined;
  const why = sectionOf(writer, lead.sectionId)?.sentences.find(
    (sentence) => isFree(writer, sentence) && standsAlone(sentence) && sentence.traits.claim > 0 && sentence.traits.numbers === 0 && !inOrder.includes(sentence),
  );
  take(writer, [lead, ...inOrder, ...(why ? [why] : [])], lead.sectionId);
  // Two or more further figures make a list; a single one is just the next paragraph.
  const framing = writer.ideas.latin ? `${writer.variant("data", ["The numbers behind it:", "A few more figures worth knowing:", "And the rest of the numbers:"])}\n` : "";
  const figures = inOrder.length === 1 ? inOrder[0]!.text : `${framing}${inOrder.map((sentence) => `→ ${sentence.text}`).join("\n")}`;
  return {
    role: "data",
    hook: asHook(lead.text)!,
    body: [figures, ...(why ? [why.text] : [])],
    closing: undefined,
    topic: topicOf(sectionOf(writer, lead.sectionId)?.heading),
    detail: `${inOrder.length + 1} figures, led by ${quoted(shorten(lead.text, 70))}`,
    sectionId: lead.sectionId,
  };
}


type ValueOption = { sectionId: number; heading: string | undefined; lines: string[]; used: Sentence[]; leadIn: Sentence | undefined; score: number };

/** The deep-value post: a list the reader can save, from subsections or the article's own lists. */
export function writeValue(writer: Writer): Draft | undefined {
  const options = [...subsectionOptions(writer), ...listOptions(writer), ...sectionOptions(writer)];
  const chosen = best(
    options.filter((option) => option.used.length <= Math.max(3, writer.perPost)),
    (option) => option.score - crowding(writer, option.sectionId),
  );
  if (!chosen) return undefined;
  const section = sectionOf(writer, chosen.sectionId);
  const hookSentence = best(
    (section?.sentences ?? []).filter((sentence) => isFree(writer, sentence) && hookable(sentence) && !chosen.used.includes(sentence)),
    (sentence) => sentence.score + 0.5 * sentence.traits.claim,
  );
  const topic = topicOf(chosen.heading);
  // Without a sentence to lead with, the list's own lead-in opens the post, then its heading.
  const leadInHook = !hookSentence && chosen.leadIn && chosen.leadIn.text.length <= HOOK_CHARS ? chosen.leadIn : undefined;
  const hook = hookSentence
    ? asHook(hookSentence.text)!
    : leadInHook
      ? leadInHook.text
      : topic && writer.ideas.latin
        ? `${topic.replace(/[.:]+$/, "")}, in ${chosen.lines.length} points:`
        : chosen.lines[0]!.replace(/^→ /, "");
  const lines = chosen.lines.filter((line) => line.replace(/^→ /, "") !== hook);
  const leadIn = chosen.leadIn && chosen.leadIn !== leadInHook ? `${chosen.leadIn.text}\n` : "";
  take(writer, [...chosen.used, ...(hookSentence ? [hookSentence] : []), ...(chosen.leadIn ? [chosen.leadIn] : [])], chosen.sectionId);
  const closing = writer.ideas.latin
    ? writer.variant("value", ["Save this for the next time it comes up.", "Which of these matters most to you?", "Worth saving for later."])
    : undefined;
  return {
    role: "value",
    hook,
    body: [`${leadIn}${lines.join("\n")}`],
    closing,
    topic,
    detail: `${lines.length} points${topic ? ` from ${quoted(topic)}` : ""}`,
    sectionId: chosen.sectionId,
  };
}

/** A section with three or more subsections: each becomes "Subsection: its first sentence". */
function subsectionOptions(writer: Writer): ValueOption[] {
  return writer.ideas.sections.flatMap((parent) => {
    const children = writer.ideas.sections.filter((child) => child.parentId === parent.id && topicOf(child.heading) && !child.heading!.endsWith("?"));
    const points = children.flatMap((child) => {
      // A subsection that opens by pointing at an example ("In this example, ...") is a demo, not a point.
      if (child.sentences[0]?.traits.meta) return [];
      const first = child.sentences.find((sentence) => isFree(writer, sentence) && !sentence.traits.meta && !sentence.traits.leadIn && !sentence.traits.dangling);
      return first && first.text.length <= 200 ? [{ line: `→ ${child.heading!.replace(/[.:]+$/, "")}: ${first.text}`, sentence: first }] : [];
    });
    if (points.length < 3) return [];
    const kept = points.slice(0, 5);
    return [{ sectionId: parent.id, heading: parent.heading, lines: kept.map((point) => point.line), used: kept.map((point) => point.sentence), leadIn: undefined, score: 4 + kept.length }];
  });
}

/** Three or more list items in a row (introduced by their lead-in sentence when there is one). */
function listOptions(writer: Writer): ValueOption[] {
  const options: ValueOption[] = [];
  let group: Sentence[] = [];
  const flush = () => {
    if (group.length >= 3) {
      const first = group[0]!;
      const section = sectionOf(writer, first.sectionId);
      const before = section?.sentences.filter((sentence) => sentence.id < first.id).at(-1);
      const leadIn = before && before.traits.leadIn && !before.traits.meta && isFree(writer, before) ? before : undefined;
      const kept = group.slice(0, 6);
      const averageWords = kept.reduce((sum, sentence) => sum + sentence.words, 0) / kept.length;
      options.push({
        sectionId: first.sectionId,
        heading: section?.heading,
        lines: kept.map((sentence) => `→ ${sentence.text}`),
        used: group,
        leadIn,
        score: 2 + kept.length * Math.min(1, averageWords / 8) + (leadIn ? 1 : 0),
      });
    }
    group = [];
  };
  for (const sentence of writer.ideas.sentences) {
    const listable = sentence.from === "item" && sentence.indexInBlock === 0 && !sentence.traits.code && !writer.used.has(sentence.id) && sentence.text.length <= 180 && !sentence.traits.meta;
    const continues = group.length > 0 && group.at(-1)!.sectionId === sentence.sectionId;
    if (listable && (group.length === 0 || continues)) group.push(sentence);
    else if (sentence.from !== "item" || sentence.indexInBlock === 0) {
      flush();
      if (listable) group.push(sentence);
    }
  }
  flush();
  return options;
}

/** Failing lists: the strongest sentences of the richest section, in reading order. */
function sectionOptions(writer: Writer): ValueOption[] {
  return writer.ideas.sections.flatMap((section) => {
    const strong = section.sentences.filter((sentence) => isFree(writer, sentence) && standsAlone(sentence) && sentence.text.length <= 200);
    if (strong.length < 4) return [];
    const picked = [...strong].sort((a, b) => b.score - a.score).slice(0, 4).sort((a, b) => a.id - b.id);
    return [{ sectionId: section.id, heading: section.heading, lines: picked.map((sentence) => `→ ${sentence.text}`), used: picked, leadIn: undefined, score: 1 + picked.length * 0.5 }];
  });
}


/** Steps: a numbered list, a "How to..." section, or a run of instructions, as 1. 2. 3. */
export function writeHowTo(writer: Writer): Draft | undefined {
  const options = writer.ideas.sections.flatMap((section) => {
    const free = section.sentences.filter((sentence) => isFree(writer, sentence) || (sentence.from === "item" && !writer.used.has(sentence.id) && !sentence.traits.code && sentence.words >= 2));
    // A numbered list is steps when it says so ("the same stages:", "How to...") or its items are instructions.
    const numberedList = free.filter((sentence) => sentence.from === "item" && sentence.ordered && sentence.indexInBlock === 0 && !sentence.traits.meta);
    const leadIn = section.sentences.find((sentence) => sentence.traits.leadIn && numberedList[0] && sentence.id < numberedList[0].id && sentence.id >= numberedList[0].id - 2);
    const saysSteps = /\b(steps?|stages?|how|process|playbook|workflow|phases?|checklist)\b/i.test(`${section.heading ?? ""} ${leadIn?.text ?? ""}`);
    const ordered = saysSteps || numberedList.filter((sentence) => sentence.traits.imperative).length * 2 >= numberedList.length ? numberedList : [];
    const instructions = free.filter((sentence) => sentence.traits.imperative && !sentence.traits.meta && sentence.from !== "item");
    const howHeading = /^how\b/i.test(section.heading ?? "") && !section.heading!.endsWith("?");
    const prose = howHeading ? free.filter((sentence) => standsAlone(sentence) && sentence.from !== "item") : [];
    const steps = ordered.length >= 3 ? ordered : instructions.length >= 3 ? instructions : prose.length >= 3 ? prose : [];
    if (steps.length < 3) return [];
    // Real steps (a numbered list, instructions) are numbered; a "How to" section's prose stays prose.
    const numbered = ordered.length >= 3 || instructions.length >= 3;
    if (steps.length > writer.perPost && writer.perPost < 3) return [];
    return [{ section, steps: steps.slice(0, Math.min(5, Math.max(3, writer.perPost))), numbered, score: steps.length + (howHeading ? 2 : 0) + (ordered.length >= 3 ? 2 : 0) - crowding(writer, section.id) }];
  });
  const chosen = best(options, (option) => option.score);
  if (!chosen) return undefined;
  const { section, steps, numbered } = chosen;
  const heading = section.heading && /^how\b/i.test(section.heading) ? section.heading.replace(/[.:]+$/, "") : undefined;
  const hookSentence = heading ? undefined : section.sentences.find((sentence) => isFree(writer, sentence) && hookable(sentence) && !steps.includes(sentence));
  const hook = heading ? `${heading}:` : hookSentence ? asHook(hookSentence.text)! : asHook(steps[0]!.text);
  if (!hook) return undefined;
  const listed = hook === asHook(steps[0]!.text) ? steps.slice(1) : steps;
  if (listed.length < 2) return undefined;
  take(writer, [...steps, ...(hookSentence ? [hookSentence] : [])], section.id);
  return {
    role: "howto",
    hook,
    body: numbered ? [listed.map((step, index) => `${index + 1}. ${step.text}`).join("\n")] : paragraphs(listed),
    closing:
      writer.ideas.latin && numbered ? writer.variant("howto", ["Which step would you add?", "Try the first one this week, and tell me how it goes.", "What would you do differently?"]) : undefined,
    topic: topicOf(section.heading),
    detail: `${listed.length} ${numbered ? "steps" : "points"}${topicOf(section.heading) ? ` from ${quoted(section.heading!)}` : ""}`,
    sectionId: section.id,
  };
}

