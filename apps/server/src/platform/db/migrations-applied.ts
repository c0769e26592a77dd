import type { Queryable } from "./client.ts";
import { appliedMigrations, journal } from "./backup.ts";

/**
 * Whether the database is at the newest migration this code was built with (drizzle's journal):
 * false for a database another process has not finished migrating, or one restored from older data.
 */
export async function migrationsApplied(q: Queryable): Promise<boolean> {
  const known = await journal();
  const newest = known.at(-1)?.when;
  if (newest === undefined) return true;
  const applied = await appliedMigrations(q);
  return (applied.at(-1) ?? 0) >= newest;
}
