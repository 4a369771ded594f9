/** One JSON line per event on stdout/stderr: greppable here, parseable by any log collector. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, fields?: Record<string, unknown>) => void>;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Where a finished line goes: warnings and errors to stderr, the rest to stdout (tests pass their own). */
export type LogSink = (line: string, level: Exclude<LogLevel, "silent">) => void;
const standardStreams: LogSink = (line, level) => (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, sink: LogSink = standardStreams): Logger {
  const emit =
    (at: Exclude<LogLevel, "silent">) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (rank[at] < rank[level]) return;
      sink(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...base, ...fields }, errorsAsText), at);
    };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

function errorsAsText(_key: string, value: unknown) {
  if (!(value instanceof Error)) return value;
  // The database's reason ends with the value it refused ('invalid input syntax for type integer: "..."').
  const cause = value.cause instanceof Error ? value.cause.message.replace(/: ".*"$/s, ': "[not logged]"') : undefined;
  return {
    name: value.name,
    message: clip(withoutParameters(value.message)),
    stack: value.stack && frames(value.stack),
    ...(cause ? { cause: clip(cause) } : {}),
  };
}

// An unexpected error a client can cause over and over must not write kilobytes each time: the
// start of the SQL names the query, the first frames say where it ran.
const MAX_TEXT = 400;
const MAX_FRAMES = 8;
const clip = (text: string) => (text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}... [${text.length - MAX_TEXT} more characters not logged]`);

/** The stack's frames only (its first lines repeat the message, already logged). */
function frames(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim())
    .join("\n");
}

/**
 * A failed query's error carries its parameters ("params: ..."): an email, a password hash, a
 * post. The log keeps the SQL and the database's reason, never the values.
 */
function withoutParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, "\nparams: [not logged]");
}
