import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * A new PGlite data folder starts as a copy of a cluster initialised and migrated at build time
 * (scripts/pglite-snapshot.ts), instead of running initdb, which takes seconds.
 */

/** Where the build puts the snapshot, and the module that imports it `with { type: "file" }`. */
export const SNAPSHOT_FILE = "pglite-snapshot.tar.gz";
export const SNAPSHOT_MODULE = "pglite-snapshot.ts";

const TEMP_PREFIX = ".pglite-new-";

/** The built snapshot's path (inside the compiled binary, an embedded file), or undefined in an unbuilt tree. */
export async function builtSnapshot(): Promise<string | undefined> {
  try {
    const { pgliteSnapshot } = await import("../build/pglite-snapshot");
    return (await Bun.file(pgliteSnapshot).exists()) ? pgliteSnapshot : undefined;
  } catch {
    return undefined;
  }
}

/** True when `clusterDir` holds no cluster and nothing else, so a snapshot may become it. */
export function isNewCluster(clusterDir: string): boolean {
  return !existsSync(clusterDir) || readdirSync(clusterDir).length === 0;
}

/**
 * Unpacks the snapshot beside `clusterDir` and renames it into place. The rename is atomic, so a
 * start killed half-way leaves a stray temporary folder (removed next time), never half a cluster.
 * Unpacked natively: PGlite's own `loadDataDir` writes the same files through its wasm file
 * system, several times slower (BENCHMARKS.md).
 */
export async function createFromSnapshot(clusterDir: string, snapshot: string): Promise<void> {
  const parent = dirname(clusterDir);
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    if (name.startsWith(TEMP_PREFIX)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const temp = mkdtempSync(join(parent, TEMP_PREFIX));
  try {
    await new Bun.Archive(await Bun.file(snapshot).bytes()).extract(temp);
    if (!existsSync(join(temp, "PG_VERSION"))) throw new Error(`${snapshot} holds no PostgreSQL cluster`);
    // The dump is taken from a running PGlite; a folder closed cleanly has no lock file.
    rmSync(join(temp, "postmaster.pid"), { force: true });
    // rename(2) replaces an empty folder, e.g. one made by hand for DATA_DIR/pglite.
    renameSync(temp, clusterDir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}
