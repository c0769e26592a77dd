import type { Pairing, PairingKind } from "@haggle/contract/merchant";
import type { BundleCandidate } from "@haggle/domain/negotiation/negotiation-types";
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../platform/db/client.ts";
import { productPairings, products } from "../../platform/db/schema/catalog.ts";
import { hasDefaultVariant } from "./products.store.ts";

const paired = alias(products, "paired");

const side = (t: typeof products | typeof paired) => ({
  id: t.id,
  sku: t.sku,
  name: t.name,
  price: t.price,
  imageUrl: t.imageUrl,
  inStock: t.inStock,
  hidden: t.hidden,
});

function pairingQuery(db: Queryable) {
  return db
    .select({ pairing: productPairings, product: side(products), paired: side(paired) })
    .from(productPairings)
    .innerJoin(products, eq(products.id, productPairings.productId))
    .innerJoin(paired, eq(paired.id, productPairings.pairedProductId));
}

type PairingRow = Awaited<ReturnType<ReturnType<typeof pairingQuery>["execute"]>>[number];

function toPairing(row: PairingRow): Pairing {
  return {
    id: row.pairing.id,
    kind: row.pairing.kind === "upsell" ? "upsell" : "cross_sell",
    product: row.product,
    paired: row.paired,
    createdAt: row.pairing.createdAt.toISOString(),
  };
}

/** The pairings (of one kind, or all), by the cart product's name, then newest first. */
export async function queryPairings(db: Queryable, kind: PairingKind | undefined): Promise<Pairing[]> {
  const rows = await pairingQuery(db)
    .where(kind ? eq(productPairings.kind, kind) : undefined)
    .orderBy(asc(products.name), desc(productPairings.createdAt), asc(productPairings.id));
  return rows.map(toPairing);
}

export async function findPairing(db: Queryable, id: string): Promise<Pairing | null> {
  const [row] = await pairingQuery(db).where(eq(productPairings.id, id));
  return row ? toPairing(row) : null;
}

/** Which of `ids` name a product (hidden ones too). */
export async function existingProductIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Inserts a pairing; null when that pairing exists already (the unique index decides). */
export async function insertPairing(
  db: Queryable,
  values: { kind: PairingKind; productId: string; pairedProductId: string },
): Promise<string | null> {
  const [created] = await db
    .insert(productPairings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: productPairings.id });
  return created?.id ?? null;
}

/** Deletes a pairing; false when there is none. */
export async function deletePairingRow(db: Queryable, id: string): Promise<boolean> {
  const deleted = await db
    .delete(productPairings)
    .where(eq(productPairings.id, id))
    .returning({ id: productPairings.id });
  return deleted.length > 0;
}

/**
 * The merchant's own pick for a bundle: a product paired with one in the cart, cross-sells
 * before upsells, then the pairing made for the cart's most valuable line, then the oldest.
 * The paired product must be for sale (visible, in stock), not in the cart already, and cost
 * no more than the cart's subtotal. Null when no pairing fits.
 */
export async function pairedBundleCandidate(
  db: Queryable,
  lines: readonly { productId: string; price: number; quantity: number }[],
): Promise<BundleCandidate | null> {
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  if (lines.length === 0 || subtotal <= 0) return null;
  const inCart = lines.map((l) => l.productId);
  const lineValue = sql.join(
    lines.map((l) => sql`when ${l.productId}::uuid then ${l.price * l.quantity}`),
    sql` `,
  );
  const [row] = await db
    .select({ id: paired.id, name: paired.name, price: paired.price })
    .from(productPairings)
    .innerJoin(paired, eq(paired.id, productPairings.pairedProductId))
    .where(
      and(
        inArray(productPairings.productId, inCart),
        notInArray(productPairings.pairedProductId, inCart),
        eq(paired.hidden, false),
        gte(paired.stockLevel, 1),
        lte(paired.price, subtotal),
        hasDefaultVariant(paired.id),
      ),
    )
    .orderBy(
      sql`(${productPairings.kind} = 'cross_sell') desc`,
      sql`(case ${productPairings.productId} ${lineValue} else 0 end) desc`,
      asc(productPairings.createdAt),
      asc(productPairings.id),
    )
    .limit(1);
  return row ? { productId: row.id, name: row.name, price: row.price } : null;
}
