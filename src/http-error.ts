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
  const unstorable = findUnstorableText(input);
  if (unstorable !== undefined)
    throw new HttpError(400, `${unstorable || "The request body"} contains a character that cannot be stored (a NUL or a broken emoji).`);
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new HttpError(400, describeIssue(result.issues[0]));
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const field = v.getDotPath(issue);
  if (!field)
    return issue.kind === "schema" && issue.input === undefined
      ? "A request body is required."
      : `The request body is not valid: ${withoutInput(issue.message)}`;
  const missing = issue.type === "object" && issue.input === undefined;
  // "Email is required."; a field whose name is code (contentText, posts.0.content) keeps it as written.
  if (missing) return /^[a-z]+$/.test(field) ? `${field.charAt(0).toUpperCase()}${field.slice(1)} is required.` : `${field} is required.`;
  return issue.message.startsWith("Invalid ") ? `${field}: ${withoutInput(issue.message)}` : issue.message;
}

/** valibot's generic messages end with the value received: never echoed back (it can be megabytes, or a secret). */
export function withoutInput(message: string): string {
  const cut = message.indexOf(" but received ");
  return cut === -1 ? message : `${message.slice(0, cut)}.`;
}

// NUL cannot be stored in PostgreSQL text; a lone surrogate is half an emoji that no database or
// JSON encoder keeps as it was sent.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character PostgreSQL text cannot store
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first text in `input` that cannot be stored ("" for the body itself), or
 * undefined when every text is fine: one rule for every text field of every request.
 */
export function findUnstorableText(input: unknown, path = "", depth = 0): string | undefined {
  if (typeof input === "string") return UNSTORABLE.test(input) ? path : undefined;
  if (depth > 8 || input === null || typeof input !== "object") return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (UNSTORABLE.test(key)) return path || "";
    const found = findUnstorableText(value, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
