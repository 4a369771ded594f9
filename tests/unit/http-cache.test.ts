import { describe, expect, test } from "bun:test";
import { cacheBody, serveCached } from "../../src/http-cache";

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
