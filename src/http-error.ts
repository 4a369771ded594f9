import * as v from "valibot";

/**
 * The one error type routes and services throw for the client: an HTTP status, a message a
 * person can read, and optional extra fields (e.g. subscriptionExpired). The errors plugin
 * turns it into JSON `{message, ...extra}`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Parses untrusted input; a failure is a 400 whose message names the first bad field. */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  throw new HttpError(400, field ? `${field}: ${issue.message}` : issue.message);
}
