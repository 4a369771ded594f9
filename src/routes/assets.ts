import { Elysia } from "elysia";
import type { Assets } from "../assets";
import { sendCached } from "../http-cache";

/** The built CSS, island scripts and public files, from memory. */
export function assetRoutes(assets: Assets) {
  const app = new Elysia({ name: "routes/assets" });
  for (const [path, cached] of assets.byPath) app.get(path, ({ request, set }) => sendCached(request, set, cached));
  return app;
}
