/**
 * Whether this process should be sent traffic (GET /readyz), apart from whether it is alive
 * (GET /healthz): not while it drains for a shutdown, nor while its database does not answer or
 * is behind the migrations this code needs. Long-lived answers (realtime streams) register with
 * `onDrain` to end themselves, with a hint to reconnect, when the process starts to stop.
 */
import type { Database } from "../db/client.ts";
import { migrationsApplied } from "../db/migrations-applied.ts";

export type NotReady = "draining" | "database-unreachable" | "migrations-pending";

export interface ReadinessProbe {
  /** A cheap round trip to the database; rejects when it does not answer. */
  ping(): Promise<void>;
  /** Whether the database is at the newest migration this code knows. */
  migrationsApplied(): Promise<boolean>;
}

export const NOT_READY_SENTENCES: Record<NotReady, string> = {
  draining: "This server is shutting down; send requests to another one.",
  "database-unreachable": "The database does not answer.",
  "migrations-pending": "The database is not at this version's migrations yet.",
};

export class Readiness {
  private isDraining = false;
  private readonly drainListeners = new Set<() => void>();
  /** Migrations only move forward while a process runs: once seen applied, not asked again. */
  private migrated = false;

  constructor(private readonly probe: ReadinessProbe) {}

  get draining(): boolean {
    return this.isDraining;
  }

  /** Stops being ready and tells every registered long-lived answer to end. Idempotent. */
  drain(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    for (const listener of [...this.drainListeners]) listener();
    this.drainListeners.clear();
  }

  /**
   * Calls `listener` once when the process starts draining (at once if it already is); returns
   * the function that unregisters it (call it when the answer ends on its own).
   */
  onDrain(listener: () => void): () => void {
    if (this.isDraining) {
      listener();
      return () => {};
    }
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }

  /** Ready, or the first reason not to be. */
  async check(): Promise<{ ready: true } | { ready: false; reason: NotReady }> {
    if (this.draining) return { ready: false, reason: "draining" };
    try {
      await this.probe.ping();
    } catch {
      return { ready: false, reason: "database-unreachable" };
    }
    if (!this.migrated) {
      try {
        this.migrated = await this.probe.migrationsApplied();
      } catch {
        return { ready: false, reason: "database-unreachable" };
      }
      if (!this.migrated) return { ready: false, reason: "migrations-pending" };
    }
    // Draining may have begun while the database answered.
    if (this.draining) return { ready: false, reason: "draining" };
    return { ready: true };
  }
}

/** The readiness of a process serving `database`. */
export function readinessOf(database: Pick<Database, "db" | "ping">): Readiness {
  return new Readiness({
    ping: () => database.ping(),
    migrationsApplied: () => migrationsApplied(database.db),
  });
}
