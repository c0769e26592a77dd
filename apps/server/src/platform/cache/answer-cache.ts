/**
 * Shared answers kept in this process: a catalogue page, a product, a product page,
 * as the bytes sent and their ETag, so an identical request is answered without the database.
 *
 * Every entry belongs to a generation; `invalidate()` starts a new one and forgets the rest. An
 * answer computed while a change was committing must not outlive it, so a caller notes the
 * generation before reading the database and stores under it: if the generation moved meanwhile,
 * the answer is dropped, never served. Bounded by entries and bytes (the least recently used
 * answers go first) and by age: whatever a lost notice may have missed lives `maxAgeMs` at most.
 */
export interface CachedAnswer {
  body: string;
  etag: string;
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  generation: number;
}

interface Entry extends CachedAnswer {
  storedAt: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private current = 0;

  constructor(
    private readonly limits: { maxEntries: number; maxBytes: number; maxAgeMs?: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the cache keeps anything at all (ANSWER_CACHE_ENTRIES=0 turns it off). */
  get enabled(): boolean {
    return this.limits.maxEntries > 0 && this.limits.maxBytes > 0;
  }

  get generation(): number {
    return this.current;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit || this.now() - hit.storedAt > (this.limits.maxAgeMs ?? Number.POSITIVE_INFINITY)) {
      if (hit) this.drop(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last: Map keeps insertion order, so eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { body: hit.body, etag: hit.etag };
  }

  /** Keeps an answer computed in `generation`; one computed before the last invalidation is dropped. */
  set(key: string, generation: number, answer: CachedAnswer): boolean {
    if (!this.enabled || generation !== this.current) return false;
    const size = answer.body.length;
    if (size > this.limits.maxBytes) return false;
    this.drop(key);
    this.entries.set(key, { body: answer.body, etag: answer.etag, storedAt: this.now() });
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.drop(oldest);
    }
    return true;
  }

  /** Forgets every answer, and every answer still being computed. */
  invalidate(): void {
    this.current += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): AnswerCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      hits: this.hits,
      misses: this.misses,
      generation: this.current,
    };
  }

  private drop(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.body.length;
    this.entries.delete(key);
  }
}
