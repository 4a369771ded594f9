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
  const Component = islands[name] as React.ComponentType<any>;
  const html = renderToString(<Component {...(props as object)} />, { identifierPrefix: id });
  return (
    <>
      <div id={id} data-island={name} style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" id={`${id}-props`} dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }} />
    </>
  );
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
