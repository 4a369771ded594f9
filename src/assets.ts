import { files, islandEntries, scriptEntries, stylesheet } from "../build/manifest";
import { type CachedBody, cacheBody } from "./http-cache";

/**
 * The built browser files (scripts/build.ts), loaded into memory once. The manifest imports them
 * `with { type: "file" }`, so this works the same from source and inside the compiled binary.
 */
export type Assets = {
  stylesheet: string;
  islandEntries: Record<string, string>;
  scriptEntries: Record<string, string>;
  byPath: Map<string, CachedBody>;
};

// Hashed names never change content, so browsers may keep them for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

export async function loadAssets(): Promise<Assets> {
  const byPath = new Map<string, CachedBody>();
  for (const [urlPath, filePath] of Object.entries(files)) {
    const file = Bun.file(filePath);
    const type = file.type.startsWith("text/") && !file.type.includes("charset") ? `${file.type};charset=utf-8` : file.type;
    byPath.set(urlPath, cacheBody(await file.bytes(), type, urlPath.startsWith("/assets/") ? IMMUTABLE : SHORT));
  }
  return { stylesheet, islandEntries, scriptEntries, byPath };
}
