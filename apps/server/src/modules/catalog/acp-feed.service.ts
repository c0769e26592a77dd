import type { AcpFeed } from "@haggle/contract/acp";
import type { Queryable } from "../../platform/db/client.ts";
import { visibleProductsForFeed } from "./products.store.ts";

const absolute = (url: string, publicUrl: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;

/**
 * The visible catalogue as the ACP feed's ProductsResponse: a product is one variant whose id is
 * the product id (the `items[].id` a checkout session takes), priced in cents at today's price,
 * with the list price when it is higher. A page at a time, by id; `next` is the next page's
 * path, or null on the last page.
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
        variants: [
          {
            id: p.id,
            title: p.name,
            url,
            price: { amount: p.price, currency: "USD" },
            ...(p.listPrice > p.price ? { list_price: { amount: p.listPrice, currency: "USD" } } : {}),
            availability: {
              available,
              status: available ? ("in_stock" as const) : ("out_of_stock" as const),
            },
            categories: [{ value: p.category }],
            seller: { name: shop.shopName },
          },
        ],
      };
    }),
  };
  return { feed, next };
}
