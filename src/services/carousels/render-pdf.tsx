import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import type { Author, Design, Slide } from "../../shared/carousel";
import { layoutCarousel, type SlideLayout } from "../../shared/carousel-layout";
import { PDF_FONT_FAMILIES, registerPdfFonts } from "./fonts";

/**
 * The carousel as a PDF, one page per slide, drawn from the shared layout
 * (src/shared/carousel-layout.ts) with @react-pdf/renderer: text stays text (selectable,
 * read by screen readers and by LinkedIn's own viewer), fonts are embedded and subset.
 */
export type CarouselDocument = { title: string; slides: Slide[]; design: Design; author: Author };

function SlidePage({ layout }: { layout: SlideLayout }) {
  return (
    <Page size={[layout.width, layout.height]} style={{ ...layout.page, fontFamily: PDF_FONT_FAMILIES }}>
      {layout.groups.map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups and blocks are laid out afresh each render, never reordered
        <View key={g} style={group.style}>
          {group.blocks.map((block, b) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups and blocks are laid out afresh each render, never reordered
            <Text key={b} style={block.style}>
              {block.text}
            </Text>
          ))}
        </View>
      ))}
    </Page>
  );
}

export async function renderCarouselPdf(carousel: CarouselDocument): Promise<Uint8Array> {
  registerPdfFonts();
  const pages = layoutCarousel(carousel);
  const buffer = await renderToBuffer(
    <Document title={carousel.title} author={carousel.author.name || undefined} creator="Cadence" producer="Cadence" language={undefined}>
      {pages.map((layout, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are laid out afresh each render, never reordered
        <SlidePage key={i} layout={layout} />
      ))}
    </Document>,
  );
  return new Uint8Array(buffer);
}
