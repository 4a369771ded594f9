import type { HttpOptions } from "./http";

export type RestOptions = HttpOptions & { apiUrl: string; version: string };

/** The headers every versioned /rest call carries (WIRE.md). */
export function restHeaders(options: RestOptions, accessToken: string, json: boolean): Record<string, string> {
  return {
    Authorization: `Bearer ${accessToken}`,
    "LinkedIn-Version": options.version,
    "X-Restli-Protocol-Version": "2.0.0",
    ...(json ? { "Content-Type": "application/json" } : {}),
  };
}
