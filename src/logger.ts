/** One JSON line per event on stdout/stderr: greppable here, parseable by any log collector. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = Record<Exclude<LogLevel, "silent">, (message: string, fields?: Record<string, unknown>) => void>;

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  const emit = (at: Exclude<LogLevel, "silent">) => (message: string, fields: Record<string, unknown> = {}) => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, message, ...base, ...fields }, errorsAsText);
    (at === "error" || at === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

function errorsAsText(_key: string, value: unknown) {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}
