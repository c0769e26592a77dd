import type { Db, Tx } from "../../platform/db/client.ts";
import type { loadCheckoutLines } from "../cart/index.ts";
import { isRowBusy, takeStocks } from "../catalog/index.ts";
import { KeyedGate } from "./keyed-gate.ts";

/**
 * A checkout's stock, taken in turn per product: a flash sale's crowd for one product's row waits
 * in this process, without a database connection, while other products' checkouts go on.
 */

type CartLines = Awaited<ReturnType<typeof loadCheckoutLines>>;

/**
 * Thrown inside the transaction when a product's row is held by another checkout (a flash sale's
 * hot product): the transaction rolls back, giving its connection back, and runs again in turn.
 */
class StockBusy extends Error {
  constructor(readonly productIds: string[]) {
    super("stock busy");
  }
}

/**
 * Checkouts of this process queue here per product while another holds its row, so a hot
 * product's buyers wait without a database connection and other products' checkouts keep theirs.
 */
const productQueue = new KeyedGate();

/**
 * How many of this process's checkouts may wait on one product's row at a time, holding their
 * connections: two buyers of one product at once (common under load) queue on the row as
 * before, with no second run; a flash sale's crowd beyond them queues in productQueue.
 */
const ROW_WAITERS_PER_PRODUCT = 2;
/** This process's checkouts now in their stock statement, by product. */
const rowWaiters = new Map<string, number>();

function countRowWaiters(productIds: readonly string[], by: 1 | -1): void {
  for (const id of productIds) {
    const n = (rowWaiters.get(id) ?? 0) + by;
    if (n > 0) rowWaiters.set(id, n);
    else rowWaiters.delete(id);
  }
}

/**
 * Runs the checkout's transaction without a crowd queueing for a product's row: when another
 * transaction holds it and ROW_WAITERS_PER_PRODUCT of this process's checkouts already wait on it,
 * this one rolls back (its connection free again) and runs once more when this process's earlier
 * queued checkouts of that product are done, this time waiting for the row.
 */
export async function inTurnPerProduct<T>(db: Db, place: (tx: Tx, wait: boolean) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => place(tx, false));
  } catch (error) {
    if (!(error instanceof StockBusy)) throw error;
    return productQueue.run(error.productIds, () => db.transaction((tx) => place(tx, true)));
  }
}

/** Takes the stock of every line in one statement; the line that could not be taken, with what is left, if any. */
export async function shortLineAfterTaking(
  tx: Tx,
  lines: CartLines,
  wait: boolean,
): Promise<CartLines[number] | undefined> {
  const productIds = [...new Set(lines.map((l) => l.product.id))];
  const roomToWait = productIds.every((id) => (rowWaiters.get(id) ?? 0) < ROW_WAITERS_PER_PRODUCT);
  let short: Awaited<ReturnType<typeof takeStocks>>;
  countRowWaiters(productIds, 1);
  try {
    short = await takeStocks(
      tx,
      lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id, quantity: l.item.quantity })),
      { wait: wait || roomToWait },
    );
  } catch (error) {
    if (isRowBusy(error)) throw new StockBusy(productIds);
    throw error;
  } finally {
    countRowWaiters(productIds, -1);
  }
  if (!short) return undefined;
  const line = lines.find((l) => l.variant.id === short.variantId)!;
  return { ...line, variant: { ...line.variant, stockLevel: short.left } };
}
