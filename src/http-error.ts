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
    /** Response headers the answer needs, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * Parses untrusted input; a failure is a 400 with a message about the first bad field.
 * Schemas give their own sentences ("Name is required."); a missing key becomes
 * "<Field> is required."; valibot's generic messages ("Invalid type: ...") get the field's path.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new HttpError(400, describeIssue(result.issues[0]));
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = v.getDotPath(issue);
  if (!field) return issue.kind === "schema" && issue.input === undefined ? "A request body is required." : `The request body is not valid: ${issue.message}`;
  const missing = issue.type === "object" && issue.input === undefined;
  if (missing) return `${field.charAt(0).toUpperCase()}${field.slice(1)} is required.`;
  return issue.message.startsWith("Invalid ") ? `${field}: ${issue.message}` : issue.message;
}
