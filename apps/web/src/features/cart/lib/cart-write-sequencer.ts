/** What to do with a cart change's answer once its request has finished. */
export type CartWriteDecision =
  /** Other changes are still in flight: their answers will settle the cache. */
  | "wait"
  /** This was the only change in flight: its answer is the cart, write it to the cache. */
  | "write"
  /** Changes overlapped, so answers may have arrived out of order: fetch the cart again. */
  | "refetch";

export interface CartWriteSequencer {
  start(): void;
  finish(): CartWriteDecision;
}

/**
 * Every cart change answers the whole cart. Two changes in flight at once (two quick clicks on
 * different lines, an add during the sign-in merge) can be answered in either order, and writing
 * the older answer last would show a cart that no longer exists. So an answer is written only when
 * no other change overlapped it; after an overlap the cart is read again once all have finished.
 */
export function createCartWriteSequencer(): CartWriteSequencer {
  let inFlight = 0;
  let overlapped = false;
  return {
    start() {
      if (inFlight > 0) overlapped = true;
      inFlight += 1;
    },
    finish() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return "wait";
      const decision = overlapped ? "refetch" : "write";
      overlapped = false;
      return decision;
    },
  };
}
