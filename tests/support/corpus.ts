import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const fixturesDir = join(import.meta.dir, "..", "fixtures");

/**
 * Real articles users paste: a copy of the team's shared corpus (kept beside the repository, never
 * read by tests) in tests/fixtures/corpus, so tests and benchmarks run in a bare clone. Read-only:
 * use them as they are.
 */
export const corpusDir = join(fixturesDir, "corpus");

/**
 * Articles written for Cadence and kept apart from the corpus (tests/fixtures/articles, see its
 * README): the kinds users paste, to check the strategist generalises beyond the corpus.
 */
export const articlesDir = join(fixturesDir, "articles");

/** The held-out article that is the same three sentences over and over: it must be refused. */
export const PATHOLOGICAL_ARTICLE = "en-pathological.txt";

/** Every Markdown, MDX, HTML or text file under the corpus, except its README, in a stable order. */
export function corpusArticles(dir = corpusDir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      // tests/fixtures/articles/reads holds the readers' scores, not articles.
      if (statSync(path).isDirectory()) return name === "reads" ? [] : corpusArticles(path);
      return /\.(md|mdx|html?|txt)$/i.test(name) && name.toLowerCase() !== "readme.md" ? [path] : [];
    });
}

/** The held-out articles a plan can be made from (every one but the pathological paste). */
/** A month's update of about 200 words: less than five posts that do not pad, so a clear 400. */
export const TOO_SHORT_ARTICLE = "en-short-update.txt";
/** An investor update of about 400 words, nearly all bullets and figures: round 11's reader judged its refusal right. */
export const MOSTLY_LISTS_ARTICLE = "r11-update-march-investors.md";
export const heldOutArticles = (): string[] =>
  corpusArticles(articlesDir).filter(
    (path) => !path.endsWith(PATHOLOGICAL_ARTICLE) && !path.endsWith(TOO_SHORT_ARTICLE) && !path.endsWith(MOSTLY_LISTS_ARTICLE),
  );

/** A corpus or held-out article by the end of its path, e.g. "react-canaries.md". */
export const readArticle = (name: string) => {
  const path = [...corpusArticles(), ...(existsSync(articlesDir) ? corpusArticles(articlesDir) : [])].find((candidate) => candidate.endsWith(name));
  if (!path) throw new Error(`No fixture article named ${name}`);
  return Bun.file(path).text();
};
