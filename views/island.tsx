import { createContext, use, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { type IslandName, islands } from "../islands/registry";

/** Collects the islands a page used while it renders, so the document loads only their scripts. */
export class IslandCollector {
  private count = 0;
  readonly used = new Set<IslandName>();
  nextId(name: IslandName): string {
    this.used.add(name);
    return `island-${++this.count}`;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/**
 * Server side of an island: the component rendered as a root of its own (as the browser will
 * hydrate it, so useId values agree), its props serialised beside it. Props must be plain data.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const collector = use(IslandCollectorContext);
  if (!collector) throw new Error("<Island> rendered outside renderDocument");
  const id = collector.nextId(name);
  const serialized = serializeIslandProps(props);
  const html = renderIsland(name, id, props, serialized);
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server rendering of the island */}
      <div id={id} data-island={name} style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: html }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serializeIslandProps escapes <, >, &, U+2028 and U+2029 */}
      <script type="application/json" id={`${id}-props`} dangerouslySetInnerHTML={{ __html: serialized }} />
    </>
  );
}

/**
 * The app shell's islands render the same HTML for the same props on every signed-in page (their
 * output depends on nothing else: no clock, no cookie, no data), so each rendering is kept and
 * reused rather than redone per request. Any other island renders afresh.
 */
const SHELL_ISLANDS: ReadonlySet<IslandName> = new Set(["AppSidebar", "SidebarTrigger", "ThemeToggle", "Toaster"]);
const SHELL_CACHE_SIZE = 500;
const shellRenders = new Map<string, string>();

function renderIsland(name: IslandName, id: string, props: unknown, serializedProps: string): string {
  const Component = islands[name] as React.ComponentType<object>;
  const render = () => renderToString(<Component {...(props as object)} />, { identifierPrefix: id });
  if (!SHELL_ISLANDS.has(name)) return render();
  // The id is part of the key: useId values inside the island are prefixed with it.
  const key = `${name}\u0000${id}\u0000${serializedProps}`;
  const kept = shellRenders.get(key);
  if (kept !== undefined) return kept;
  const html = render();
  // Oldest out first: a Map iterates in insertion order.
  if (shellRenders.size >= SHELL_CACHE_SIZE) shellRenders.delete(shellRenders.keys().next().value!);
  shellRenders.set(key, html);
  return html;
}

/**
 * JSON for a <script> element: only plain data (a function, class instance or undefined would
 * not survive the trip), with <, >, &, U+2028 and U+2029 escaped so no string can close the tag.
 */
export function serializeIslandProps(props: unknown): string {
  const json = JSON.stringify(props ?? {}, (key, value) => {
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
      throw new TypeError(`Island prop "${key}" is a ${typeof value}; island props must be plain data`);
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new TypeError(`Island prop "${key}" is a ${proto?.constructor?.name ?? "non-plain object"}; island props must be plain data`);
      }
    }
    return value;
  });
  return json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
