import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { cacheBody, sendCached, serveCached } from "../../src/http-cache";

const big = "<p>Cadence</p>".repeat(200);

describe("cached responses", () => {
  const cached = cacheBody(big, "text/html;charset=utf-8", "public, max-age=0, must-revalidate");

  test("answer 200 with the body, its ETag and cache headers", async () => {
    const response = serveCached(new Request("http://localhost/"), cached);
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(cached.etag);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(await response.text()).toBe(big);
  });

  test("answer 304 with no body when the ETag matches (weak or in a list)", async () => {
    for (const header of [cached.etag, `W/${cached.etag}`, `"other", ${cached.etag}`]) {
      const response = serveCached(new Request("http://localhost/", { headers: { "if-none-match": header } }), cached);
      expect(response.status).toBe(304);
      expect(await response.text()).toBe("");
    }
    const stale = serveCached(new Request("http://localhost/", { headers: { "if-none-match": '"old"' } }), cached);
    expect(stale.status).toBe(200);
  });

  test("are gzipped for clients that accept it", async () => {
    const response = serveCached(new Request("http://localhost/", { headers: { "accept-encoding": "gzip, br" } }), cached);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(big.length / 5);
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(big);
  });

  test("tiny or binary bodies are not compressed", () => {
    expect(cacheBody("small", "text/plain", "x").gzipped).toBeNull();
    expect(cacheBody(new Uint8Array(5000), "image/png", "x").gzipped).toBeNull();
  });
});

describe("cached bodies in an Elysia route (sendCached)", () => {
  const cached = cacheBody(big, "text/html;charset=utf-8", "public, max-age=0, must-revalidate");
  // Like src/app.ts: headers set for every request before routing must survive.
  const app = new Elysia()
    .onRequest(({ set }) => {
      set.headers["x-every-answer"] = "yes";
    })
    .get("/", ({ request, set }) => sendCached(request, set, cached));
  const get = (headers: Record<string, string> = {}) => app.handle(new Request("http://localhost/", { headers }));

  test("answer 200 with the body, gzipped when accepted, with their own headers and the app's", async () => {
    const plain = await get();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("etag")).toBe(cached.etag);
    expect(plain.headers.get("content-type")).toBe("text/html;charset=utf-8");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("x-every-answer")).toBe("yes");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(big);

    const gzipped = await get({ "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("x-every-answer")).toBe("yes");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(big);
  });

  test("answer 304 with no body when the ETag matches, still with the app's headers", async () => {
    const response = await get({ "if-none-match": cached.etag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(cached.etag);
    expect(response.headers.get("x-every-answer")).toBe("yes");
    expect(await response.text()).toBe("");
  });
});
