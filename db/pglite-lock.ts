import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";

/**
 * One process per PGlite folder. PGlite is PostgreSQL compiled into this process, with no server
 * in between: two processes on one folder each keep their own copy of the database in memory
 * and write over each other's files, so one's acknowledged writes vanish at the next start. The
 * first process holds DATA_DIR/pglite.lock (its pid and start time); a second one refuses to
 * start. A lock left by a process that no longer runs (killed, crashed, the machine restarted)
 * is taken over.
 */

export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirLockedError";
  }
}

type Holder = { pid: number; started: string | null; host: string; since: string };

const LOCK_FILE = "pglite.lock";

/** Takes the folder's lock, or throws DataDirLockedError naming the process that has it. Answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, started: startTime(process.pid), host: hostname(), since: new Date().toISOString() };
  const text = JSON.stringify(me);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600); // fails if the file exists: creating it is the lock
      writeSync(fd, text);
      closeSync(fd);
      const release = () => {
        process.off("exit", release);
        // Only our own lock: never one a later process took over.
        if (readLock(path) === text) unlinkSync(path);
      };
      // A process that ends without closing the database (process.exit) still leaves no lock.
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = readLock(path);
    const holder = parseHolder(found);
    if (holder && running(holder)) {
      const who =
        holder.pid === process.pid
          ? "This process already has"
          : `Another Cadence process (pid ${holder.pid}${holder.host !== me.host ? ` on ${holder.host}` : ""}, since ${holder.since}) has`;
      throw new DataDirLockedError(
        `${who} the embedded database in ${dir} open. PGlite serves one process per folder: stop the other one first, ` +
          `give this one its own DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several. ` +
          `If no such process runs, delete ${path}.`,
      );
    }
    // Stale (or unreadable): remove it, unless another starting process replaced it meanwhile.
    if (readLock(path) === found) unlinkSync(path);
  }
  throw new DataDirLockedError(`Another process took the lock on ${dir} while this one was starting. Start one process per PGlite folder.`);
}

function readLock(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function parseHolder(text: string | undefined): Holder | undefined {
  try {
    const parsed = JSON.parse(text ?? "");
    return Number.isInteger(parsed?.pid) && parsed.pid > 0 ? (parsed as Holder) : undefined;
  } catch {
    return undefined; // half written by a process killed while starting: nobody holds it
  }
}

/** Whether the holder still runs: its pid is alive, not a zombie, and (where the system says) started when the lock says. */
function running(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(holder.pid);
  if (stat === undefined) return true; // no /proc (macOS): the pid's life is all we know
  if (stat.state === "Z" || stat.state === "X") return false; // killed, not yet reaped
  // The pid was given to another process since (after a restart, or a container's pid 1 again).
  return holder.started === null || holder.started === stat.started;
}

function startTime(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

/** Linux's /proc/<pid>/stat: the state (field 3) and the start time in clock ticks since boot (field 22). */
function procStat(pid: number): { state: string; started: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", started: fields[19] ?? "" };
}
