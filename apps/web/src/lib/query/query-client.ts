/**
 * The app's query cache, with TanStack Query's names for the part of it the app uses (its React
 * hooks are in react-query.tsx). TanStack Query was 11 KB gzip of every first page; this is a
 * fraction of that (docs/decisions/0018-initial-javascript.md, third round). What it keeps of
 * TanStack's behaviour: keys hashed with sorted object keys and matched by prefix; one fetch at a
 * time per key; stale-while-revalidate with `staleTime`; retries with TanStack's delays; abort
 * signals (a fetch whose signal was read is aborted when its last observer leaves); cancel with
 * revert; invalidation that refetches what is on screen; structural sharing of answers; unused
 * entries dropped after `gcTime`; infinite queries; refetch on window focus and reconnection.
 */
import { MutationCache } from "./mutation-cache";
import {
  hashKey,
  partialMatchKey,
  type QueryKey,
  type Retry,
  replaceEqualDeep,
  withRetries,
} from "./query-utils";

export interface QueryState<TData = unknown> {
  data: TData | undefined;
  error: Error | null;
  status: "pending" | "error" | "success";
  fetchStatus: "idle" | "fetching";
  /** When the data was last set (0: never); staleness counts from it. */
  dataUpdatedAt: number;
  /** invalidateQueries marked it: stale whatever its staleTime. */
  isInvalidated: boolean;
  /** The fetch under way loads an infinite query's next page. */
  fetchingNextPage: boolean;
}

export interface QueryFunctionContext<TPageParam = never> {
  queryKey: QueryKey;
  /** Aborted when the fetch is cancelled, or when its last observer leaves (only then, once read). */
  signal: AbortSignal;
  pageParam: TPageParam;
}
export interface InfiniteData<TPage, TPageParam = unknown> {
  pages: TPage[];
  pageParams: TPageParam[];
}

/** What a query is fetched with: the options of the hook that last rendered it (or the defaults). */
export interface QueryOptions {
  queryKey: QueryKey;
  queryFn?: (context: QueryFunctionContext<unknown>) => unknown;
  enabled?: boolean;
  staleTime?: number;
  gcTime?: number;
  retry?: Retry;
  refetchOnWindowFocus?: boolean;
  refetchOnReconnect?: boolean;
  /** Present for infinite queries. */
  initialPageParam?: unknown;
  getNextPageParam?: (last: unknown, pages: unknown[], lastParam: unknown, params: unknown[]) => unknown;
}

export type QueryDefaults = Omit<
  QueryOptions,
  "queryKey" | "queryFn" | "initialPageParam" | "getNextPageParam"
>;

/** Something on screen that reads a query (a hook): its options decide staleness and refetching. */
export interface QueryObserver {
  options: QueryOptions;
  notify(): void;
}

export interface QueryFilters {
  /** Matches every key that starts with it (objects in it match by the properties they name). */
  queryKey?: QueryKey;
  predicate?: (query: Query) => boolean;
}

interface FetchOptions {
  /** Replace a fetch under way (when there is data) instead of joining it. */
  cancelRefetch?: boolean;
  nextPage?: boolean;
}

const isServer = typeof window === "undefined";
async function loadPages(
  { initialPageParam, getNextPageParam }: QueryOptions,
  previous: InfiniteData<unknown> | undefined,
  nextPage: boolean | undefined,
  load: (pageParam: unknown) => Promise<unknown>,
): Promise<InfiniteData<unknown>> {
  const next = ({ pages, pageParams }: InfiniteData<unknown>) =>
    getNextPageParam?.(pages.at(-1), pages, pageParams.at(-1), pageParams);
  const add = async (data: InfiniteData<unknown>, param: unknown) => ({
    pages: [...data.pages, await load(param)],
    pageParams: [...data.pageParams, param],
  });
  if (nextPage && previous?.pages.length) {
    const param = next(previous);
    return param == null ? previous : add(previous, param);
  }
  // A refetch reads every page it had again, from the first, as TanStack does.
  let data: InfiniteData<unknown> = { pages: [], pageParams: [] };
  for (let i = 0; i < (previous?.pages.length || 1); i++) {
    const param = i === 0 ? (previous?.pageParams[0] ?? initialPageParam) : next(data);
    if (i > 0 && param == null) break;
    data = await add(data, param);
  }
  return data;
}

interface Fetch {
  controller: AbortController;
  promise: Promise<void>;
  done: () => void;
  /** The signal was read: leaving may abort it. */
  consumed: boolean;
  /** The state to go back to when cancelled. */
  revert: QueryState;
}

export class Query<TData = unknown> {
  state: QueryState<TData> = {
    data: undefined,
    error: null,
    status: "pending",
    fetchStatus: "idle",
    dataUpdatedAt: 0,
    isInvalidated: false,
    fetchingNextPage: false,
  };
  options: QueryOptions;
  readonly observers = new Set<QueryObserver>();
  #fetch: Fetch | undefined;
  #gcTime = 0;
  #gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly client: QueryClient,
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    options: QueryOptions,
  ) {
    this.options = options;
    this.setOptions(options);
    this.scheduleGc();
  }

  setOptions(options: QueryOptions): void {
    this.options = options;
    // The longest any reader asked for, as TanStack keeps it.
    this.#gcTime = Math.max(this.#gcTime, options.gcTime ?? (isServer ? Infinity : 300_000));
  }

  setState(patch: Partial<QueryState<TData>>): void {
    this.state = { ...this.state, ...patch };
    for (const observer of this.observers) observer.notify();
  }

  /** Sets the data as an answer would; a fetch under way that is then cancelled comes back to it. */
  setData(data: TData, fetched?: boolean): void {
    this.setState({
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: Date.now(),
      error: null,
      status: "success",
      isInvalidated: false,
      ...(fetched && { fetchStatus: "idle", fetchingNextPage: false }),
    });
    if (this.#fetch && !fetched) this.#fetch.revert = { ...this.state, fetchStatus: "idle" };
  }

  isStale(staleTime = 0): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return data === undefined || isInvalidated || Date.now() >= dataUpdatedAt + staleTime;
  }

  /** Something on screen reads it with `enabled` not false. */
  isActive(): boolean {
    return [...this.observers].some((observer) => observer.options.enabled !== false);
  }

  addObserver(observer: QueryObserver): void {
    this.observers.add(observer);
    clearTimeout(this.#gcTimer);
  }

  removeObserver(observer: QueryObserver): void {
    this.observers.delete(observer);
    if (this.observers.size) return;
    this.scheduleGc();
    // Checked after the moment: React unsubscribes and subscribes again within one commit.
    queueMicrotask(() => {
      if (!this.observers.size && this.#fetch?.consumed) this.cancel();
    });
  }

  scheduleGc(): void {
    clearTimeout(this.#gcTimer);
    if (isServer || this.#gcTime === Infinity) return;
    this.#gcTimer = setTimeout(() => {
      if (!this.observers.size && !this.#fetch) this.client.getQueryCache().remove(this);
    }, this.#gcTime);
  }

  /**
   * Fetches, or joins the fetch under way (replacing it when `cancelRefetch` and there is data).
   * Never rejects: a failure is the query's state.
   */
  fetch({ cancelRefetch, nextPage }: FetchOptions = {}): Promise<void> {
    let previous: (() => void) | undefined;
    if (this.#fetch) {
      if (!cancelRefetch || this.state.data === undefined) return this.#fetch.promise;
      previous = this.#fetch.done;
      this.#stop();
    }
    const { queryFn, retry = 3 } = this.options;
    if (!queryFn) return Promise.resolve();
    const controller = new AbortController();
    let done = () => {};
    const promise = new Promise<void>((resolve) => (done = resolve));
    const current: Fetch = { controller, promise, done, consumed: false, revert: this.state };
    this.#fetch = current;
    const load = (pageParam: unknown) => {
      const context = { queryKey: this.queryKey, pageParam } as QueryFunctionContext<unknown>;
      Object.defineProperty(context, "signal", {
        enumerable: true,
        get() {
          current.consumed = true;
          return controller.signal;
        },
      });
      return Promise.resolve(queryFn(context));
    };
    const run = this.options.getNextPageParam
      ? () => loadPages(this.options, this.state.data as InfiniteData<unknown> | undefined, nextPage, load)
      : () => load(undefined);
    const finish = (patch: () => void) => {
      if (this.#fetch !== current) return;
      this.#fetch = undefined;
      patch();
      done();
      if (!this.observers.size) this.scheduleGc();
    };
    this.setState({
      fetchStatus: "fetching",
      fetchingNextPage: !!nextPage,
      ...(this.state.data === undefined && { status: "pending", error: null }),
    });
    withRetries(run, retry, () => this.#fetch !== current).then(
      (data) => finish(() => this.setData(data as TData, true)),
      (error: Error) =>
        finish(() => this.setState({ error, status: "error", fetchStatus: "idle", fetchingNextPage: false })),
    );
    if (previous) void current.promise.then(previous);
    return current.promise;
  }

  #stop(): Fetch | undefined {
    const stopped = this.#fetch;
    this.#fetch = undefined;
    stopped?.controller.abort();
    return stopped;
  }

  /** Aborts the fetch under way and goes back to the state before it (TanStack's `revert`). */
  cancel(revert = true): void {
    const stopped = this.#stop();
    if (!stopped) return;
    if (revert)
      this.setState({
        ...(stopped.revert as QueryState<TData>),
        fetchStatus: "idle",
        fetchingNextPage: false,
      });
    stopped.done();
  }
}
export interface QueryClientConfig {
  defaultOptions?: { queries?: QueryDefaults; mutations?: { retry?: Retry } };
}

export class QueryClient {
  #queries = new Map<string, Query>();
  #mutations = new MutationCache();
  readonly defaultOptions: NonNullable<QueryClientConfig["defaultOptions"]>;

  constructor({ defaultOptions = {} }: QueryClientConfig = {}) {
    this.defaultOptions = defaultOptions;
  }

  /** The query of this key, made if there is none; `options` become its options. */
  build(options: QueryOptions): Query {
    const hash = hashKey(options.queryKey);
    const query = this.#queries.get(hash);
    if (query) {
      query.setOptions(options);
      return query;
    }
    const made = new Query(this, options.queryKey, hash, options);
    this.#queries.set(hash, made);
    return made;
  }

  getQueryCache() {
    return {
      getAll: (): Query[] => [...this.#queries.values()],
      remove: (query: Query): void => {
        if (this.#queries.get(query.queryHash) === query) this.#queries.delete(query.queryHash);
        query.cancel(false);
      },
    };
  }

  getMutationCache(): MutationCache {
    return this.#mutations;
  }

  #find({ queryKey, predicate }: QueryFilters = {}): Query[] {
    return [...this.#queries.values()].filter(
      (query) => (!queryKey || partialMatchKey(query.queryKey, queryKey)) && (!predicate || predicate(query)),
    );
  }

  /** Sets a query's data (made if there is none); an updater answering undefined changes nothing. */
  setQueryData<T = unknown>(queryKey: QueryKey, updater: T | ((previous: T | undefined) => T | undefined)) {
    const existing = this.#queries.get(hashKey(queryKey));
    const data =
      typeof updater === "function"
        ? (updater as (previous: T | undefined) => T | undefined)(existing?.state.data as T | undefined)
        : updater;
    if (data === undefined) return undefined;
    const query = existing ?? this.build({ ...this.defaultOptions.queries, queryKey });
    query.setData(data);
    return query.state.data as T;
  }

  /** Marks the matching queries stale and refetches those on screen; settles when they have. */
  invalidateQueries(filters?: QueryFilters): Promise<void> {
    const queries = this.#find(filters);
    for (const query of queries) query.setState({ isInvalidated: true });
    return this.#refetch(queries.filter((query) => query.isActive()));
  }

  /** Refetches the matching queries, on screen or not (not those whose every reader is disabled). */
  refetchQueries(filters?: QueryFilters): Promise<void> {
    return this.#refetch(
      this.#find(filters).filter((query) =>
        query.observers.size ? query.isActive() : query.options.queryFn,
      ),
    );
  }

  #refetch(queries: Query[]): Promise<void> {
    return Promise.all(queries.map((query) => query.fetch({ cancelRefetch: true }))).then(() => {});
  }

  cancelQueries(filters?: QueryFilters): Promise<void> {
    for (const query of this.#find(filters)) query.cancel();
    return Promise.resolve();
  }

  /** Forgets the matching queries; a hook still reading one makes it afresh at its next render. */
  removeQueries(filters?: QueryFilters): void {
    for (const query of this.#find(filters)) this.getQueryCache().remove(query);
  }

  /** Refetches what is on screen and stale when the tab comes back or the network does. */
  mount(): () => void {
    const refetchStale = (option: "refetchOnWindowFocus" | "refetchOnReconnect") => {
      for (const query of this.#queries.values()) {
        const wants = [...query.observers].some(
          ({ options }) =>
            options.enabled !== false && options[option] !== false && query.isStale(options.staleTime),
        );
        if (wants) void query.fetch();
      }
    };
    const onFocus = () => document.visibilityState === "visible" && refetchStale("refetchOnWindowFocus");
    const onOnline = () => refetchStale("refetchOnReconnect");
    window.addEventListener("visibilitychange", onFocus);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("visibilitychange", onFocus);
      window.removeEventListener("online", onOnline);
    };
  }
}
