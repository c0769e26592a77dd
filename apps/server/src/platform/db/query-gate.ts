/**
 * A bound on concurrent heavy queries (catalogue searches): at most `running` at once, at most
 * `waiting` more queued in arrival order; past that a request is refused at once (the route
 * answers 503 with Retry-After) instead of piling up work the database finishes long after
 * the shopper has gone. One gate per database, per process.
 *
 * The bound is on the requests someone still waits for. A request whose client went away while
 * it waited leaves the queue at once and runs nothing. One whose client went away while it ran
 * (abandoned) keeps its slot until its work ends (the embedded database cannot stop a query; the
 * PostgreSQL server's is cancelled), but lends its place to one more waiter meanwhile. Before,
 * both held their places: when a load of ten clients stopped, the embedded database's queue (2
 * running, 8 waiting) was full of requests nobody read, and the next ten clients' searches were
 * refused with 503 until they had drained (83 of 1,396 three-word searches at 100,000 products).
 * The work pending stays bounded: at most `running` abandoned runs, `waiting` + `running` waiters.
 */
export class QueryGate {
  private active = 0;
  /** Running work whose client went away: each lends its place to one more waiter. */
  private abandoned = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /**
   * Runs `work` when a slot is free; null (nothing run) when the queue is full too, or the
   * request's client (`signal`) went away before its work began.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<{ value: T } | null> {
    if (signal?.aborted) return null;
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting + this.abandoned) return null;
      if (!(await this.slot(signal))) return null;
    } else {
      this.active++;
    }
    let lent = false;
    const abandon = () => {
      lent = true;
      this.abandoned++;
    };
    try {
      if (signal?.aborted) return null;
      signal?.addEventListener("abort", abandon, { once: true });
      return { value: await work() };
    } finally {
      signal?.removeEventListener("abort", abandon);
      if (lent) this.abandoned--;
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

  /** How many run (abandoned ones among them) and how many wait now (for tests and logs). */
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
