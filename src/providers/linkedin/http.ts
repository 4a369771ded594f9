import type { Clock } from "../../clock";
import { errorFromFailure, errorFromResponse } from "./errors";

export type HttpOptions = {
  timeoutMs: number;
  clock: Clock;
  /** Values that must never appear in an error (the client secret); tokens are added per call. */
  secrets: string[];
};

/**
 * One request to LinkedIn with a deadline. A non-2xx answer or a failed fetch becomes a
 * LinkedinError; a 2xx Response is returned unread so a caller can take the one header it needs
 * (a post's id) even when reading the body would fail.
 */
export async function linkedinFetch(operation: string, url: string, init: RequestInit, options: HttpOptions & { token?: string }): Promise<Response> {
  const secrets = [...options.secrets, ...(options.token ? [options.token] : [])].filter((secret) => secret.length > 0);
  const redact = (text: string) => secrets.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
  let response: Response;
  try {
    // Redirects are not followed: the token would go to an address we never checked.
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (failure) {
    throw errorFromFailure(operation, failure, options.timeoutMs);
  }
  if (response.status >= 200 && response.status < 300) return response;
  throw await errorFromResponse(operation, response, redact, options.clock.now());
}

/** Reads a 2xx body as JSON; a body that cannot be read is `undefined` (the schema then refuses it). */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}
