import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The lock file inside DATA_DIR: who holds the embedded database. */
export const LOCK_FILE = "haggle.lock";

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Folders this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Haggle server (pid ${owner.pid} on ${owner.host}, ` +
        `started ${owner.startedAt}). The embedded database can be opened by one process only: stop that ` +
        "server first, or give this one another DATA_DIR (several processes share a PostgreSQL server through DATABASE_URL).",
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number"
      ? { pid: owner.pid, host: String(owner.host ?? "?"), startedAt: String(owner.startedAt ?? "?") }
      : null;
  } catch {
    return null; // half-written or unreadable: its writer died mid-write
  }
}

/**
 * Takes DATA_DIR for this process: a lock file created atomically (O_EXCL) with the owner's pid.
 * A lock whose process is gone (kill -9, a crash) is stale and taken over; a live owner on this
 * host, or this process itself, refuses with DataDirLockedError. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, readOwner(file) ?? me);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const owner = readOwner(file);
      // Another host's pid means nothing here: a folder shared over a network is refused while locked.
      if (owner && (owner.host !== me.host || (owner.pid !== process.pid && isAlive(owner.pid)))) {
        throw new DataDirLockedError(dir, owner);
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  heldHere.add(dir);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(dir);
    try {
      if (readOwner(file)?.pid === process.pid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
