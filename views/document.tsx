import type { ReactNode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { iconSprite } from "../islands/ui/icons";
import { THEME_STORAGE_KEY } from "../islands/ui/theme";
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
  /** Adds JSON-LD describing the product and its offer (landing and pricing). */
  structuredData?: boolean;
};

/**
 * Runs before first paint: applies the stored theme, or the system's, so a dark-theme user
 * never sees a white flash; and marks <html class="js"> so content that scripts will manage
 * (closed accordion panels) is hidden from the start, yet readable with JavaScript off.
 * Its hash is allowed by the Content-Security-Policy.
 */
export const themeInitScript = `(function(){var d=document.documentElement;d.classList.add("js");try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";d.dataset.theme=t}catch(e){}})()`;

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
  // The icons' paths, once each, for the <use href> of every icon in the body (islands/ui/icons.tsx).
  return `<!DOCTYPE html><html lang="en-GB">${head}<body class="min-h-screen bg-base-100 text-base-content antialiased">${body}${iconSprite(body)}</body></html>`;
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
      <meta property="og:locale" content="en_GB" />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={`${site.appUrl}/og-image.png`} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={`${site.productName}: a week of LinkedIn posts from one article`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={`${site.appUrl}/og-image.png`} />
      <meta name="twitter:image:alt" content={`${site.productName}: a week of LinkedIn posts from one article`} />
      {meta.structuredData && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: productJsonLd escapes "<", so nothing in it can close the script
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(site) }} />
      )}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours */}
      <script dangerouslySetInnerHTML={{ __html: themeInitScript }} />
      <link rel="stylesheet" href={site.assets.stylesheet} />
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </head>
  );
}

/** schema.org description of the product and its one offer, for search results. */
function productJsonLd(site: Site): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: site.productName,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    url: `${site.appUrl}/`,
    description:
      "An AI content strategist that turns a blog post or newsletter into a weekly plan of 5-7 LinkedIn posts, each with a recommended day, time and the reasoning behind it.",
    offers: {
      "@type": "Offer",
      name: `${site.productName} Pro`,
      price: "6.00",
      priceCurrency: "GBP",
      url: `${site.appUrl}/pricing`,
      description: "Monthly subscription with a 7-day free trial. Cancel anytime.",
      category: "subscription",
      availability: "https://schema.org/InStock",
      // The price is per month: billed monthly, one month per charge.
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: "6.00",
        priceCurrency: "GBP",
        billingDuration: "P1M",
        unitCode: "MON",
      },
    },
  };
  // "<" escaped so no string in the data can close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new Error(`The build has no ${what}: run \`bun run build\``);
  return value;
}
