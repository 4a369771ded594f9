import { Elysia } from "elysia";
import { json } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Payment providers call webhooks server to server; their signature is their proof, not an origin.
const EXEMPT = new Set(["/api/stripe/webhook"]);
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers send
 * Origin (and Sec-Fetch-Site) on cross-origin POSTs; requests without either come from non-browser
 * clients, which cannot carry a victim's cookies, and pass.
 *
 * The app's own origin is APP_URL's, never the request's Host header: whoever sends the request
 * chooses its Host (a rebound DNS name, a proxy passing it through), so a check against it would
 * let any page whose origin matches its own Host through. Outside production, the same port on
 * another loopback name (localhost or 127.0.0.1) is also the app's own.
 */
export function originCheck(appUrl: string, options: { production: boolean }) {
  const own = new URL(appUrl);
  const isOwn = (origin: string) => {
    const url = safeUrl(origin);
    if (!url) return false;
    if (url.origin === own.origin) return true;
    return !options.production && LOOPBACK.has(url.hostname) && LOOPBACK.has(own.hostname) && url.port === own.port && url.protocol === own.protocol;
  };
  return new Elysia({ name: "origin-check" }).onBeforeHandle({ as: "global" }, ({ request }) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (EXEMPT.has(new URL(request.url).pathname)) return;
    const origin = request.headers.get("origin");
    const crossOrigin = (origin !== null && !isOwn(origin)) || request.headers.get("sec-fetch-site") === "cross-site";
    if (crossOrigin) return json(403, { message: "Requests from other sites are not allowed." });
  });
}

function safeUrl(origin: string): URL | undefined {
  try {
    return new URL(origin);
  } catch {
    return undefined;
  }
}
