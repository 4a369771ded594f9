/**
 * 24px outline icons for the signed-in app and the account pages (server views use them too).
 * Each icon's paths are written once per page, as a <symbol> in the document's sprite
 * (renderDocument adds the symbols the page's HTML names), and every icon is an <svg> with one
 * <use href="#…">: /posts shows hundreds of icons, and their paths were half of its HTML.
 * An icon first drawn in the browser (a dialog opened later) adds its symbol to the sprite then.
 */
export function Icon({ d, className = "size-5" }: { d: string | readonly string[]; className?: string }) {
  const id = iconId(d);
  if (typeof document !== "undefined") ensureSymbol(id, d);
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#${id}`} />
    </svg>
  );
}

/** Every icon drawn so far by id: the server's sprite is built from it. */
const known = new Map<string, readonly string[]>();

/** A short id from the paths themselves (FNV-1a), the same on the server and in the browser. */
export function iconId(d: string | readonly string[]): string {
  const text = typeof d === "string" ? d : d.join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  const id = `i-${(hash >>> 0).toString(36)}`;
  if (!known.has(id)) known.set(id, typeof d === "string" ? [d] : d);
  return id;
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** One symbol's markup; the stroke styles are on the symbol so each icon's <svg> needs none. */
function symbolMarkup(id: string, paths: readonly string[]): string {
  return `<symbol id="${id}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths.map((path) => `<path d="${escapeAttribute(path)}"/>`).join("")}</symbol>`;
}

export const SPRITE_ID = "cadence-icons";

/** The sprite for a rendered page: a symbol for each icon its HTML names, or "" when none. */
export function iconSprite(html: string): string {
  const ids = new Set<string>();
  for (const match of html.matchAll(/<use href="#(i-[0-9a-z]+)"/g)) ids.add(match[1]!);
  const symbols = [...ids].flatMap((id) => {
    const paths = known.get(id);
    return paths ? [symbolMarkup(id, paths)] : [];
  });
  return symbols.length > 0 ? `<svg id="${SPRITE_ID}" aria-hidden="true" style="display:none">${symbols.join("")}</svg>` : "";
}

/** In the browser: adds the icon's symbol to the page's sprite (made if the page had none). */
function ensureSymbol(id: string, d: string | readonly string[]) {
  if (document.getElementById(id)) return;
  let sprite: Element | null = document.getElementById(SPRITE_ID);
  if (!sprite) {
    const made = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    made.id = SPRITE_ID;
    made.setAttribute("aria-hidden", "true");
    made.style.display = "none";
    document.body.append(made);
    sprite = made;
  }
  sprite.insertAdjacentHTML("beforeend", symbolMarkup(id, typeof d === "string" ? [d] : d));
}

export const appIcons = {
  dashboard: ["M4 4h7v7H4z", "M13 4h7v4h-7z", "M13 10h7v10h-7z", "M4 13h7v7H4z"],
  sparkles: ["M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Z", "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z"],
  calendar: ["M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5v-11Z", "M4 9.5h16M8.5 2.5v3m7-3v3"],
  document: ["M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z", "M14 3v5h5M9 13h6M9 17h6"],
  settings: [
    "M10.3 4.3a1.7 1.7 0 0 1 3.4 0 1.7 1.7 0 0 0 2.6 1.1 1.7 1.7 0 0 1 2.3 2.3 1.7 1.7 0 0 0 1.1 2.6 1.7 1.7 0 0 1 0 3.4 1.7 1.7 0 0 0-1.1 2.6 1.7 1.7 0 0 1-2.3 2.3 1.7 1.7 0 0 0-2.6 1.1 1.7 1.7 0 0 1-3.4 0 1.7 1.7 0 0 0-2.6-1.1 1.7 1.7 0 0 1-2.3-2.3 1.7 1.7 0 0 0-1.1-2.6 1.7 1.7 0 0 1 0-3.4 1.7 1.7 0 0 0 1.1-2.6 1.7 1.7 0 0 1 2.3-2.3 1.7 1.7 0 0 0 2.6-1.1Z",
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z",
  ],
  logout: ["M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3", "M10 17l5-5-5-5", "M15 12H4"],
  panel: ["M4 5h16v14H4z", "M9 5v14"],
  close: "M6 6l12 12M18 6 6 18",
  undo: ["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 0 11H11"],
  check: "m5 12.5 4.5 4.5L19 7.5",
  send: ["M21 3 10 14", "M21 3l-6.5 18-4.5-7-7-4.5L21 3Z"],
  alert: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M12 8v5m0 3h.01"],
  mail: ["M4 6h16v12H4z", "m4 7 8 6 8-6"],
  lock: ["M6 11h12v9H6z", "M8.5 11V8a3.5 3.5 0 0 1 7 0v3"],
  clock: ["M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z", "M12 7v5l3 2"],
  chart: ["M4 20V10m6 10V4m6 16v-7m4 7H3"],
  download: ["M12 4v11", "m7 10 5 5 5-5", "M5 20h14"],
  trash: ["M4 7h16", "M10 11v6m4-6v6", "M6 7l1 13h10l1-13", "M9 7V4h6v3"],
  user: ["M20 21v-1a5 5 0 0 0-5-5H9a5 5 0 0 0-5 5v1", "M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z"],
  arrowRight: ["M5 12h14", "m13 6 6 6-6 6"],
  copy: ["M9 8h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z", "M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"],
  pencil: ["M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z", "m13.5 6.5 4 4"],
  link: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  lightbulb: ["M9 18h6", "M10 21h4", "M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.9v.2h5v-.2c0-.8.4-1.5 1-1.9A6 6 0 0 0 12 3Z"],
  inbox: ["M4 13l2.5-7.5A2 2 0 0 1 8.4 4h7.2a2 2 0 0 1 1.9 1.5L20 13", "M4 13v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5h-5l-1 2h-4l-1-2H4Z"],
} as const;
