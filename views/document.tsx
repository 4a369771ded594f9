import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { THEME_STORAGE_KEY } from "../islands/theme";
import { IslandCollector, IslandCollectorContext } from "./island";
import { SiteContext, type Site } from "./site";

export type PageMeta = {
  title: string;
  description: string;
  /** Path of the page, for the canonical URL. */
  path: string;
  /** Pages that must not appear in search results (app pages, 404). */
  noindex?: boolean;
  /** Plain scripts (not islands) the page needs, by name in the build's scriptEntries. */
  scripts?: string[];
};

/**
 * Runs before first paint: applies the stored theme, or the system's, so a dark-theme user
 * never sees a white flash. Its hash is allowed by the Content-Security-Policy.
 */
export const themeInitScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.dataset.theme=t}catch(e){}})()`;

/**
 * Renders a page into the shared document. The body is rendered first so the head and the
 * script tags can name exactly the islands the page used: a page without islands ships no React.
 */
export function renderDocument(page: ReactNode, meta: PageMeta, site: Site): string {
  const collector = new IslandCollector();
  const body = renderToString(
    <SiteContext value={site}>
      <IslandCollectorContext value={collector}>{page}</IslandCollectorContext>
    </SiteContext>,
  );
  const scripts = [
    ...(meta.scripts ?? []).map((name) => required(site.assets.scriptEntries[name], `script ${name}`)),
    ...[...collector.used].map((name) => required(site.assets.islandEntries[name], `island ${name}`)),
  ];
  const head = renderToStaticMarkup(<Head meta={meta} site={site} scripts={scripts} />);
  return `<!DOCTYPE html><html lang="en-GB">${head}<body class="min-h-screen bg-base-100 text-base-content antialiased">${body}</body></html>`;
}

function Head({ meta, site, scripts }: { meta: PageMeta; site: Site; scripts: string[] }) {
  const fullTitle = meta.title.includes(site.productName) ? meta.title : `${meta.title} | ${site.productName}`;
  const canonical = `${site.appUrl}${meta.path}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{fullTitle}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
      <meta name="color-scheme" content="light dark" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={meta.description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
      <link rel="stylesheet" href={site.assets.stylesheet} />
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </head>
  );
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new Error(`The build has no ${what}: run \`bun run build\``);
  return value;
}
