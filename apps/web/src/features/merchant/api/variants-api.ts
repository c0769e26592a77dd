import { type MerchantProduct, MerchantProductSchema } from "@haggle/contract/merchant";
import {
  type MerchantVariants,
  MerchantVariantsSchema,
  type ProductVariantsData,
  ProductVariantsInputSchema,
} from "@haggle/contract/product-variants";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { productsQueryKey } from "./products-api";

export function productVariantsQueryKey(productId: string) {
  return [...productsQueryKey, "variants", productId] as const;
}

export function merchantProductQueryKey(productId: string) {
  return [...productsQueryKey, "one", productId] as const;
}

const path = (productId: string) => `/api/merchant/products/${encodeURIComponent(productId)}`;

/** GET /api/merchant/products/:id: one product, hidden or not. */
export function fetchMerchantProduct(productId: string, signal?: AbortSignal): Promise<MerchantProduct> {
  return apiFetch(path(productId), { schema: MerchantProductSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/merchant/products/:id/variants: the options and the variants sold, in order. */
export function fetchProductVariants(productId: string, signal?: AbortSignal): Promise<MerchantVariants> {
  return apiFetch(`${path(productId)}/variants`, {
    schema: MerchantVariantsSchema,
    ...(signal ? { signal } : {}),
  });
}

/** PUT /api/merchant/products/:id/variants; the data has passed the contract's schema (cents), sent encoded. */
export function saveProductVariants(
  productId: string,
  input: ProductVariantsData,
): Promise<MerchantVariants> {
  return apiFetch(`${path(productId)}/variants`, {
    method: "PUT",
    body: z.encode(ProductVariantsInputSchema, input),
    schema: MerchantVariantsSchema,
  });
}
