import {
  type CreateProductData,
  CreateProductSchema,
  type MerchantProduct,
  type MerchantProductList,
  MerchantProductListSchema,
  MerchantProductSchema,
  type UpdateProductData,
  UpdateProductSchema,
  type UploadedImage,
  UploadedImageSchema,
} from "@haggle/contract/merchant";
import { type ProductList, ProductListSchema } from "@haggle/contract/products";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export type ProductVisibility = "all" | "visible" | "hidden";

export interface ProductListParams {
  q: string;
  visibility: ProductVisibility;
  page: number;
  pageSize: number;
}

export const productsQueryKey = [...merchantQueryKey, "products"] as const;

export function productListQueryKey(params: ProductListParams) {
  return [...productsQueryKey, "list", params] as const;
}

export function productListPath({ q, visibility, page, pageSize }: ProductListParams): string {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (visibility !== "all") search.set("visibility", visibility);
  search.set("page", String(page));
  search.set("pageSize", String(pageSize));
  return `/api/merchant/products?${search}`;
}

/** GET /api/merchant/products: hidden products included, ordered by name. */
export function fetchMerchantProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<MerchantProductList> {
  return apiFetch(productListPath(params), {
    schema: MerchantProductListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/merchant/products; the data has already passed CreateProductSchema (cents), sent encoded. */
export function createProduct(input: CreateProductData): Promise<MerchantProduct> {
  return apiFetch("/api/merchant/products", {
    method: "POST",
    body: z.encode(CreateProductSchema, input),
    schema: MerchantProductSchema,
  });
}

/** PATCH /api/merchant/products/:id with only the fields that changed. */
export function updateProduct(id: string, changes: UpdateProductData): Promise<MerchantProduct> {
  return apiFetch(`/api/merchant/products/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: z.encode(UpdateProductSchema, changes),
    schema: MerchantProductSchema,
  });
}

/** POST /api/merchant/images: the picture's bytes; answers the URL it is served under. */
export function uploadProductImage(file: File): Promise<UploadedImage> {
  return apiFetch("/api/merchant/images", { method: "POST", file, schema: UploadedImageSchema });
}

/** The shop's categories and brands, from the catalogue's facets (one product is enough to carry them). */
export function fetchCatalogFacets(signal?: AbortSignal): Promise<ProductList["facets"]> {
  return apiFetch("/api/products?pageSize=1", {
    schema: ProductListSchema,
    ...(signal ? { signal } : {}),
  }).then((list) => list.facets);
}
