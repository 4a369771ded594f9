declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.data" {
  const path: string;
  export default path;
}
// The PGlite snapshot imported as a file by build/pglite-snapshot.ts.
declare module "*.gz" {
  const path: string;
  export default path;
}
// Built assets imported as files by build/manifest.ts: the import is the file's path.
declare module "*.js" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "*.svg" {
  const path: string;
  export default path;
}
declare module "*.png" {
  const path: string;
  export default path;
}
// Fonts the carousel PDF embeds (src/services/carousels/fonts.ts), imported as files.
declare module "*.woff" {
  const path: string;
  export default path;
}
declare module "*.ttf" {
  const path: string;
  export default path;
}
