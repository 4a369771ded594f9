import { MAX_COVER_TITLE_CHARS, MAX_SLIDE_BODY_CHARS, MAX_SLIDE_TITLE_CHARS, type Slide } from "../../shared/carousel";
import { type CarouselSlides, type CarouselStrategyInput, checkSlides, followLine, lintSlides, MAX_CAROUSEL_SLIDES, MIN_CAROUSEL_SLIDES } from "../carousel";
import { cleanSource } from "../clean";

import { openingLine } from "../plan";
import { StrategistError } from "../types";
import { extractIdeas, usable } from "./extract-ideas";
import { LINK_NOTES } from "./render";
import { splitSentences } from "./sentences";

/**
 * The local strategist's carousel: the post's own points, one per slide, in the post's order.
 * The cover is the post's hook; each paragraph or list item after it is a point, its first
 * sentence the slide's title and what follows (as much as fits) its lines; the post's last point
 * is the closing takeaway, under which goes the follow line. A post too short for five slides
 * takes its article's next sentences (never anything the article does not say); one too long
 * keeps its first points, as the post itself leads with them. Deterministic, like the plans.
 */
export function composeCarouselLocally(input: CarouselStrategyInput): CarouselSlides {
  const text = `${input.post}\n${input.sourceText}`;
  const hook = openingLine(input.post);
  const points = postPoints(input.post);
  const slides: Slide[] = [{ kind: "cover", title: fitTitle(hook, MAX_COVER_TITLE_CHARS) ?? fitTitle(points.shift() ?? "") ?? "", body: "" }];
  const ideaSlides = points.map(pointSlide).filter((slide): slide is Slide => slide !== undefined);
  // The post's last point is its takeaway, when it has another to show before it.
  const takeaway = ideaSlides.length >= 2 ? ideaSlides.pop() : undefined;
  // Too few points in the post: the article's own sentences from where the post's material is, in the article's order.
  if (ideaSlides.length < MIN_CAROUSEL_SLIDES - 2 + (takeaway ? 0 : 1) && input.sourceText.trim()) {
    const taken = new Set([hook, ...points].map(squash));
    const wanted = MIN_CAROUSEL_SLIDES - 2 + (takeaway ? 0 : 1);
    for (const sentence of articleSentences(input.sourceText, input.post)) {
      if (ideaSlides.length >= wanted) break;
      if (taken.has(squash(sentence)) || squash(input.post).includes(squash(sentence))) continue;
      const slide = pointSlide(sentence);
      if (slide) {
        ideaSlides.push(slide);
        taken.add(squash(sentence));
      }
    }
  }
  const closing = takeaway ?? (ideaSlides.length > MIN_CAROUSEL_SLIDES - 2 ? ideaSlides.pop() : undefined);
  slides.push(...ideaSlides.slice(0, MAX_CAROUSEL_SLIDES - 2));
  slides.push({ kind: "closing", title: closing?.title ?? slides[0]!.title, body: followLine(input.author.name, text) });
  const checked = checkSlides(slides);
  if (!checked.ok) throw new StrategistError(`This post has too little material for a carousel of ${MIN_CAROUSEL_SLIDES} slides.`, false);
  return checked.slides;
}

/** The post's points after its hook: paragraphs and list items, without the hashtags and link lines. */
function postPoints(post: string): string[] {
  const lines = post.replace(/\r\n?/g, "\n").split("\n").slice(1);
  const points: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) points.push(paragraph.join(" "));
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (/^(?:#[\p{L}\p{N}_]+\s*)+$/u.test(line) || LINK_NOTES.includes(line)) continue;
    // A bullet may carry an emoji variation selector ("✔️ Ship it"): it goes with the bullet, not into the item.
    const item = line.match(/^(?:[→•▪✅✔➡*-][\uFE0E\uFE0F]?|\d+[.)])\s*(.+)$/u);
    if (item) {
      flush();
      points.push(item[1]!);
    } else paragraph.push(line);
  }
  flush();
  return points.filter((point) => point.replace(/\W/gu, "").length > 0);
}

/** One idea: its first sentence as the title, then as many of its next sentences as the slide holds. */
function pointSlide(point: string): Slide | undefined {
  const sentences = splitSentences(point)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const title = fitTitle(sentences[0] ?? "");
  if (!title) return undefined;
  const rest = title === sentences[0] ? "" : sentences[0]!.slice(title.replace(/…$/u, "").length).trim();
  let body = title.endsWith("…") ? `…${rest}` : rest.replace(/^[:;,—–-]\s*/u, "");
  if (body.length > MAX_SLIDE_BODY_CHARS) return undefined;
  for (const sentence of sentences.slice(1)) {
    const next = body ? `${body}\n${sentence}` : sentence;
    if (next.length > MAX_SLIDE_BODY_CHARS) break;
    body = next;
  }
  const slide: Slide = { kind: "idea", title, body };
  // A point the slide lint refuses (code, a byline) is left out rather than failing the carousel.
  return lintSlides([slide]).length === 0 ? slide : undefined;
}

/** A title of at most MAX_SLIDE_TITLE_CHARS: the sentence itself, or its first clause when that reads on its own. */
function fitTitle(sentence: string, max = MAX_SLIDE_TITLE_CHARS): string | undefined {
  const clean = sentence.trim();
  if (!clean) return undefined;
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const clause = head.match(/^(.{20,}[:;,—–])\s/u)?.[1];
  if (clause) return clause.replace(/\s*[—–]$/u, "");
  // No clause to stop at: the words that fit, the rest of the sentence goes on the slide's lines.
  const words = head.match(/^(.{20,})\s/u)?.[1];
  return words ? `${words}…` : undefined;
}

/** The article's sentences that could be a slide, starting after the last one the post uses (then the ones before it). */
function articleSentences(sourceText: string, post: string): string[] {
  const ideas = extractIdeas(cleanSource(sourceText));
  const fit = ideas.sentences.filter(
    (sentence) =>
      usable(sentence) && !sentence.traits.question && !sentence.traits.meta && sentence.text.length <= MAX_SLIDE_TITLE_CHARS + MAX_SLIDE_BODY_CHARS,
  );
  const inPost = squash(post);
  const last = fit.findLastIndex((sentence) => inPost.includes(squash(sentence.text)));
  return [...fit.slice(last + 1), ...fit.slice(0, Math.max(0, last))].map((sentence) => sentence.text);
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
