import * as v from "valibot";

/**
 * A carousel (a LinkedIn document post): its slides and its design, as the editor sends them
 * and the server stores them. Shared with the editor island so the limits it shows are the ones
 * the API checks. The strategist's stricter contract (5-10 slides, cover first, closing last)
 * is src/strategist/carousel.ts.
 */

/** A slide is read in two seconds while swiping: a short title and at most a few short lines. */
export const MAX_SLIDE_TITLE_CHARS = 90;
export const MAX_SLIDE_BODY_CHARS = 220;
/** The cover's title is the post's hook, which may run longer (it is set smaller). */
export const MAX_COVER_TITLE_CHARS = 150;
/** Strategists compose 5-10; the editor lets a user add up to 20 (LinkedIn allows far more, nobody swipes that far). */
export const MAX_SLIDES = 20;
export const SLIDE_KINDS = ["cover", "idea", "closing"] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

export const THEMES = ["light", "dark", "brand"] as const;
export type Theme = (typeof THEMES)[number];
export const SLIDE_SIZES = { square: { width: 1080, height: 1080 }, portrait: { width: 1080, height: 1350 } } as const;
export type SlideSize = keyof typeof SLIDE_SIZES;

/** WCAG 2 AA for large text would be 3:1; slides are read small on a phone, so the normal-text 4.5:1. */
export const MIN_CONTRAST = 4.5;

const trimmed = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.transform((text) => text.replace(/\r\n?/g, "\n").trim()),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const slideSchema = v.pipe(
  v.object({
    kind: v.picklist(SLIDE_KINDS, "A slide's kind must be cover, idea or closing"),
    title: v.pipe(trimmed(MAX_COVER_TITLE_CHARS, "A slide's title"), v.minLength(1, "Every slide needs a title")),
    body: trimmed(MAX_SLIDE_BODY_CHARS, "A slide's text"),
  }),
  v.forward(
    v.check(
      (slide) => slide.kind === "cover" || [...slide.title].length <= MAX_SLIDE_TITLE_CHARS,
      `A slide's title must be at most ${MAX_SLIDE_TITLE_CHARS} characters (the cover's, ${MAX_COVER_TITLE_CHARS})`,
    ),
    ["title"],
  ),
);
export type Slide = v.InferOutput<typeof slideSchema>;

const hexColour = v.pipe(v.string("Colours must be text"), v.regex(/^#[0-9a-fA-F]{6}$/, "Colours must be written #RRGGBB"), v.toLowerCase());

export const designSchema = v.pipe(
  v.object({
    theme: v.picklist(THEMES, "The design must be light, dark or brand"),
    size: v.picklist(["square", "portrait"] as const, "The size must be square or portrait"),
    /** The brand design's background and text colours (kept when another design is chosen). */
    brandBackground: hexColour,
    brandText: hexColour,
  }),
  v.check(
    (design) => design.theme !== "brand" || contrastRatio(design.brandBackground, design.brandText) >= MIN_CONTRAST,
    `The brand colours are too close to read: the text needs a contrast of at least ${MIN_CONTRAST}:1 with the background`,
  ),
);
export type Design = v.InferOutput<typeof designSchema>;

export const authorSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.maxLength(80, "The name must be at most 80 characters")),
  handle: v.pipe(v.string(), v.trim(), v.maxLength(60, "The handle must be at most 60 characters")),
});
export type Author = v.InferOutput<typeof authorSchema>;

/** What the editor saves: every slide, the design and the cover's byline. */
export const carouselInputSchema = v.object({
  slides: v.pipe(
    v.array(slideSchema, "slides must be a list"),
    v.minLength(1, "A carousel needs at least one slide"),
    v.maxLength(MAX_SLIDES, `A carousel has at most ${MAX_SLIDES} slides`),
  ),
  design: designSchema,
  author: authorSchema,
});
export type CarouselInput = v.InferOutput<typeof carouselInputSchema>;

export const DEFAULT_DESIGN: Design = { theme: "light", size: "portrait", brandBackground: "#0a66c2", brandText: "#ffffff" };

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The better of white and near-black on a background: the editor's default text colour for a new brand colour. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#111827") ? "#ffffff" : "#111827";
}
