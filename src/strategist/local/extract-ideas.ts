import { countWords } from "../language";
import type { CleanSource } from "../clean";
import { normalise, splitSentences, type Traits, traitsOf, withoutReaderAside } from "./sentences";

/**
 * Reads a cleaned article into what posts are made of: its sections, its sentences (each with
 * traits and a score for how well it stands alone), its questions and its key terms (the
 * hashtags are chosen in render.ts). Repeated sentences are read once.
 */

export type Sentence = {
  id: number;
  text: string;
  words: number;
  sectionId: number;
  blockId: number;
  /** Position within its paragraph or list item (0 = first). */
  indexInBlock: number;
  from: "paragraph" | "item" | "quote";
  ordered: boolean;
  traits: Traits;
  /** How well it works on its own, as a hook or a highlight. */
  score: number;
};

export type Section = {
  id: number;
  heading: string | undefined;
  level: number;
  /** The section this one sits under (a ### under a ##), or undefined. */
  parentId: number | undefined;
  /** Its heading is an interviewer's question or prompt (clean.ts): the section is the guest's answer. */
  asked?: boolean;
  sentences: Sentence[];
};

export type Ideas = {
  title: string | undefined;
  sections: Section[];
  sentences: Sentence[];
  /** The names and words the article keeps coming back to, most used first. */
  keyTerms: string[];
  /** Sections beside the article's point (thanks, credits, a note on methodology): a post only when the week needs one. */
  asides: Set<number>;
  words: number;
};

/** A newsletter's reading list ("Worth your time", "Links", "What I'm reading"): its links went with the paste. */
const READING_LIST =
  /^(?:\d+\.\s*)?(?:(?:things |links |reads |stuff )?worth (?:your time|a read|reading|a look|a listen)|(?:good |useful |some )?links?(?: of the week)?|reading list|what I['’]m (?:reading|listening to)|recommended(?: reading)?|good reads|from around the web|elsewhere|further reading)$/i;

/**
 * Headings that name a place in the article, not an idea: no use as a hook or a topic
 * ("And more...", "Day 1", "Thank you", "tl;dr").
 */
/** A line made from the article's own words (a question, a label, a title), placed beside the sentence it goes with. */
export function lineBeside(anchor: Sentence, text: string, id = anchor.id): Sentence {
  return { ...anchor, id, text, words: countWords(text), from: "paragraph", indexInBlock: 0, ordered: false, traits: traitsOf(text) };
}

export function isGenericHeading(heading: string): boolean {
  return (
    /\.\.\.$|…$/.test(heading) ||
    /^(?:day|part|step|chapter|section|week|episode)\s*\d+\b/i.test(heading) ||
    /^(?:tl;?dr|summary|conclusion|introduction|intro|overview|thank you|thanks|acknowledge?ments?|attribution|credits|timeline|changelog|updates?|q&a|faq|next steps|resources|references|further reading|appendix|notes?|and more|what['’]s next|wrapping up|closing thoughts)\b/i.test(
      heading,
    )
  );
}

/** How a paragraph that walks through the code above it begins. */
const EXPLAINS_CODE =
  /^(?:The (?:first|last|second|third|output|result|results|response|request|payload|header|command|call|calls|example|code|snippet|session|function|line|lines|traceback|error)\b|This (?:prints|returns|outputs|shows|gives|produces|displays|creates|will|example|code)\b|These (?:lines|calls)\b|Here,? |As you can see|Notice (?:that|how)|Note that|In this example|Running this|When you run|Both (?:calls|lines)\b)/i;

/** A sentence a post can use: prose of a sensible length. */
export function usable(sentence: Sentence): boolean {
  return !sentence.traits.code && !sentence.traits.broken && sentence.words >= 4 && (sentence.words <= 60 || sentence.text.length <= 240);
}

export function extractIdeas(source: CleanSource): Ideas {
  const sections: Section[] = [{ id: 0, heading: undefined, level: 0, parentId: undefined, sentences: [] }];
  const sentences: Sentence[] = [];
  const seen = new Set<string>();
  const headingStack: Section[] = [];

  source.blocks.forEach((block, blockId) => {
    if (block.kind === "heading") {
      while (headingStack.length > 0 && headingStack.at(-1)!.level >= block.level) headingStack.pop();
      const section: Section = {
        id: sections.length,
        heading: block.text,
        level: block.level,
        parentId: headingStack.at(-1)?.id,
        sentences: [],
        ...(block.asked ? { asked: true } : {}),
      };
      sections.push(section);
      headingStack.push(section);
      return;
    }
    const section = sections.at(-1)!;
    // A newsletter's reading list ("Worth your time", "Links", "What I'm reading") lost its links with the paste: no post.
    if (section.heading && READING_LIST.test(section.heading.trim())) return;
    // "The first five calls are allowed..." right under a code example that was removed explains what no one will see.
    // ...and so does one right after a lead-in whose code the paste lost ("send a POST request to /v2/webhook_endpoints:"
    // then "The response includes the endpoint's id": round 22's docs page).
    const previous = source.blocks[blockId - 1];
    const leadInLost = block.kind === "paragraph" && previous?.kind === "paragraph" && previous.text.trimEnd().endsWith(":");
    if ((block.afterCode || leadInLost) && EXPLAINS_CODE.test(block.text)) return;
    // A repeated sentence says nothing new, unless it is a short line that completes a new one before it
    // ("A single clinic with 30 staff paid $180. It now pays $79." after "... paid $72 a month. It now pays $79.").
    let previousNew = false;
    splitSentences(block.text).forEach((said, indexInBlock) => {
      const text = withoutReaderAside(said);
      const key = normalise(text);
      if (key === "") return;
      const repeat = seen.has(key);
      const completes = repeat && indexInBlock > 0 && previousNew && countWords(text) <= 8;
      // ...or a short item with a figure in a list that adds things up ("Labour: £486" under "Add it all up for 120
      // guests:"): without it, round 36's guide posted a total its items no longer made.
      const counted = repeat && block.kind === "item" && /\d/u.test(text) && countWords(text) <= 8;
      previousNew = !repeat;
      if (repeat && !completes && !counted) return;
      seen.add(key);
      const sentence: Sentence = {
        id: sentences.length,
        text,
        words: countWords(text),
        sectionId: section.id,
        blockId,
        indexInBlock,
        from: block.kind === "item" ? "item" : block.kind === "quote" ? "quote" : "paragraph",
        ordered: block.ordered,
        traits: traitsOf(text),
        score: 0,
      };
      sentences.push(sentence);
      section.sentences.push(sentence);
    });
  });

  // "Once implemented, the Foundation will" followed by a list: the list finishes the sentence.
  for (const sentence of sentences) {
    const next = sentences[sentence.id + 1];
    if (sentence.from === "paragraph" && next?.from === "item" && next.blockId !== sentence.blockId && !/[.!?…。！？؟]["'”’)]*$/.test(sentence.text)) {
      sentence.traits.leadIn = true;
    }
  }
  const withContent = chunkLongSections(sections.filter((section) => section.sentences.length > 0));
  const keyTerms = findKeyTerms(source.title, sentences, withContent);
  const closingSections = new Set(
    withContent
      .filter(
        (section) =>
          section.heading &&
          ((isGenericHeading(section.heading) && /thank|acknowledg|attribution|credit/i.test(section.heading)) ||
            /methodolog|^about (?:the|this|our) (?:data|survey|study|numbers)|^how we (?:ran|did) (?:it|the survey|the study)/i.test(section.heading) ||
            // A newsletter's other news under the main piece ("ALSO THIS MONTH: DIDSBURY IS (NEARLY) OPEN": a shop
            // opening and a hiring call, round 22's post scored 1 by all three readers).
            /^(?:also (?:this|in this|last|next) (?:week|month|issue)|also|elsewhere|in other news|other news|housekeeping|odds and ends|quick notes|bits and pieces)\b/i.test(
              section.heading,
            ) ||
            // ...and where the author will be ("WHERE I'LL BE": a workshop's date, venue and price, round 28's post scored 1).
            /^(?:where (?:I|we)['’]ll be|where to (?:find|see|meet) (?:me|us)|come (?:and )?(?:see|meet) (?:me|us)|upcoming (?:events|workshops|talks|dates)|events|workshops|on the road|diary dates|save the date)\b/i.test(
              section.heading,
            )),
      )
      .map((section) => section.id),
  );
  for (const sentence of sentences) {
    sentence.score = standaloneScore(sentence, keyTerms, withContent[0]?.id) - (closingSections.has(sentence.sectionId) ? 3 : 0);
  }
  return {
    title: source.title,
    sections: withContent,
    sentences,
    keyTerms,
    asides: closingSections,
    words: sentences.reduce((sum, sentence) => sum + sentence.words, 0),
  };
}

/**
 * Text without headings (one giant paragraph, a plain newsletter) still needs parts for the
 * week's posts to draw on separately: a long section is cut into runs of about 8 sentences,
 * at paragraph breaks where possible.
 */
function chunkLongSections(sections: Section[]): Section[] {
  const out: Section[] = [];
  let nextId = Math.max(0, ...sections.map((section) => section.id)) + 1;
  for (const section of sections) {
    if (section.sentences.length <= 14) {
      out.push(section);
      continue;
    }
    let current: Sentence[] = [];
    const flush = (first: boolean) => {
      if (current.length === 0) return;
      const id = first ? section.id : nextId++;
      for (const sentence of current) sentence.sectionId = id;
      out.push({ ...section, id, heading: first ? section.heading : undefined, parentId: first ? section.parentId : section.id, sentences: current });
      current = [];
    };
    let first = true;
    section.sentences.forEach((sentence, index) => {
      const next = section.sentences[index + 1];
      current.push(sentence);
      const atBreak = !next || next.blockId !== sentence.blockId;
      if ((current.length >= 8 && atBreak) || current.length >= 12) {
        flush(first);
        first = false;
      }
    });
    flush(first);
  }
  return out;
}

const CAPITALISED_STOPWORDS = new Set(
  (
    "Should Would Could Can Will Must May Might Do Does Did Is Are Was Were Be Not More Much Few Less Only Good Great Best Day Part Step Chapter Section The A An We I You It This That These Those In On At For And But Or If When While As To Of With Our Your Their My He She They There Here What Why How Today Now Also However Finally First Next Then Once Since Although Because After Before During Every Each Some Many Most All Any No Not One Two Three Even Just Still So Yes Last Let Let's Who Where Which Until Over Under Instead Unlike Like By From Into Read See Use Watch Learn Note Update Thank Thanks Most New" +
    " Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December"
  ).split(" "),
);

const COMMON_WORDS = new Set(
  "about above after again against because before being below between could does doing during every further having other should their there these those through under until where which while would should might really things thing people something different another actually however already always around little never often together without within across along among".split(
    " ",
  ),
);

// Frequent but empty as a topic or a hashtag.
const GENERIC_TERMS = new Set(
  "shared features feature problems problem introducing technical structure support announced announcing including released release changes change things people using working across available already started better number several thanks example examples important different possible recommend recommended version versions question questions answer answers information content number numbers section sections".split(
    " ",
  ),
);

/**
 * The names the article keeps coming back to: capitalised phrases ("React Compiler", "Create
 * React App") and frequent long words, in any script. The title counts three times.
 */
function findKeyTerms(title: string | undefined, sentences: Sentence[], sections: Section[]): string[] {
  const counts = new Map<string, { term: string; count: number; words: number }>();
  const add = (term: string, weight: number) => {
    const key = term.toLowerCase();
    const entry = counts.get(key) ?? { term, count: 0, words: term.split(" ").length };
    entry.count += weight;
    counts.set(key, entry);
  };
  const texts = [
    ...sentences.filter((sentence) => !sentence.traits.code).map((sentence) => ({ text: sentence.text, weight: 1 })),
    ...sections.flatMap((section) => (section.heading ? [{ text: section.heading, weight: 1.5 }] : [])),
    ...(title ? [{ text: title, weight: 3 }] : []),
  ];
  for (const { text: raw, weight } of texts) {
    const text = raw.replace(/(\p{L})['’]s\b/gu, "$1"); // "React’s" is React
    // Whole words only: "useCallback" is not about "Callback".
    for (const match of text.matchAll(/(?<![\p{L}\p{N}.])\p{Lu}[\p{L}\p{N}'’.-]*(?:\s+\p{Lu}[\p{L}\p{N}'’-]*){0,3}/gu)) {
      const words = match[0].replace(/[.'’-]+$/, "").split(/\s+/);
      // "We’ve", "Don’t": a contraction is a common word, whatever its first letter.
      const common = (word: string) => CAPITALISED_STOPWORDS.has(word) || /['’]/.test(word);
      while (words.length > 0 && common(words[0]!)) words.shift();
      while (words.length > 0 && common(words.at(-1)!)) words.pop();
      if (words.length === 0 || words.join("").length < 2) continue;
      add(words.join(" "), weight);
    }
    for (const match of text.matchAll(/(?<![\p{L}\p{N}.])\p{L}[\p{L}\p{M}]{5,}(?![\p{L}\p{N}])/gu)) {
      const word = match[0];
      // Past tenses and adverbs ("learned", "quickly") are not topics.
      if (/^\p{Lu}/u.test(word) || COMMON_WORDS.has(word.toLowerCase()) || /(?:ed|ly)$/.test(word)) continue;
      // Scripts without capitals (Arabic, Hebrew, CJK...) have no names to spot: frequency is all there is.
      add(word, /^\p{Lo}/u.test(word) ? weight : weight * 0.6);
    }
  }
  // A short text repeats little: then a name mentioned once is still its subject.
  const least = [...counts.values()].some((entry) => entry.count >= 2) ? 2 : 1;
  return (
    [...counts.values()]
      // Long phrases are usually the title repeated, not a name worth a hashtag.
      .filter((entry) => entry.count >= least && entry.words <= 3 && !GENERIC_TERMS.has(entry.term.toLowerCase()))
      .sort((a, b) => b.count * (1 + 0.4 * (b.words - 1)) - a.count * (1 + 0.4 * (a.words - 1)) || a.term.localeCompare(b.term))
      .slice(0, 12)
      .map((entry) => entry.term)
  );
}

function standaloneScore(sentence: Sentence, keyTerms: string[], introId: number | undefined): number {
  const { traits } = sentence;
  const length = sentence.text.length;
  let score = 1;
  if (length >= 50 && length <= 180) score += 1.5;
  else if (length < 35 || length > 260) score -= 1.5;
  const lower = sentence.text.toLowerCase();
  score += 0.6 * Math.min(3, keyTerms.filter((term) => lower.includes(term.toLowerCase())).length);
  if (sentence.indexInBlock === 0) score += 0.5;
  if (sentence.sectionId === introId) score += 0.5;
  score += 0.6 * traits.claim + 0.3 * Math.min(traits.numbers, 4) + 0.2 * Math.min(traits.story, 3);
  if (traits.meta) score -= 3;
  if (traits.dangling) score -= 1.5;
  if (traits.leadIn) score -= 3;
  if (traits.code) score -= 5;
  if (sentence.from === "item") score -= 0.5;
  return score;
}
