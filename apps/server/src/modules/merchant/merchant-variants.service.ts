import type { MerchantVariants, ProductVariantsData } from "@haggle/contract/product-variants";
import { conflict, notFound } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import { lockCartsNegotiatedOn, voidStaleOffersOnPriceChange } from "../cart/index.ts";
import {
  lockMerchantProduct,
  lockProductVariants,
  readProductVariants,
  variantSkusTakenElsewhere,
  writeProductVariants,
} from "../catalog/index.ts";

const NO_SUCH_PRODUCT = "No product has that id.";

/** A product's options and variants for the merchant's grid. */
export async function getMerchantVariants(db: Db, productId: string): Promise<MerchantVariants> {
  const read = await readProductVariants(db, productId);
  if (!read) throw notFound(NO_SUCH_PRODUCT);
  return { productId, options: read.options, variants: read.variants };
}

/**
 * Makes the product's options and variants the grid's: combinations left out are no longer
 * sold, a variant SKU another product holds is refused (409, SKUs are unique in the shop). As
 * a product's price change does, a variant's new price voids in the same transaction the standing
 * offers Ava computed on the old one (an applied price lapses when the cart is next read).
 */
export async function putMerchantVariants(
  db: Db,
  productId: string,
  input: ProductVariantsData,
): Promise<MerchantVariants> {
  await db.transaction(async (tx) => {
    // Checkout's order: the carts, then the product, then its variants by id (the statements
    // below would otherwise lock variants in the grid's order, not checkout's).
    const carts = await lockCartsNegotiatedOn(tx, [productId]);
    const product = await lockMerchantProduct(tx, productId);
    if (!product) throw notFound(NO_SUCH_PRODUCT);
    await lockProductVariants(tx, productId);
    const taken = await variantSkusTakenElsewhere(
      tx,
      input.variants.map((v) => ({ productSku: product.sku, sku: v.sku })),
    );
    const [sku, holder] = [...taken][0] ?? [];
    if (sku) throw conflict(`SKU ${sku} is taken by product ${holder}.`, "DUPLICATE_SKU");
    await writeProductVariants(tx, [{ sku: product.sku, options: input.options, variants: input.variants }]);
    await voidStaleOffersOnPriceChange(tx, carts);
  });
  return getMerchantVariants(db, productId);
}
