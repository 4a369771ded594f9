import type { CSSProperties } from "react";
import type { SlideLayout } from "../../src/shared/carousel-layout";

/**
 * One slide as the PDF draws it: the shared layout (src/shared/carousel-layout.ts) read as CSS
 * pixels at 1080 across, scaled down to `width`. The font is the PDF's Noto Sans, served at
 * /fonts/ (PREVIEW_FONT_CSS), so lines break where the PDF's do as nearly as two renderers allow.
 */
export const PREVIEW_FONT_FAMILY = '"Cadence Sans", "Noto Sans", "Noto Sans JP", sans-serif';

export const PREVIEW_FONT_CSS = `@font-face{font-family:"Cadence Sans";font-weight:400;font-display:swap;src:url(/fonts/noto-sans-latin-400.woff) format("woff")}@font-face{font-family:"Cadence Sans";font-weight:700;font-display:swap;src:url(/fonts/noto-sans-latin-700.woff) format("woff")}`;

export function SlidePreview({ layout, width, label }: { layout: SlideLayout; width: number; label: string }) {
  const scale = width / layout.width;
  const page: CSSProperties = {
    ...layout.page,
    boxSizing: "border-box",
    fontFamily: PREVIEW_FONT_FAMILY,
    transform: `scale(${scale})`,
    transformOrigin: "top left",
    position: "absolute",
    top: 0,
    left: 0,
  };
  return (
    <figure
      aria-label={label}
      data-slide-preview
      className="relative overflow-hidden rounded-md shadow-sm ring-1 ring-base-300"
      style={{ width, height: layout.height * scale }}
    >
      <div style={page}>
        {layout.groups.map((group, g) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups and blocks are laid out afresh each render, never reordered
          <div key={g} style={group.style}>
            {group.blocks.map((block, b) => (
              <p
                // biome-ignore lint/suspicious/noArrayIndexKey: groups and blocks are laid out afresh each render, never reordered
                key={b}
                data-role={block.role}
                style={{ ...block.style, margin: 0, marginTop: block.style.marginTop ?? 0, whiteSpace: "pre-wrap", overflowWrap: "break-word" }}
              >
                {block.text}
              </p>
            ))}
          </div>
        ))}
      </div>
    </figure>
  );
}
