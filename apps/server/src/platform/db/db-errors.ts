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
