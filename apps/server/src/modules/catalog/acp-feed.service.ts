import { shopCurrency } from "@haggle/domain/pricing/money";
import type { AcpFeed } from "@haggle/contract/acp";
import { variantName } from "@haggle/domain/catalog/variant-name";
import type { Queryable } from "../../platform/db/client.ts";
import { optionVariantsOf } from "./product-variants.store.ts";
import { visibleProductsForFeed } from "./products.store.ts";

const absolute = (url: string, publicUrl: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;

/**
 * The visible catalogue as the ACP feed's ProductsResponse, one variant per variant sold: a
 * product without options is one variant whose id is the product id; a product with options
 * lists each variant with its own id (the `items[].id` a checkout session takes), name ("Trail
 * Tee — M / Black"), page address (`?variant=`), price and availability, the product being the
 * group that holds them (the spec's products are what flat feeds call `item_group_id`). Prices
 * in cents at today's price, with the list price when it is higher. A page of products at a
 * time, by id; `next` is the next page's path, or null on the last page.
 */
export async function acpFeed(
  db: Queryable,
  shop: { publicUrl: string; shopName: string },
  page: { after?: string | undefined; limit: number },
): Promise<{ feed: AcpFeed; next: string | null }> {
  const { publicUrl } = shop;
  // One row more than the page says whether another page follows.
  const read = await visibleProductsForFeed(db, { after: page.after, limit: page.limit + 1 });
  const rows = read.slice(0, page.limit);
  const last = rows.at(-1);
  const next = read.length > page.limit && last ? `/acp/feed?limit=${page.limit}&after=${last.id}` : null;
  const variants = new Map<string, Awaited<ReturnType<typeof optionVariantsOf>>>();
  for (const v of await optionVariantsOf(
    db,
    rows.map((p) => p.id),
  )) {
    const list = variants.get(v.productId);
    if (list) list.push(v);
    else variants.set(v.productId, [v]);
  }
  const availability = (inStock: boolean) => ({
    available: inStock,
    status: inStock ? ("in_stock" as const) : ("out_of_stock" as const),
  });
  const currency = shopCurrency();
  const prices = (price: number, listPrice: number) => ({
    price: { amount: price, currency },
    ...(listPrice > price ? { list_price: { amount: listPrice, currency } } : {}),
  });
  const feed: AcpFeed = {
    products: rows.map((p) => {
      const url = `${publicUrl}/products/${p.slug}`;
      const available = p.inStock && p.stockLevel > 0;
      return {
        id: p.id,
        title: p.name,
        description: { plain: p.description },
        url,
        media: p.imageUrl
          ? [{ type: "image" as const, url: absolute(p.imageUrl, publicUrl), alt_text: p.name }]
          : [],
        variants: (variants.get(p.id) ?? [{ ...p, optionValues: [] as string[] }]).map((v) => ({
          id: v.id,
          title: variantName(p.name, v.optionValues),
          url: v.id === p.id ? url : `${url}?variant=${v.id}`,
          ...prices(v.price, v.listPrice),
          availability: availability(v.id === p.id ? available : v.stockLevel > 0),
          categories: [{ value: p.category }],
          seller: { name: shop.shopName },
        })),
      };
    }),
  };
  return { feed, next };
}
