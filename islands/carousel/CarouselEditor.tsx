import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  type Author,
  contrastRatio,
  type Design,
  MAX_COVER_TITLE_CHARS,
  MAX_SLIDE_BODY_CHARS,
  MAX_SLIDE_TITLE_CHARS,
  MAX_SLIDES,
  MIN_CONTRAST,
  readableTextOn,
  type Slide,
  type SlideKind,
} from "../../src/shared/carousel";
import { layoutCarousel } from "../../src/shared/carousel-layout";
import { apiRequest } from "../api";
import { failureToast } from "../ui/failure-toast";
import { followGuard } from "../guard-client";
import { PREVIEW_FONT_CSS, SlidePreview } from "./carousel-slide";
import { showToast } from "../ui/toast";

/** What GET/POST/PUT /api/posts/:id/carousel answer. */
export type CarouselView = { postId: string; slides: Slide[]; design: Design; author: Author; version: number; postChanged: boolean; updatedAt: string };

type Props = { postId: string; carousel: CarouselView | null };

const KIND_LABELS: Record<SlideKind, string> = { cover: "Cover", idea: "Idea", closing: "Closing" };
const THEME_LABELS = { light: "Light", dark: "Dark", brand: "Brand colour" } as const;

/**
 * The carousel editor (issue 25): the slides as LinkedIn will show them (the PDF's own layout,
 * islands/carousel/carousel-slide.tsx), each slide's text, its place, new and removed slides, the design
 * (light, dark or the user's brand colours with their contrast) and the size; Save, and
 * Download PDF (which saves first, so the file is what the page shows). Arriving from "Make a
 * carousel" on a post that has none makes it.
 */
export default function CarouselEditor({ postId, carousel: initial }: Props) {
  const [saved, setSaved] = useState<CarouselView | null>(initial);
  const [draft, setDraft] = useState<Pick<CarouselView, "slides" | "design" | "author"> | null>(initial);
  const [busy, setBusy] = useState<"making" | "saving" | "downloading" | null>(null);
  const made = useRef(false);

  async function run<T>(kind: typeof busy, title: string, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(kind);
    try {
      return await work();
    } catch (error) {
      if (!(await followGuard(error))) showToast(failureToast(error, title));
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  async function make() {
    const answer = await run("making", "Could not make the carousel", () => apiRequest<{ carousel: CarouselView }>("POST", `/api/posts/${postId}/carousel`));
    if (answer) {
      setSaved(answer.carousel);
      setDraft(answer.carousel);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount: makes the first carousel when none was given
  useEffect(() => {
    if (!initial && !made.current) {
      made.current = true;
      void make();
    }
  }, []);

  const dirty = useMemo(
    () =>
      saved !== null &&
      draft !== null &&
      JSON.stringify([saved.slides, saved.design, saved.author]) !== JSON.stringify([draft.slides, draft.design, draft.author]),
    [saved, draft],
  );
  const contrast = draft ? contrastRatio(draft.design.brandBackground, draft.design.brandText) : 21;
  const contrastFails = draft?.design.theme === "brand" && contrast < MIN_CONTRAST;
  const tooLong =
    draft?.slides.some(
      (slide) => slide.title.length > (slide.kind === "cover" ? MAX_COVER_TITLE_CHARS : MAX_SLIDE_TITLE_CHARS) || slide.body.length > MAX_SLIDE_BODY_CHARS,
    ) ?? false;
  const emptyTitle = draft?.slides.some((slide) => slide.title.trim() === "") ?? false;
  const invalid = contrastFails || tooLong || emptyTitle;

  async function save(): Promise<boolean> {
    if (!draft || !saved || invalid) return false;
    if (!dirty) return true;
    const answer = await run("saving", "Could not save the carousel", () =>
      apiRequest<{ carousel: CarouselView }>("PUT", `/api/posts/${postId}/carousel`, { ...draft, version: saved.version }),
    );
    if (!answer) return false;
    setSaved(answer.carousel);
    setDraft(answer.carousel);
    return true;
  }

  async function download() {
    if (!(await save())) return;
    setBusy("downloading");
    // A plain link: the browser downloads the attachment and the page stays.
    const link = document.createElement("a");
    link.href = `/api/posts/${postId}/carousel.pdf`;
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    setBusy(null);
  }

  if (!draft || !saved) {
    return (
      <div className="flex flex-col items-start gap-3" aria-live="polite">
        <p>{busy === "making" ? "Making your carousel from the post and its article…" : "This post has no carousel yet."}</p>
        {busy !== "making" && (
          <button type="button" className="btn btn-primary" onClick={() => void make()}>
            Make a carousel
          </button>
        )}
      </div>
    );
  }

  const layouts = layoutCarousel(draft);
  const setSlides = (slides: Slide[]) => setDraft({ ...draft, slides });
  const setDesign = (design: Partial<Design>) => setDraft({ ...draft, design: { ...draft.design, ...design } });
  const updateSlide = (index: number, change: Partial<Slide>) => setSlides(draft.slides.map((slide, i) => (i === index ? { ...slide, ...change } : slide)));
  const move = (index: number, by: -1 | 1) => {
    const slides = [...draft.slides];
    const [slide] = slides.splice(index, 1);
    slides.splice(index + by, 0, slide!);
    setSlides(slides);
  };

  return (
    <div className="flex flex-col gap-6">
      <style>{PREVIEW_FONT_CSS}</style>
      {saved.postChanged && (
        <div role="status" className="alert alert-info">
          <span>The post has been edited since these slides were made. Make them again to follow it, or keep your slides.</span>
          <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void make()}>
            Make the slides again
          </button>
        </div>
      )}
      <DesignControls design={draft.design} contrast={contrast} contrastFails={contrastFails} onChange={setDesign} />
      <ol className="flex flex-col gap-5" aria-label="Slides">
        {draft.slides.map((slide, index) => (
          <SlideEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id; a SlideEditor holds nothing but ids tied to its position
            key={index}
            slide={slide}
            index={index}
            count={draft.slides.length}
            preview={<SlidePreview layout={layouts[index]!} width={260} label={`Slide ${index + 1} preview`} />}
            onChange={(change) => updateSlide(index, change)}
            onMove={(by) => move(index, by)}
            onRemove={() => setSlides(draft.slides.filter((_, i) => i !== index))}
            onAdd={() => setSlides([...draft.slides.slice(0, index + 1), { kind: "idea", title: "A new idea", body: "" }, ...draft.slides.slice(index + 1)])}
            canAdd={draft.slides.length < MAX_SLIDES}
          />
        ))}
      </ol>
      <div className="sticky bottom-0 z-10 -mx-2 flex flex-wrap items-center gap-2 border-t border-base-300 bg-base-100/95 px-2 py-3">
        <button type="button" className="btn btn-primary" disabled={!dirty || invalid || busy !== null} onClick={() => void save()}>
          {busy === "saving" ? "Saving…" : dirty ? "Save changes" : "Saved"}
        </button>
        <button type="button" className="btn" disabled={invalid || busy !== null} onClick={() => void download()}>
          Download PDF
        </button>
        <span className="text-sm text-base-content/70" aria-live="polite">
          {invalid
            ? "Fix the slides marked above to save."
            : `${draft.slides.length} slides · ${draft.design.size === "square" ? "1080 × 1080" : "1080 × 1350"}`}
        </span>
      </div>
    </div>
  );
}

function DesignControls({
  design,
  contrast,
  contrastFails,
  onChange,
}: {
  design: Design;
  contrast: number;
  contrastFails: boolean;
  onChange: (design: Partial<Design>) => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 font-semibold">Design</legend>
      <div role="radiogroup" aria-label="Design" className="flex flex-wrap gap-4">
        {(Object.keys(THEME_LABELS) as Design["theme"][]).map((theme) => (
          <label key={theme} className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-theme`} checked={design.theme === theme} onChange={() => onChange({ theme })} />
            {THEME_LABELS[theme]}
          </label>
        ))}
      </div>
      {design.theme === "brand" && (
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Brand background colour"
              value={design.brandBackground}
              onChange={(event) => onChange({ brandBackground: event.target.value, brandText: readableTextOn(event.target.value) })}
            />
            Background
          </label>
          <label className="flex items-center gap-2">
            <input type="color" aria-label="Brand text colour" value={design.brandText} onChange={(event) => onChange({ brandText: event.target.value })} />
            Text
          </label>
          <span className={contrastFails ? "text-error" : "text-base-content/80"} role={contrastFails ? "alert" : undefined}>
            {contrastFails
              ? `Contrast ${contrast.toFixed(1)}:1: too low to read. Choose colours with at least ${MIN_CONTRAST}:1.`
              : `Contrast ${contrast.toFixed(1)}:1`}
          </span>
        </div>
      )}
      <div role="radiogroup" aria-label="Size" className="flex flex-wrap gap-4">
        {(["portrait", "square"] as const).map((size) => (
          <label key={size} className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${id}-size`} checked={design.size === size} onChange={() => onChange({ size })} />
            {size === "square" ? "Square (1080 × 1080)" : "Portrait (1080 × 1350)"}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type SlideEditorProps = {
  slide: Slide;
  index: number;
  count: number;
  preview: React.ReactNode;
  onChange: (change: Partial<Slide>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onAdd: () => void;
  canAdd: boolean;
};

function SlideEditor({ slide, index, count, preview, onChange, onMove, onRemove, onAdd, canAdd }: SlideEditorProps) {
  const id = useId();
  const titleMax = slide.kind === "cover" ? MAX_COVER_TITLE_CHARS : MAX_SLIDE_TITLE_CHARS;
  const titleOver = slide.title.length > titleMax;
  const bodyOver = slide.body.length > MAX_SLIDE_BODY_CHARS;
  return (
    <li data-slide={index + 1} aria-label={`Slide ${index + 1}`} className="flex flex-col gap-4 rounded-box border border-base-300 p-4 sm:flex-row">
      {preview}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold">
            Slide {index + 1} · {KIND_LABELS[slide.kind]}
          </h3>
          {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons: role=group names it without a <fieldset>'s form semantics */}
          <div className="flex flex-wrap gap-1" role="group" aria-label={`Slide ${index + 1} actions`}>
            <button type="button" className="btn btn-ghost btn-xs" disabled={index === 0} onClick={() => onMove(-1)}>
              Move up
            </button>
            <button type="button" className="btn btn-ghost btn-xs" disabled={index === count - 1} onClick={() => onMove(1)}>
              Move down
            </button>
            <button type="button" className="btn btn-ghost btn-xs" disabled={!canAdd} onClick={onAdd}>
              Add a slide after
            </button>
            <button type="button" className="btn btn-ghost btn-xs" disabled={count === 1} onClick={onRemove}>
              Remove
            </button>
          </div>
        </div>
        <label className="flex flex-col gap-1" htmlFor={`${id}-title`}>
          <span className="text-sm">Title</span>
          <textarea
            id={`${id}-title`}
            rows={2}
            className={`textarea w-full ${titleOver ? "textarea-error" : ""}`}
            value={slide.title}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        </label>
        <p className={`text-xs ${titleOver ? "text-error" : "text-base-content/60"}`}>
          {slide.title.trim() === "" ? "Every slide needs a title." : `${slide.title.length}/${titleMax} characters`}
        </p>
        <label className="flex flex-col gap-1" htmlFor={`${id}-body`}>
          <span className="text-sm">{slide.kind === "closing" ? "Follow line" : "Text"}</span>
          <textarea
            id={`${id}-body`}
            rows={3}
            className={`textarea w-full ${bodyOver ? "textarea-error" : ""}`}
            value={slide.body}
            onChange={(event) => onChange({ body: event.target.value })}
          />
        </label>
        <p className={`text-xs ${bodyOver ? "text-error" : "text-base-content/60"}`}>{`${slide.body.length}/${MAX_SLIDE_BODY_CHARS} characters`}</p>
      </div>
    </li>
  );
}
