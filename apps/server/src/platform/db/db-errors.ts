/**
 * True when a database error (or any error it wraps: drizzle wraps the driver's) is a unique
 * violation, SQLSTATE 23505, optionally of the named constraint. Both drivers set `code`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (e.code === "23505") {
      if (constraint === undefined) return true;
      return e.constraint === constraint || (typeof e.message === "string" && e.message.includes(constraint));
    }
    current = e.cause;
  }
  return false;
}

/** Network failures of reaching a database server: nothing answered at its address. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"]);

/**
 * The sentence for a start that could not reach the PostgreSQL server, or null when `error` is
 * something else. Starting again is the supervisor's (a container's restart policy, systemd).
 */
export function unreachableDatabaseSentence(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !UNREACHABLE.has(code)) return null;
  return `The PostgreSQL server in DATABASE_URL does not answer (${code}); start it, or check its address, and start Haggle again.`;
}
