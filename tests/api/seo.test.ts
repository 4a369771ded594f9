import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/test-app";

// The public pages of SPEC.md section 2, and the signed-in ones robots.txt must keep out.
const PUBLIC_PAGES = ["/", "/features", "/pricing", "/contact", "/about", "/privacy", "/terms"];
const APP_ROUTES = ["/dashboard", "/generate", "/calendar", "/posts", "/settings", "/api/"];

let app: TestApp;
let heads: Map<string, Head>;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  heads = new Map();
  for (const path of PUBLIC_PAGES) {
    const response = await fetch(`${app.url}${path}`);
    expect(response.status).toBe(200);
    heads.set(path, await readHead(response));
  }
});
afterAll(async () => {
  await app?.close();
});

type Head = { title: string; meta: Map<string, string>; links: Map<string, string>; jsonLd: string[] };

/** The parts of <head> search engines and link previews read, through Bun's HTML parser. */
async function readHead(response: Response): Promise<Head> {
  const head: Head = { title: "", meta: new Map(), links: new Map(), jsonLd: [] };
  let jsonLd: string | null = null;
  await new HTMLRewriter()
    .on("head > title", {
      text: (chunk) => {
        head.title += chunk.text;
      },
    })
    .on("head > meta", {
      element: (el) => {
        const key = el.getAttribute("name") ?? el.getAttribute("property");
        if (key) head.meta.set(key, decodeEntities(el.getAttribute("content") ?? ""));
      },
    })
    .on("head > link[rel]", { element: (el) => void head.links.set(el.getAttribute("rel")!, el.getAttribute("href") ?? "") })
    .on('script[type="application/ld+json"]', {
      element: (el) => {
        jsonLd = "";
        el.onEndTag(() => {
          head.jsonLd.push(jsonLd!);
          jsonLd = null;
        });
      },
      text: (chunk) => {
        if (jsonLd !== null) jsonLd += chunk.text;
      },
    })
    .transform(response)
    .text();
  // HTMLRewriter hands text and attributes over as written, entities included.
  head.title = decodeEntities(head.title);
  return head;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot);/gi, (_, code: string) =>
    code[0] === "#"
      ? String.fromCodePoint(code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1)))
      : { amp: "&", lt: "<", gt: ">", quot: '"' }[code.toLowerCase()]!,
  );
}

describe("every public page", () => {
  test("has a title and a description of its own", () => {
    const titles = PUBLIC_PAGES.map((path) => heads.get(path)!.title);
    const descriptions = PUBLIC_PAGES.map((path) => heads.get(path)!.meta.get("description") ?? "");
    for (const title of titles) expect(title).toContain("Cadence");
    for (const description of descriptions) expect(description.length).toBeGreaterThanOrEqual(50);
    expect(new Set(titles).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(descriptions).size).toBe(PUBLIC_PAGES.length);
  });

  test("has an absolute canonical URL naming itself, and may be indexed", () => {
    for (const path of PUBLIC_PAGES) {
      const head = heads.get(path)!;
      expect(head.links.get("canonical")).toBe(`${app.config.appUrl}${path}`);
      expect(head.meta.get("robots") ?? "").not.toContain("noindex");
    }
  });

  test("has OpenGraph and Twitter tags matching its title, description and URL", () => {
    for (const path of PUBLIC_PAGES) {
      const { meta, title } = heads.get(path)!;
      const description = meta.get("description");
      expect(meta.get("og:type")).toBe("website");
      expect(meta.get("og:site_name")).toBe("Cadence");
      expect(meta.get("og:title")).toBe(title);
      expect(meta.get("og:description")).toBe(description);
      expect(meta.get("og:url")).toBe(`${app.config.appUrl}${path}`);
      expect(meta.get("og:image")).toBe(`${app.config.appUrl}/og-image.png`);
      expect(meta.get("og:image:width")).toBe("1200");
      expect(meta.get("og:image:height")).toBe("630");
      expect(meta.get("og:image:alt")).toBeTruthy();
      expect(meta.get("twitter:card")).toBe("summary_large_image");
      expect(meta.get("twitter:title")).toBe(title);
      expect(meta.get("twitter:description")).toBe(description);
      expect(meta.get("twitter:image")).toBe(`${app.config.appUrl}/og-image.png`);
    }
  });
});

describe("structured data", () => {
  for (const path of ["/", "/pricing"]) {
    test(`${path} describes the product and its GBP 6.00 monthly offer in JSON-LD`, () => {
      const blocks = heads.get(path)!.jsonLd;
      expect(blocks).toHaveLength(1);
      const data = JSON.parse(blocks[0]!);
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@type"]).toBe("SoftwareApplication");
      expect(data.name).toBe("Cadence");
      expect(data.applicationCategory).toBe("BusinessApplication");
      expect(data.url).toBe(`${app.config.appUrl}/`);
      expect(typeof data.description).toBe("string");
      const offer = data.offers;
      expect(offer["@type"]).toBe("Offer");
      expect(offer.price).toBe("6.00");
      expect(offer.priceCurrency).toBe("GBP");
      expect(offer.url).toBe(`${app.config.appUrl}/pricing`);
      expect(offer.priceSpecification).toMatchObject({ "@type": "UnitPriceSpecification", price: "6.00", priceCurrency: "GBP", billingDuration: "P1M" });
    });
  }

  test("the other pages carry none", () => {
    for (const path of PUBLIC_PAGES.filter((p) => p !== "/" && p !== "/pricing")) expect(heads.get(path)!.jsonLd).toEqual([]);
  });
});

describe("sitemap.xml", () => {
  test("lists exactly the public pages, each answering 200", async () => {
    const response = await fetch(`${app.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const xml = await response.text();
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.toSorted()).toEqual(PUBLIC_PAGES.map((path) => `${app.config.appUrl}${path}`).toSorted());
    for (const location of locations) expect((await fetch(location.replace(app.config.appUrl, app.url))).status).toBe(200);
  });
});

describe("robots.txt", () => {
  test("keeps crawlers out of the app and the API, not out of the public pages, and names the sitemap", async () => {
    const response = await fetch(`${app.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/plain");
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    const disallowed = lines.filter((line) => line.startsWith("Disallow:")).map((line) => line.slice("Disallow:".length).trim());
    for (const route of APP_ROUTES) expect(disallowed).toContain(route);
    for (const page of PUBLIC_PAGES) {
      // A rule blocks every path it is a prefix of; "/" itself would block the whole site.
      expect(disallowed.filter((rule) => rule !== "" && page.startsWith(rule))).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${app.config.appUrl}/sitemap.xml`);
  });
});

describe("og-image.png", () => {
  test("is served as a 1200x630 PNG", async () => {
    const response = await fetch(`${app.url}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The IHDR chunk comes first: width and height as big-endian 32-bit numbers at bytes 16 and 20.
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });
});
