import type { CreatePairingInput, Pairing, PairingKind } from "@haggle/contract/merchant";
import { toCents, toDecimalString } from "@haggle/domain/pricing/money";
import type { BundleCandidate } from "@haggle/domain/negotiation/negotiation-types";
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../platform/db/client.ts";
import { productPairings, products } from "../../platform/db/schema.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { moneyOut } from "./product-dto.ts";

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

type Side = {
  id: string;
  sku: string;
  name: string;
  price: string;
  imageUrl: string;
  inStock: boolean;
  hidden: boolean;
};

const sideDto = (p: Side) => ({ ...p, price: moneyOut(p.price) });

function pairingQuery(db: Db | Tx) {
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
    product: sideDto(row.product),
    paired: sideDto(row.paired),
    createdAt: row.pairing.createdAt.toISOString(),
  };
}

/** The merchant's pairings, by the cart product's name, then newest first. */
export async function listPairings(db: Db, kind: PairingKind | undefined): Promise<Pairing[]> {
  const rows = await pairingQuery(db)
    .where(kind ? eq(productPairings.kind, kind) : undefined)
    .orderBy(asc(products.name), desc(productPairings.createdAt), asc(productPairings.id));
  return rows.map(toPairing);
}

const KIND_LABEL: Record<PairingKind, string> = { cross_sell: "cross-sell", upsell: "upsell" };

export async function createPairing(db: Db, input: CreatePairingInput): Promise<Pairing> {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [input.productId, input.pairedProductId]));
  if (!found.some((p) => p.id === input.productId))
    throw notFound("No product has the id given as productId.");
  if (!found.some((p) => p.id === input.pairedProductId))
    throw notFound("No product has the id given as pairedProductId.");
  const duplicate = () =>
    conflict(`These two products already have this ${KIND_LABEL[input.kind]} pairing.`, "DUPLICATE_PAIRING");
  // The unique index decides: a pairing that already exists inserts nothing.
  const [created] = await db
    .insert(productPairings)
    .values({ kind: input.kind, productId: input.productId, pairedProductId: input.pairedProductId })
    .onConflictDoNothing()
    .returning({ id: productPairings.id });
  if (!created) throw duplicate();
  const [row] = await pairingQuery(db).where(eq(productPairings.id, created.id));
  if (!row) throw notFound("No product has the id given as pairedProductId.");
  return toPairing(row);
}

/** Deletes a pairing (the id is a uuid: the route checks it); false when there is none. */
export async function deletePairing(db: Db, id: string): Promise<boolean> {
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
  tx: Tx,
  lines: readonly { productId: string; price: number; quantity: number }[],
): Promise<BundleCandidate | null> {
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  if (lines.length === 0 || subtotal <= 0) return null;
  const inCart = lines.map((l) => l.productId);
  const lineValue = sql.join(
    lines.map((l) => sql`when ${l.productId}::uuid then ${l.price * l.quantity}`),
    sql` `,
  );
  const [row] = await tx
    .select({ id: paired.id, name: paired.name, price: paired.price })
    .from(productPairings)
    .innerJoin(paired, eq(paired.id, productPairings.pairedProductId))
    .where(
      and(
        inArray(productPairings.productId, inCart),
        notInArray(productPairings.pairedProductId, inCart),
        eq(paired.hidden, false),
        gte(paired.stockLevel, 1),
        lte(paired.price, toDecimalString(subtotal)),
      ),
    )
    .orderBy(
      sql`(${productPairings.kind} = 'cross_sell') desc`,
      sql`(case ${productPairings.productId} ${lineValue} else 0 end) desc`,
      asc(productPairings.createdAt),
      asc(productPairings.id),
    )
    .limit(1);
  return row ? { productId: row.id, name: row.name, price: toCents(row.price) } : null;
}
