import { Elysia } from "elysia";
import type { ReactNode } from "react";
import { type PageMeta, renderDocument } from "../../views/document";
import { AboutPage, aboutMeta } from "../../views/pages/about";
import { ContactPage, contactMeta } from "../../views/pages/contact";
import { ContactResultPage, contactResultMeta } from "../../views/pages/contact-result";
import { FeaturesPage, featuresMeta } from "../../views/pages/features";
import { LandingPage, landingMeta } from "../../views/pages/landing";
import { PrivacyPage, privacyMeta, TermsPage, termsMeta } from "../../views/pages/legal";
import { NotFoundPage, notFoundMeta } from "../../views/pages/not-found";
import { PricingPage, pricingMeta } from "../../views/pages/pricing";
import type { Site } from "../../views/site";
import { type CachedBody, cacheBody, sendCached, serveCachedWith } from "../http-cache";
import { HTML, htmlPage } from "./responses";

// Public pages are the same for everyone: rendered once, then served from memory with an ETag.
const PAGE_CACHE = "public, max-age=0, must-revalidate";

type PublicPage = { path: string; node: () => ReactNode; meta: (productName: string) => PageMeta };

/** Every public, cacheable page; sitemap.xml lists the same ones. */
export const publicPages: PublicPage[] = [
  { path: "/", node: () => <LandingPage />, meta: landingMeta },
  { path: "/features", node: () => <FeaturesPage />, meta: featuresMeta },
  { path: "/pricing", node: () => <PricingPage />, meta: pricingMeta },
  { path: "/contact", node: () => <ContactPage />, meta: contactMeta },
  { path: "/about", node: () => <AboutPage />, meta: aboutMeta },
  { path: "/privacy", node: () => <PrivacyPage />, meta: privacyMeta },
  { path: "/terms", node: () => <TermsPage />, meta: termsMeta },
];

export function createPublicPages(site: Site) {
  const cache = new Map<string, CachedBody>();
  const cached = (key: string, render: () => string) => {
    let body = cache.get(key);
    if (!body) {
      body = cacheBody(render(), HTML, PAGE_CACHE);
      cache.set(key, body);
    }
    return body;
  };
  const html = (status: number, text: string) => htmlPage(text, { status });

  let notFoundHtml: string | undefined;
  const routes = new Elysia({ name: "routes/public-pages" });
  const pageBody = (page: PublicPage) => cached(page.path, () => renderDocument(page.node(), page.meta(site.productName), site));
  for (const page of publicPages) {
    routes.get(page.path, ({ request, set }) => sendCached(request, set, pageBody(page)));
  }

  return {
    routes,
    /**
     * The same GET answers for Bun's own router (the app's `serve.routes`), which calls them before
     * Elysia's request pipeline: a public page needs none of it (no session, no body, no origin
     * check, no rate limit), only its cached bytes and the security headers every answer carries.
     * Everything else about these paths (HEAD, other methods) still goes through Elysia, and
     * app.handle() (the tests' way in) answers the same from `routes`.
     */
    nativeRoutes: (securityHeaders: Readonly<Record<string, string>>) =>
      // biome-ignore lint/correctness/noComponentHookFactories: GET is a handler in Bun's route table, not a component
      Object.fromEntries(publicPages.map((page) => [page.path, { GET: (request: Request) => serveCachedWith(request, pageBody(page), securityHeaders) }])),
    /** The 404 page, for any path no route answers. */
    notFoundResponse: () => {
      notFoundHtml ??= renderDocument(<NotFoundPage />, notFoundMeta, site);
      return html(404, notFoundHtml);
    },
    /** The page a browser without JavaScript gets after posting the contact form. */
    contactFormResult: (status: number, message: string) =>
      html(status, renderDocument(<ContactResultPage ok={status < 300} message={message} />, contactResultMeta, site)),
  };
}
