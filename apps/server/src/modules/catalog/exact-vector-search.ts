import type { ProductSearchFilters } from "@haggle/domain/assistant/shopping-request";
import type { Db } from "../../platform/db/client.ts";
import { listEmbeddedCandidates, loadEmbeddings, type VectorHit } from "./search-legs.store.ts";

/**
 * The vector leg of product search where the database has no pgvector (PostgreSQL 15 here):
 * the stored vectors are kept in this process, checked against their row versions on each
 * search, and scanned exactly. Scanning 100,000 vectors of 256 numbers is a tight loop over
 * one Float32Array; only changed or new products are read from the database again.
 */

/**
 * Stored vectors kept in this process for the exact path, one model and size at a time, in
 * one contiguous array (scanning 100,000 vectors is then a tight loop). Each is keyed by
 * product id and checked against its row version (xmin, which every UPDATE changes) on each
 * search, so an edited or re-embedded product is reloaded, even when another process changed it.
 */
class VectorStore {
  private readonly slots = new Map<string, number>();
  private versions: string[] = [];
  private ids: string[] = [];
  private data: Float32Array;

  constructor(
    readonly model: string,
    readonly dimensions: number,
  ) {
    this.data = new Float32Array(dimensions * 1024);
  }

  get size() {
    return this.slots.size;
  }

  /** The slot of a product's vector when the cached one is current, else -1. */
  current(id: string, version: string): number {
    const slot = this.slots.get(id);
    return slot !== undefined && this.versions[slot] === version ? slot : -1;
  }

  put(id: string, version: string, vector: ArrayLike<number>): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dimensions > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.slots.set(id, slot);
      this.ids.push(id);
    }
    this.versions[slot] = version;
    this.data.set(vector, slot * this.dimensions);
    return slot;
  }

  dot(slot: number, q: Float64Array): number {
    const data = this.data;
    const dimensions = this.dimensions;
    const offset = slot * dimensions;
    let a = 0;
    let b = 0;
    let d = 0;
    for (; d + 1 < dimensions; d += 2) {
      a += q[d]! * data[offset + d]!;
      b += q[d + 1]! * data[offset + d + 1]!;
    }
    if (d < dimensions) a += q[d]! * data[offset + d]!;
    return a + b;
  }

  /**
   * The slots of the last few candidate lists (ids and versions, as the database sent them):
   * the same list again means the same current vectors, without a lookup per product.
   */
  private readonly recentLists: { list: string; ids: string[]; slots: Int32Array }[] = [];

  recall(list: string) {
    return this.recentLists.find((r) => r.list === list) ?? null;
  }

  remember(list: string, ids: string[], slots: Int32Array) {
    this.recentLists.unshift({ list, ids, slots });
    this.recentLists.length = Math.min(this.recentLists.length, 4);
  }

  /** Drops every product not in `live` (deleted or hidden ones), compacting the array. */
  keepOnly(live: ReadonlySet<string>) {
    this.recentLists.length = 0;
    const ids = this.ids;
    const versions = this.versions;
    const data = this.data;
    this.slots.clear();
    this.ids = [];
    this.versions = [];
    this.data = new Float32Array(Math.max(1024, live.size) * this.dimensions);
    ids.forEach((id, slot) => {
      if (!live.has(id)) return;
      const d = this.dimensions;
      this.put(id, versions[slot] ?? "", data.subarray(slot * d, (slot + 1) * d));
    });
  }
}

const vectorStores = new WeakMap<Db, VectorStore>();

function storeFor(db: Db, model: string, dimensions: number): VectorStore {
  let store = vectorStores.get(db);
  if (!store || store.model !== model || store.dimensions !== dimensions) {
    store = new VectorStore(model, dimensions);
    vectorStores.set(db, store);
  }
  return store;
}

const LOAD_CHUNK = 2000;

/**
 * A real[] in PostgreSQL's binary format (array_send): dimensions, null flag and element type,
 * then per dimension its size and lower bound, then per element a length and a big-endian
 * float4. Null for anything but a one-dimensional array of finite numbers.
 */
export function readFloat4Array(bytes: Uint8Array): Float32Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getInt32(0) !== 1) return null;
  const size = view.getInt32(12);
  if (size < 0 || bytes.byteLength !== 20 + size * 8) return null;
  const out = new Float32Array(size);
  for (let i = 0, offset = 20; i < size; i++, offset += 8) {
    if (view.getInt32(offset) !== 4) return null;
    const value = view.getFloat32(offset + 4);
    if (!Number.isFinite(value)) return null;
    out[i] = value;
  }
  return out;
}

/** No pgvector: exact cosine in this process over the stored vectors of the filtered candidates. */

/** No structured filter: every embedded product is a candidate. */
function isUnfiltered(f: ProductSearchFilters): boolean {
  return (
    f.categories.length === 0 &&
    f.brands.length === 0 &&
    f.minPrice === null &&
    f.maxPrice === null &&
    !f.onSale &&
    !f.inStockOnly &&
    f.minRating === null &&
    f.tags.length === 0
  );
}

/**
 * No pgvector: exact cosine in this process over the stored vectors of the filtered candidates,
 * the `depth` nearest first (ties by id, like pgvector's path). `cacheKey` is the database the
 * vectors are cached for (the search runs on a transaction of it).
 */
export async function nearestExact(
  db: Db,
  cacheKey: Db,
  filters: ProductSearchFilters,
  model: string,
  vector: number[],
  depth: number,
): Promise<VectorHit[]> {
  const list = await listEmbeddedCandidates(db, filters, model, vector.length);
  const store = storeFor(cacheKey, model, vector.length);
  const q = Float64Array.from(vector);
  const top = new TopK(depth);
  const known = store.recall(list);
  if (known) {
    for (let i = 0; i < known.ids.length; i++) top.offer(known.ids[i]!, store.dot(known.slots[i]!, q));
    return top.sorted();
  }
  const entries = list ? list.split(",") : [];
  const ids: string[] = new Array(entries.length);
  const slots = new Int32Array(entries.length);
  const stale: number[] = [];
  const live = isUnfiltered(filters) ? new Set<string>() : null;
  entries.forEach((entry, i) => {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    ids[i] = id;
    live?.add(id);
    const slot = store.current(id, entry.slice(colon + 1));
    slots[i] = slot;
    if (slot < 0) stale.push(i);
    else top.offer(id, store.dot(slot, q));
  });
  // Vectors travel in PostgreSQL's binary array format: printing and parsing 256 floats as
  // text per product made the first search at 100,000 products several times slower. Most of
  // them stale (a cold cache): one scan with the filters; a few: by id.
  const position = new Map(stale.map((i) => [ids[i]!, i]));
  const chunks: ({ filters: ProductSearchFilters } | { ids: string[] })[] =
    stale.length > entries.length / 2
      ? [{ filters }]
      : Array.from({ length: Math.ceil(stale.length / LOAD_CHUNK) }, (_, c) => ({
          ids: stale.slice(c * LOAD_CHUNK, (c + 1) * LOAD_CHUNK).map((i) => ids[i]!),
        }));
  for (const of of chunks) {
    const loaded = await loadEmbeddings(db, model, of);
    for (const row of loaded) {
      const i = position.get(row.id);
      const embedding = row.embedding ? readFloat4Array(row.embedding) : null;
      if (i === undefined || embedding?.length !== vector.length) continue;
      const slot = store.put(row.id, row.version, embedding);
      slots[i] = slot;
      top.offer(row.id, store.dot(slot, q));
    }
  }
  // Every product was a candidate: anything else in the store was deleted or hidden.
  if (live && store.size > live.size) store.keepOnly(live);
  // A list is remembered only when every vector in it was loaded as listed (a row changed
  // between the two queries is reloaded next time).
  else if (
    stale.length === 0 ||
    stale.every(
      (i) => slots[i]! >= 0 && store.current(ids[i]!, entries[i]!.slice(entries[i]!.indexOf(":") + 1)) >= 0,
    )
  )
    store.remember(list, ids, slots);
  return top.sorted();
}

/** Keeps the k best (highest cosine; ties by id, like the SQL path) of a stream. */
class TopK {
  private heap: VectorHit[] = [];
  constructor(private readonly k: number) {}

  private worse(a: VectorHit, b: VectorHit) {
    return a.cosine < b.cosine || (a.cosine === b.cosine && a.id > b.id);
  }

  offer(id: string, cosine: number) {
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push({ id, cosine });
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
      return;
    }
    const root = heap[0];
    // Not better than the worst kept (checked without allocating: most offers stop here).
    if (!root || cosine < root.cosine || (cosine === root.cosine && id > root.id)) return;
    heap[0] = { id, cosine };
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && this.worse(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && this.worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  }

  sorted(): VectorHit[] {
    return [...this.heap].sort((a, b) => b.cosine - a.cosine || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
