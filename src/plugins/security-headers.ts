import { createHash } from "node:crypto";
import { themeInitScript } from "../../views/document";

const themeScriptHash = createHash("sha256").update(themeInitScript).digest("base64");

/**
 * Headers every response carries. The CSP allows our own scripts and the one inline script
 * that applies the theme before first paint (by hash); inline style attributes are allowed
 * because React renders style props as attributes.
 */
export function securityHeaders(production: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${themeScriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    ...(production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
