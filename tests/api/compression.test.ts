import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { makePost } from "../../db/factories";
import { acceptedEncoding } from "../../src/plugins/compression";
import { signUpSubscriber } from "../support/api-client";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let cookie = "";
beforeAll(async () => {
  app = await startTestApp();
  const account = await signUpSubscriber(app.url);
  cookie = account.client.cookie;
  // Enough posts that /api/posts and /posts are well past the 1 KB below which nothing is compressed.
  for (let i = 0; i < 12; i++)
    await makePost(app.testDatabase.database.db, account.user, {
      content: `Post ${i}: compressed or not, the same words.\n\n${"A line of the post. ".repeat(20)}`,
    });
});
afterAll(async () => {
  await app.close();
});

/** The raw bytes and headers as sent, not decoded by fetch. */
async function raw(path: string, acceptEncoding: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { cookie, "accept-encoding": acceptEncoding }, decompress: false } as RequestInit);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("compression of dynamic answers", () => {
  for (const path of ["/dashboard", "/posts", "/calendar", "/api/posts", "/api/posts?status=draft"]) {
    test(`${path}: brotli and gzip decode to the bytes sent uncompressed, with the same status and headers otherwise`, async () => {
      const plain = await raw(path, "identity");
      expect(plain.response.status).toBe(200);
      expect(plain.response.headers.get("content-encoding")).toBeNull();
      expect(plain.bytes.byteLength).toBeGreaterThan(1024);
      for (const [accept, encoding, decode] of [
        ["gzip, deflate, br", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
      ] as const) {
        const packed = await raw(path, accept);
        expect(packed.response.status).toBe(200);
        expect(packed.response.headers.get("content-encoding")).toBe(encoding);
        expect(packed.response.headers.get("vary")).toContain("Accept-Encoding");
        expect(packed.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
        // Dashboard and page HTML carry no per-request values, so the two renders are the same bytes.
        expect(new Uint8Array(decode(packed.bytes))).toEqual(plain.bytes);
        for (const header of ["content-type", "cache-control", "content-security-policy", "x-content-type-options"]) {
          expect(packed.response.headers.get(header)).toBe(plain.response.headers.get(header));
        }
      }
    });
  }

  test("a client that refuses both (or sends no Accept-Encoding) gets the plain bytes", async () => {
    for (const accept of ["identity", "br;q=0, gzip;q=0", ""]) {
      const { response } = await raw("/api/posts", accept);
      expect(response.headers.get("content-encoding")).toBeNull();
    }
  });

  test("small answers are not compressed", async () => {
    const { response, bytes } = await raw("/api/posts/counts", "gzip, br");
    expect(bytes.byteLength).toBeLessThan(1024);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(typeof JSON.parse(new TextDecoder().decode(bytes))).toBe("object");
  });
});

describe("acceptedEncoding", () => {
  test("prefers brotli, honours q=0, reads case and spaces as HTTP allows", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("BR;q=0.5")).toBe("br");
    expect(acceptedEncoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.0, gzip;q=0")).toBeNull();
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("brotli, gzipx")).toBeNull();
    expect(acceptedEncoding(null)).toBeNull();
  });
});
