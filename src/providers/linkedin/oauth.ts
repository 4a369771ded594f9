import { randomBytes, timingSafeEqual } from "node:crypto";
import * as v from "valibot";
import { LinkedinError } from "./errors";
import { type HttpOptions, linkedinFetch, readJson } from "./http";

/**
 * The member's side of LinkedIn's 3-legged OAuth (Authorization Code Flow) for a web server app.
 * No PKCE: LinkedIn documents PKCE only for native apps with loopback redirects, switched on per
 * app by LinkedIn on request (WIRE.md, "OAuth"), so the web flow relies on `state` and the secret.
 */

/** What auto-posting needs: who the member is (OpenID Connect) and the right to post as them. */
export const LINKEDIN_SCOPES = ["openid", "profile", "w_member_social"] as const;

export type LinkedinToken = {
  accessToken: string;
  expiresAt: Date;
  /** The scopes LinkedIn granted (it may grant fewer than asked). */
  scopes: string[];
  /** Only for apps LinkedIn enrolled in programmatic refresh tokens. */
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
};

const tokenSchema = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty()),
  expires_in: v.pipe(v.number(), v.integer(), v.minValue(1)),
  scope: v.optional(v.string(), ""),
  refresh_token: v.optional(v.pipe(v.string(), v.nonEmpty())),
  refresh_token_expires_in: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

/** A fresh CSRF state for one sign-in: 256 random bits, URL-safe. */
export function newOAuthState(): string {
  return randomBytes(32).toString("base64url");
}

/** Compares the state LinkedIn sent back with the one we stored, in constant time. */
export function sameOAuthState(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type OAuthOptions = HttpOptions & { clientId: string; clientSecret: string; oauthUrl: string };

export function authorizationUrl(options: OAuthOptions, input: { state: string; redirectUri: string }): string {
  // Built by hand so the scope list is %20-separated as LinkedIn's examples are, not "+".
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", options.clientId],
    ["redirect_uri", input.redirectUri],
    ["state", input.state],
    ["scope", LINKEDIN_SCOPES.join(" ")],
  ];
  return `${options.oauthUrl}/oauth/v2/authorization?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&")}`;
}

export async function exchangeCode(options: OAuthOptions, input: { code: string; redirectUri: string }): Promise<LinkedinToken> {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: input.code,
    client_id: options.clientId,
    client_secret: options.clientSecret,
    redirect_uri: input.redirectUri,
  });
  const response = await linkedinFetch(
    "exchange code",
    `${options.oauthUrl}/oauth/v2/accessToken`,
    { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
    options,
  );
  const parsed = v.safeParse(tokenSchema, await readJson(response));
  if (!parsed.success) throw new LinkedinError("server", "exchange code", "LinkedIn answered without a usable access token", response.status);
  const token = parsed.output;
  const now = options.clock.now().getTime();
  return {
    accessToken: token.access_token,
    expiresAt: new Date(now + token.expires_in * 1000),
    // LinkedIn lists granted scopes comma-separated; accept spaces too.
    scopes: token.scope.split(/[\s,]+/).filter(Boolean),
    refreshToken: token.refresh_token ?? null,
    refreshTokenExpiresAt: token.refresh_token_expires_in ? new Date(now + token.refresh_token_expires_in * 1000) : null,
  };
}
