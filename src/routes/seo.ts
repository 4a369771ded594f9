import { Elysia } from "elysia";
import { cacheBody, sendCached } from "../http-cache";
import { publicPages } from "./public-pages";

// Signed-in and account pages have nothing for a search engine.
const disallowed = [
  "/api/",
  "/dashboard",
  "/generate",
  "/calendar",
  "/posts",
  "/settings",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/payment-setup",
  "/payment-success",
  "/subscribe",
  "/subscription-expired",
  "/email-preview",
];

/** robots.txt and sitemap.xml, built once from the list of public pages. */
export function seoRoutes(appUrl: string) {
  const robots = cacheBody(
    ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${appUrl}/sitemap.xml`, ""].join("\n"),
    "text/plain;charset=utf-8",
    "public, max-age=3600",
  );
  const sitemap = cacheBody(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${publicPages
      .map((page) => `  <url><loc>${appUrl}${page.path}</loc><changefreq>monthly</changefreq><priority>${page.path === "/" ? "1.0" : "0.7"}</priority></url>`)
      .join("\n")}\n</urlset>\n`,
    "application/xml;charset=utf-8",
    "public, max-age=3600",
  );
  return new Elysia({ name: "routes/seo" })
    .get("/robots.txt", ({ request, set }) => sendCached(request, set, robots))
    .get("/sitemap.xml", ({ request, set }) => sendCached(request, set, sitemap));
}
