import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { realtimeStreams } from "../db/schema/realtime.ts";
import type { Logger } from "../logger.ts";

/** Why a stream was refused: too many open for the account, for the address (in the shop), or in the process. */
export type StreamRefusal = "user" | "ip" | "total";

export interface StreamLimits {
  perUser: number;
  perIp: number;
  total: number;
}

/**
 * Counts the realtime streams this process holds open, per account, per address and in all,
 * so that one client cannot use up the process's file descriptors (and starve /healthz).
 */
export class StreamSlots {
  private readonly byUser = new Map<string, number>();
  private readonly byIp = new Map<string, number>();
  private open = 0;

  get size(): number {
    return this.open;
  }

  /** Takes a slot: the function that gives it back (once), or why there is none. */
  take(userId: string, ip: string, limits: StreamLimits): (() => void) | StreamRefusal {
    if (this.open >= limits.total) return "total";
    if ((this.byUser.get(userId) ?? 0) >= limits.perUser) return "user";
    if ((this.byIp.get(ip) ?? 0) >= limits.perIp) return "ip";
    this.open += 1;
    bump(this.byUser, userId, 1);
    bump(this.byIp, ip, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
      bump(this.byUser, userId, -1);
      bump(this.byIp, ip, -1);
    };
  }
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

/** How often a process tells the database its open streams are still open (the SSE heartbeat's pace). */
export const STREAM_REFRESH_MS = 25_000;
/** A stream row not refreshed for about three heartbeats belongs to a process that is gone. */
const STALE_AFTER_SECONDS = 80;

/**
 * The realtime stream caps for the whole shop: the per-account and per-address counts are rows of
 * `realtime_streams`, shared by every server process on the database, so WORKERS=N does not give
 * a user N times the cap. The total stays per process: it guards this process's file descriptors.
 *
 * A slot is taken in one transaction that holds an advisory lock, sweeps rows no process has
 * refreshed lately, counts and inserts, so two processes cannot both take the last slot. While a
 * process holds streams it refreshes their rows every STREAM_REFRESH_MS, whatever the streams are
 * doing (a stream busy with events writes no keep-alive); a crashed process's rows go stale and no
 * longer count.
 */
export class SharedStreamSlots {
  private readonly local = new StreamSlots();
  private readonly held = new Set<string>();
  private refresher: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly processId = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`,
  ) {}

  /** Streams open in this process. */
  get size(): number {
    return this.local.size;
  }

  /** Takes a slot: the function that gives it back (once), or why there is none. */
  async take(userId: string, ip: string, limits: StreamLimits): Promise<(() => void) | StreamRefusal> {
    // Only the total is counted here: per account and per address, the database's rows decide.
    const localSlot = this.local.take(userId, ip, {
      perUser: Infinity,
      perIp: Infinity,
      total: limits.total,
    });
    if (typeof localSlot !== "function") return localSlot;
    let taken: { id: string } | StreamRefusal;
    try {
      taken = await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('haggle_realtime_streams'))`);
        await tx.execute(
          sql`delete from realtime_streams where last_seen < now() - make_interval(secs => ${STALE_AFTER_SECONDS})`,
        );
        const [counts] = await tx
          .select({
            user: sql<number>`count(*) filter (where ${realtimeStreams.userId} = ${userId})::int`,
            ip: sql<number>`count(*) filter (where ${realtimeStreams.ip} = ${ip})::int`,
          })
          .from(realtimeStreams)
          .where(or(eq(realtimeStreams.userId, userId), eq(realtimeStreams.ip, ip)));
        if ((counts?.user ?? 0) >= limits.perUser) return "user" as const;
        if ((counts?.ip ?? 0) >= limits.perIp) return "ip" as const;
        const [row] = await tx
          .insert(realtimeStreams)
          .values({ userId, ip, processId: this.processId })
          .returning({ id: realtimeStreams.id });
        return row!;
      });
    } catch (error) {
      localSlot();
      throw error;
    }
    if (typeof taken === "string") {
      localSlot();
      return taken;
    }
    const { id } = taken;
    this.held.add(id);
    this.startRefreshing();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      localSlot();
      this.held.delete(id);
      if (this.held.size === 0) this.stopRefreshing();
      this.db
        .delete(realtimeStreams)
        .where(eq(realtimeStreams.id, id))
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, "could not free a realtime stream's slot: it lapses on its own"),
        );
    };
  }

  /** Marks this process's open streams as still open. */
  async refresh(): Promise<void> {
    const ids = [...this.held];
    if (ids.length === 0) return;
    await this.db
      .update(realtimeStreams)
      .set({ lastSeen: sql`now()` })
      .where(inArray(realtimeStreams.id, ids));
  }

  private startRefreshing() {
    if (this.refresher) return;
    this.refresher = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.logger.warn({ err: error }, "could not refresh the open realtime streams"),
      );
    }, STREAM_REFRESH_MS);
    this.refresher.unref();
  }

  private stopRefreshing() {
    if (this.refresher) clearInterval(this.refresher);
    this.refresher = null;
  }
}
