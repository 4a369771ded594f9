import { Elysia } from "elysia";
import { json } from "./errors";

type Route = { method: string; path: string };
type Pattern = { segments: string[]; methods: Set<string> };

/**
 * 405 with Allow for an /api path asked with a method it does not have, before any handler
 * runs. Elysia's router keeps one tree per method, so on its own it answers 404 for a wrong
 * method, and reads `PATCH /api/posts/allowance` as `PATCH /api/posts/:id` with the id
 * "allowance". Here a path belongs to the most specific pattern any method registered for it
 * (a fixed segment beats a parameter, as in the router): only that pattern's methods are
 * allowed. Pages are left alone: browsers only GET them or post their own forms.
 *
 * The routes are handed in once the app is built (`learn`), so every route is covered, whichever
 * module adds it.
 * `headers` are the security headers: an answer from onRequest does not get them otherwise.
 */
export function allowedMethods(options: { headers: Record<string, string> }) {
  let patterns: Pattern[] = [];

  function learn(routes: readonly Route[]) {
    const byPath = new Map<string, Pattern>();
    for (const route of routes) {
      if (!route.path.startsWith("/api/")) continue;
      const pattern = byPath.get(route.path) ?? { segments: route.path.split("/").slice(1), methods: new Set<string>() };
      pattern.methods.add(route.method.toUpperCase());
      // A GET route answers HEAD too (Elysia does this itself).
      if (route.method.toUpperCase() === "GET") pattern.methods.add("HEAD");
      byPath.set(route.path, pattern);
    }
    patterns = [...byPath.values()];
  }

  /** The pattern that owns this path, or undefined when none matches (a 404). */
  function owner(path: string): Pattern | undefined {
    const segments = path
      .replace(/(.)\/$/, "$1")
      .split("/")
      .slice(1);
    let best: Pattern | undefined;
    for (const pattern of patterns) {
      if (pattern.segments.length !== segments.length) continue;
      if (!pattern.segments.every((segment, index) => segment === segments[index] || (segment.startsWith(":") && segments[index] !== ""))) continue;
      if (!best || moreSpecific(pattern, best)) best = pattern;
    }
    return best;
  }

  const plugin = new Elysia({ name: "allowed-methods" }).onRequest(({ request }) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith("/api/")) return;
    const pattern = owner(path);
    if (!pattern || pattern.methods.has(request.method)) return;
    const allow = [...pattern.methods].join(", ");
    return json(405, { message: `${request.method} is not allowed on ${path}. Allowed: ${allow}.` }, { ...options.headers, allow });
  });

  return { plugin, learn };
}

/** Whether `a` has a fixed segment where `b` first has a parameter. */
function moreSpecific(a: Pattern, b: Pattern): boolean {
  for (let index = 0; index < a.segments.length; index++) {
    const aFixed = !a.segments[index]!.startsWith(":");
    const bFixed = !b.segments[index]!.startsWith(":");
    if (aFixed !== bFixed) return aFixed;
  }
  return false;
}
