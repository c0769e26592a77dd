import type { MerchantOrderStatus, OrderStatus } from "@haggle/domain/orders/order-status";
import type { OrderEventKind } from "@haggle/domain/orders/order-timeline";
import {
  type SQL,
  and,
  asc,
  type ColumnsSelection,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  sql,
} from "drizzle-orm";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { moneySql } from "../../platform/db/column-values.ts";
import { preparedStatement, rowPlaceholders } from "../../platform/db/prepared.ts";
import { orderEvents, orderLines, orders } from "../../platform/db/schema/orders.ts";
import { profilesRead as profiles, usersRead as user } from "../accounts/index.ts";
import { productsRead as products, variantsRead as variants } from "../catalog/index.ts";
import { shopCurrencySql } from "../settings/index.ts";

export type OrderRow = typeof orders.$inferSelect;
/** A line as recorded, with its variant's (else product's) picture and its product's page address (null once the product is gone). */
export type OrderLineRow = typeof orderLines.$inferSelect & { imageUrl: string | null; slug: string | null };
export type NewOrder = Omit<typeof orders.$inferInsert, "createdAt" | "updatedAt" | "currency">;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, "id" | "orderId">;

/** The order a shopper already placed with this Idempotency-Key, if any. */
export async function findOrderIdByKey(
  db: Queryable,
  userId: string,
  idempotencyKey: string,
): Promise<string | null> {
  const [row] = await orderIdByKeyStatement(db, { userId, idempotencyKey });
  return row?.id ?? null;
}

// Every checkout runs it: its SQL is built once (preparedStatement).
const orderIdByKeyStatement = preparedStatement("orders_id_by_key", (q) =>
  q
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder("userId")),
        eq(orders.idempotencyKey, sql.placeholder("idempotencyKey")),
      ),
    )
    .limit(1),
);

/**
 * A write of the placing run in the order's own statement (the cart converted, the profile's
 * totals, the order's e-mails), built from placeholders (`sql.placeholder`) whose names begin
 * with a prefix of its own, unique in the statement, its values given at each run. `key` names
 * its shape: writes of one key build one text.
 */
export interface PlacingWrite {
  key: string;
  build: (q: Queryable) => TypedQueryBuilder<ColumnsSelection>;
  /**
   * A second write that reads the rows the first returned (named by `written`), so PostgreSQL
   * runs it after the first: unreferenced data-modifying CTEs run in no promised order.
   */
  after?: (written: SQL) => SQL;
  values: Record<string, unknown>;
}

/** Orders of more lines than this have their statement built per call (a shape per line count). */
const MOST_LINES_PREPARED = 20;

type PlacedRow = { order: OrderRow; line: typeof orderLines.$inferSelect };
type RowPlaceholders = ReturnType<typeof rowPlaceholders>;

/** The order's statement by shape (its columns and nulls, its lines', its writes), built once. */
const placingStatements = new Map<string, ReturnType<typeof preparedStatement<PlacedRow[]>>>();

/** The order's statement from placeholders: the order, its lines, the writes beside them, as CTEs. */
function placingQuery(
  q: Queryable,
  parts: { order: RowPlaceholders; lines: RowPlaceholders[]; writes: readonly PlacingWrite[] },
) {
  const newOrder = q.$with("new_order").as(
    q
      .insert(orders)
      .values({ ...parts.order.placeholders, currency: shopCurrencySql() } as never)
      .returning(),
  );
  const newLines = q.$with("new_lines").as(
    q
      .insert(orderLines)
      .values(
        parts.lines.map((line) => ({ ...line.placeholders, orderId: sql.placeholder("o_id") })) as never,
      )
      .returning(),
  );
  // A data-modifying CTE runs whether or not the query reads it.
  const also = parts.writes.flatMap((write, i) => {
    const first = q.$with(`also_${i}`).as(write.build(q));
    if (!write.after) return [first];
    return [first, q.$with(`also_${i}_after`, {}).as(write.after(sql`${sql.identifier(`also_${i}`)}`))];
  });
  return q
    .with(newOrder, newLines, ...also)
    .select({ order: newOrder._.selectedFields, line: newLines._.selectedFields })
    .from(newOrder)
    .innerJoin(newLines, sql`true`);
}

/**
 * Writes the order and its lines in one statement (two inserts as CTEs, one round trip: the
 * order's id is known before it is written), with the caller's other writes of the placing
 * (`alsoWrites`: the cart converted, the profile's totals, the outbox's e-mails; each a CTE of
 * the same statement, on rows the transaction holds already or new ones); answers the order
 * and its lines as stored (defaults and ids filled in). The statement is built once per shape
 * (its columns and which are null, its number of lines up to MOST_LINES_PREPARED, its writes)
 * from placeholders and prepared by name on the PostgreSQL server (preparedStatement).
 * The order's currency is the shop's setting as the statement reads it: a currency change that
 * held the orders table (`hasAnyOrderLocked`) is seen once it commits, so the caller can compare
 * it with the currency it priced in.
 */
export async function insertOrder(
  tx: Tx,
  order: NewOrder & { id: string },
  lines: readonly NewOrderLine[],
  alsoWrites: readonly PlacingWrite[] = [],
): Promise<{ order: OrderRow; lines: (typeof orderLines.$inferSelect)[] }> {
  const parts = {
    order: rowPlaceholders(order, "o_"),
    lines: lines.map((line, i) => rowPlaceholders(line, `l${i}_`)),
    writes: alsoWrites,
  };
  const values = Object.assign(
    { o_id: order.id },
    parts.order.values,
    ...parts.lines.map((line) => line.values),
    ...alsoWrites.map((write) => write.values),
  );
  const rows =
    lines.length <= MOST_LINES_PREPARED
      ? await placingStatementOf(parts)(tx, values)
      : ((await placingQuery(tx, parts).execute(values)) as PlacedRow[]);
  const created = rows[0]?.order;
  if (!created) throw new Error("no order row returned");
  const stored = rows.map((r) => r.line).sort((a, b) => a.position - b.position);
  return { order: created, lines: stored };
}

/** The prepared statement of this shape, made the first time the shape is seen. */
function placingStatementOf(parts: Parameters<typeof placingQuery>[1]) {
  const key = JSON.stringify([
    parts.order.shape,
    parts.lines.map((l) => l.shape),
    parts.writes.map((w) => w.key),
  ]);
  let statement = placingStatements.get(key);
  if (!statement) {
    statement = preparedStatement<PlacedRow[]>(`orders_place_${placingStatements.size + 1}`, (q) =>
      placingQuery(q, parts),
    );
    placingStatements.set(key, statement);
  }
  return statement;
}

/**
 * Holds the orders table as an order's insert does (ROW EXCLUSIVE: a currency change waits for
 * this transaction, and this waits for a change being made) and answers the shop's currency as
 * stored now, for a checkout that charges before it writes its order.
 */
export async function lockOrdersForCharge(tx: Tx): Promise<string> {
  await tx.execute(sql`lock table ${orders} in row exclusive mode`);
  const result = await tx.execute(sql`select ${shopCurrencySql()} as currency`);
  const [row] = (result as unknown as { rows: { currency: string }[] }).rows;
  return row?.currency ?? "";
}

/** The lines of these orders, each order's in its cart's order (one query for all). */
export async function loadOrderLines(db: Queryable, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      ...getTableColumns(orderLines),
      // The variant's own picture when it has one (a colour), else the product's.
      imageUrl: sql<string | null>`coalesce(nullif(${variants.imageUrl}, ''), ${products.imageUrl})`,
      slug: products.slug,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(variants, eq(variants.id, orderLines.variantId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

/** A shopper's order; another shopper's id reads as none. */
export async function findShopperOrder(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A shopper's orders, newest first. */
export async function listShopperOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

function customerOrderQuery(db: Queryable) {
  return db
    .select({
      order: orders,
      profileName: profiles.name,
      profileEmail: profiles.email,
      userName: user.name,
      userEmail: user.email,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, orders.userId))
    .leftJoin(user, eq(user.id, orders.userId));
}

type CustomerOrderRow = Awaited<ReturnType<ReturnType<typeof customerOrderQuery>["execute"]>>[number];

/** An order with who placed it: the profile's name and email, else the account's. */
export interface CustomerOrder {
  order: OrderRow;
  customer: { name: string; email: string };
}

const withCustomer = (row: CustomerOrderRow): CustomerOrder => ({
  order: row.order,
  customer: { name: row.profileName ?? row.userName ?? "", email: row.profileEmail ?? row.userEmail ?? "" },
});

/** Every shopper's orders (of one status, or all), newest first, one page, with the count of all. */
export async function queryCustomerOrders(
  db: Queryable,
  query: { status?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: CustomerOrder[]; total: number }> {
  const where = query.status ? eq(orders.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    customerOrderQuery(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: rows.map(withCustomer), total: total?.n ?? 0 };
}

export async function findCustomerOrder(db: Queryable, orderId: string): Promise<CustomerOrder | null> {
  const [row] = await customerOrderQuery(db).where(eq(orders.id, orderId));
  return row ? withCustomer(row) : null;
}

/** The address an order's e-mails go to: the profile's, else the account's; null when it has none. */
export async function findOrderRecipient(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string | null>`coalesce(${profiles.email}, ${user.email})` })
    .from(orders)
    .leftJoin(profiles, eq(profiles.userId, orders.userId))
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row?.email || null;
}

/** The order, locked until the transaction ends; null when there is none. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row ?? null;
}

/** What a cancel or refund writes: the lines' given-back units, the money, the statuses. */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  refund: {
    lines: readonly { id: string; quantity: number }[];
    amount: number;
    status: string;
    paymentStatus: string;
    cancelled: boolean;
  },
): Promise<void> {
  for (const line of refund.lines) {
    await tx
      .update(orderLines)
      .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${line.quantity}` })
      .where(and(eq(orderLines.id, line.id), eq(orderLines.orderId, orderId)));
  }
  await tx
    .update(orders)
    .set({
      refundedTotal: sql`${orders.refundedTotal} + ${moneySql(refund.amount)}`,
      status: refund.status,
      paymentStatus: refund.paymentStatus,
      ...(refund.cancelled ? { cancelledAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
  await recordOrderEvent(tx, orderId, refund.cancelled ? "cancelled" : "refunded", {
    amount: refund.amount > 0 ? refund.amount : null,
  });
}

/**
 * The merchant's word that the money arrived (manual payment, the status unchanged), or the
 * provider's (at the status the order state table gave).
 */
export async function setOrderPaid(tx: Tx, orderId: string, status?: OrderStatus): Promise<void> {
  await tx
    .update(orders)
    .set({ ...(status ? { status } : {}), paymentStatus: "paid", paidAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await recordOrderEvent(tx, orderId, "paid");
}

export async function setOrderStatus(tx: Tx, orderId: string, status: MerchantOrderStatus): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await recordOrderEvent(tx, orderId, status);
}

/** One move in the order's timeline, in the transaction that made it. */
export async function recordOrderEvent(
  tx: Tx,
  orderId: string,
  kind: OrderEventKind,
  detail: { amount?: number | null; note?: string | null } = {},
): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId, kind, amount: detail.amount ?? null, note: detail.note ?? null });
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** The events of these orders, oldest first (one query for all). */
export async function loadOrderEvents(db: Queryable, orderIds: readonly string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, [...orderIds]))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}
