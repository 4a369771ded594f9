import { countWords } from "../shared/words";
import { HEADER_LINE, recoverStructure, stripHeadingLabel } from "./structure";

/**
 * Turns whatever a user pastes (Markdown, MDX with JSX components, HTML, a plain newsletter, a
 * numbered thread) into plain blocks of prose: headings, paragraphs, list items and quotes.
 * Code, images, links' addresses, comments and markup go; the words people wrote stay, emoji
 * and every script included. Only regular expressions with linear behaviour, so 50,000
 * characters clean in a few milliseconds.
 */

export type BlockKind = "heading" | "paragraph" | "item" | "quote";

export type Block = {
  kind: BlockKind;
  text: string;
  /** Heading level (1-6); 0 for other blocks. */
  level: number;
  /** A numbered list item ("1." or "1)"). */
  ordered: boolean;
  /** Comes right after code that was removed: it may only make sense beside that code. */
  afterCode?: boolean;
  /** A heading that is an interviewer's question or prompt: the paragraphs under it answer it. */
  asked?: boolean;
  /** A paragraph written all in bold ("**Why build a company there?**"): a written interview's question. */
  bold?: boolean;
  /** The whole paragraph was in italics: "*Kerry Bancroft runs Suds & Scissors Mobile Grooming in Shrewsbury.*" */
  italic?: boolean;
  /** The paragraph opens on a label in bold: "**We rang every family first.** Before the closure started..." */
  lead?: string;
};

export type CleanSource = {
  title: string | undefined;
  description: string | undefined;
  blocks: Block[];
  /** Code blocks and code-like lines dropped (a code-heavy paste says so). */
  removedCode: number;
};

// Components whose content is code or console output, not prose (HTML and the MDX of docs sites).
const DROPPED_ELEMENTS = [
  "script",
  "style",
  "pre",
  "svg",
  "iframe",
  "noscript",
  "template",
  "math",
  "head",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "sandpack",
  "terminalblock",
  "consoleblock",
  "consoleblockmulti",
  "consolelogline",
  "codeblock",
  "codestep",
];
/** Left where code was removed, so the paragraph after it knows. */
const CODE_MARK = "\u0002";
const FURNITURE_ELEMENT =
  /<(div|p|section|span|ul|aside|header)\b[^>]*\bclass\s*=\s*["'][^"']*\b(?:[\w-]*-meta|share|sharing|social|subscribe|newsletter|signup|byline|post-meta|entry-meta|author|related|comments?|breadcrumbs?|toc|table-of-contents|sidebar|site-footer|site-header|tags|buttons?|cta|eyebrow|kicker)\b[^"']*["'][^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An element the page never shows: an email's preheader ("shows in the inbox preview, hidden in the body"). */
const HIDDEN_ELEMENT = /<(div|span|p|td|table)\b[^>]*\bstyle\s*=\s*["'][^"']*\bdisplay\s*:\s*none\b[^"']*["'][^>]*>[\s\S]*?<\/\1\s*>/gi;
/**
 * Removes each furniture element whole, nested elements of its own name included ("story-meta" holds a
 * <div> per row: "Company", "Industry", "Team size"), where a lazy match would stop at the first inner close.
 */
function dropFurniture(html: string, element = FURNITURE_ELEMENT): string {
  let out = html;
  for (let guard = 0; guard < 500; guard++) {
    element.lastIndex = 0;
    const match = element.exec(out);
    if (!match) return out;
    const name = match[1]!.toLowerCase();
    const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
    tags.lastIndex = match.index;
    let depth = 0;
    let end = -1;
    for (let tag = tags.exec(out); tag; tag = tags.exec(out)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        end = tag.index + tag[0].length;
        break;
      }
    }
    // Unbalanced markup: drop what the simple match covers, as before.
    out = end === -1 ? `${out.slice(0, match.index)}\n\n${out.slice(match.index + match[0].length)}` : `${out.slice(0, match.index)}\n\n${out.slice(end)}`;
  }
  return out;
}

const BLOCK_TAGS =
  /^(p|div|section|article|header|footer|main|aside|nav|blockquote|ul|ol|li|table|thead|tbody|tr|td|th|h[1-6]|br|hr|figure|figcaption|dl|dt|dd|details|summary)$/i;

// One tag, with attributes that may hold quoted strings or JSX expressions up to two braces deep
// (style={{display: 'flex'}}, onClick={() => go()}).
const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:[^<>{}"']|"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\})*)>/g;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  laquo: "«",
  raquo: "»",
  copy: "©",
  reg: "®",
  trade: "™",
  middot: "·",
  bull: "•",
  times: "×",
  euro: "€",
  pound: "£",
  rarr: "→",
  larr: "←",
  deg: "°",
  shy: "",
};

/** "MORAG: [laughs]", "Host: (laughter)": a speaker's turn with nothing but a stage direction in it. */
const STAGE_TURN =
  /^[ \t]*\p{Lu}[\p{L}'’. -]{0,30}:[ \t]*[[(](?:laughs?|laughter|laughing|pause|pauses|crosstalk|inaudible|unintelligible|music|applause|silence|sighs?|coughs?)[^\])\n]{0,20}[\])][ \t]*$/gimu;

export function cleanSource(raw: string): CleanSource {
  let text = raw
    .replace(/\r\n?/g, "\n")
    .replace(/[\u00a0\u2007\u202f]/g, " ")
    // Zero-width spaces and byte-order marks; the zero-width joiner stays (emoji sequences need it).
    .replace(/[\u200b\u2060\ufeff]/g, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a paste are what this removes
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");

  // A transcript's turn that is only a stage direction ("MORAG: [laughs]") says nothing: with the direction gone, round
  // 41 posted "MORAG:" alone on a line between the guest's answers.
  text = text.replace(STAGE_TURN, "");

  const pageTitle = text.match(/<title\b[^>]*>([^<]*)<\/title\s*>/i)?.[1];
  const front = takeFrontMatter(text);
  text = front.rest;
  const fenced = dropFencedCode(text);
  text = fenced.text;
  let removedCode = fenced.removed;

  for (const name of DROPPED_ELEMENTS) {
    text = text.replace(new RegExp(`<${name}\\b[^>]*>[\\s\\S]*?</${name}\\s*>`, "gi"), () => {
      removedCode++;
      return `\n\n${CODE_MARK}\n\n`;
    });
  }
  // A CMS wraps its furniture in elements named for it: bylines, share buttons, sign-up boxes. An image's
  // caption ("The dispatch board and the tech app, side by side.") describes a picture the post will not have.
  text = dropFurniture(dropFurniture(text), HIDDEN_ELEMENT).replace(/<figcaption\b[^>]*>[\s\S]*?<\/figcaption\s*>/gi, "\n\n");
  // An HTML table is read as a Markdown one, a row a line under its header ("Solo: $19 monthly, $190 annual..."), not
  // flattened into one paragraph of cells (round 26: "Plan Monthly Annual Users Best for Solo $19 $190 1...").
  // (A layout table, an email's frame around its paragraphs, stays as it is: only cells of plain text make a data table.)
  // (A line break inside a cell, "Off-peak<br>(Mon–Thu, start before 5pm)", is the cell's own: round 36's price table lost
  // its header row to it and posted "2 players £44 £56".)
  text = text.replace(/<table\b[^>]*>((?:(?!<table\b)[\s\S])*?)<\/table\s*>/gi, (whole, table: string) => {
    const inner = table.replace(
      /<(t[hd])\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi,
      (_, cell: string, attributes: string, text: string) => `<${cell}${attributes}>${text.replace(/<br\s*\/?>/gi, " ")}</${cell}>`,
    );
    return /<(?:p|div|h[1-6]|ul|ol|img|table|blockquote|br)\b/i.test(inner) || !/<th\b/i.test(inner) ? whole : `\n\n${markdownTable(inner)}\n\n`;
  });
  text = text
    .replace(/<!--[\s\S]*?-->|<![A-Za-z][^>]*>/g, "")
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, "") // JSX comments, e.g. heading anchors {/*tldr*/}
    .replace(/\{\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*\}/g, (_, _quote, inner: string) => inner.replace(/\\n/g, "\n"));

  // Inline code is prose ("use `useState` here"): keep its text out of the way of tag stripping.
  const codeSpans: string[] = [];
  text = text.replace(/``([^\n]+?)``|`([^`\n]+)`/g, (_, double?: string, single?: string) => {
    codeSpans.push((double ?? single ?? "").trim());
    return `\u0001${codeSpans.length - 1}\u0001`;
  });

  text = text.replace(/<(https?:\/\/[^>\s]+|mailto:[^>\s]+)>/gi, "");
  // An email's button: a paragraph that is one link ("Book your first slot"), or a link styled as a button (round 23).
  text = text
    .replace(/<(p|div|td)\b[^>]*>\s*<a\b[^>]*>[^<]{1,60}<\/a>\s*<\/\1\s*>/gi, "\n\n")
    .replace(/<a\b[^>]*\bclass\s*=\s*["'][^"']*\b(?:button|btn|cta)\b[^"']*["'][^>]*>[\s\S]*?<\/a\s*>/gi, "");
  // A blockquote (an email template, a customer's words) is read as a quotation, as Markdown's "> " is.
  text = text.replace(/<blockquote\b[^>]*>([\s\S]*?)<\/blockquote\s*>/gi, (_, inner: string) => {
    const lines = inner
      .replace(/<\/?(?:p|div|br)\b[^>]*>/gi, "\n")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    return `\n\n${lines.map((line) => `> ${line}`).join("\n>\n")}\n\n`;
  });
  text = text.replace(TAG, (_, closing: string, name: string) => {
    if (!BLOCK_TAGS.test(name)) return "";
    const lower = name.toLowerCase();
    if (lower === "br") return "\n";
    if (lower === "li") return closing ? "\n" : "\n* ";
    if (/^h[1-6]$/.test(lower)) return closing ? "\n\n" : `\n\n${"#".repeat(Number(lower[1]))} `;
    if (lower === "hr") return "\n\n";
    if (lower === "td" || lower === "th") return closing ? " " : "";
    return "\n\n";
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0001 marks a code span's placeholder, a character no paste keeps (removed above)
  text = decodeEntities(text).replace(/\u0001(\d+)\u0001/g, (_, index: string) => codeSpans[Number(index)] ?? "");

  const recovered = recoverStructure(text);
  const parsed = parseBlocks(recovered.text);
  removedCode += parsed.removedCode + recovered.removedCode;
  // A page's furniture around the article: an email template, a newsletter's masthead, its reading list, the page's contents.
  const article = dropContents(dropReadingList(dropMasthead(dropTemplates(parsed.blocks), pageTitle && cleanInline(decodeEntities(pageTitle)))));
  parsed.blocks = labelledActions(readQuestionsAndAnswers(readInterview(capitalsLabels(article))));
  const description = front.description ? cleanInline(front.description) : undefined;
  return {
    // The first line of a plain paste is its title, whatever level it was given.
    title: front.title
      ? cleanInline(front.title)
      : parsed.blocks[0]?.kind === "heading"
        ? parsed.blocks[0].text
        : parsed.blocks.find((block) => block.kind === "heading" && block.level === 1)?.text,
    description: description || undefined,
    blocks: parsed.blocks,
    removedCode,
  };
}

/** "PRICE CHANGES. Strings and parts...", "WASSAIL: ...": a news item's label in capitals, run into its paragraph. */
const CAPITALS_LABEL = /^((?:[A-Z0-9][A-Z0-9'’&-]*)(?:,?\s+[A-Z0-9][A-Z0-9'’&-]*){0,7})[.:]\s+(?=\p{Lu}|\d|["“])/u;

/**
 * A newsletter's short news items, each under a label in capitals run into its paragraph ("SETUP EVENING, THURSDAY 24
 * APRIL. A few of you asked...", "NEW OPENING HOURS. From Tuesday 1 April..."): each is a section of its own under its
 * label. Read as one, rounds 36 to 41 glued three items into one post ("newsletter items jumbled together", a 1).
 */
function capitalsLabels(blocks: Block[]): Block[] {
  return blocks.flatMap((block) => {
    const label = block.kind === "paragraph" ? CAPITALS_LABEL.exec(block.text) : null;
    if (!label) return [block];
    const text = label[1]!;
    const rest = block.text.slice(label[0].length).trim();
    // A label names something: a word of four letters or more, and its item says something after it.
    // (One word before a colon is a transcript's speaker, "ELLEN: All to a packer.", not a label.)
    const speaker = !/\s/u.test(text) && label[0].trimEnd().endsWith(":");
    if (speaker || !/[A-Z]{4,}/u.test(text) || rest.split(/\s+/u).length < 6) return [block];
    return [
      { kind: "heading" as const, text, level: 2, ordered: false },
      { ...block, text: rest },
    ];
  });
}

/** Words a labelled action needs to be a post of its own (round 34's "Selling two wagons." has 27; a guide's mistakes 15 to 20). */
const MIN_ACTION_WORDS = 21;
const ACTION_SECTION =
  /(?<![\p{L}])(?:(?:we|I)\s(?:actually\s|then\s)?(?:did|changed|tried|fixed)|(?:nous avons|on a|j['’]ai)\s(?:vraiment\s)?(?:fait|changé)|(?:wir|ich)\s(?:\p{L}+\s)?(?:getan|gemacht|geändert|unternommen)|was wir taten)(?![\p{L}])/iu;
const SAYS_WHO_DID = /^(?:we|I|our|my|nous|je|j['’]|notre|mon|ma|wir|ich|unser\p{L}*|mein\p{L}*)(?![\p{L}])/iu;
const COUNTS_THINGS =
  /(?<![\p{L}])(?:two|three|four|five|six|deux|trois|quatre|cinq|zwei|drei|vier|fünf)\s(?:\p{L}+\s)?(?:things|changes|steps|moves|decisions|actions|choses|changements|décisions|Dinge|Änderungen|Schritte)(?![\p{L}])/iu;

/**
 * A section that sets out its actions as paragraphs each led by a label in bold ("**We rang every family first.** Before
 * the closure...", "**Raccourcir la gamme.** Nous sommes passés de 42 à 27 références."): three or more, and each label
 * heads its own part, with the paragraphs after it that carry no label. Readers of rounds 33 to 35 found the four actions
 * of a story glued into one post of 1,943 characters and asked for "one post per action, each with its own result".
 */
function labelledActions(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let start = 0; start < blocks.length; ) {
    if (blocks[start]!.lead === undefined) {
      out.push(blocks[start]!);
      start++;
      continue;
    }
    // The section's run: paragraphs up to the next heading, at least three of them labelled, no label a question.
    let end = start;
    while (end < blocks.length && blocks[end]!.kind === "paragraph") end++;
    const run = blocks.slice(start, end);
    const labelled = run.filter((block) => block.lead !== undefined);
    // ...unless a line before it counts them ("Then we did three things."): the author tells them as one.
    const before = out.at(-1);
    const counted = before?.kind === "paragraph" && COUNTS_THINGS.test(before.text);
    // ...and each part is a post's worth: a guide's "Common mistakes" of a line or two each stay one list of mistakes.
    const partWords: number[] = [];
    for (const block of run) {
      if (block.lead !== undefined || partWords.length === 0) partWords.push(0);
      partWords[partWords.length - 1]! += countWords(block.text);
    }
    const slight = partWords.some((words) => words < MIN_ACTION_WORDS);
    // ...and only in a section of what the author did ("What we actually did", "Ce que nous avons fait"): a launch's
    // features ("**Seasonal pause.**") and a list of lessons are one post's list, the kind people save.
    const above = out.findLast((block) => block.kind === "heading");
    const done = above !== undefined && ACTION_SECTION.test(above.text);
    // ...and only labels that stand apart from their sentence: "**Drittens** haben wir die Workshops umgebaut." reads on
    // from its label, and cut there it left "haben wir die Workshops umgebaut." (round 38).
    const runOn = labelled.some((block) => /^\p{Ll}/u.test(block.text.slice(block.lead!.length).trim()));
    if (counted || slight || runOn || !done || labelled.length < 3 || labelled.some((block) => /\?$/u.test(block.lead!) || countWords(block.lead!) > 14)) {
      out.push(...run);
      start = end;
      continue;
    }
    // A lead-in with nothing left to lead ("Then, roughly in this order:") goes with the list it introduced.
    if (before?.kind === "paragraph" && /:$/u.test(before.text) && countWords(before.text) <= 8) out.pop();
    // Each action is a section of its own, at the level of the one it was in, so no step of the week glues them again.
    const level = above?.level ?? 2;
    for (const block of run) {
      if (block.lead === undefined || !block.text.startsWith(block.lead)) {
        out.push(block);
        continue;
      }
      const body = block.text.slice(block.lead.length).trim();
      const { lead: _, ...plain } = block;
      // A label that says what the author did ("We rang every family first.") heads as the claim it is; a name for the
      // action ("Getting our kit back.", "Raccourcir la gamme.") heads without its full stop, so the part opens on its
      // own first line rather than on a label.
      const heading = SAYS_WHO_DID.test(block.lead) ? block.lead : block.lead.replace(/[.:]$/u, "");
      out.push({ kind: "heading", text: heading, level, ordered: false }, { ...plain, text: body });
    }
    start = end;
  }
  return out;
}

/**
 * A newsletter's masthead: its name as the first heading, a tagline and an eyebrow label ("Notes from building a
 * better way to get a heat pump fitted", "From the founder") above the issue's own title. The page's <title> names
 * both ("The Install Log #41: The term sheet we didn't sign"): the issue's title is the article's, and the
 * masthead's lines are furniture no post should open on.
 */
function dropMasthead(blocks: Block[], pageTitle: string | undefined): Block[] {
  if (!pageTitle) return blocks;
  const masthead = blocks.findIndex((block) => block.kind === "heading");
  if (masthead === -1 || masthead > 3) return blocks;
  const name = blocks[masthead]!.text;
  const rest = pageTitle.startsWith(name) ? pageTitle.slice(name.length).replace(/^\s*(?:(?:#|No\.?\s*|Issue\s*)\d+)?\s*[:|·•—–-]\s*/iu, "") : "";
  if (!rest || rest === pageTitle.slice(name.length)) return blocks;
  const title = blocks.findIndex((block, index) => index > masthead && index <= masthead + 4 && block.kind === "heading" && block.text === rest);
  if (title === -1) return blocks;
  const between = blocks.slice(masthead + 1, title);
  if (between.some((block) => block.kind !== "paragraph" || block.text.split(/\s+/).length > 14)) return blocks;
  // The issue's title takes the masthead's place as the article's title.
  return [...blocks.slice(0, masthead), { ...blocks[title]!, level: 1 }, ...blocks.slice(title + 1)];
}

/** A contents entry as the section it names would head it: "Step 1: Create an extraction" -> "create an extraction". */
const contentsKey = (text: string) =>
  text
    .replace(/^(?:step|part|section|chapter)\s+\d+\s*[:.—–-]\s*/iu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();

/**
 * A page's own contents ("On this page" copied with select-all): entries near the top that name the sections below
 * ("Step 1: Create an extraction", "Checking that the lines add up"). Round 21's docs post 1 listed them as its body. At
 * least two list entries must name later headings or step lines; the entries that do go.
 */
function dropContents(blocks: Block[]): Block[] {
  const sizes = blocks.map((block) => block.text.split(/\s+/).length);
  const keys = blocks.map((block, index) => (sizes[index]! <= 12 ? contentsKey(block.text) : ""));
  const later = (index: number) => keys.some((key, other) => other > index + 1 && key === keys[index]);
  const entries = new Set<number>();
  for (let index = 0; index < Math.min(blocks.length, 20); index++) {
    const kind = blocks[index]!.kind;
    if ((kind === "item" || kind === "heading") && sizes[index]! <= 10 && keys[index] && later(index)) entries.add(index);
  }
  if ([...entries].filter((index) => blocks[index]!.kind === "item").length < 2) return blocks;
  return blocks.filter((_, index) => !entries.has(index));
}

/** A newsletter's list of links under its own label ("Worth your time", "What I'm reading", "Further reading"). */
const READING_LABEL =
  /^(?:worth (?:your time|reading|a read|a look)|what I['’]m (?:reading|listening to|watching)|(?:further|recommended|good|more) reads?(?:ing)?|links?(?: (?:of|this) (?:the )?(?:week|month))?|elsewhere|from around the web|recommended|things (?:worth|I) (?:reading|liked|read))\s*:?$/iu;
/** "Where will the heat pump engineers come from? — The Low Carbon Trades Forum's annual workforce report.": a link's title, a dash, and what it is as a sentence of its own (prose after a dash runs on in lower case). */
const LINK_ITEM = /^[^—–]{3,120}\s[—–]\s\p{Lu}/u;

/**
 * A reading list is other people's articles, a title and a dash and a line about each: nothing of the author's own
 * story for a post to carry (round 21's newsletter spent a post on it). The label and its items go, up to the first
 * paragraph that is not one.
 */
function dropReadingList(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (!READING_LABEL.test(block.text) || !LINK_ITEM.test(blocks[index + 1]?.text ?? "")) {
      out.push(block);
      continue;
    }
    while (blocks[index + 1] && blocks[index + 1]!.kind !== "heading" && LINK_ITEM.test(blocks[index + 1]!.text)) index++;
  }
  return out;
}

/** YAML (---) or TOML (+++) front matter: its title and description are worth keeping. */
function takeFrontMatter(text: string): { rest: string; title?: string; description?: string } {
  const match = text.match(/^\s*(---|\+\+\+)[ \t]*\n([\s\S]*?)\n\1[ \t]*(\n|$)/);
  if (!match || !/^\s*[\w-]+\s*[:=]/m.test(match[2]!)) return { rest: text };
  const field = (name: string) => {
    const line = match[2]!.match(new RegExp(`^\\s*${name}\\s*[:=]\\s*(.+)$`, "mi"))?.[1]?.trim();
    return line?.replace(/^(["'])(.*)\1$/, "$2").trim() || undefined;
  };
  return { rest: text.slice(match[0].length), title: field("title"), description: field("description") ?? field("summary") };
}

/** ``` and ~~~ fences. An unclosed fence drops only its own line: better than losing the rest of the text. */
function dropFencedCode(text: string): { text: string; removed: number } {
  const lines = text.split("\n");
  const kept: string[] = [];
  let removed = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i]!.match(/^\s{0,3}(`{3,}|~{3,})/);
    if (!open) {
      kept.push(lines[i]!);
      continue;
    }
    const fence = open[1]!;
    const close = new RegExp(`^\\s{0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
    const end = lines.findIndex((line, j) => j > i && close.test(line));
    if (end === -1) continue;
    kept.push("", CODE_MARK, "");
    removed++;
    i = end;
  }
  return { text: kept.join("\n"), removed };
}

function parseBlocks(text: string): { blocks: Block[]; removedCode: number } {
  const blocks: Block[] = [];
  let removedCode = 0;
  let paragraph: string[] = [];
  let current: { kind: "item" | "quote"; ordered: boolean; lines: string[] } | undefined;

  let afterCode = false;
  const push = (kind: BlockKind, raw: string, level = 0, ordered = false) => {
    const clean = cleanInline(raw);
    if (clean && /[\p{L}\p{N}]/u.test(clean)) {
      const bold = kind === "paragraph" && /^(\*\*|__)[^*_].*\1$/su.test(raw.trim()) && !raw.trim().slice(2, -2).includes(raw.trim().slice(0, 2));
      const italic = kind === "paragraph" && /^([*_])[^*_].*[^*_]\1$/su.test(raw.trim());
      const lead = kind === "paragraph" && !bold ? /^(\*\*|__)([^*_\n]{2,100}?)\1(?=\s+\S)/u.exec(raw.trim())?.[2] : undefined;
      blocks.push({
        kind,
        text: clean,
        level,
        ordered,
        ...(afterCode && kind !== "heading" ? { afterCode: true } : {}),
        ...(bold ? { bold: true } : {}),
        ...(italic ? { italic: true } : {}),
        ...(lead ? { lead: cleanInline(lead) } : {}),
      });
      afterCode = false;
    }
  };
  // Once an article has set out numbered findings as sections, its later labels ("What we changed, starting in
  // February:" over a list) are sections too, not the tail of the last finding.
  let findings = false;
  const flush = () => {
    if (paragraph.length > 0) {
      const label = paragraph.join(" ");
      // ...and so is a line in capitals ("WHAT WE CHANGED (from March 2025)", its note in brackets in any case).
      const capitals = /^[^\p{Ll}]*\p{Lu}{3}[^\p{Ll}]*(?:\([^)]*\))?$/u.test(label);
      // ("What happened, comparing April to December 2024 with the same months in 2023:" is one: 13 words, round 37.)
      if (findings && (/:$/u.test(label) || capitals) && label.split(/\s+/).length <= 16) push("heading", label, 3);
      else push("paragraph", label);
    }
    if (current && titledFinding(current, findings ? 10 : 25)) {
      findings = true;
      push("heading", current.lines[0]!, 3);
      push("paragraph", current.lines.slice(1).join(" "));
    } else if (current) push(current.kind, current.lines.join(" "), 0, current.ordered);
    paragraph = [];
    current = undefined;
  };

  // "Each request includes a Tallyline-Signature header:" still says something once its header is gone: the sentence
  // ends where its colon was ("To verify it:" after it needs it). A short lead-in ("In Node.js:") stays one, and goes.
  // Only a statement of what something carries ("includes", "contains"): "This workflow comments on the line:" or
  // "Here's the email I sent:" point at what is gone.
  const endsLongLeadIn = (text: string | undefined) => {
    const sentence = (text?.split(/[.!?]\s/).at(-1) ?? "").trim();
    return (
      /\S:$/.test(sentence) &&
      sentence.split(/\s+/).length >= 5 &&
      /\s(?:includes?|contains?|carries)\s/u.test(sentence) &&
      !/(?<![\p{L}])(?:this|these|here|following|example|below|like)(?![\p{L}])/iu.test(sentence)
    );
  };
  const endLeadIn = () => {
    if (current) return;
    const last = paragraph.at(-1);
    if (last !== undefined) {
      if (endsLongLeadIn(last)) paragraph[paragraph.length - 1] = `${last.slice(0, -1)}.`;
      return;
    }
    // The code came after a blank line: the lead-in is the paragraph just pushed.
    const block = blocks.at(-1);
    if (block?.kind === "paragraph" && endsLongLeadIn(block.text)) block.text = `${block.text.slice(0, -1)}.`;
  };
  const lines = text.split("\n");
  let header: string[] | undefined;
  for (const [index, rawLine] of lines.entries()) {
    const line = rawLine.replace(/\s+$/, "");
    if (line.includes("|") && /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue; // a table's rule under its header
    if (line.trim() === "") {
      flush();
      continue;
    }
    if (line.trim() === CODE_MARK) {
      endLeadIn();
      flush();
      afterCode = true;
      continue;
    }
    const heading = line.match(/^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/);
    if (heading) {
      flush();
      push("heading", stripHeadingLabel(heading[2]!.replace(/\{#[^}]*\}\s*$/, "")), heading[1]!.length);
      continue;
    }
    // Setext headings: a single line underlined with === or ---.
    if (/^\s{0,3}(=+|-+)\s*$/.test(line) && paragraph.length === 1 && !current) {
      const level = line.trim().startsWith("=") ? 1 : 2;
      const title = paragraph[0]!;
      paragraph = [];
      push("heading", title, level);
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(line)) continue; // link reference definitions
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue; // table rule
    if (looksLikeCode(line)) {
      removedCode++;
      endLeadIn();
      flush();
      afterCode = true;
      continue;
    }
    const table = line.match(/^\s*\|(.*)\|\s*$/);
    if (table) {
      flush();
      // Empty cells keep their place: a header's empty corner ("| | Today | From September |") still lines up with the rows.
      const cells = table[1]!.split("|").map((cell) => cell.trim());
      if (cells.every((cell) => cell === "")) continue;
      // The header row names the columns: each later row reads "Cohort A: 298 signups, 95 paid, 31.9% conversion".
      if (header === undefined && /^\s*\|?\s*:?-{3,}/.test(lines[index + 1] ?? "")) {
        header = cells;
        continue;
      }
      push("item", tableRow(cells, header));
      continue;
    }
    header = undefined;
    const item = line.match(/^\s*(?:([-*+•▪◦‣☐☑☒✓✔✗□■]|\[[ xX]\])|(\d{1,3})[.)])\s+(.*)$/);
    // "- [Vite](https://...)": an item that is only a link is a pointer, not a point.
    if (item && /^\s*\[[^\]]+\]\([^)]*\)[.,;]?\s*$/.test(item[3]!)) {
      flush();
      continue;
    }
    // Options indented under a numbered step ("2. Choose one of the following:" over "   - Same role only") belong to
    // the step: as items of their own they were numbered as steps 3 to 5, and "If you pick the second option" pointed at
    // the wrong one (round 38's docs).
    if (item && item[1] !== undefined && /^\s{2,}/u.test(line) && current?.kind === "item" && current.ordered) {
      const last = current.lines.length - 1;
      current.lines[last] = `${current.lines[last]}${current.lines[last]!.endsWith(":") ? " " : "; "}${item[3]!.replace(/[.;]$/u, "")}`;
      continue;
    }
    if (item) {
      flush();
      current = { kind: "item", ordered: item[2] !== undefined, lines: [item[3]!] };
      continue;
    }
    const quote = line.match(/^\s*(?:>\s?)+(.*)$/);
    if (quote) {
      if (current?.kind !== "quote") flush();
      current ??= { kind: "quote", ordered: false, lines: [] };
      current.lines.push(quote[1]!);
      continue;
    }
    // A numbered thread ("1/ ...", "2/7 ..."): each tweet is a paragraph of its own.
    const tweet = line.match(/^\s*\d{1,2}\/\d{0,2}\s+(.*)$/);
    if (tweet) {
      flush();
      paragraph.push(tweet[1]!);
      continue;
    }
    // A plain line indented under a numbered step is part of it: its wrapped sentence, or its example ("For example:"
    // over "   Grass tent pitch: Low £18"), one of several, each said as its own clause.
    if (current?.kind === "item" && current.ordered && /^\s{2,}\S/u.test(line)) {
      const last = current.lines.length - 1;
      const before = current.lines[last]!;
      // (A wrapped step's next line carries on its sentence; only a new "Label: value" row after an unfinished one
      // needs its break said.)
      const row = /^\p{Lu}[^:]{1,40}:\s/u.test(line.trim()) && !/[.!?;:]$/u.test(before);
      current.lines[last] = `${before}${row ? "; " : " "}${line.trim()}`;
      continue;
    }
    if (current) current.lines.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  return { blocks: dropBylines(blocks), removedCode };
}

/**
 * A numbered finding written as a title line and its paragraph ("1. Most people who quit, quit early." then "43% of all
 * cancellations happened within the first 60 days..."): a section each, not one list of six 80-word items, which no
 * post could carry whole (round 32's data post lost all six findings). A hard-wrapped item runs its first line to the
 * wrap width; a title stops well short of the lines under it. After the first finding, a shorter one is a finding too
 * (round 33's "6. Referrals were our best customers." over 20 words was left a list item, glued to another post).
 */
/** A step's verb: "Tap Save." and "Choose a shape:" over their explanation are a procedure's steps, not findings. */
const STEP_VERB =
  /^(?:go|tap|click|open|select|choose|enter|add|set|turn|check|make|create|use|install|run|type|press|pick|find|sign|log|download|connect|switch|drag|save|copy|paste|start|wait|remove|delete|edit|update|review|send|upload|write|name|give|fill|follow)\b/iu;

function titledFinding(item: { kind: "item" | "quote"; ordered: boolean; lines: string[] }, minBodyWords: number): boolean {
  if (item.kind !== "item" || !item.ordered || item.lines.length < 2) return false;
  const [title, ...body] = item.lines as [string, ...string[]];
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const widest = Math.max(...body.map((line) => line.length));
  return (
    /[.!?:]$/u.test(title) &&
    words(title) >= 4 &&
    words(title) <= 12 &&
    !STEP_VERB.test(title) &&
    title.length < widest * 0.7 &&
    /^[\p{Lu}\p{N}"“'‘£$€]/u.test(body[0]!) &&
    words(body.join(" ")) >= minBodyWords
  );
}

/**
 * An email template quoted in a guide ("> Subject: 15 minutes on your decision?" / "> Hi {{first_name}},"): with its
 * placeholders it is a form to fill in, not the author's words, and no post can carry it whole (a one-paragraph one can).
 */
function dropTemplates(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let start = 0; start < blocks.length; ) {
    if (blocks[start]!.kind !== "quote") {
      out.push(blocks[start]!);
      start++;
      continue;
    }
    let end = start;
    while (end < blocks.length && blocks[end]!.kind === "quote") end++;
    const group = blocks.slice(start, end);
    const subject = /^(?:\*\*)?subject\s*:/i.test(group[0]!.text);
    const template = subject || group.some((block) => /\{\{[^}]*\}\}|\[(?:first ?name|name|company)\]/i.test(block.text));
    // A one-paragraph template the article leads into ("here it is, lightly edited:") is what its section gives the
    // reader: a post carries it as the quote it is (round 14's renewal email, left out, left "That's it." behind).
    const short = group.length === 1 && !subject && group[0]!.text.split(/\s+/).length <= 90;
    if (!template || short) out.push(...group);
    start = end;
  }
  return out;
}

/** An HTML table's rows as Markdown table lines: the first row (or the row of <th> cells) is the header, with its rule. */
function markdownTable(inner: string): string {
  const rows = [...inner.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr\s*>/gi)].map((row) =>
    [...row[1]!.matchAll(/<(t[hd])\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((cell) => ({
      head: cell[1]!.toLowerCase() === "th",
      text: cell[2]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\|/g, "/")
        .replace(/\s+/g, " ")
        .trim(),
    })),
  );
  const lines: string[] = [];
  for (const [index, cells] of rows.entries()) {
    if (cells.length === 0) continue;
    lines.push(`| ${cells.map((cell) => cell.text).join(" | ")} |`);
    if (index === 0 && cells.every((cell) => cell.head)) lines.push(`|${cells.map(() => " --- ").join("|")}|`);
  }
  return lines.join("\n");
}

/** A table row as a sentence a post can carry: "Label: 298 signups, 95 paid" (a number before its column's name, anything else after it). */
/**
 * A cell that is a figure said before its column's name: "298 signups", "1 to 2 vehicles", "£9.00 per van / month" (a
 * "Price per..." column says its "per"), "£0 call-out charge (normally £35)", "3 months minimum term". Round 41 read
 * "vehicles: 1 to 2; £9.00 price per van / month; call-out charge: £0 (normally £35)" as a table flattened.
 */
function figureFirst(value: string, name: string): string | undefined {
  const figure = /^([+-]?[£$€]?[\d.,]+(?:\s?(?:to|-|–)\s?[£$€]?[\d.,]+)?\s?(?:%|x|×|k|m)?)(?:\s+(\([^)]*\)|\p{L}+(?:\s\p{L}+)?))?$/iu.exec(value);
  if (!figure) return undefined;
  const [, amount, after] = figure;
  const named = name.replace(/^(?:price|cost|fee|rate)\s+(?=per\s)/iu, "");
  if (after === undefined) return `${amount} ${named}`;
  // ("3 months" and its column: "3 months minimum term"; a note in brackets follows the name.)
  return after.startsWith("(") ? `${amount} ${named} ${after}` : `${amount} ${after} ${named}`;
}

function tableRow(cells: string[], header: string[] | undefined): string {
  if (!header || header.length !== cells.length) {
    const filled = cells.filter(Boolean);
    return filled.join(filled.length === 2 ? ": " : ", ");
  }
  const [label, ...values] = cells;
  if (values.length === 1 && !/^[+-]?[\d.,]+\s?(?:%|x|×|k|m)?$/i.test(values[0]!)) return `${label}: ${values[0]}`;
  // A row with a cell in words reads as a line, not a form: the price before and after ("Unlimited: £65 a month → £74 a
  // month"), the other short cells, and the words in brackets ("(Unlimited classes and open rowing)"). Rounds 28 to 30
  // read "Zone 1: distance from our shop: Up to 50 km; delivery fee: Free; examples: ..." as debris, and missed the table.
  // The column that describes is the same in every row: named so ("What's included", "Examples", "Best for"), or else the
  // row's first cell in words.
  const columns = header.slice(1);
  // Two columns that are a value before and after a change ("Current price" / "New price from 1 September", "today" /
  // "from September") read as one: "£65 a month → £74 a month".
  const before = columns.findIndex((name) => /\b(?:current|old|today|now|before|existing)\b/i.test(name));
  const after = columns.findIndex((name) => /\b(?:new|from|after)\b/i.test(name));
  const change = before !== -1 && after !== -1 && before !== after;
  const describing = columns.findIndex((name) => /\b(?:included?|includes|description|examples?|best for|notes?|details|features|who it'?s for)\b/i.test(name));
  const wordy = (value: string, column: number) =>
    value.split(/\s+/).length >= 4 && !/^[+-]?[£$€]?\d/u.test(value) && !(change && (column === before || column === after));
  const described = describing !== -1 ? (values[describing]!.split(/\s+/).length >= 2 ? describing : -1) : values.findIndex(wordy);
  if ((described !== -1 || change) && values.length >= 2) {
    const short = values
      .map((value, column) => ({ value, column }))
      .filter(({ column }) => column !== described && !(change && (column === before || column === after)) && values[column] !== "");
    const parts = [
      ...(change ? [`${values[before]} → ${values[after]}`] : []),
      // A bare figure takes its column's name ("$95 delivery fee"); a figure with its unit reads alone ("50 to 150 km");
      // a word or two says which column it is ("Mend Plan member price: Included").
      ...short.map(({ value, column }) => {
        // ("Or pay yearly" is the column's choice, not the figure's name: "£99 yearly", never "£99 or pay yearly", round 44.)
        const name = columns[column]!.replace(/^(?:or|and)\s+(?:pay\s+|paid\s+)?/iu, "");
        // ("Mend Plan member price" keeps its capitals: a name's first word is not lowered.)
        const lowered = /^\p{Lu}\p{Ll}*\s\p{Lu}/u.test(name) ? name : `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
        // (A column that is only "Price" names nothing a price does not: "£165", not "£165 price".)
        if (/^[+-]?[£$€]?[\d.,]+\s?(?:%|k|m)?$/iu.test(value))
          return /^(?:price|prices|cost|fee|rate|amount|total)$/iu.test(name) ? value : `${value} ${lowered}`;
        return value.split(/\s+/).length <= 2 && !/\d/u.test(value) && name !== "" ? `${name}: ${value}` : value;
      }),
    ];
    return `${label}: ${parts.join(", ")}${described !== -1 ? ` (${values[described]!.replace(/[.;]$/u, "")})` : ""}`;
  }
  const named = values.map((value, column) => {
    // A column's note in brackets ("Standard (10 working days)") is said once in its header, not on every row: round 38
    // read "standard (10 working days): £12; express (3 working days): £18" on each line as debris.
    const heading = header[column + 1]!.replace(/\s*\([^)]*\)/gu, "").trim() || header[column + 1]!;
    // "CSAT" stays an acronym; "Signups" reads as "298 signups".
    // ("From September" keeps its month: only the first letter of a column's name gives way.)
    const name = /^\p{Lu}{2,}$/u.test(heading) ? heading : /\s/.test(heading) ? heading.charAt(0).toLowerCase() + heading.slice(1) : heading.toLowerCase();
    // ("£14" reads as "£14 standard", as "298" reads as "298 signups".)
    return figureFirst(value, name) ?? `${name}: ${value}`;
  });
  return `${label}: ${named.join(named.some((part) => part.includes(":")) ? "; " : ", ")}`;
}

/**
 * A Q&A interview ("Ben Hartley: Where did it come from?" / "Nadia Osei: I was..."): the
 * interviewer's questions become headings, so each answer can carry a post under its question,
 * and the answers lose the speaker's label (the first answer keeps the full name, so a reader
 * knows who speaks): a label on every answer reads as a transcript, not a post.
 */
function readInterview(blocks: Block[]): Block[] {
  const label = /^(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?):\s+(.+)$/u;
  const speakers = new Map<string, { turns: number; questions: number }>();
  for (const block of blocks) {
    const match = block.kind === "paragraph" ? block.text.match(label) : null;
    if (!match) continue;
    const first = match[1]!.split(/\s+/)[0]!;
    const entry = speakers.get(first) ?? { turns: 0, questions: 0 };
    entry.turns++;
    if (/\?/.test(match[2]!)) entry.questions++;
    speakers.set(first, entry);
  }
  const ranked = [...speakers.entries()].filter(([, entry]) => entry.turns >= 3);
  if (ranked.length < 2) return blocks;
  const [interviewer, asks] = ranked.reduce((a, b) => (b[1].questions / b[1].turns > a[1].questions / a[1].turns ? b : a));
  // An interviewer mostly asks (and reacts: "Contingency.", "Great pitch."), far more than anyone answering:
  // labels such as "Cost:" or "Who:" never do.
  const othersAsk = Math.max(0, ...ranked.filter(([name]) => name !== interviewer).map(([, entry]) => entry.questions / entry.turns));
  if (asks.questions / asks.turns < 0.6 && !(asks.questions / asks.turns >= 0.4 && asks.questions / asks.turns >= othersAsk * 3)) return blocks;
  const fullNames = new Map<string, string>();
  for (const block of blocks) {
    const match = block.text.match(label);
    if (match && match[1]!.includes(" ")) fullNames.set(match[1]!.split(/\s+/)[0]!, match[1]!);
  }
  const named = new Set<string>();
  return blocks.flatMap((block, index): Block[] => {
    const match = block.kind === "paragraph" ? block.text.match(label) : null;
    if (!match) return [block];
    const first = match[1]!.split(/\s+/)[0]!;
    if (!speakers.has(first) || speakers.get(first)!.turns < 3) return [block];
    // The interviewer's questions head the answers, and so do prompts without a question mark ("You mentioned a
    // contract clause that nearly ended the company."): dropped, they left "Yes. This is the part I'm least proud
    // of." answering nothing. A reaction ("Oh no.", "That's painfully true.") is not material.
    if (first === interviewer) {
      const prompt = interviewerPrompt(unfill(match[2]!), blocks[index - 1]?.text);
      return prompt ? [{ ...block, kind: "heading" as const, level: 2, text: prompt, asked: true }] : [];
    }
    const spoken = unfill(match[2]!);
    if (named.has(first)) return [{ ...block, text: spoken }];
    named.add(first);
    return [{ ...block, text: `${fullNames.get(first) ?? first}: ${spoken}` }];
  });
}

/**
 * A written Q&A ("**Q: What was the first version?**" / "It was a compliance dashboard..."): the questions
 * become headings, like an interviewer's, and an answer's "A:" goes, so no post keeps the layout.
 */
function readQuestionsAndAnswers(blocks: Block[]): Block[] {
  const asked = /^(?:Q|Question|Frage|Pregunta|Pergunta|Domanda|Vraag)\s*[:.]\s+(.+\?["'”’]*)$/su;
  // A written interview that sets its questions in bold ("**Why build a company there?**", then the answer):
  // at least three bold questions, each followed by an answer; then a bold prompt ("**You turned down investment.
  // Tell me about that.**") asks too.
  const boldAsked = (block: Block, index: number) =>
    block.kind === "paragraph" && block.bold === true && countWords(block.text) <= 40 && blocks[index + 1]?.kind === "paragraph" && !blocks[index + 1]!.bold;
  const boldQuestions = blocks.filter((block, index) => boldAsked(block, index) && /\?["'”’]*$/u.test(block.text)).length;
  if (boldQuestions >= 3)
    blocks = blocks.map((block, index) =>
      boldAsked(block, index) && !asked.test(block.text)
        ? { ...block, kind: "heading" as const, level: 2, text: interviewerPrompt(block.text) ?? block.text, asked: true }
        : block,
    );
  if (blocks.filter((block) => block.kind === "paragraph" && asked.test(block.text)).length < 3) return blocks;
  return blocks.map((block) => {
    if (block.kind !== "paragraph") return block;
    const question = block.text.match(asked);
    if (question) return { ...block, kind: "heading" as const, level: 2, text: interviewerPrompt(question[1]!) ?? lastQuestion(question[1]!), asked: true };
    return { ...block, text: block.text.replace(/^(?:A|Answer|Antwort|Respuesta|Resposta|Risposta|Antwoord)\s*[:.]\s+/u, "") };
  });
}

/** Speech written down: "Um, it was bad." -> "It was bad."; "Right. So the core idea..." -> "The core idea...". */
function unfill(text: string): string {
  const out = text
    .replace(
      /(^|[.!?]\s+)(?:(?:Um|Uh|Er|Erm|Yeah|Right|Okay|OK|So|Well|Like|Oh)[,.]?\s+)+(\p{L})/gu,
      (_, start: string, letter: string) => `${start}${letter.toUpperCase()}`,
    )
    .replace(/,?\s+(?:um|uh|erm),?(?=\s)/gi, "")
    // ("You know" and "I mean" are fillers only set off by commas: "so you know what you're getting" means it, round 41.)
    .replace(/,\s+(?:you know|I mean),(?=\s)/gi, "");
  return out;
}

/** Words a host says to move the conversation along, not part of what they ask. */
const HOST_FILLER =
  /^(?:let['’]s (?:start|begin|go there|dig in|dive in|get into it|get started|go back|rewind|switch gears)\b[^.!?]*|last (?:question|one)(?: before we (?:wrap|finish|go))?|one (?:more|last) (?:thing|question)|(?:\p{Lu}\p{L}+,\s)?welcome(?: to the show| back| to [^.!?]{1,40})?(?:,\s\p{Lu}\p{L}+)?|thanks? (?:you )?(?:for (?:coming on|joining|being here|having me)|so much)\b[^.!?]*|(?:great|good|fair|interesting|wow|oh no|ha)[^.!?]{0,20}|that['’]s (?:\p{L}+\s)?(?:true|right|fair|interesting|amazing|wild|great|real money)[^.!?]{0,30}|that['’]s a (?:big|huge|real|bold) (?:change|shift|move|decision|call)|sorry,? you cut out[^.!?]*)[.!]$/iu;

/**
 * An interviewer's turn as the question it asks: "Let's start at the beginning. Fjordmark sells load forecasting
 * to utilities. How did you land the first one with no track record?" keeps what the question needs ("the first
 * one" is a utility) and loses the host's filler. A reaction ("Oh no.", "Three percent.") asks nothing: undefined.
 */
export function interviewerPrompt(turn: string, previous = ""): string | undefined {
  // An echo of what the guest just said ("Nobody ever deletes an alert.") reacts; it asks nothing.
  const said = previous.toLowerCase();
  const parts = turn
    .split(/(?<=[.!?])\s+(?=[\p{Lu}"“])/u)
    .filter((part) => !HOST_FILLER.test(part.trim()) && !(said !== "" && /[.!]$/.test(part) && said.includes(part.trim().toLowerCase())));
  const text = parts.join(" ").trim();
  if (text === "") return undefined;
  if (!/\?/.test(text) && countWords(text) < 4) return undefined;
  // Only the question and the sentences just before it that set it up: a long preamble keeps its last two.
  const questionAt = parts.findLastIndex((part) => /\?["'”’]*$/u.test(part));
  if (questionAt >= 2) return parts.slice(questionAt - 1, questionAt + 1).join(" ");
  return text;
}

/** "Let's start at the beginning. Where did Quietdesk come from?" -> the question itself. */
function lastQuestion(text: string): string {
  const parts = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  const asked = parts.filter((part) => /\?["'”’]*$/.test(part));
  const question = asked.at(-1) ?? parts.at(-1)!;
  return question.length >= 12 ? question : text;
}

/** "October 7, 2025 by Seth Webster, ...": the byline a blog puts on top is not content. */
/** A name, a role in lower case and a place or company, with no sentence's ending: "Duncan Aird, piano tuner, South Lakes". */
const SIGNED = /^\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){1,2}, \p{Ll}[^.!?:,]{2,50}(?:,\s*\p{Lu}[^.!?:,]*){1,3}$/u;

function dropBylines(blocks: Block[]): Block[] {
  const byline = /^(?:(?:posted|published|written|updated)\b.*|(?:\p{L}+\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}) by\b.*)$/iu;
  const kept = blocks.filter((block, index) => index > 5 || block.kind !== "paragraph" || block.text.length > 400 || !byline.test(block.text));
  // The author's note in italics at the end ("*Kerry Bancroft runs Suds & Scissors Mobile Grooming in Shrewsbury.*"):
  // a bio under the piece, which round 33's readers scored as debris on the post it ended.
  // So is a signature that starts with the name ("Duncan Aird, piano tuner and technician, South Lakes"), at the very
  // end only: the same shape under a customer's quote mid-page says who said it.
  const last = kept.at(-1);
  const bio = last?.italic && last.text.split(/\s+/).length <= 30 && /^\p{Lu}[\p{L}'’-]+ \p{Lu}[\p{L}'’-]+\b/u.test(last.text);
  const signature = last?.kind === "paragraph" && SIGNED.test(last.text);
  return bio || signature ? kept.slice(0, -1) : kept;
}

// Lower-case keywords as code starts them; prose starts sentences with a capital (or, in a
// casual thread, with words these patterns do not match: "let me", "class was fun").
const CODE_START = new RegExp(
  "^(?:" +
    [
      String.raw`import\s+[\w{*'"]`,
      String.raw`from\s+[\w.]+\s+import\s`,
      String.raw`[a-z_][\w.]*\s*=\s*[\w.]+\(`,
      String.raw`export\s+(default|const|function|class|type|\{)`,
      String.raw`(const|let|var)\s+[\w{[]+\s*[=:]`,
      String.raw`function\s*\w*\s*\(`,
      String.raw`class\s+[A-Z]\w*\s*(extends|\{)`,
      String.raw`def\s+\w+\(`,
      String.raw`async\s+(function|\()`,
      String.raw`await\s+[\w.]+\(`,
      String.raw`return\b.*[;(]`,
      "#include",
      String.raw`(public|private|protected)\s+\w+`,
      String.raw`(npm|npx|yarn|pnpm|bun|pip|brew)\s+[\w@-]`,
      String.raw`\$\s`,
      String.raw`>>>\s`,
      "//",
      String.raw`/\*`,
      String.raw`\*/`,
      String.raw`[})\]]+[;,)]*\s*$`,
      String.raw`[{(\[]\s*$`,
      // A JSON line: '"id": "evt_01J8Z4K2Q7M3",' (round 22's payload kept three of its keys as a sentence).
      String.raw`"[\w.$-]+"\s*:\s*(?:["\d\[{]|true|false|null)`,
    ]
      .map((pattern) => `(?:${pattern})`)
      .join("|") +
    ")",
);
const startsLikeCode = (line: string) => CODE_START.test(line.trimStart());

/**
 * A command a docs page shows ("tallyline listen --forward-to localhost:3000/hooks", "tallyline trigger invoice.paid"):
 * lower case from its first word, a few words with a flag, a path or a dotted name, and no sentence's ending.
 */
const COMMAND_LINE = /^[a-z][\w-]*(?:\s+\S+){1,7}$/;
const COMMAND_TOKEN = /(?:^|\s)(?:--?[a-z][\w-]*|[\w-]+\.[a-z_]+(?:\.\w+)*|\S*[/:]\S+)(?=\s|$)/;

/** A line of code pasted without a fence: keywords at the start, or thick with brackets and operators. */
export function looksLikeCode(line: string): boolean {
  if (startsLikeCode(line)) return true;
  const trimmed = line.trim();
  if (HEADER_LINE.test(trimmed) || (COMMAND_LINE.test(trimmed) && COMMAND_TOKEN.test(trimmed) && !/[.!?:;,]$/.test(trimmed))) return true;
  const probe = line.replace(/\]\([^)\s]*\)/g, "]"); // a Markdown link's address is not code
  const symbols = probe.match(/[{}()[\];=<>]/g)?.length ?? 0;
  if (/[;{]\s*$/.test(probe) && symbols >= 2) return true;
  if (/=>|===|!==|\+\+|&&|\|\||::/.test(probe) && symbols >= 3) return true;
  return symbols >= 6 && symbols / probe.length > 0.08;
}

/** Markdown inline syntax to plain text: links keep their words, addresses and images go. */
export function cleanInline(text: string): string {
  return (
    text
      .replace(/!\[[^\]]*\]\((?:[^()]|\([^()]*\))*\)/g, "")
      .replace(/\[([^\]]+)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
      .replace(/\[\^[^\]]+\]/g, "")
      // A transcript's stage directions: "[laughs]", "[crosstalk]", "- (inaudible) -", "[END OF TRANSCRIPT]".
      .replace(
        /\s*[-–—]?\s*[[(](?:laughs?|laughter|laughing|pause|pauses|crosstalk|inaudible|unintelligible|music|applause|silence|end of transcript)[^\])]{0,20}[\])]\s*[-–—]?/gi,
        " ",
      )
      // An address ends before the punctuation that follows it in the sentence.
      .replace(/\bhttps?:\/\/[^\s<>)\]]*[^\s<>)\].,;:!?'"’”]/gi, "")
      .replace(/\bwww\.[^\s<>)\]]+\.[^\s<>)\]]*[^\s<>)\].,;:!?'"’”]/gi, "")
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
      .replace(/(?<![\p{L}\p{N}*\\])\*(?=\S)(.+?)(?<=\S)\*(?![\p{L}\p{N}*])/gu, "$1")
      .replace(/(?<![\p{L}\p{N}_\\])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, "$1")
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
      .replace(/\\([\\`*_{}[\]()#+\-.!>|~])/g, "$1")
      .replace(/\{#[\w-]+\}/g, "")
      // Brackets emptied by a removed link go; a call's "()" stays: `sorted()` is how the article names it.
      .replace(/(?<![\p{L}\p{N}_.])\(\s*[,;]?\s*\)|\[\s*\]/gu, "")
      .replace(/\s+/g, " ")
      // Only a space before "," or "." is wrong in every language: French sets one before : ; ? !
      .replace(/\s+([,.])(?=\s|$)/g, "$1")
      .trim()
  );
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const point = code[1]?.toLowerCase() === "x" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export { countWords } from "../shared/words";
