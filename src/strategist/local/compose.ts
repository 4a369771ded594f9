import { leansOnContext } from "../references";
import { pointingCue, VERB } from "../lint";
import { type Ideas, lineBeside, type Sentence } from "./extract-ideas";
import { asHook } from "./hooks";
import type { Candidate, Paragraph, Passage } from "./candidate";

/**
 * What makes a line fit to open a post (it stands alone, it hits hard), and posts written
 * from across the article rather than cut from one place: its most striking figure with its
 * context, its lessons as a list, a bulleted article's lessons in groups. A short article
 * gets these angles on its material instead of being sliced into fragments that lean on each other.
 */

/** Words that point at something the sentence itself never names ("that year", "this change", "too"). */
const POINTING =
  /\b(?:those|these)\b|\bthat (?:year|month|week|day)\b|\b(?:that|this) (?:time|change|one|ones|moment|call|meeting|decision|point|number|figure|list|post|email|idea|mistake|rule|approach|step|case|story)\b|\b(?:the above|as (?:mentioned|noted|shown)|the (?:same|other|former|latter|next|previous) (?:one|ones|thing|time|step|day))\b|(?:,|\s)(?:too|as well|again)[.!]$|\bhere[.!]$|^(?:It|They|He|She|His|Her|Their|This|That|These|Those|Then|There)\b|\b(?:chose|did|tried|used|built|made|sent|changed|fixed|found|saw|read|wrote|did|find|see|get|copy|store|keep|put|open) (?:it|them)\b|(?:^|\s)(?:it|they) (?:has|have|is|are|was|were|had)\b|^(?:Not|Mais|Donc|Aber|Pero|Mas|Ma|Maar|Maybe|Perhaps|First|Second|Third|Finally|Erstens|Zweitens|Drittens|Schließlich|Premièrement|Deuxièmement|Troisièmement|Enfin|Primero|Segundo|Tercero)\b|\b(?:them|none of it)\b|\b(?:that|this|the same) (?:spring|summer|autumn|fall|winter|night|morning|evening|quarter|season|weekend)\b|\banother (?:\w+ )?(?:months?|weeks?|years?|days?|time)\b|\bexactly (?:that|this)\b|\bthat['’]s\b|\bthat (?:page|document|list|tool|one)\b|^["“]|["”]$|^(?:Hi|Hello|Hey|Dear|Bonjour|Hallo|Hola|Olá|Ciao)\b|\bshort one\b|^(?:if|when|unless|because|once) (?:that|this|so|it|they)\b/i;

/** "Who:", "Cost:", "Step 2:": a label in front of a line, not a sentence's start. */
const LABEL = /^[\p{L}'’]+(?:\s[\p{L}'’]+){0,3}\s?:\s/u;

/** A sentence a stranger understands alone: whole, about the subject, pointing at nothing it does not name. */
export function standsAlone(sentence: Sentence): boolean {
  // Asked of the same sentences many times while a week is composed: answered once each.
  const known = STANDS_ALONE.get(sentence.text);
  if (known !== undefined) return known;
  const answer = readsAlone(sentence);
  if (STANDS_ALONE.size > 5_000) STANDS_ALONE.clear();
  STANDS_ALONE.set(sentence.text, answer);
  return answer;
}

/** Sentence text -> whether it stands alone; the answer depends on the text and its traits, which the text determines. */
const STANDS_ALONE = new Map<string, boolean>();

function readsAlone(sentence: Sentence): boolean {
  const { traits } = sentence;
  if (traits.code || traits.meta || traits.broken || traits.leadIn || traits.dangling || traits.question) return false;
  if (sentence.words < 5 || sentence.words > 45 || LABEL.test(sentence.text)) return false;
  if (!/[.!…。！]["'”’»)]*$/.test(sentence.text)) return false;
  if (POINTING.test(sentence.text) || pointingCue(sentence.text, undefined) !== undefined || leansOnContext(sentence.text)) return false;
  // "Two days before the deadline, which for our customers...": a fragment, with no verb of its own.
  const main = sentence.text.replace(/,\s*(?:which|who|where)\b.*$/u, "");
  const presentTense =
    /\b(?:goes|does|makes|takes|gets|comes|means|works|needs|costs|prevents|keeps|says|wins|beats|pays|matters|helps|shows|turns|starts|stops|grows|sells|buys|gives)\b/i;
  if (!VERB.test(main) && !/\b(?:I|we|you|your|they|he|she|it)\b/i.test(main) && !sentence.traits.imperative && !presentTense.test(main)) return false;
  // "I gave her a budget": a he or she needs a name in the same sentence.
  if (
    /\b(?:he|she|her|him|his|hers)\b/i.test(sentence.text) &&
    !/(?<=\S\s+)\p{Lu}\p{Ll}+|^(?!(?:I|We|The|A|An|In|On|At|For|When|After|Before|Our|My)\b)\p{Lu}\p{Ll}+/u.test(sentence.text)
  )
    return false;
  return true;
}

/**
 * How hard a line stops the scroll: a figure with its context, a contrast ("wasn't… was"), a
 * verdict in few words. Long, abstract lines score low however central they are.
 */
export function punch(sentence: Sentence): number {
  let value = sentence.score + Math.min(sentence.traits.numbers, 6) * 0.3 + sentence.traits.claim * 0.4;
  if (/\b(?:wasn['’]t|isn['’]t|didn['’]t|not|never|no one|nobody|instead|but|only)\b/i.test(sentence.text)) value += 0.8;
  if (/\b(?:wrong|mistake|failed|lost|cost|learned|realised|realized|stopped|doubled|halved|quit|won)\b/i.test(sentence.text)) value += 0.8;
  // A step of a worked sum ("Supervision and quality checks, about 5% of labour, added £394.", "That gave a direct cost of
  // £12,067.") is the arithmetic, not the point: round 31 opened a guide's post on one.
  if (/\b(?:added|adds|comes? to|came to|gave (?:a|us a) (?:direct |total )?\w+ (?:of|at))\s[£$€]?\d|=\s*[£$€]?\d/iu.test(sentence.text)) value -= 1.5;
  if (/\b(?:I|we|my|our)\b/i.test(sentence.text)) value += 0.4;
  // Something the author did, and why, beats a general remark ("You learn things...").
  if (/\b(?:I|we) (?:\p{L}+ed|did|made|took|went|gave|told|hired|fired|lost|won|sent|spent|paid|built|wrote|quit|kept|left)\b/iu.test(sentence.text))
    value += 0.6;
  if (/\bbecause\b/i.test(sentence.text)) value += 0.4;
  if (/^You (?:learn|know|see|get|find)\b|\bthings\b/i.test(sentence.text)) value -= 0.8;
  // A short line that turns on a contrast is the line people quote ("Honor the thing, not the habits.").
  if (sentence.words >= 4 && sentence.words <= 12 && /,\s(?:not|never)\s[^,;:]+[.!]$/u.test(sentence.text)) value += 1.2;
  if (sentence.words >= 7 && sentence.words <= 22) value += 1;
  else if (sentence.words > 32) value -= 1;
  return value;
}

/** The strongest line among these that can open a post, if any. */
export function bestOpening(sentences: Sentence[]): Sentence | undefined {
  return sentences
    .filter((sentence) => standsAlone(sentence) && sentence.from !== "item" && asHook(sentence.text) !== undefined)
    .sort((a, b) => punch(b) - punch(a) || a.id - b.id)[0];
}

/** Sentences as one paragraph, or as a list with one sentence an item. */
const paragraph = (sentences: Sentence[], list = false): Paragraph => ({
  list,
  ordered: false,
  sentences: list ? sentences.map((sentence) => ({ ...sentence, indexInBlock: 0 })) : sentences,
});

function candidateOf(id: number, hook: Sentence, body: Paragraph[], role: Candidate["role"], strengthReason: string, sectionId = -1): Candidate {
  const words = hook.words + body.reduce((sum, each) => sum + each.sentences.reduce((s, sentence) => s + sentence.words, 0), 0);
  const passage: Passage = { id, sectionId, topic: undefined, firstInSection: true, paragraphs: [paragraph([hook]), ...body], words };
  return { ...passage, hook: asHook(hook.text)!, hookFrom: "sentence", body, role, strength: 3 + words / 60, strengthReason };
}

/** Lessons, rules and advice from across the article, as one list under its strongest claim. */
export function lessonsPost(ideas: Ideas, exclude: Set<number>): Candidate | undefined {
  // The lessons an article draws come after what it tells: an imperative in its first part is the setup, often the
  // advice it goes on to reject ("Remove friction, let the product sell itself..." listed as a lesson of an essay against
  // free trials: round 16 scored that list 1). A figure is a finding, not a lesson.
  const drawn = Math.floor(ideas.sentences.length * 0.4);
  const advice = ideas.sentences.filter(
    (sentence) =>
      !exclude.has(sentence.id) &&
      sentence.id >= drawn &&
      sentence.traits.numbers < 2.5 &&
      standsAlone(sentence) &&
      (sentence.traits.imperative || sentence.traits.opinion),
  );
  if (advice.length < 4) return undefined;
  const ranked = [...advice].sort((a, b) => punch(b) - punch(a));
  const hook = ranked.find((sentence) => sentence.from !== "item" && asHook(sentence.text) !== undefined);
  if (!hook) return undefined;
  const items = ranked
    .filter((sentence) => sentence !== hook)
    .slice(0, 5)
    .sort((a, b) => a.id - b.id);
  if (items.length < 3) return undefined;
  return candidateOf(-2, hook, [paragraph(items, true)], "value", `${items.length} of the article's lessons in one list`);
}

/** The article's most striking figure, with the sentences around it that give it meaning. */
export function numberPost(ideas: Ideas, exclude: Set<number>): Candidate | undefined {
  const figures = ideas.sentences.filter(
    (sentence) =>
      !exclude.has(sentence.id) && standsAlone(sentence) && sentence.traits.numbers >= 2.5 && sentence.from !== "item" && asHook(sentence.text) !== undefined,
  );
  const hook = figures.sort((a, b) => b.traits.numbers - a.traits.numbers || punch(b) - punch(a))[0];
  if (!hook) return undefined;
  // Context: the rest of its paragraph (kept whole, so nothing leans on a missing line), then its section's other figures.
  const block = ideas.sentences.filter((sentence) => sentence.blockId === hook.blockId && sentence !== hook && !sentence.traits.code && !sentence.traits.meta);
  // What follows the figure in the article stays right after it ("That last number is the one I care about"); what came before follows if it stands alone.
  const after = block.filter((sentence) => sentence.id > hook.id);
  const context = [
    ...after,
    ...(after.reduce((sum, sentence) => sum + sentence.words, 0) >= 20 ? [] : block.filter((sentence) => sentence.id < hook.id && standsAlone(sentence))),
  ];
  // Only its own paragraph: sentences from elsewhere are other posts' material.
  const body = context.length > 0 ? [paragraph(context)] : [];
  const words = hook.words + context.reduce((sum, sentence) => sum + sentence.words, 0);
  if (words < 40) return undefined;
  return candidateOf(-3, hook, body, "data", "the article's most striking figure with its context");
}

/** Sentence ids a candidate carries. */
export function sentenceIds(candidate: Candidate): Set<number> {
  return new Set(candidate.body.flatMap((each) => each.sentences.map((sentence) => sentence.id)));
}

/**
 * An article made mostly of bullets ("11 things I learned"): its items in groups (of three unless
 * told otherwise), each
 * group a post that opens on its strongest item, so a list of lessons makes a week of lesson
 * posts instead of a refusal.
 */
export function listPosts(ideas: Ideas, exclude: Set<number>, size = 3): Candidate[] {
  const items = ideas.sentences.filter(
    (sentence) =>
      sentence.from === "item" &&
      sentence.indexInBlock === 0 &&
      !exclude.has(sentence.id) &&
      !sentence.traits.code &&
      !sentence.traits.meta &&
      // An item of five words or more ("Shipped carrier self-booking." is a lead-in to the sentences after it).
      ideas.sentences.filter((other) => other.blockId === sentence.blockId).reduce((sum, other) => sum + other.words, 0) >= 5,
  );
  // An item's own later sentences stay with it.
  const whole = (item: Sentence) => ideas.sentences.filter((sentence) => sentence.blockId === item.blockId);
  const posts: Candidate[] = [];
  // Groups stay inside their section: an update's "Lowlights" never share a post with its "Highlights".
  const groups: Sentence[][] = [];
  const bySection = Map.groupBy(items, (item) => item.sectionId);
  // Items alone in their section (one bullet under each short heading) are grouped in the article's order.
  const alone = items.filter((item) => bySection.get(item.sectionId)!.length === 1);
  const sections = [...bySection.values()].filter((own) => own.length > 1);
  for (const own of [...sections, ...(alone.length > 0 ? [alone] : [])]) {
    for (let start = 0; start < own.length; start += size) {
      const group = own.slice(start, start + size);
      // A last item alone joins the group before it.
      if (group.length === 1 && start > 0) groups.at(-1)!.push(group[0]!);
      else groups.push(group);
    }
  }
  for (const [index, group] of groups.entries()) {
    const start = index * size;
    if (group.length < 2) continue;
    // The strongest item that reads as a sentence opens ("Signed Brennan Cold Storage, six sites, $9.6k MRR." is a label).
    const hook = group
      .filter((item) => asHook(item.text) !== undefined && !POINTING.test(item.text))
      .sort((a, b) => Number(standsAlone(b)) - Number(standsAlone(a)) || punch(b) - punch(a))[0];
    if (!hook) continue;
    // The opening lesson's own explanation follows it; the other lessons follow as a list, each whole.
    const own = whole(hook)
      .filter((sentence) => sentence !== hook)
      .map((sentence) => ({ ...sentence, from: "paragraph" as const }));
    const others: Paragraph = { list: true, ordered: false, sentences: group.filter((item) => item !== hook).flatMap(whole) };
    posts.push(
      candidateOf(
        1000 + start,
        { ...hook, from: "paragraph" },
        [...(own.length > 0 ? [paragraph(own)] : []), others],
        "value",
        `${group.length} of the article's lessons`,
        hook.sectionId,
      ),
    );
  }
  return posts;
}

/** Sections written to an update's investors, not to the public. */
export const ASKS = /^(?:asks?|the asks?|how you can help|where you can help|requests?|help wanted|next \d+ days|roadmap|what['’]s next)\b/iu;

/** Words under which a numbered item is a story of its own: a label, what happened, and why or what next. */
const RICH_ITEM_WORDS = 35;

/**
 * An update's rich items ("2. We lost two installers. Both experienced, both went to a competitor... Lesson learned
 * late.") each as a post of their own. Round 19 scored an investor update cut into groups of bullets 1 and 2 ("three
 * unrelated lowlights glued together", "the installer story, the best lesson in the article, is buried as a bullet").
 * A short label in front ("BUS voucher delays.") gives way to the sentence after it, which carries the claim.
 */
export function itemPosts(ideas: Ideas): Candidate[] {
  const posts: Candidate[] = [];
  const heading = (sectionId: number) => ideas.sections.find((section) => section.id === sectionId)?.heading;
  for (const item of ideas.sentences) {
    if (item.from !== "item" || item.indexInBlock !== 0 || item.traits.code || item.traits.meta) continue;
    // An update's asks and plans are written to its investors ("Introductions to multi-site groups...", round 20: 1s).
    if (ASKS.test(heading(item.sectionId) ?? "")) continue;
    const own = ideas.sentences.filter((sentence) => sentence.blockId === item.blockId);
    if (own.length < 3 || own.reduce((sum, sentence) => sum + sentence.words, 0) < RICH_ITEM_WORDS) continue;
    const [first, second, ...rest] = own as [Sentence, Sentence, ...Sentence[]];
    // A label names a topic: no figure and no one doing anything ("We lost two installers." and "Margin slipped to
    // 24.8%." are already claims).
    const label =
      first.words <= 5 && /\.$/u.test(first.text) && !/\d/u.test(first.text) && !/(?<![\p{L}])(?:I|we|they|he|she|it|our|my)(?![\p{L}])/iu.test(first.text);
    // The label goes when the sentence after it opens the post on its own ("Boiler Upgrade Scheme vouchers are taking 6-8
    // weeks to pay out"); glued in front ("Copperpot Group signed: After a four-month pilot...") it read as a heading.
    const hook = label
      ? asHook(second.text) !== undefined && !pointingCue(second.text, undefined)
        ? { ...second, from: "paragraph" as const }
        : lineBeside(first, `${first.text.replace(/\.$/u, "")}: ${second.text}`)
      : { ...first, from: "paragraph" as const };
    const body = (label ? rest : [second, ...rest]).map((sentence) => ({ ...sentence, from: "paragraph" as const }));
    if (asHook(hook.text) === undefined || body.length === 0) continue;
    const post = candidateOf(2000 + item.id, hook, [paragraph(body)], "insight", "one item of the update, told whole", item.sectionId);
    // Under its section's heading ("HIGHLIGHTS"), so the week never takes it for the article's introduction.
    posts.push({ ...post, topic: heading(item.sectionId) });
  }
  return posts;
}
