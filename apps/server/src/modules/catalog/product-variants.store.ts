import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../platform/db/client.ts";
import { minorUnitsPerUnit } from "../../platform/db/column-values.ts";
import { productOptions, products, productVariants } from "../../platform/db/schema/catalog.ts";
import { variantsInCarts } from "./variants-in-carts-port.store.ts";

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

/** A product's options and variants as the merchant (grid or import) gives them, prices in cents. */
export interface ProductVariantsWrite {
  /** The product's SKU. */
  sku: string;
  options: OptionInput[];
  variants: (VariantInput & { weightGrams: number | null; barcode: string })[];
}

/**
 * Makes products' options and variants the given ones, in set-based statements whatever the
 * number of products (the import writes a batch at once, the grid one product):
 * options that differ are replaced; a product without options turns its default variant into
 * its first variant (so lines and offers naming it keep a variant of the product); variants are
 * upserted by their combination, a row equal to the given one not written again; a combination
 * left out is removed, unless a cart holds it (a line needs its variant: it stays until the
 * cart lets go of it). The product's price, stock and option facets are rolled up once, after
 * the last statement (the triggers' roll-up deferred for the transaction, migration 0043: each
 * statement had rolled every product of the batch up again); every write announces a new
 * catalogue version. Deferring needs a transaction (every caller holds one); outside one the
 * triggers roll up after each statement as before.
 */
export async function writeProductVariants(
  db: Queryable,
  items: readonly ProductVariantsWrite[],
): Promise<void> {
  if (items.length === 0) return;
  const json = JSON.stringify(
    items.map((item) => ({
      sku: item.sku,
      options: item.options.map((o, position) => ({ position, name: o.name, values: o.values })),
      variants: item.variants.map((v, position) => ({
        position,
        sku: v.sku,
        option_values: v.optionValues,
        price: v.price,
        list_price: v.listPrice,
        stock_level: v.stockLevel,
        weight_grams: v.weightGrams,
        barcode: v.barcode,
        image_url: v.imageUrl ?? "",
      })),
    })),
  );
  const given = sql`(select p.id as product_id, t.options, t.variants
    from json_to_recordset(${json}::json) as t(sku text, options json, variants json)
    join products p on p.sku = t.sku)`;
  const options = sql`(select g.product_id, (o->>'position')::int as position, o->>'name' as name,
      array(select json_array_elements_text(o->'values')) as values
    from ${given} g, json_array_elements(g.options) o)`;
  const variants = sql`(select g.product_id, v.*
    from ${given} g, json_to_recordset(g.variants) as v(position int, sku text, option_values text[],
      price bigint, list_price bigint, stock_level int, weight_grams int, barcode text, image_url text))`;
  // The roll-up runs once, at the end, for every product written (migration 0043), not after each statement.
  await db.execute(sql`select set_config('haggle.variant_roll_up', 'deferred', true)`);
  await db.execute(sql`
    delete from product_options po using ${given} g
    where po.product_id = g.product_id
      and not exists (select 1 from ${options} n where n.product_id = po.product_id
        and n.position = po.position and n.name = po.name and n.values = po.values)`);
  await db.execute(sql`
    insert into product_options (product_id, position, name, values)
    select product_id, position, name, values from ${options} n
    on conflict (product_id, position) do nothing`);
  // The default variant becomes the first given one.
  await db.execute(sql`
    update product_variants pv set option_values = n.option_values, sku = n.sku, updated_at = now()
    from ${variants} n
    where pv.product_id = n.product_id and pv.option_values = '{}' and n.position = 0`);
  const dropped = await db.execute(sql`
    select pv.id from product_variants pv join ${given} g on pv.product_id = g.product_id
    where not exists (select 1 from ${variants} n where n.product_id = pv.product_id and n.option_values = pv.option_values)`);
  const droppedIds = (dropped as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (droppedIds.length > 0) {
    const held = await variantsInCarts()(db, droppedIds);
    const gone = droppedIds.filter((id) => !held.has(id));
    if (gone.length > 0)
      await db.execute(sql`delete from product_variants where id = any(${sql.param(gone)}::uuid[])`);
  }
  await db.execute(sql`
    insert into product_variants (product_id, sku, option_values, position, price, list_price, stock_level,
      weight_grams, barcode, image_url)
    select product_id, sku, option_values, position, (price / ${minorUnitsPerUnit()})::numeric(12, 2),
      (list_price / ${minorUnitsPerUnit()})::numeric(12, 2), stock_level, weight_grams, nullif(barcode, ''), image_url
    from ${variants} n
    on conflict (product_id, option_values) do update set
      sku = excluded.sku, position = excluded.position, price = excluded.price, list_price = excluded.list_price,
      stock_level = excluded.stock_level, weight_grams = excluded.weight_grams, barcode = excluded.barcode,
      image_url = excluded.image_url, updated_at = now()
    where (product_variants.sku, product_variants.position, product_variants.price, product_variants.list_price,
        product_variants.stock_level, product_variants.weight_grams, product_variants.barcode, product_variants.image_url)
      is distinct from (excluded.sku, excluded.position, excluded.price, excluded.list_price,
        excluded.stock_level, excluded.weight_grams, excluded.barcode, excluded.image_url)`);
  await db.execute(sql`select product_variants_roll_up(array(select product_id from ${given} as written))`);
  await db.execute(sql`select set_config('haggle.variant_roll_up', '', true)`);
}

/**
 * Locks a product's variants until the transaction ends, in id order: the order checkout and a
 * cancel's return lock them in (after their product), so a grid save racing either waits, never
 * in a cycle. The caller holds the product already.
 */
export async function lockProductVariants(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`
    select id from product_variants where product_id = ${productId} order by id for no key update`);
}

/**
 * The given variant SKUs that another product's variant already has (SKUs are unique in the
 * shop): sku → the SKU of the product holding it.
 */
export async function variantSkusTakenElsewhere(
  db: Queryable,
  wanted: readonly { productSku: string; sku: string }[],
): Promise<Map<string, string>> {
  if (wanted.length === 0) return new Map();
  const json = JSON.stringify(wanted.map((w) => ({ product_sku: w.productSku, sku: w.sku })));
  const result = await db.execute(sql`
    select w.sku, p.sku as holder
    from json_to_recordset(${json}::json) as w(product_sku text, sku text)
    join product_variants pv on pv.sku = w.sku
    join products p on p.id = pv.product_id
    where p.sku <> w.product_sku`);
  const rows = (result as unknown as { rows: { sku: string; holder: string }[] }).rows;
  return new Map(rows.map((r) => [r.sku, r.holder]));
}

/** The variants of the given products that have options, by product and the merchant's order (a feed page's). */
export async function optionVariantsOf(db: Queryable, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
      price: productVariants.price,
      listPrice: productVariants.listPrice,
      stockLevel: productVariants.stockLevel,
      imageUrl: productVariants.imageUrl,
    })
    .from(productVariants)
    .where(
      and(inArray(productVariants.productId, [...productIds]), sql`${productVariants.optionValues} <> '{}'`),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
}

/** What the grid and the export read of a variant. */
const gridColumns = {
  optionValues: productVariants.optionValues,
  sku: productVariants.sku,
  price: productVariants.price,
  listPrice: productVariants.listPrice,
  stockLevel: productVariants.stockLevel,
  weightGrams: productVariants.weightGrams,
  barcode: productVariants.barcode,
  imageUrl: productVariants.imageUrl,
};

/** A product's options and variants in order, for the merchant's grid (null: no such product). */
export async function readProductVariants(db: Queryable, productId: string) {
  const [product] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, productId));
  if (!product) return null;
  const options = await db
    .select({ name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .orderBy(asc(productOptions.position));
  const variants = await db
    .select({ id: productVariants.id, ...gridColumns })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  return {
    productSku: product.sku,
    options,
    variants: variants.map((v) => ({ ...v, barcode: v.barcode ?? "" })),
  };
}

/**
 * A page of every product (hidden ones too) by id with its options and variants, for the export:
 * three indexed reads per page whatever the catalogue's size.
 */
export async function productsWithVariantsPage(db: Queryable, page: { after: string | null; limit: number }) {
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      slug: products.slug,
      name: products.name,
      description: products.description,
      brand: products.brand,
      category: products.category,
      tags: products.tags,
      hidden: products.hidden,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .where(page.after ? gt(products.id, page.after) : undefined)
    .orderBy(asc(products.id))
    .limit(page.limit);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const options = await db
    .select({ productId: productOptions.productId, name: productOptions.name, values: productOptions.values })
    .from(productOptions)
    .where(inArray(productOptions.productId, ids))
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  const variants = await db
    .select({ productId: productVariants.productId, ...gridColumns })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt));
  const byProduct = <T extends { productId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of list) {
      const held = map.get(item.productId);
      if (held) held.push(item);
      else map.set(item.productId, [item]);
    }
    return map;
  };
  const optionsOf = byProduct(options);
  const variantsOf = byProduct(variants);
  return rows.map((r) => ({
    ...r,
    options: optionsOf.get(r.id) ?? [],
    variants: (variantsOf.get(r.id) ?? []).map((v) => ({ ...v, barcode: v.barcode ?? "" })),
  }));
}
