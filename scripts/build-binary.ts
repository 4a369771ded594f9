/**
 * Compiles Cadence into one executable, dist/cadence, with the Bun runtime, the built assets,
 * the migrations, PGlite's wasm and the snapshot a new PGlite folder starts from embedded (each
 * is imported `with { type: "file" }` or as text, which is what makes `bun build --compile` carry
 * them). Run `bun run build` first; `bun run build:binary` does both.
 */
import { dirname, join } from "node:path";

const root = join(import.meta.dir, "..");
const outfile = process.argv[2] ?? join(root, "dist/cadence");
const started = performance.now();

// PDFKit (under @react-pdf/renderer, the carousel PDF) loads its standard fonts' metrics with a
// runtime require of its package's "#standard-fonts/*" imports, which a compiled binary cannot
// resolve (the binary crashed at start). The bundler is told to import those files statically instead.
const pdfkit = dirname(Bun.resolveSync("pdfkit/package.json", root));
const standardFonts: Bun.BunPlugin = {
  name: "pdfkit-standard-fonts",
  setup(build) {
    build.onLoad({ filter: /pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/ }, async ({ path }) => {
      const source = await Bun.file(path).text();
      const fonts = new Set<string>();
      const contents = source.replace(/require\$1\('#standard-fonts\/(\w+)'\)/g, (_, font: string) => {
        fonts.add(font);
        return `standardFont_${font}`;
      });
      const imports = [...fonts]
        .map((font) => `import standardFont_${font} from ${JSON.stringify(join(pdfkit, "js/standard-fonts", `${font}.mjs`))};`)
        .join("\n");
      return { contents: `${imports}\n${contents}`, loader: "js" };
    });
  },
};

process.env.NODE_ENV = "production";
const result = await Bun.build({
  entrypoints: [join(root, "src/main.ts")],
  compile: { outfile },
  minify: true,
  sourcemap: "linked",
  plugins: [standardFonts],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const size = Bun.file(outfile).size;
console.log(`build:binary: ${outfile} (${(size / 1024 / 1024).toFixed(0)} MiB) in ${Math.round(performance.now() - started)} ms`);
