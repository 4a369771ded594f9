import { createHash } from "node:crypto";
import { themeInitScript } from "../../views/document";

const themeScriptHash = createHash("sha256").update(themeInitScript).digest("base64");

/**
 * The Content-Security-Policy: our own scripts and the one inline script that applies the theme
 * before first paint (by hash); inline style attributes are allowed because React renders style
 * props as attributes. `stripe` opens it to Stripe.js and the Payment Element's frames (Stripe's
 * documented sources), for /subscribe on the Stripe provider only; every other page keeps the strict one.
 */
export function contentSecurityPolicy(options: { stripe?: boolean } = {}): string {
  const stripe = (...sources: string[]) => (options.stripe ? sources.map((source) => ` ${source}`).join("") : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${themeScriptHash}'${stripe("https://js.stripe.com")}`,
    "style-src 'self' 'unsafe-inline'",
    // Connected LinkedIn members' profile pictures (Settings) come from LinkedIn's media host.
    "img-src 'self' data: https://media.licdn.com",
    "font-src 'self'",
    `connect-src 'self'${stripe("https://api.stripe.com")}`,
    ...(options.stripe ? [`frame-src${stripe("https://js.stripe.com", "https://hooks.stripe.com")}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response carries. */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    ...(production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
