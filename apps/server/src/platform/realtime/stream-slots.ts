/** Why a stream was refused: too many open for the account, for the address, or in the process. */
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
