/**
 * What an island bundle may reach. Islands run in the browser, so everything they import, however
 * deep, is shipped to every visitor: a stray import of a service would pull in the database driver
 * (or a secret's name) and the build would still succeed. This walks the import graph the way the
 * bundler will and names every path from an entry to a module the browser must not get.
 *
 * Allowed: islands/, views/ (presentational components), src/shared/ (code written for both sides),
 * and the packages listed below. Type-only imports are erased by the transpiler and never count.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";

const root = join(import.meta.dir, "..");

/** Packages written for the browser. Anything else (postgres, drizzle-orm, stripe, openai, node:…) is server-only. */
const BROWSER_PACKAGES = ["react", "react-dom", "@tanstack/react-query", "@stripe/stripe-js", "@stripe/react-stripe-js", "valibot", "date-fns", "@date-fns/tz"];
/** Folders of this repository whose modules may be bundled. */
const BROWSER_FOLDERS = ["islands", "views", join("src", "shared")];

export type BoundaryViolation = {
  /** The module the browser must not get: a path from the repository root, or a package name. */
  module: string;
  /** How the entry reaches it, entry first. */
  chain: string[];
};

const transpiler = new Bun.Transpiler({ loader: "tsx" });

const packageName = (specifier: string) => (specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);

/** Every module the entries reach that an island bundle must not contain, with the import chain that reaches it. */
export function findBoundaryViolations(entries: string[], repositoryRoot = root): BoundaryViolation[] {
  const fromRoot = (path: string) => relative(repositoryRoot, path).split(sep).join("/");
  const inBrowserFolder = (path: string) => BROWSER_FOLDERS.some((folder) => fromRoot(path).startsWith(`${folder.split(sep).join("/")}/`));
  const violations: BoundaryViolation[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, fromRoot(file)];
    for (const { path: specifier } of transpiler.scanImports(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".") && !specifier.startsWith("/")) {
        const name = packageName(specifier);
        if (!BROWSER_PACKAGES.includes(name)) violations.push({ module: specifier, chain: here });
        continue;
      }
      const target = Bun.resolveSync(specifier, dirname(file));
      if (!/\.(tsx?|jsx?)$/.test(target)) continue; // assets (CSS, images) are not code
      if (!inBrowserFolder(target)) {
        violations.push({ module: fromRoot(target), chain: here });
        continue;
      }
      visit(target, here);
    }
  };
  for (const entry of entries) visit(entry, []);
  return violations;
}

/**
 * The file of each island, by name, as islands/registry.ts imports it: islands sit in feature
 * folders (islands/posts/MyPosts.tsx), and the registry is the one place that says where. An
 * island's file is named after it.
 */
export function islandModules(islandNames: string[], registry = join(root, "islands", "registry.ts")): Record<string, string> {
  const byName = new Map<string, string>();
  for (const { path: specifier } of transpiler.scanImports(readFileSync(registry, "utf8"))) {
    if (!specifier.startsWith(".")) continue;
    const file = Bun.resolveSync(specifier, dirname(registry));
    byName.set(basename(file).replace(/\.tsx?$/, ""), file);
  }
  return Object.fromEntries(
    islandNames.map((name) => {
      const file = byName.get(name);
      if (!file) throw new Error(`islands/registry.ts lists the island ${name} but imports no file named ${name}.tsx`);
      return [name, file];
    }),
  );
}

/** The modules the build bundles for the browser: each island, and the plain page scripts (paths under islands/, without extension). */
export function browserEntries(islandNames: string[], scriptPaths: string[]): string[] {
  const scripts = scriptPaths.map((path) => ["ts", "tsx"].map((ext) => join(root, "islands", `${path}.${ext}`)).find((file) => existsSync(file))!);
  return [...Object.values(islandModules(islandNames)), ...scripts];
}

export function describeViolations(violations: BoundaryViolation[]): string {
  return violations.map(({ module, chain }) => `  ${module}, reached by ${chain.join(" → ")}`).join("\n");
}
