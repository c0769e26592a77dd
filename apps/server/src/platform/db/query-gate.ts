/**
 * A bound on concurrent heavy queries (catalogue searches): at most `running` at once, at most
 * `waiting` more queued in arrival order; past that a request is refused at once (the route
 * answers 503 with Retry-After) instead of piling up work the database finishes long after
 * the shopper has gone. One gate per database, per process.
 */
export class QueryGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /**
   * Runs `work` when a slot is free; null (nothing run) when the queue is full too. A request
   * whose client went away while it waited (`signal` aborted) leaves the queue at once and runs
   * nothing: an abandoned search never reaches the database, nor holds a place a new request
   * could wait in. (It used to stay queued until a slot reached it: when a load of ten clients
   * stopped, its eight abandoned waiters filled the embedded database's queue, and the next
   * ten clients' searches were refused with 503 until the two running ones finished.)
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<{ value: T } | null> {
    if (signal?.aborted) return null;
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) return null;
      if (!(await this.slot(signal))) return null;
    } else {
      this.active++;
    }
    try {
      if (signal?.aborted) return null;
      return { value: await work() };
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  /**
   * Waits in the queue for a slot passed on by a finishing run: true when it came, false when
   * `signal` aborted first (the place is given up, and no slot is taken).
   */
  private slot(signal?: AbortSignal): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const take = () => {
        signal?.removeEventListener("abort", leave);
        resolve(true);
      };
      const leave = () => {
        const at = this.queue.indexOf(take);
        if (at >= 0) this.queue.splice(at, 1);
        resolve(false);
      };
      this.queue.push(take);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  /** How many run and how many wait now (for tests and logs). */
  get load() {
    return { running: this.active, waiting: this.queue.length };
  }
}

/** The embedded database runs one query at a time: more running searches only queue inside it. */
const LIMITS = { embedded: { running: 2, waiting: 8 }, postgres: { running: 6, waiting: 24 } };

const gates = new WeakMap<object, QueryGate>();

/** The gate of heavy queries on this database (created on first use). */
export function heavyQueryGate(database: { kind: "embedded" | "postgres" }): QueryGate {
  let gate = gates.get(database);
  if (!gate) {
    const limit = LIMITS[database.kind];
    gate = new QueryGate(limit.running, limit.waiting);
    gates.set(database, gate);
  }
  return gate;
}
