import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A lingering close (as nginx does): after an answer that leaves the body unread and says
 * `Connection: close`, the server stops writing (FIN) but keeps the connection a little while
 * before closing it. Closing at once would make the kernel answer the client's next bytes with a
 * reset, which can reach the client before it has read the answer: it then sees ECONNRESET or
 * EPIPE instead of the 401 or 413.
 *
 * Lingering costs the process little: a few connections at a time read and discard what their
 * client still sends (each up to `maxBytes`, then it stops reading and gives its turn on), so
 * that a client that writes its whole body before reading gets to read the answer; every other
 * lingering connection is not read at all, and
 * TCP back-pressure holds its client (a client that reads while it writes, as browsers and
 * HTTP libraries do, has the answer already). Reading gigabytes only to throw them away is
 * what made memory grow under a flood of bodies that never end: the garbage came faster than
 * the collector freed it. All of a process's lingering connections together discard little: a
 * first `discardBurstBytes`, then `discardBytesPerSecond`; with nothing left to discard, no
 * connection starts reading (each read is a buffer of up to 64 KB the collector must sweep, and
 * under a flood those collections, not the refusals, were what kept a probe waiting). Each
 * connection closes at `maxMs` at the latest, and past `maxLingering` connections a process
 * closes new ones at once.
 */
export interface LingerLimits {
  /** What one connection reads and discards after its answer, at most; then it waits, unread, to close. */
  maxBytes: number;
  /** How long a connection lingers after its answer, at most. */
  maxMs: number;
  /** Connections reading and discarding at once in this process; the others wait, unread. */
  maxDraining: number;
  /** Connections lingering at once in this process; past it, a connection closes after its answer. */
  maxLingering: number;
  /**
   * The bytes all lingering connections of the process may discard at once after a quiet while
   * (the allowance refills to it, not beyond).
   */
  discardBurstBytes: number;
  /**
   * The bytes all lingering connections of the process may discard per second, after the first
   * `discardBurstBytes`; past it, a connection stops reading as at `maxBytes`, and none starts.
   */
  discardBytesPerSecond: number;
}

/** The most one read of a socket takes (libuv reads up to 64 KB at a time). */
const ONE_READ = 64 * 1024;

export const LINGER: LingerLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxMs: 5_000,
  maxDraining: 16,
  maxLingering: 512,
  // One connection's whole `maxBytes` at once: a client refused alone is read through as before;
  // a flood gets 2 MB, then 1 MB a second, in all (it got 32 MB, then 4 MB a second).
  discardBurstBytes: 2 * 1024 * 1024,
  discardBytesPerSecond: 1024 * 1024,
};

/** The connections lingering in one process: how many, how many of them read, and who waits to. */
export class LingerPool {
  private count = 0;
  private readers = 0;
  private highest = { lingering: 0, draining: 0 };
  private readonly waiting = new Set<() => void>();
  /** What the process may still discard now (a bucket refilled at `discardBytesPerSecond`), and when it was filled. */
  private discardable: number;
  private filledAt: number;

  constructor(
    readonly limits: LingerLimits = LINGER,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.discardable = limits.discardBurstBytes;
    this.filledAt = now();
  }

  /** What the process may still discard now: the allowance, refilled for the time since it was last looked at. */
  private allowance(): number {
    const now = this.now();
    this.discardable = Math.min(
      this.limits.discardBurstBytes,
      this.discardable + ((now - this.filledAt) / 1000) * this.limits.discardBytesPerSecond,
    );
    this.filledAt = now;
    return this.discardable;
  }

  /**
   * Whether the process may read and discard `bytes` more. Each discarded chunk is a buffer the
   * collector must sweep: a flood of lingering connections, each reading its `maxBytes` in turn,
   * made hundreds of megabytes of garbage a second, and the collections (most of the process's
   * time) stalled every answer. Bounded, a flood's garbage is a few megabytes a second.
   */
  discard(bytes: number): boolean {
    if (bytes > this.allowance()) return false;
    this.discardable -= bytes;
    return true;
  }

  /** Now, and the most at once since the process started. */
  stats() {
    return {
      lingering: this.count,
      draining: this.readers,
      mostLingering: this.highest.lingering,
      mostDraining: this.highest.draining,
    };
  }

  /** A place for one more lingering connection, or false when the process has none left. */
  enter(): boolean {
    if (this.count >= this.limits.maxLingering) return false;
    this.count++;
    this.highest.lingering = Math.max(this.highest.lingering, this.count);
    return true;
  }

  /**
   * `start` runs once the connection may read: now, or when a reader leaves; never while the
   * process has less than one read left to discard (the connection then waits unread, to its
   * close: a read started would take its buffer whatever the allowance).
   */
  whenReading(start: () => void): () => void {
    if (this.readers < this.limits.maxDraining && this.allowance() >= ONE_READ) {
      this.beginReading(start);
      return () => this.endReading();
    }
    let reading = false;
    const turn = () => {
      reading = true;
      this.beginReading(start);
    };
    this.waiting.add(turn);
    // What the connection calls as it closes: it leaves the queue, or gives its turn on.
    return () => {
      this.waiting.delete(turn);
      if (reading) this.endReading();
    };
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
  }

  private beginReading(start: () => void) {
    this.readers++;
    this.highest.draining = Math.max(this.highest.draining, this.readers);
    start();
  }

  private endReading() {
    this.readers = Math.max(0, this.readers - 1);
    if (this.allowance() < ONE_READ) return;
    const next = this.waiting.values().next();
    if (!next.done) {
      this.waiting.delete(next.value);
      next.value();
    }
  }
}

/** This process's lingering connections. */
export const lingerPool = new LingerPool();

/**
 * Lingers on the connection of `incoming` once its answer is written (see above). What still
 * arrives is read from Node's request itself, whether or not the route had started reading.
 */
export function lingerAfterAnswer(
  incoming: IncomingMessage,
  outgoing: ServerResponse | undefined,
  pool = lingerPool,
): void {
  const socket = incoming.socket;
  if (!socket || socket.destroyed || incoming.complete) return;
  // No place left: Node closes the connection once the answer is written.
  if (!pool.enter()) return;
  const limits = pool.limits;
  let discarded = 0;
  let done = false;
  let release = () => {};
  const hold = () => socket;
  const close = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    incoming.off("data", onData);
    release();
    pool.leave();
    socket.destroy();
  };
  // Past `maxBytes` the connection stops reading but stays until `maxMs`: closing it at once
  // would reset it while its client still sends, and a client slow to read (a busy machine)
  // would lose the answer the reset overtakes. Unread, TCP back-pressure holds the client.
  const stopReading = () => {
    incoming.off("data", onData);
    incoming.pause();
    socket.resume = hold;
    socket.pause();
    release();
    release = () => {};
  };
  const onData = (chunk: { byteLength: number }) => {
    discarded += chunk.byteLength;
    if (discarded > limits.maxBytes || !pool.discard(chunk.byteLength)) stopReading();
  };
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  // Node ends a `Connection: close` answer with destroySoon(): writing ends, the socket stays.
  socket.destroySoon = () => {
    if (!socket.writableEnded) socket.end();
  };
  // Unread until its turn: whoever resumes the request (Node discarding the rest of an unread
  // body, the HTTP adapter's own clean-up) finds the socket's reading stopped.
  socket.resume = hold;
  socket.pause();
  socket.once("close", close);
  // Node discards the rest of an unread body once the answer is written (listeners reset then).
  const watch = () => {
    if (done) return;
    if (incoming.complete) return close();
    // Only this listener: the fetch adapter's own (the body as a web stream, which the route
    // started or the adapter opened) would copy every chunk into a queue nobody reads, held
    // until the connection closes: garbage the collector must then sweep in one long pause.
    incoming.removeAllListeners("data");
    // Node "dumps" a body nobody consumed once the answer is written: its parser then reads
    // and drops the rest without a single "data" event, so nothing counts it against
    // `maxBytes` and the connection reads everything its client sends until `maxMs`. Undone,
    // the chunks come here, are counted, and reading stops at the limit.
    const request = incoming as IncomingMessage & { _dumped?: boolean };
    if (request._dumped) request._dumped = false;
    incoming.on("data", onData);
    incoming.once("end", close);
    incoming.resume();
    socket.resume();
  };
  const read = () => {
    if (done) return;
    if (socket.resume === hold) delete (socket as { resume?: unknown }).resume;
    if (outgoing && !outgoing.writableFinished) outgoing.once("finish", () => setImmediate(watch));
    else setImmediate(watch);
  };
  release = pool.whenReading(read);
}
