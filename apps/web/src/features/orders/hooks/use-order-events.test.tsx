import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ordersQueryKey } from "../api/orders-api";
import { useOrderEvents } from "./use-order-events";

/** A stand-in EventSource the test drives by hand. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
  close() {
    this.closed = true;
  }
}

function Listener() {
  useOrderEvents();
  return null;
}

describe("useOrderEvents", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads the shopper's orders again when the merchant moves one forward, and after a reconnection", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <Listener />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last;
    expect(source?.url).toBe("/api/realtime");

    source?.emit("ready", { merchant: false });
    expect(invalidate).not.toHaveBeenCalled();
    source?.emit("order.updated", { type: "order.updated", orderId: "o1", status: "shipped", userId: "u1" });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ordersQueryKey });
    source?.emit("order.updated", { type: "something else" });
    expect(invalidate).toHaveBeenCalledTimes(1);
    source?.emit("ready", { merchant: false });
    expect(invalidate).toHaveBeenCalledTimes(2);

    unmount();
    expect(source?.closed).toBe(true);
  });
});
