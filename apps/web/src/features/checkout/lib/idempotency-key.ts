/**
 * A fresh Idempotency-Key: a UUID (36 characters of [0-9a-f-], inside the API's 8-128
 * [A-Za-z0-9_-]). crypto.randomUUID exists only in secure contexts; a shop opened over plain
 * http on a LAN address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface CheckoutAttempt {
  /** The key of the current attempt: created on first use, then the same on every retry. */
  key(): string;
  /** The attempt ended with an order: the next checkout is a new attempt with a new key. */
  complete(): void;
}

/**
 * One key per checkout attempt. A double click, a retry after a network error or after a server
 * error all send the same key, so the server places at most one order for them. A failure that
 * placed no order (stock, empty cart) leaves nothing stored under the key, so reusing it is safe.
 */
export function createCheckoutAttempt(generate: () => string = newIdempotencyKey): CheckoutAttempt {
  let current: string | null = null;
  return {
    key() {
      current ??= generate();
      return current;
    },
    complete() {
      current = null;
    },
  };
}
