import type { Cart } from "@haggle/contract/cart";
import { useEffect, useRef, useState } from "react";
import type { MergeLine } from "../api/cart-api";

interface UseMergeLocalCartOptions {
  /** The signed-in shopper, or null. */
  userId: string | null;
  /** The anonymous cart's lines (what would be merged). */
  localLines: readonly MergeLine[];
  merge: (items: MergeLine[]) => Promise<Cart>;
  /** The server took the lines: drop the local copy, say what could not be added. */
  onMerged: (cart: Cart) => void;
  /** The server refused or could not be reached: the local cart stays as it is. */
  onFailed: (error: unknown) => void;
}

/**
 * Spec §4: on sign-in the stored anonymous cart is merged into the server cart and the local copy
 * is deleted. Runs once per sign-in: a failed merge is not retried in a loop (the shopper keeps
 * the local cart; the next sign-in or page load tries again).
 *
 * Returns true while the merge is wanted but not finished, so the server cart is not shown (or
 * fetched) half-way.
 */
export function useMergeLocalCart({
  userId,
  localLines,
  merge,
  onMerged,
  onFailed,
}: UseMergeLocalCartOptions): boolean {
  const attemptedFor = useRef<string | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // The latest values, read when the merge starts or ends (not reasons to start one).
  const latest = useRef({ localLines, merge, onMerged, onFailed });
  latest.current = { localLines, merge, onMerged, onFailed };
  const hasLocalLines = localLines.length > 0;

  useEffect(() => {
    if (userId === null) {
      // Signed out: the next sign-in (even as the same shopper) merges again.
      attemptedFor.current = null;
      setFailedFor(null);
      return;
    }
    if (!hasLocalLines || attemptedFor.current === userId) return;
    attemptedFor.current = userId;
    const items = latest.current.localLines.map(({ productId, quantity }) => ({ productId, quantity }));
    latest.current.merge(items).then(
      (cart) => latest.current.onMerged(cart),
      (error: unknown) => {
        setFailedFor(userId);
        latest.current.onFailed(error);
      },
    );
  }, [userId, hasLocalLines]);

  return userId !== null && hasLocalLines && failedFor !== userId;
}
