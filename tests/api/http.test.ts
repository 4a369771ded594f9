import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

describe("health", () => {
  test("answers 200 while the database answers", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: app.database.kind });
  });
});

describe("not found", () => {
  test("an unknown page answers 404 with the spec's page", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("near misses of real pages are 404 too", async () => {
    for (const path of ["/About", "/pricing/extra", "/index.html", "/dashboard/extra"]) expect((await get(path)).status).toBe(404);
  });

  test("an unknown /api path answers 404 JSON {message}", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      // A known path asked with a method it lacks is a 405 instead (tests/api/api-contract.test.ts).
      ["POST", "/api/posts/123/nope"],
      ["DELETE", "/api"],
    ] as const) {
      const response = await fetch(`${app.url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["message"]);
      expect(body.message).toContain(path);
    }
  });
});

describe("public pages answered by Bun's router", () => {
  test("each answers what the Elysia pipeline answers: status, headers and bytes, gzipped or not, and 304 on its ETag", async () => {
    const { publicPages } = await import("../../src/routes/public-pages");
    for (const { path } of publicPages) {
      for (const headers of [{ "accept-encoding": "gzip" }, { "accept-encoding": "identity" }]) {
        const native = await fetch(`${app.url}${path}`, { headers, decompress: false } as RequestInit);
        const piped = await app.app.handle(new Request(`${app.url}${path}`, { headers }));
        expect(native.status).toBe(200);
        expect(piped.status).toBe(200);
        const names = (response: Response) => [...response.headers.keys()].filter((name) => !["date", "content-length"].includes(name)).sort();
        expect(names(native)).toEqual(names(piped));
        for (const name of names(piped)) expect(`${name}: ${native.headers.get(name)}`).toBe(`${name}: ${piped.headers.get(name)}`);
        expect(new Uint8Array(await native.arrayBuffer())).toEqual(new Uint8Array(await piped.arrayBuffer()));
        const revalidated = await fetch(`${app.url}${path}`, { headers: { ...headers, "if-none-match": piped.headers.get("etag")! } });
        expect(revalidated.status).toBe(304);
      }
    }
  });
});

describe("/about", () => {
  test("is complete server-rendered HTML with the spec's content", async () => {
    const response = await get("/about");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toStartWith("<!DOCTYPE html>");
    expect(html).toContain("<title>About Cadence</title>");
    expect(html).toContain(`<link rel="canonical" href="${app.config.appUrl}/about"/>`);
    for (const value of ["Mission-Driven", "Creator-First", "Innovation", "Community"]) expect(html).toContain(value);
    expect(html).toContain('href="/signup"');
    expect(html).toContain('href="/contact"');
    // Navigation bar and footer
    for (const label of ["Home", "Features", "Pricing", "Contact", "Sign In", "Sign Up", "Privacy Policy", "Terms of Service", "© 2025 Cadence"]) {
      expect(html).toContain(label);
    }
  });

  test("ships no React: the theme toggle is plain HTML driven by the small public-site script", async () => {
    const html = await (await get("/about")).text();
    expect(html).not.toContain("data-island=");
    expect(html).toContain("data-theme-toggle");
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/islands\/public-site-[a-z0-9]+\.js$/);
  });

  test("is served from memory with an ETag, and revalidates with 304", async () => {
    const first = await get("/about");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await get("/about", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("carries the security headers, with a CSP that allows only the theme script inline", async () => {
    const response = await get("/about");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("pages without islands", () => {
  test("ship no React: the 404 page has no script but the inline theme one", async () => {
    const html = await (await get("/missing")).text();
    expect(html).not.toContain('type="module"');
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

describe("built assets", () => {
  test("the stylesheet and island scripts have hashed names and immutable cache headers", async () => {
    const html = await (await get("/about")).text();
    const urls = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const url of urls) {
      expect(url).toMatch(/-[a-z0-9]{8,}\.(js|css)$/);
      const response = await get(url, { "accept-encoding": "gzip" });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toMatch(/^(text\/css|text\/javascript|application\/javascript)/);
    }
  });

  test("the CSS holds both daisyUI themes", async () => {
    const html = await (await get("/about")).text();
    const css = await (await get(html.match(/href="(\/assets\/app-[^"]+\.css)"/)![1]!)).text();
    expect(css).toContain("[data-theme=light]");
    expect(css).toContain("[data-theme=dark]");
  });
});
