/** The mutations: one run of a mutation function with its callbacks, and those on their way. */
import { partialMatchKey, type QueryKey, type Retry, withRetries } from "./query-utils";

export interface MutationState<TData = unknown, TVariables = unknown> {
  status: "idle" | "pending" | "success" | "error";
  data: TData | undefined;
  error: Error | null;
  variables: TVariables | undefined;
}

export interface MutationOptions<TData = unknown, TVariables = unknown, TContext = unknown> {
  mutationKey?: QueryKey;
  mutationFn: (variables: TVariables) => Promise<TData>;
  retry?: Retry;
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown;
  onError?: (error: Error, variables: TVariables, context: TContext | undefined) => unknown;
  onSettled?: (
    data: TData | undefined,
    error: Error | null,
    variables: TVariables,
    context: TContext | undefined,
  ) => unknown;
}

export const idleMutationState: MutationState<never, never> = {
  status: "idle",
  data: undefined,
  error: null,
  variables: undefined,
};

export class Mutation<TData = unknown, TVariables = unknown, TContext = unknown> {
  state: MutationState<TData, TVariables> = idleMutationState;

  constructor(
    public options: MutationOptions<TData, TVariables, TContext>,
    readonly cache: MutationCache,
  ) {}

  /**
   * Runs the mutation as TanStack does: onMutate, the request, then onSuccess or onError and
   * onSettled (each awaited) before the state becomes success or error. `onState` hears each state.
   * Each callback is read when it is due: its hook's latest render may have replaced the options.
   */
  async execute(
    variables: TVariables,
    onState: (state: MutationState<TData, TVariables>) => void,
  ): Promise<TData> {
    const { cache } = this;
    const set = (patch: Partial<MutationState<TData, TVariables>>) => {
      this.state = { ...this.state, ...patch };
      // The cache holds the mutations on their way (what useMutationState reads).
      if (this.state.status !== "pending") cache.remove(this);
      cache.changed();
      onState(this.state);
    };
    cache.add(this);
    set({ status: "pending", variables });
    let context: TContext | undefined;
    try {
      context = await this.options.onMutate?.(variables);
      const data = await withRetries(
        () => this.options.mutationFn(variables),
        this.options.retry ?? 0,
        () => false,
      );
      await this.options.onSuccess?.(data, variables, context);
      await this.options.onSettled?.(data, null, variables, context);
      set({ status: "success", data });
      return data;
    } catch (error) {
      try {
        await this.options.onError?.(error as Error, variables, context);
        await this.options.onSettled?.(undefined, error as Error, variables, context);
      } finally {
        set({ status: "error", error: error as Error });
      }
      throw error;
    }
  }
}

export interface MutationFilters {
  mutationKey?: QueryKey;
  status?: "pending";
}

// biome-ignore lint/suspicious/noExplicitAny: the cache holds mutations of every data and variables type.
type AnyMutation = Mutation<any, any, any>;

/** The mutations on their way. */
export class MutationCache {
  #mutations = new Set<AnyMutation>();
  #listeners = new Set<() => void>();
  /** Counts changes, so readers know when to read again. */
  version = 0;

  add(mutation: AnyMutation): void {
    this.#mutations.add(mutation);
  }

  remove(mutation: AnyMutation): void {
    this.#mutations.delete(mutation);
  }

  changed(): void {
    this.version++;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  findAll({ mutationKey, status }: MutationFilters = {}): Mutation[] {
    return [...this.#mutations].filter(
      (m) =>
        (!mutationKey || (m.options.mutationKey && partialMatchKey(m.options.mutationKey, mutationKey))) &&
        (!status || m.state.status === status),
    ) as Mutation[];
  }

  /** Forgets them (they still run; their hooks still hear of them). */
  clear(): void {
    this.#mutations.clear();
    this.changed();
  }
}
