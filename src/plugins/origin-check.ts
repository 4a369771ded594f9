import { Elysia } from "elysia";
import { json } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Payment providers call webhooks server to server; their signature is their proof, not an origin.
const EXEMPT = new Set(["/api/stripe/webhook"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers send
 * Origin (and Sec-Fetch-Site) on cross-origin POSTs; requests without either come from non-browser
 * clients, which cannot carry a victim's cookies, and pass.
 */
export function originCheck(appUrl: string) {
  const allowed = new URL(appUrl).host;
  return new Elysia({ name: "origin-check" }).onBeforeHandle({ as: "global" }, ({ request }) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const url = new URL(request.url);
    if (EXEMPT.has(url.pathname)) return;
    const origin = request.headers.get("origin");
    const fetchSite = request.headers.get("sec-fetch-site");
    const host = request.headers.get("host") ?? url.host;
    const originHost = origin && origin !== "null" ? safeHost(origin) : origin === "null" ? "null" : undefined;
    const crossOrigin = (originHost !== undefined && originHost !== host && originHost !== allowed) || fetchSite === "cross-site";
    if (crossOrigin) return json(403, { message: "Requests from other sites are not allowed." });
  });
}

function safeHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return "invalid";
  }
}
