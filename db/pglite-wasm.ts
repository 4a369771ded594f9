// Imported as files so `bun build --compile` embeds them: inside the binary PGlite cannot find
// its own assets next to its JavaScript (STACK-NOTES.md).
import pgliteWasmPath from "../node_modules/@electric-sql/pglite/dist/pglite.wasm" with { type: "file" };
import initdbWasmPath from "../node_modules/@electric-sql/pglite/dist/initdb.wasm" with { type: "file" };
import fsBundlePath from "../node_modules/@electric-sql/pglite/dist/pglite.data" with { type: "file" };

export { fsBundlePath };

let pgliteModules: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * Compiling the wasm takes a while (9 MB: 200-270 ms); every PGlite in this process shares the
 * compiled modules. A module with no other imports, so main.ts can start the compile on its first
 * line, on the engine's compiler threads, while the rest of the app's modules load.
 */
export function compiledPgliteModules() {
  pgliteModules ??= Promise.all([
    Bun.file(pgliteWasmPath)
      .arrayBuffer()
      .then((bytes) => WebAssembly.compile(bytes)),
    Bun.file(initdbWasmPath)
      .arrayBuffer()
      .then((bytes) => WebAssembly.compile(bytes)),
  ]).then(([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }));
  return pgliteModules;
}
