import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Real articles users paste (../shared/corpus from the repository root), read-only: tests and benchmarks use them as they are. */
export const corpusDir = join(import.meta.dir, "..", "..", "..", "shared", "corpus");

/** Every Markdown, MDX, HTML or text file under the corpus, except its README, in a stable order. */
export function corpusArticles(dir = corpusDir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return corpusArticles(path);
      return /\.(md|mdx|html?|txt)$/i.test(name) && name.toLowerCase() !== "readme.md" ? [path] : [];
    });
}

export const readArticle = (name: string) => Bun.file(corpusArticles().find((path) => path.endsWith(name))!).text();
