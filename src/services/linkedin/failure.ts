/**
 * A LinkedIn adapter failure as the domain reads it. The domain imports no provider, so it
 * recognises the adapter's LinkedinError by its name and fields rather than by its class.
 */
export type LinkedinFailureKind = "unauthorized" | "version_retired" | "rate_limited" | "server" | "rejected" | "unknown_outcome" | "unreachable";
export type LinkedinFailure = { kind: LinkedinFailureKind; reason: string; status: number | null; retryAfterSeconds: number | null };

export function linkedinFailure(error: unknown): LinkedinFailure | null {
  if (!(error instanceof Error) || error.name !== "LinkedinError") return null;
  const fields = error as Error & Partial<LinkedinFailure>;
  if (typeof fields.kind !== "string" || typeof fields.reason !== "string") return null;
  return { kind: fields.kind, reason: fields.reason, status: fields.status ?? null, retryAfterSeconds: fields.retryAfterSeconds ?? null };
}
