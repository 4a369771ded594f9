import { Font } from "@react-pdf/renderer";
import notoJp from "../../../node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf" with { type: "file" };
import notoLatinBold from "../../../node_modules/@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff" with { type: "file" };
import notoLatin from "../../../node_modules/@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff" with { type: "file" };
import notoLatinExtBold from "../../../node_modules/@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff" with { type: "file" };
import notoLatinExt from "../../../node_modules/@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff" with { type: "file" };

/**
 * The carousel's fonts, shipped with the app from npm packages (no download at run time) and
 * imported as files so the compiled binary carries them. Noto Sans (Fontsource's WOFF: react-pdf
 * reads WOFF, not WOFF2) in two pieces, Latin (French and German accents, typographic quotes,
 * dashes, €) and Latin Extended; then Noto Sans JP (a full TTF: Fontsource splits Japanese into
 * a hundred slices, which a PDF font cannot be). react-pdf tries the families in order for each
 * character and embeds only the glyphs used, so a Latin carousel stays a few tens of KB.
 */
export const PDF_FONT_FAMILIES = ["Cadence Sans", "Cadence Sans Ext", "Cadence JP"];

/** The same Latin files the editor's preview uses (views serve them at /fonts/...). */
export const PREVIEW_FONT_FILES = { "noto-sans-latin-400.woff": notoLatin, "noto-sans-latin-700.woff": notoLatinBold } as const;

let registered = false;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function registerPdfFonts(): void {
  if (registered) return;
  registered = true;
  Font.register({
    family: "Cadence Sans",
    fonts: [
      { src: notoLatin, fontWeight: 400 },
      { src: notoLatinBold, fontWeight: 700 },
    ],
  });
  Font.register({
    family: "Cadence Sans Ext",
    fonts: [
      { src: notoLatinExt, fontWeight: 400 },
      { src: notoLatinExtBold, fontWeight: 700 },
    ],
  });
  // One weight: bold Japanese is drawn in the regular weight (legible, which is what the issue asks).
  Font.register({
    family: "Cadence JP",
    fonts: [
      { src: notoJp, fontWeight: 400 },
      { src: notoJp, fontWeight: 700 },
    ],
  });
  // Words are never hyphenated. Japanese, written without spaces, may break between any two
  // characters: an empty part between them is a break without a hyphen (react-pdf's line
  // breaker adds "-" only where it breaks inside a word, and reads an empty part as a space).
  Font.registerHyphenationCallback((word) => (CJK.test(word) ? [...word].flatMap((c) => [c, ""]).slice(0, -1) : [word]));
}
