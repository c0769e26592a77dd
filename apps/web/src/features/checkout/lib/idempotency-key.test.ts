import { IDEMPOTENCY_KEY_PATTERN } from "@haggle/contract/orders";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCheckoutAttempt, newIdempotencyKey } from "./idempotency-key";

describe("newIdempotencyKey", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes keys the API accepts, different each time", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(b).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(a).not.toBe(b);
  });

  it("still works where crypto.randomUUID is missing (plain http)", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    expect(newIdempotencyKey()).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});

describe("createCheckoutAttempt", () => {
  it("reuses the key until an order is placed, then starts a new attempt", () => {
    let n = 0;
    const attempt = createCheckoutAttempt(() => `key-${++n}-abcdef`);
    expect(attempt.key()).toBe("key-1-abcdef");
    expect(attempt.key()).toBe("key-1-abcdef");
    attempt.complete();
    expect(attempt.key()).toBe("key-2-abcdef");
  });
});
