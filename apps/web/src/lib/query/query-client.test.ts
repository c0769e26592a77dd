import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient, type QueryFunctionContext } from "./query-client";
import { hashKey, partialMatchKey, replaceEqualDeep, withRetries } from "./query-utils";
import { deferred } from "@/test/deferred";

/** A query as a hook leaves it: its options, and one observer (enabled unless said). */
function observed(
  client: QueryClient,
  queryKey: unknown[],
  queryFn: (context: QueryFunctionContext<unknown>) => unknown,
  enabled = true,
) {
  const query = client.build({ queryKey, queryFn, retry: false });
  const observer = { options: { queryKey, enabled }, notify: vi.fn() };
  query.addObserver(observer);
  return { query, observer };
}

afterEach(() => {
  vi.useRealTimers();
});

function dataOf(client: QueryClient, queryKey: unknown[]): unknown {
  return client
    .getQueryCache()
    .getAll()
    .find((query) => hashKey(query.queryKey) === hashKey(queryKey))?.state.data;
}

describe("keys", () => {
  it("hash the same whatever the order of an object's properties", () => {
    expect(hashKey(["products", { q: "a", sort: "new" }])).toBe(
      hashKey(["products", { sort: "new", q: "a" }]),
    );
    expect(hashKey(["products", { q: "a" }])).not.toBe(hashKey(["products", { q: "b" }]));
  });

  it("match by prefix, objects by the properties the filter names", () => {
    expect(partialMatchKey(["products", "list", { q: "a" }], ["products"])).toBe(true);
    expect(
      partialMatchKey(["products", "list", { q: "a", sort: "x" }], ["products", "list", { q: "a" }]),
    ).toBe(true);
    expect(partialMatchKey(["products"], ["products", "list"])).toBe(false);
    expect(partialMatchKey(["product"], ["products"])).toBe(false);
    expect(partialMatchKey(["merchant", "orders"], ["session"])).toBe(false);
  });
});

describe("replaceEqualDeep", () => {
  it("keeps the previous parts that are equal, and the whole when all are", () => {
    const before = { a: [1, 2], b: { c: "x" }, d: 1 };
    const same = replaceEqualDeep(before, { a: [1, 2], b: { c: "x" }, d: 1 });
    expect(same).toBe(before);
    const changed = replaceEqualDeep(before, { a: [1, 2], b: { c: "y" }, d: 1 });
    expect(changed).not.toBe(before);
    expect(changed.a).toBe(before.a);
    expect(changed).toEqual({ a: [1, 2], b: { c: "y" }, d: 1 });
    expect(replaceEqualDeep([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(replaceEqualDeep({ a: 1 }, { b: 1 })).toEqual({ b: 1 });
  });
});

describe("withRetries", () => {
  it("retries as `retry` says, after 1 s then 2 s", async () => {
    vi.useFakeTimers();
    const run = vi.fn(() => Promise.reject(new Error("down")));
    const failures: number[] = [];
    const result = withRetries(
      run,
      (count) => {
        failures.push(count);
        return count < 2;
      },
      () => false,
    ).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(await result).toBe("down");
    expect(failures).toEqual([0, 1, 2]);
  });

  it("takes false and numbers as TanStack does", async () => {
    const run = vi.fn(() => Promise.reject(new Error("down")));
    await expect(withRetries(run, false, () => false)).rejects.toThrow("down");
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("QueryClient", () => {
  it("fetches a key once while a fetch of it is under way", async () => {
    const client = new QueryClient();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const { query } = observed(client, ["a"], queryFn);
    const first = query.fetch();
    const second = query.fetch();
    answer.resolve("A");
    await Promise.all([first, second]);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(query.state).toMatchObject({ data: "A", status: "success", fetchStatus: "idle" });
  });

  it("keeps the data while it refetches, and the data and an error after a failed refetch", async () => {
    const client = new QueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const { query } = observed(client, ["a"], () => answers[call++]?.promise);
    const first = query.fetch();
    answers[0]?.resolve("A");
    await first;
    const again = query.fetch();
    expect(query.state).toMatchObject({ data: "A", status: "success", fetchStatus: "fetching" });
    answers[1]?.reject(new Error("down"));
    await again;
    expect(query.state).toMatchObject({ data: "A", status: "error", fetchStatus: "idle" });
    expect(query.state.error?.message).toBe("down");
  });

  it("invalidates by prefix: refetches the matching queries on screen, marks the others stale", async () => {
    const client = new QueryClient();
    const shown = observed(client, ["products", "list", { q: "" }], () => "list");
    const page = observed(client, ["products", "page", "lamp"], () => "page", false);
    const other = observed(client, ["session"], () => "me");
    client.setQueryData(["products", "list", { q: "" }], "old list");
    client.setQueryData(["products", "page", "lamp"], "old page");
    client.setQueryData(["session"], "old me");

    await client.invalidateQueries({ queryKey: ["products"] });
    expect(shown.query.state).toMatchObject({ data: "list", isInvalidated: false });
    expect(page.query.state).toMatchObject({ data: "old page", isInvalidated: true });
    expect(page.query.isStale(Infinity)).toBe(true);
    expect(other.query.state).toMatchObject({ data: "old me", isInvalidated: false });
  });

  it("replaces a refetch under way when invalidated, so an answer older than the change never lands", async () => {
    const client = new QueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const signals: AbortSignal[] = [];
    const { query } = observed(client, ["a"], ({ signal }) => {
      signals.push(signal);
      return answers[call++]?.promise;
    });
    client.setQueryData(["a"], "A0");
    const stale = query.fetch();
    const fresh = client.invalidateQueries({ queryKey: ["a"] });
    expect(signals[0]?.aborted).toBe(true);
    answers[1]?.resolve("A2");
    await fresh;
    answers[0]?.resolve("A1");
    await stale;
    expect(query.state.data).toBe("A2");
  });

  it("cancels with the signal and goes back to the state before the fetch", async () => {
    const client = new QueryClient();
    let signal: AbortSignal | undefined;
    const { query } = observed(client, ["cart"], (context) => {
      signal = context.signal;
      return new Promise(() => {});
    });
    client.setQueryData(["cart"], "before");
    const fetching = query.fetch();
    expect(query.state.fetchStatus).toBe("fetching");
    await client.cancelQueries({ queryKey: ["cart"] });
    await fetching;
    expect(signal?.aborted).toBe(true);
    expect(query.state).toMatchObject({ data: "before", fetchStatus: "idle", status: "success" });
  });

  it("a cancelled fetch goes back to data set while it was under way", async () => {
    const client = new QueryClient();
    const { query } = observed(client, ["cart"], () => new Promise(() => {}));
    void query.fetch();
    client.setQueryData(["cart"], "written");
    await client.cancelQueries({ queryKey: ["cart"] });
    expect(query.state).toMatchObject({ data: "written", status: "success", fetchStatus: "idle" });
  });

  it("aborts a fetch whose signal was read when its last observer leaves; not one that ignores it", async () => {
    const client = new QueryClient();
    let signal: AbortSignal | undefined;
    const reads = observed(client, ["a"], (context) => {
      signal = context.signal;
      return new Promise(() => {});
    });
    void reads.query.fetch();
    reads.query.removeObserver(reads.observer);
    await Promise.resolve();
    expect(signal?.aborted).toBe(true);
    expect(reads.query.state.fetchStatus).toBe("idle");

    const ignores = observed(client, ["b"], () => new Promise(() => {}));
    void ignores.query.fetch();
    ignores.query.removeObserver(ignores.observer);
    await Promise.resolve();
    expect(ignores.query.state.fetchStatus).toBe("fetching");
  });

  it("drops a query nobody reads after gcTime", () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const query = client.build({ queryKey: ["a"], queryFn: () => "A", gcTime: 1000 });
    const observer = { options: { queryKey: ["a"] }, notify: () => {} };
    query.addObserver(observer);
    vi.advanceTimersByTime(5000);
    expect(client.getQueryCache().getAll()).toContain(query);
    query.removeObserver(observer);
    vi.advanceTimersByTime(999);
    expect(client.getQueryCache().getAll()).toContain(query);
    vi.advanceTimersByTime(1);
    expect(client.getQueryCache().getAll()).not.toContain(query);
  });

  it("setQueryData takes an updater; undefined from it changes nothing", () => {
    const client = new QueryClient();
    client.setQueryData(["list"], [1, 2, 3]);
    client.setQueryData<number[]>(["list"], (list) => list?.filter((n) => n !== 2));
    expect(dataOf(client, ["list"])).toEqual([1, 3]);
    client.setQueryData<number[]>(["none"], (list) => list?.filter((n) => n !== 2));
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it("removeQueries forgets matching queries; refetchQueries fetches inactive ones too", async () => {
    const client = new QueryClient();
    const session = observed(client, ["session"], () => "me");
    const cart = observed(client, ["cart", "u1"], () => "cart");
    session.query.removeObserver(session.observer);
    await client.refetchQueries({ queryKey: ["session"] });
    expect(session.query.state.data).toBe("me");
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    expect(client.getQueryCache().getAll()).toEqual([session.query]);
    expect(dataOf(client, ["cart", "u1"])).toBeUndefined();
    expect(cart.query.state.data).toBeUndefined();
  });

  it("infinite queries append the next page and refetch every page from the first", async () => {
    const client = new QueryClient();
    const calls: number[] = [];
    let version = "v1";
    const query = client.build({
      queryKey: ["list"],
      queryFn: ({ pageParam }) => {
        calls.push(pageParam as number);
        return { page: pageParam, version };
      },
      initialPageParam: 1,
      getNextPageParam: (last) =>
        (last as { page: number }).page < 3 ? (last as { page: number }).page + 1 : null,
    });
    await query.fetch();
    await query.fetch({ nextPage: true });
    expect(query.state.data).toEqual({
      pages: [
        { page: 1, version },
        { page: 2, version },
      ],
      pageParams: [1, 2],
    });
    version = "v2";
    await query.fetch();
    expect(calls).toEqual([1, 2, 1, 2]);
    expect((query.state.data as { pages: { version: string }[] }).pages.map((p) => p.version)).toEqual([
      "v2",
      "v2",
    ]);
    await query.fetch({ nextPage: true });
    await query.fetch({ nextPage: true });
    expect(calls).toEqual([1, 2, 1, 2, 3]);
  });

  it("refetches stale queries on screen when the tab is shown again, as their options say", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
    const unmount = client.mount();
    const session = client.build({ queryKey: ["session"], queryFn: vi.fn(() => "me") });
    session.addObserver({ options: { queryKey: ["session"], refetchOnWindowFocus: true }, notify: () => {} });
    const other = client.build({ queryKey: ["other"], queryFn: vi.fn(() => "x") });
    other.addObserver({ options: { queryKey: ["other"], refetchOnWindowFocus: false }, notify: () => {} });
    window.dispatchEvent(new Event("visibilitychange"));
    expect(session.options.queryFn).toHaveBeenCalledTimes(1);
    expect(other.options.queryFn).not.toHaveBeenCalled();
    unmount();
    window.dispatchEvent(new Event("visibilitychange"));
    expect(session.options.queryFn).toHaveBeenCalledTimes(1);
  });
});
