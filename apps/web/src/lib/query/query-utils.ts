/** The query cache's small parts: keys, structural sharing, retries, telling React (TanStack's rules). */
export type QueryKey = readonly unknown[];
export type Retry = boolean | number | ((failureCount: number, error: Error) => boolean);

let queued: Set<() => void> | undefined;

/**
 * Calls `listener` after the moment, with every other listener told meanwhile, as TanStack tells
 * React (setTimeout 0): a state passed through at once (a refetch answered from a cache, a failure
 * answered at once) is not rendered, so what it would unmount stays mounted.
 */
export function notifyLater(listener: () => void): void {
  if (!queued) {
    const batch = new Set<() => void>();
    queued = batch;
    setTimeout(() => {
      queued = undefined;
      for (const queuedListener of batch) queuedListener();
    }, 0);
  }
  queued.add(listener);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A key's identity: its JSON with every object's properties sorted (TanStack's hashKey). */
export function hashKey(queryKey: QueryKey): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  );
}

/** Whether `key` starts with `filter` (TanStack's partialMatchKey). */
export function partialMatchKey(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (typeof key !== "object" || typeof filter !== "object" || !key || !filter) return false;
  return Object.keys(filter).every((k) =>
    partialMatchKey((key as Record<string, unknown>)[k], (filter as Record<string, unknown>)[k]),
  );
}

/**
 * `next` with every part equal to `previous` replaced by the previous one (TanStack's
 * replaceEqualDeep), so an unchanged answer keeps its identity for memos and effects.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const a = previous as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  const copy: Record<string, unknown> = arrays ? ([] as unknown as Record<string, unknown>) : {};
  let same = keys.length === Object.keys(a).length;
  for (const key of keys) {
    copy[key] = replaceEqualDeep(a[key], b[key]);
    if (copy[key] !== a[key] || !(key in a)) same = false;
  }
  return (same ? previous : copy) as T;
}

/** Runs `run` again after a failure while `retry` says so, waiting as TanStack does (1 s, 2 s, 4 s … 30 s). */
export async function withRetries<T>(
  run: () => Promise<T>,
  retry: Retry,
  stopped: () => boolean,
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await run();
    } catch (error) {
      const again =
        typeof retry === "function"
          ? retry(failures, error as Error)
          : retry === true || failures < Number(retry);
      if (!again || stopped()) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 30_000)));
      if (stopped()) throw error;
    }
  }
}
