import { act, cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
} from "./react-query";
import { deferred } from "@/test/deferred";

function setup(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** Lets the cache tell React: it does so after the moment (setTimeout 0), as TanStack does. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useQuery", () => {
  it("fetches once for every reader of a key, pending until the answer", async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(async () => "A");
    function Reader({ name }: { name: string }) {
      const query = useQuery({ queryKey: ["a"], queryFn });
      return <p>{`${name}: ${query.isPending ? "pending" : query.data}`}</p>;
    }
    render(
      <>
        <Reader name="one" />
        <Reader name="two" />
      </>,
      { wrapper },
    );
    expect(screen.getByText("one: pending")).toBeTruthy();
    await screen.findByText("one: A");
    expect(screen.getByText("two: A")).toBeTruthy();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("shows cached data at once; refetches it on mount only once stale", async () => {
    const { client, wrapper } = setup();
    client.setQueryData(["a"], "cached");
    const queryFn = vi.fn(async () => "fresh");
    const fresh = renderHook(() => useQuery({ queryKey: ["a"], queryFn, staleTime: 60_000 }), { wrapper });
    expect(fresh.result.current).toMatchObject({ data: "cached", isSuccess: true, isFetching: false });
    expect(queryFn).not.toHaveBeenCalled();
    fresh.unmount();

    const stale = renderHook(() => useQuery({ queryKey: ["a"], queryFn, staleTime: 0 }), { wrapper });
    expect(stale.result.current).toMatchObject({ data: "cached", isFetching: true });
    await waitFor(() => expect(stale.result.current.data).toBe("fresh"));
    expect(stale.result.current.isFetching).toBe(false);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("refetches what is on screen when invalidated by a prefix of its key", async () => {
    const { client, wrapper } = setup();
    let version = 1;
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ["products", "list", { q: "" }],
          queryFn: async () => version,
          staleTime: Infinity,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBe(1));
    version = 2;
    await act(() => client.invalidateQueries({ queryKey: ["products"] }));
    await settle();
    expect(result.current.data).toBe(2);
  });

  it("does not fetch while disabled, and fetches once enabled", async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(async () => "A");
    const { result, rerender } = renderHook(
      ({ enabled }) => useQuery({ queryKey: ["a"], queryFn, enabled }),
      {
        wrapper,
        initialProps: { enabled: false },
      },
    );
    expect(result.current).toMatchObject({ isPending: true, isFetching: false, isLoading: false });
    await act(async () => {});
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe("A"));
  });

  it("keeps the previous key's data as a placeholder while the new key loads", async () => {
    const { wrapper } = setup();
    const answers = new Map([
      ["a", deferred<string>()],
      ["b", deferred<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ id }) =>
        useQuery({
          queryKey: ["item", id],
          queryFn: () => answers.get(id)?.promise ?? Promise.reject(new Error("?")),
          placeholderData: keepPreviousData,
        }),
      { wrapper, initialProps: { id: "a" } },
    );
    expect(result.current.isPending).toBe(true);
    await act(async () => answers.get("a")?.resolve("A"));
    await settle();
    expect(result.current).toMatchObject({ data: "A", isPlaceholderData: false });
    rerender({ id: "b" });
    expect(result.current).toMatchObject({
      data: "A",
      isPlaceholderData: true,
      isSuccess: true,
      isFetching: true,
    });
    await act(async () => answers.get("b")?.resolve("B"));
    await settle();
    expect(result.current).toMatchObject({ data: "B", isPlaceholderData: false });
  });

  it("shows a placeholder value until the answer; errors with the answer's error", async () => {
    const { wrapper } = setup();
    const answer = deferred<string>();
    const { result } = renderHook(
      () => useQuery({ queryKey: ["order"], queryFn: () => answer.promise, placeholderData: "preview" }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ data: "preview", isPlaceholderData: true });
    await act(async () => answer.reject(new Error("Order not found")));
    await settle();
    expect(result.current).toMatchObject({ isError: true, data: undefined, isPlaceholderData: false });
    expect(result.current.error?.message).toBe("Order not found");
  });

  it("aborts the request when the last reader leaves, and hands out the same result while nothing changed", async () => {
    const { wrapper } = setup();
    let signal: AbortSignal | undefined;
    const { result, rerender, unmount } = renderHook(
      () =>
        useQuery({
          queryKey: ["a"],
          queryFn: (context) => {
            signal = context.signal;
            return new Promise<never>(() => {});
          },
        }),
      { wrapper },
    );
    await act(async () => {});
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    unmount();
    await act(async () => {});
    expect(signal?.aborted).toBe(true);
  });

  it("polls with refetchInterval while it says so", async () => {
    vi.useFakeTimers();
    const { wrapper } = setup();
    let status = "running";
    const queryFn = vi.fn(async () => ({ status }));
    const { result } = renderHook(
      () =>
        useQuery({
          queryKey: ["import"],
          queryFn,
          refetchInterval: (query) => (query.state.data?.status === "running" ? 500 : false),
        }),
      { wrapper },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(queryFn).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(queryFn).toHaveBeenCalledTimes(2);
    status = "done";
    // Each step in its own act: the interval restarts in an effect, which act runs at its end.
    for (let step = 0; step < 4; step++) await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.data?.status).toBe("done");
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it("renders on the server from the data in the cache, without fetching", () => {
    const client = new QueryClient();
    client.setQueryData(["a"], "from the server");
    const queryFn = vi.fn(async () => "fetched");
    function Page() {
      const a = useQuery({ queryKey: ["a"], queryFn, staleTime: 30_000 });
      const b = useQuery({ queryKey: ["b"], queryFn });
      return <p>{`${a.data} / ${b.isPending ? "pending" : b.data}`}</p>;
    }
    const html = renderToString(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect(html).toContain("from the server / pending");
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe("useInfiniteQuery", () => {
  it("loads the next page on demand and says whether there is one", async () => {
    const { wrapper } = setup();
    const second = deferred<void>();
    const { result } = renderHook(
      () =>
        useInfiniteQuery({
          queryKey: ["list"],
          queryFn: async ({ pageParam }) => {
            if (pageParam === 2) await second.promise;
            return { page: pageParam, last: pageParam === 2 };
          },
          initialPageParam: 1,
          getNextPageParam: (last) => (last.last ? undefined : last.page + 1),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    let loading: Promise<void> | undefined;
    act(() => {
      loading = result.current.fetchNextPage();
    });
    await settle();
    expect(result.current.isFetchingNextPage).toBe(true);
    second.resolve();
    await act(() => loading);
    await settle();
    expect(result.current.data?.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(result.current).toMatchObject({ hasNextPage: false, isFetchingNextPage: false });
  });
});

describe("useMutation", () => {
  it("awaits its own callbacks before it succeeds, then runs the call's", async () => {
    const { wrapper } = setup();
    const order: string[] = [];
    const refetched = deferred<void>();
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: async (n: number) => n * 2,
          onMutate: () => void order.push("onMutate"),
          onSuccess: async (data, n) => {
            order.push(`onSuccess ${data} ${n}`);
            await refetched.promise;
          },
          onSettled: () => void order.push("onSettled"),
        }),
      { wrapper },
    );
    expect(result.current).toMatchObject({ isIdle: true, status: "idle" });
    act(() => result.current.mutate(21, { onSuccess: (data) => void order.push(`call ${data}`) }));
    await waitFor(() => expect(order).toContain("onSuccess 42 21"));
    await settle();
    expect(result.current).toMatchObject({ isPending: true, variables: 21 });
    await act(async () => refetched.resolve());
    await settle();
    expect(result.current).toMatchObject({ isSuccess: true, data: 42 });
    expect(order).toEqual(["onMutate", "onSuccess 42 21", "onSettled", "call 42"]);
    act(() => result.current.reset());
    await settle();
    expect(result.current.isIdle).toBe(true);
  });

  it("fails into its state; mutateAsync rejects, mutate does not", async () => {
    const { wrapper } = setup();
    const onError = vi.fn();
    const { result } = renderHook(
      () => useMutation({ mutationFn: async () => Promise.reject(new Error("refused")), onError }),
      { wrapper },
    );
    await act(() => expect(result.current.mutateAsync(undefined)).rejects.toThrow("refused"));
    await settle();
    expect(result.current).toMatchObject({ isError: true });
    expect(result.current.error?.message).toBe("refused");
    const callError = vi.fn();
    await act(async () => result.current.mutate(undefined, { onError: callError }));
    await waitFor(() => expect(callError).toHaveBeenCalledTimes(1));
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it("runs a call's callbacks only for the latest call, and not once unmounted", async () => {
    const { wrapper } = setup();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const { result, unmount } = renderHook(
      () => useMutation({ mutationFn: () => answers[call++]?.promise ?? Promise.reject(new Error("?")) }),
      { wrapper },
    );
    const first = vi.fn();
    const second = vi.fn();
    act(() => result.current.mutate(undefined, { onSuccess: first }));
    act(() => result.current.mutate(undefined, { onSuccess: second }));
    await act(async () => answers[0]?.resolve("one"));
    await act(async () => answers[1]?.resolve("two"));
    await settle();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith("two", undefined);
    expect(result.current.data).toBe("two");

    const later = deferred<string>();
    answers.push(later);
    const third = vi.fn();
    act(() => result.current.mutate(undefined, { onSuccess: third }));
    unmount();
    await act(async () => later.resolve("three"));
    expect(third).not.toHaveBeenCalled();
  });

  it("calls the callbacks of the hook's latest render, as TanStack does", async () => {
    const { wrapper } = setup();
    const answer = deferred<string>();
    const heard: string[] = [];
    const { result, rerender } = renderHook(
      ({ who }) => useMutation({ mutationFn: () => answer.promise, onSuccess: () => void heard.push(who) }),
      { wrapper, initialProps: { who: "first render" } },
    );
    act(() => result.current.mutate());
    rerender({ who: "latest render" });
    await act(async () => answer.resolve("done"));
    expect(heard).toEqual(["latest render"]);
  });

  it("lists the mutations of a key on their way (useMutationState)", async () => {
    const { wrapper } = setup();
    const answer = deferred<string>();
    const { result } = renderHook(
      () => {
        const change = useMutation({
          mutationKey: ["cart-change"],
          mutationFn: (_item: string) => answer.promise,
        });
        const other = useMutation({ mutationKey: ["other"], mutationFn: (_item: string) => answer.promise });
        const pending = useMutationState({
          filters: { mutationKey: ["cart-change"], status: "pending" },
          select: (mutation) => mutation.state.variables as string,
        });
        return { change, other, pending };
      },
      { wrapper },
    );
    expect(result.current.pending).toEqual([]);
    act(() => {
      result.current.change.mutate("lamp");
      result.current.change.mutate("kettle");
      result.current.other.mutate("mug");
    });
    await settle();
    expect(result.current.pending).toEqual(["lamp", "kettle"]);
    const listed = result.current.pending;
    await act(async () => answer.resolve("done"));
    await settle();
    expect(result.current.pending).toEqual([]);
    expect(listed).toEqual(["lamp", "kettle"]);
  });
});
