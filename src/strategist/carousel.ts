import * as v from "valibot";
import { type Author, MAX_COVER_TITLE_CHARS, MAX_SLIDE_BODY_CHARS, MAX_SLIDE_TITLE_CHARS, type Slide, slideSchema } from "../shared/carousel";
import { detectLanguage, type Language } from "./language";
import { lintPost } from "./lint";

/**
 * The slides contract: what either strategist must answer when asked for a post's carousel
 * (issue 25). 5 to 10 slides: a cover (the post's hook; the author's name and handle are drawn
 * on it from the byline), one idea per slide (a short title, at most a few short lines under
 * it, never a paragraph), and a closing slide (the takeaway, then a follow line). Checked with
 * valibot like the plan contract, then linted for the post defects a slide can have.
 */
export const MIN_CAROUSEL_SLIDES = 5;
export const MAX_CAROUSEL_SLIDES = 10;

export const carouselSlidesSchema = v.pipe(
  v.array(slideSchema, "slides must be a list"),
  v.minLength(MIN_CAROUSEL_SLIDES, `a carousel has at least ${MIN_CAROUSEL_SLIDES} slides`),
  v.maxLength(MAX_CAROUSEL_SLIDES, `a carousel has at most ${MAX_CAROUSEL_SLIDES} slides`),
  v.check((slides) => slides[0]?.kind === "cover", "the first slide must be the cover"),
  v.check((slides) => slides.at(-1)?.kind === "closing", "the last slide must be the closing slide"),
  v.check((slides) => slides.slice(1, -1).every((slide) => slide.kind === "idea"), "every slide between the cover and the closing slide is an idea slide"),
  v.check((slides) => (slides.at(-1)?.body.length ?? 0) > 0, "the closing slide needs a follow line"),
);

export type CarouselSlides = Slide[];

export type CarouselStrategyInput = {
  /** The post as it reads now: the carousel says what it says. */
  post: string;
  /** The article the post came from: the only other material (empty for a post written by hand). */
  sourceText: string;
  author: Author;
};

export type SlidesCheck = { ok: true; slides: CarouselSlides } | { ok: false; problems: string[] };

/**
 * Which post defects a slide can have: leftovers of the page (debris: code, navigation,
 * bylines) and stock phrases. Length, hashtag, opening and line-ending rules are a post's: a
 * slide's title may be a fragment without a full stop.
 */
const SLIDE_DETECTORS = new Set(["debris", "canned"]);

/** A slide as one text: a title that is a sentence's first part runs on into its lines (for the lint's sake). */
function slideText(slide: Slide): string {
  if (!slide.body) return slide.title;
  const runsOn = !/[.!?…。！？]["'”’»)]*$/u.test(slide.title) || slide.title.endsWith("…");
  return runsOn ? `${slide.title.replace(/…$/u, "")} ${slide.body.replace(/^…/u, "")}` : `${slide.title}\n\n${slide.body}`;
}

/** Checks the contract and the slide lint; never throws. */
export function checkSlides(raw: unknown, options: { language?: Language } = {}): SlidesCheck {
  const slides = typeof raw === "object" && raw !== null && "slides" in raw ? (raw as { slides: unknown }).slides : raw;
  const result = v.safeParse(carouselSlidesSchema, slides);
  if (!result.success) {
    return {
      ok: false,
      problems: result.issues.map((issue) => {
        const path = v.getDotPath(issue);
        return path ? `slides.${path}: ${issue.message}` : issue.message;
      }),
    };
  }
  const problems = lintSlides(result.output, options.language);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, slides: result.output };
}

export function lintSlides(slides: Slide[], language?: Language): string[] {
  const problems: string[] = [];
  slides.forEach((slide, index) => {
    const text = slideText(slide);
    for (const finding of lintPost(text, { language: language ?? detectLanguage(text) })) {
      if (SLIDE_DETECTORS.has(finding.detector)) problems.push(`slide ${index + 1}: ${finding.message}`);
    }
  });
  return problems;
}

/** The JSON schema OpenAI's structured output is asked for (strict). */
export const carouselSlidesJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["slides"],
  properties: {
    slides: {
      type: "array",
      description: `${MIN_CAROUSEL_SLIDES} to ${MAX_CAROUSEL_SLIDES} slides: the cover first, the closing slide last, idea slides between.`,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["kind", "title", "body"],
        properties: {
          kind: { type: "string", enum: ["cover", "idea", "closing"] },
          title: {
            type: "string",
            description: `At most ${MAX_SLIDE_TITLE_CHARS} characters (the cover's at most ${MAX_COVER_TITLE_CHARS}). Cover: the post's hook. Idea: the idea in one line. Closing: the takeaway.`,
          },
          body: {
            type: "string",
            description: `At most ${MAX_SLIDE_BODY_CHARS} characters, short lines, never a paragraph. Cover: empty. Closing: the follow line.`,
          },
        },
      },
    },
  },
} as const;

/** "Follow Ada for more like this." in the post's language (Japanese is read from its script). */
export function followLine(name: string, text: string): string {
  const who = name.trim();
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return who ? `${who}をフォローして、続きをチェック。` : "フォローして、続きをチェック。";
  const lines: Record<Language, [string, string]> = {
    en: [`Follow ${who} for more like this.`, "Follow for more like this."],
    fr: [`Suivez ${who} pour d’autres idées comme celle-ci.`, "Abonnez-vous pour d’autres idées comme celle-ci."],
    de: [`Folgen Sie ${who} für mehr davon.`, "Folgen Sie für mehr davon."],
    es: [`Sigue a ${who} para más ideas como esta.`, "Sígueme para más ideas como esta."],
    pt: [`Siga ${who} para mais ideias como esta.`, "Siga para mais ideias como esta."],
    it: [`Segui ${who} per altre idee come questa.`, "Segui per altre idee come questa."],
    nl: [`Volg ${who} voor meer hiervan.`, "Volg voor meer hiervan."],
    other: [`Follow ${who} for more like this.`, "Follow for more like this."],
  };
  const [named, plain] = lines[detectLanguage(text)];
  return who ? named : plain;
}
