/**
 * The query cache's React hooks, with TanStack Query's names and the part of its API the app
 * uses, so screens and tests changed only their import (`@/lib/query/react-query`). Each hook reads
 * its query or mutation with useSyncExternalStore: the server's render and the hydration read the
 * same state, and no update tears.
 */
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import {
  idleMutationState,
  Mutation,
  type MutationFilters,
  type MutationOptions,
  type MutationState,
} from "./mutation-cache";
import type {
  InfiniteData,
  Query,
  QueryClient,
  QueryDefaults,
  QueryFunctionContext,
  QueryObserver,
  QueryOptions,
  QueryState,
} from "./query-client";
import { notifyLater, type QueryKey, replaceEqualDeep } from "./query-utils";

export { Mutation } from "./mutation-cache";
export { type InfiniteData, type Query, QueryClient } from "./query-client";
export type { QueryKey } from "./query-utils";

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => client.mount(), [client]);
  return <ClientContext value={client}>{children}</ClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = use(ClientContext);
  if (!client) throw new Error("No QueryClient set, use QueryClientProvider to set one");
  return client;
}

/** `placeholderData` that keeps the previous key's data on screen while the new key loads. */
export function keepPreviousData<T>(previousData: T): T {
  return previousData;
}

/** The cache's own options (QueryDefaults: enabled, staleTime, gcTime, retry, refetching) and the hooks'. */
interface BaseQueryOptions<TQueryFnData> extends QueryDefaults {
  queryKey: QueryKey;
  /** Asks again every so many milliseconds while the tab is shown (false: not). */
  refetchInterval?: number | false | ((query: Query<TQueryFnData>) => number | false);
}

export interface UseQueryOptions<TQueryFnData> extends BaseQueryOptions<TQueryFnData> {
  queryFn: (context: QueryFunctionContext) => TQueryFnData | Promise<TQueryFnData>;
  /** Shown (as success, `isPlaceholderData`) while the query has no data: a value, or from the previous key's. */
  placeholderData?:
    | NoInfer<TQueryFnData>
    | ((previousData: NoInfer<TQueryFnData> | undefined) => NoInfer<TQueryFnData> | undefined);
}

export interface UseInfiniteQueryOptions<TPage, TPageParam>
  extends BaseQueryOptions<InfiniteData<TPage, TPageParam>> {
  queryFn: (context: QueryFunctionContext<TPageParam>) => TPage | Promise<TPage>;
  initialPageParam: TPageParam;
  /** The next page's parameter, or undefined/null when there is none. */
  getNextPageParam: (
    lastPage: TPage,
    allPages: TPage[],
    lastPageParam: TPageParam,
    allPageParams: TPageParam[],
  ) => TPageParam | undefined | null;
  placeholderData?: (
    previousData: InfiniteData<NoInfer<TPage>, NoInfer<TPageParam>> | undefined,
  ) => InfiniteData<NoInfer<TPage>, NoInfer<TPageParam>> | undefined;
}

interface QueryResultBase {
  fetchStatus: "idle" | "fetching";
  isFetching: boolean;
  /** Pending and fetching: the first load. */
  isLoading: boolean;
  isPlaceholderData: boolean;
  /** Fetches again (replacing a fetch under way); never rejects. */
  refetch: () => Promise<void>;
}

export type UseQueryResult<TData> = QueryResultBase &
  (
    | { status: "pending"; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
    | {
        status: "error";
        data: TData | undefined;
        error: Error;
        isPending: false;
        isError: true;
        isSuccess: false;
      }
    | { status: "success"; data: TData; error: null; isPending: false; isError: false; isSuccess: true }
  );

export type UseInfiniteQueryResult<TPage, TPageParam> = UseQueryResult<InfiniteData<TPage, TPageParam>> & {
  fetchNextPage: () => Promise<void>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
};

type Result = Record<string, unknown>;

type ResolvedOptions = QueryOptions & {
  placeholderData?: unknown;
  refetchInterval?: number | false | ((query: Query) => number | false);
};

function shallowEqual(a: Result | undefined, b: Result): boolean {
  return !!a && Object.keys(b).every((key) => Object.is(a[key], b[key]));
}

/** One hook's reading of a query: what it subscribed to, and the last query that had data. */
class Observer implements QueryObserver {
  options!: ResolvedOptions;
  query!: Query;
  notify = () => {};
  /** The query subscribed to with `enabled`: it fetched then if it had to. */
  mounted: Query | undefined;
  withData: Query | undefined;
  result: Result | undefined;

  subscribe(query: Query, enabled: boolean, onChange: () => void): () => void {
    this.notify = () => notifyLater(onChange);
    query.addObserver(this);
    this.mounted = enabled ? query : undefined;
    if (enabled && query.isStale(this.options.staleTime)) void query.fetch();
    return () => {
      query.removeObserver(this);
      this.mounted = undefined;
    };
  }

  refetch = () => this.query.fetch({ cancelRefetch: true });
  fetchNextPage = () => this.query.fetch({ cancelRefetch: true, nextPage: true });

  read(query: Query, state: QueryState, enabled: boolean): Result {
    let { data, error, status, fetchStatus } = state;
    // About to fetch once subscribed (a first render, a new key): say so now, as TanStack does.
    if (
      enabled &&
      this.mounted !== query &&
      fetchStatus === "idle" &&
      query.isStale(this.options.staleTime)
    ) {
      fetchStatus = "fetching";
      if (data === undefined) {
        status = "pending";
        error = null;
      }
    }
    let isPlaceholderData = false;
    const { placeholderData, getNextPageParam } = this.options;
    if (status === "pending" && placeholderData !== undefined) {
      const placeholder =
        typeof placeholderData === "function" ? placeholderData(this.withData?.state.data) : placeholderData;
      if (placeholder !== undefined) {
        status = "success";
        data = placeholder;
        isPlaceholderData = true;
      }
    }
    if (state.data !== undefined) this.withData = query;
    const isFetching = fetchStatus === "fetching";
    const result: Result = {
      data,
      error,
      status,
      fetchStatus,
      isPending: status === "pending",
      isSuccess: status === "success",
      isError: status === "error",
      isLoading: status === "pending" && isFetching,
      isFetching,
      isPlaceholderData,
      refetch: this.refetch,
    };
    if (getNextPageParam) {
      const pages = data as InfiniteData<unknown> | undefined;
      result.fetchNextPage = this.fetchNextPage;
      result.hasNextPage =
        !!pages?.pages.length &&
        getNextPageParam(pages.pages.at(-1), pages.pages, pages.pageParams.at(-1), pages.pageParams) != null;
      result.isFetchingNextPage = isFetching && state.fetchingNextPage;
    }
    // The same object while nothing in it changed, as TanStack hands it out.
    if (!shallowEqual(this.result, result)) this.result = result;
    return this.result as Result;
  }
}

function useBaseQuery(options: object): Result {
  const client = useQueryClient();
  const resolved = { ...client.defaultOptions.queries, ...options } as ResolvedOptions;
  const query = client.build(resolved);
  const [observer] = useState(() => new Observer());
  observer.options = resolved;
  observer.query = query;
  const enabled = resolved.enabled !== false;
  const subscribe = useCallback(
    (onChange: () => void) => observer.subscribe(query, enabled, onChange),
    [observer, query, enabled],
  );
  const getState = () => query.state;
  const state = useSyncExternalStore(subscribe, getState, getState);

  const { refetchInterval } = resolved;
  const interval = typeof refetchInterval === "function" ? refetchInterval(query) : refetchInterval;
  // Counted from the query's last change, as TanStack restarts it on each.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` restarts it on every change of the query.
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setInterval(() => document.visibilityState !== "hidden" && void query.fetch(), interval);
    return () => clearInterval(timer);
  }, [query, state, enabled, interval]);

  return observer.read(query, state, enabled);
}

export function useQuery<TQueryFnData>(options: UseQueryOptions<TQueryFnData>): UseQueryResult<TQueryFnData> {
  return useBaseQuery(options) as unknown as UseQueryResult<TQueryFnData>;
}

/** Pages of one list: `fetchNextPage` appends the next; a refetch reads every page again from the first. */
export function useInfiniteQuery<TPage, TPageParam>(
  options: UseInfiniteQueryOptions<TPage, TPageParam>,
): UseInfiniteQueryResult<TPage, TPageParam> {
  return useBaseQuery(options) as unknown as UseInfiniteQueryResult<TPage, TPageParam>;
}

export interface MutateOptions<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => void;
}

export type UseMutationResult<TData, TVariables> = MutationState<TData, TVariables> & {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** Runs it; failures show in the state (and its callbacks), not as a rejection. */
  mutate: (variables: TVariables, options?: MutateOptions<TData, TVariables>) => void;
  mutateAsync: (variables: TVariables, options?: MutateOptions<TData, TVariables>) => Promise<TData>;
  /** Back to idle. */
  reset: () => void;
};

/** One hook's mutations: its state is its latest mutation's. */
class MutationObserver {
  options!: MutationOptions;
  state: MutationState = idleMutationState;
  #current: Mutation | undefined;
  #listener: (() => void) | undefined;

  constructor(readonly client: QueryClient) {}

  /** Each render's options; the mutation under way takes them too (its callbacks see the latest props). */
  setOptions(options: MutationOptions): void {
    this.options = options;
    if (this.#current) this.#current.options = options;
  }

  subscribe = (listener: () => void) => {
    this.#listener = listener;
    return () => {
      this.#listener = undefined;
    };
  };

  getState = () => this.state;

  mutateAsync = (variables: unknown, callbacks?: MutateOptions<unknown, unknown>) => {
    const mutation = new Mutation(this.options, this.client.getMutationCache());
    this.#current = mutation;
    return mutation.execute(variables, (state) => {
      if (this.#current !== mutation) return;
      this.state = state;
      if (this.#listener) notifyLater(this.#listener);
      // The call's own callbacks: only for the latest call, and only while the hook is mounted.
      if (!this.#listener || !callbacks) return;
      if (state.status === "success") {
        callbacks.onSuccess?.(state.data, variables);
        callbacks.onSettled?.(state.data, null, variables);
      } else if (state.status === "error") {
        callbacks.onError?.(state.error as Error, variables);
        callbacks.onSettled?.(undefined, state.error, variables);
      }
    });
  };

  mutate = (variables: unknown, callbacks?: MutateOptions<unknown, unknown>) => {
    this.mutateAsync(variables, callbacks).catch(() => {});
  };

  reset = () => {
    this.#current = undefined;
    this.state = idleMutationState;
    if (this.#listener) notifyLater(this.#listener);
  };
}

export function useMutation<TData, TVariables = void, TContext = unknown>(
  options: MutationOptions<TData, TVariables, TContext>,
): UseMutationResult<TData, TVariables> {
  const client = useQueryClient();
  const [observer] = useState(() => new MutationObserver(client));
  observer.setOptions({ ...client.defaultOptions.mutations, ...options } as MutationOptions);
  const state = useSyncExternalStore(observer.subscribe, observer.getState, observer.getState);
  const ref = useRef<{ state: MutationState; result: UseMutationResult<TData, TVariables> }>(undefined);
  if (ref.current?.state !== state) {
    const { status } = state;
    ref.current = {
      state,
      result: {
        ...(state as MutationState<TData, TVariables>),
        isIdle: status === "idle",
        isPending: status === "pending",
        isSuccess: status === "success",
        isError: status === "error",
        mutate: observer.mutate as UseMutationResult<TData, TVariables>["mutate"],
        mutateAsync: observer.mutateAsync as UseMutationResult<TData, TVariables>["mutateAsync"],
        reset: observer.reset,
      },
    };
  }
  return ref.current.result;
}

/** What `select` makes of each mutation on its way that matches `filters` (only pending ones are kept). */
export function useMutationState<T = MutationState>({
  filters,
  select = (mutation) => mutation.state as T,
}: {
  filters?: MutationFilters;
  select?: (mutation: Mutation) => T;
}): T[] {
  const cache = useQueryClient().getMutationCache();
  const ref = useRef<{ version: number; result: T[] }>(undefined);
  const getSnapshot = () => {
    if (ref.current?.version !== cache.version) {
      const result = cache.findAll(filters).map(select);
      ref.current = { version: cache.version, result: replaceEqualDeep(ref.current?.result, result) };
    }
    return ref.current.result;
  };
  const subscribe = useCallback(
    (onChange: () => void) => cache.subscribe(() => notifyLater(onChange)),
    [cache],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
