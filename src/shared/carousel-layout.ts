import { type Author, type Design, SLIDE_SIZES, type Slide } from "./carousel";

/**
 * THE layout of a carousel slide: the editor's preview (islands/carousel/carousel-slide.tsx, HTML) and the
 * PDF (src/services/carousels/render-pdf.tsx, @react-pdf/renderer) both draw what this returns,
 * so what the user sees is what LinkedIn gets. Styles are the flexbox subset both renderers read
 * the same way; numbers are CSS pixels in the preview and PDF points in the file (1080 of each
 * across), and the preview scales the whole slide down. The font family is each renderer's own
 * (the same Noto Sans files: served to the browser, embedded in the PDF).
 */

export type BoxStyle = {
  display?: "flex";
  flexDirection?: "column" | "row";
  justifyContent?: "flex-start" | "center" | "space-between" | "flex-end";
  alignItems?: "flex-start" | "center" | "flex-end";
  flexGrow?: number;
  width?: number;
  height?: number;
  padding?: number;
  marginTop?: number;
  backgroundColor?: string;
  borderRadius?: number;
};

export type TextStyle = {
  color: string;
  fontSize: number;
  fontWeight: 400 | 700;
  lineHeight: number;
  marginTop?: number;
};

export type TextBlock = { role: "counter" | "title" | "body" | "byline" | "handle" | "cue"; text: string; style: TextStyle };
export type SlideGroup = { style: BoxStyle; blocks: TextBlock[] };
export type SlideLayout = { width: number; height: number; page: BoxStyle; groups: SlideGroup[] };

export type Palette = { background: string; text: string; muted: string; accent: string };

export function palette(design: Design): Palette {
  if (design.theme === "dark") return { background: "#0f172a", text: "#f8fafc", muted: "#cbd5e1", accent: "#7dd3fc" };
  if (design.theme === "brand") return { background: design.brandBackground, text: design.brandText, muted: design.brandText, accent: design.brandText };
  return { background: "#ffffff", text: "#111827", muted: "#4b5563", accent: "#0a66c2" };
}

const PADDING = 96;
const LINE_HEIGHT = 1.25;

/** Shorter titles are set larger: a hook of a few words should fill the cover. */
function titleSize(slide: Slide): number {
  const length = [...slide.title].length;
  if (slide.kind === "cover") return length <= 40 ? 92 : length <= 70 ? 76 : length <= 110 ? 64 : 56;
  return length <= 40 ? 72 : length <= 70 ? 62 : 54;
}

export function layoutSlide(slide: Slide, index: number, count: number, design: Design, author: Author): SlideLayout {
  const { width, height } = SLIDE_SIZES[design.size];
  const colours = palette(design);
  const text = (role: TextBlock["role"], value: string, style: Omit<TextStyle, "lineHeight"> & { lineHeight?: number }): TextBlock => ({
    role,
    text: value,
    style: { lineHeight: LINE_HEIGHT, ...style },
  });
  const top: TextBlock[] = [text("counter", `${index + 1}/${count}`, { color: colours.accent, fontSize: 32, fontWeight: 700 })];
  const middle: TextBlock[] = [text("title", slide.title, { color: colours.text, fontSize: titleSize(slide), fontWeight: 700, lineHeight: 1.15 })];
  if (slide.body) middle.push(text("body", slide.body, { color: colours.muted, fontSize: 40, fontWeight: 400, marginTop: 40 }));
  const bottom: TextBlock[] = [];
  if (author.name) bottom.push(text("byline", author.name, { color: colours.text, fontSize: 34, fontWeight: 700 }));
  if (author.handle) bottom.push(text("handle", author.handle, { color: colours.muted, fontSize: 30, fontWeight: 400, marginTop: 4 }));
  if (slide.kind === "cover" && count > 1) bottom.push(text("cue", "→", { color: colours.accent, fontSize: 48, fontWeight: 700, marginTop: 24 }));
  return {
    width,
    height,
    page: { display: "flex", flexDirection: "column", justifyContent: "space-between", width, height, padding: PADDING, backgroundColor: colours.background },
    groups: [
      { style: { display: "flex", flexDirection: "column" }, blocks: top },
      {
        style: { display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: slide.kind === "idea" ? "center" : "center", marginTop: 48 },
        blocks: middle,
      },
      { style: { display: "flex", flexDirection: "column", marginTop: 48 }, blocks: bottom },
    ],
  };
}

export function layoutCarousel(carousel: { slides: Slide[]; design: Design; author: Author }): SlideLayout[] {
  return carousel.slides.map((slide, index) => layoutSlide(slide, index, carousel.slides.length, carousel.design, carousel.author));
}
