/**
 * One holder at a time per key, in this process: `run(keys, work)` waits until it holds every key
 * (taken in sorted order, so two callers sharing keys never wait on each other in a cycle), runs
 * `work`, then hands each key to its next waiter. Waiters hold nothing meanwhile but a promise.
 */
export class KeyedGate {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await this.take(key));
      return await work();
    } finally {
      for (const release of releases) release();
    }
  }

  /** Waiting callers and holders, by key (none once every holder has finished). */
  get size(): number {
    return this.tails.size;
  }

  private async take(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    return () => {
      release();
      // The last in line forgets the key, so the map holds only keys in use.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
