/**
 * Which database a command-line tool works on, exactly as the server picks it (DATABASE_URL,
 * else the embedded one in DATA_DIR), and the sentences it prints when it cannot open it.
 */
import { type Database, type OpenOptions, openDatabase } from "../platform/db/client.ts";
import { DataDirLockedError } from "../platform/db/data-dir-lock.ts";

export interface DbTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Where the data lives, for messages; never a server password. */
export function describeTarget(target: DbTarget): string {
  if (!target.databaseUrl) return `the embedded database in ${target.dataDir}`;
  const url = new URL(target.databaseUrl);
  return `the PostgreSQL database ${url.pathname.slice(1) || "(default)"} on ${url.hostname}${url.port ? `:${url.port}` : ""}`;
}

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Opens the target for a tool; on an embedded database a running server holds (its lock), prints
 * why and what to do, and exits with 1.
 */
export async function openTarget(
  target: DbTarget,
  options: Omit<OpenOptions, "databaseUrl" | "dataDir"> = {},
  whenLocked = "Stop the server first, then run this command again.",
): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      poolSize: 2,
      statementTimeoutMs: 0,
      ...options,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const { pid, host, startedAt } = error.owner;
      console.error(
        `The data folder ${error.dataDir} is in use by a running Haggle server (pid ${pid} on ${host}, started ${startedAt}). ${whenLocked}`,
      );
      process.exit(1);
    }
    throw error;
  }
}
