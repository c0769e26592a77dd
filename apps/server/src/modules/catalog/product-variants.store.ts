import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { productOptions, productVariants } from "../../platform/db/schema/catalog.ts";

export interface OptionInput {
  name: string;
  values: string[];
}

export interface VariantInput {
  /** One value per option, in the options' order. */
  optionValues: string[];
  sku: string;
  price: number;
  listPrice: number;
  stockLevel: number;
  imageUrl?: string;
}

/**
 * Gives a product without options its options and variants (the seeded catalogue's clothes and
 * shoes, tests). Its default variant becomes the first variant, so the cart lines, order lines
 * and offers that named it keep naming a variant of the product; the rest are added. The
 * product's price, list price and stock follow from the variants (migration 0028's roll-up).
 */
export async function giveProductOptions(
  tx: Tx,
  productId: string,
  options: readonly OptionInput[],
  variants: readonly VariantInput[],
): Promise<void> {
  const [first, ...rest] = variants;
  if (!first) throw new Error("a product with options needs at least one variant");
  await tx
    .insert(productOptions)
    .values(options.map((o, position) => ({ productId, position, name: o.name, values: [...o.values] })));
  const row = (v: VariantInput, position: number) => ({
    sku: v.sku,
    optionValues: [...v.optionValues],
    position,
    price: v.price,
    listPrice: v.listPrice,
    stockLevel: v.stockLevel,
    imageUrl: v.imageUrl ?? "",
  });
  const [turned] = await tx
    .update(productVariants)
    .set({ ...row(first, 0), updatedAt: new Date() })
    .where(and(eq(productVariants.productId, productId), sql`${productVariants.optionValues} = '{}'`))
    .returning({ id: productVariants.id });
  if (!turned) throw new Error(`product ${productId} has options already`);
  if (rest.length > 0)
    await tx.insert(productVariants).values(rest.map((v, i) => ({ productId, ...row(v, i + 1) })));
}
