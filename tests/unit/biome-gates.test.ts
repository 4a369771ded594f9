import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The lint and format gates of `bun run validate` (scripts/validate.ts) fail on a bad file, with the repository's biome.jsonc. */

const root = join(import.meta.dir, "../..");
const biome = join(root, "node_modules/.bin/biome");
const tree = mkdtempSync(join(tmpdir(), "cadence-biome-"));
copyFileSync(join(root, "biome.jsonc"), join(tree, "biome.jsonc"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Runs `biome <command>` on one file written into a throwaway folder (no git there, so no VCS). */
function biomeOn(command: "format" | "lint", name: string, text: string) {
  writeFileSync(join(tree, name), text);
  const run = Bun.spawnSync([biome, command, "--vcs-enabled=false", "--error-on-warnings", name], { cwd: tree, stdout: "pipe", stderr: "pipe" });
  return { exitCode: run.exitCode, output: run.stdout.toString() + run.stderr.toString() };
}

describe("the Biome gates", () => {
  test("a file in the house style passes both", () => {
    const text = 'export const words = ["one", "two"];\nexport const count = (extra: number) => words.length + extra;\n';
    expect(biomeOn("format", "good.ts", text).exitCode).toBe(0);
    expect(biomeOn("lint", "good.ts", text).exitCode).toBe(0);
  });

  test("a misformatted line fails the format check", () => {
    const result = biomeOn("format", "misformatted.ts", "export const words = [ 'one','two' ]\n");
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain("Formatter would have printed");
  });

  test("a lint finding fails the lint, a warning included", () => {
    const result = biomeOn("lint", "unused.ts", 'import { join } from "node:path";\nexport const two = 2;\n');
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain("noUnusedImports");
  });
});
