import { Elysia } from "elysia";
import type { ReactNode } from "react";
import { type PageMeta, renderDocument } from "../../views/document";
import { AboutPage, aboutMeta } from "../../views/pages/about";
import { NotFoundPage, notFoundMeta } from "../../views/pages/not-found";
import type { Site } from "../../views/site";
import { type CachedBody, cacheBody, serveCached } from "../http-cache";

// Public pages are the same for everyone: rendered once, then served from memory with an ETag.
const PAGE_CACHE = "public, max-age=0, must-revalidate";
const HTML = "text/html;charset=utf-8";

export function createPublicPages(site: Site) {
  const cache = new Map<string, CachedBody>();
  const page = (key: string, render: () => { node: ReactNode; meta: PageMeta }) => {
    let cached = cache.get(key);
    if (!cached) {
      const { node, meta } = render();
      cached = cacheBody(renderDocument(node, meta, site), HTML, PAGE_CACHE);
      cache.set(key, cached);
    }
    return cached;
  };

  const notFound = () => page("404", () => ({ node: <NotFoundPage />, meta: notFoundMeta }));

  const routes = new Elysia({ name: "routes/public-pages" }).get("/about", ({ request }) =>
    serveCached(request, page("/about", () => ({ node: <AboutPage />, meta: aboutMeta(site.productName) }))),
  );

  return {
    routes,
    /** The 404 page, for any path no route answers. */
    notFoundResponse: () => new Response(notFound().body, { status: 404, headers: { "content-type": HTML, "cache-control": "no-store" } }),
  };
}
