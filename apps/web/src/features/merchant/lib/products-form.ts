import {
  CreateProductSchema,
  type MerchantProduct,
  MerchantProductSchema,
  type UpdateProductData,
} from "@haggle/contract/merchant";
import { z } from "zod";

/** The product form as typed: text everywhere, except the hidden switch. */
export interface ProductFormValues {
  sku: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  price: string;
  listPrice: string;
  stockLevel: string;
  imageUrl: string;
  tags: string;
  hidden: boolean;
}

export type ProductField = keyof ProductFormValues;
export type ProductData = z.output<typeof CreateProductSchema>;

/** The fields in the order the form shows them (the first invalid one gets the focus). */
export const PRODUCT_FIELDS: readonly ProductField[] = [
  "sku",
  "name",
  "description",
  "brand",
  "category",
  "price",
  "listPrice",
  "stockLevel",
  "imageUrl",
  "tags",
  "hidden",
];

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: "",
  name: "",
  description: "",
  brand: "",
  category: "",
  price: "",
  listPrice: "",
  stockLevel: "",
  imageUrl: "",
  tags: "",
  hidden: false,
};

export function productFormValues(product: MerchantProduct): ProductFormValues {
  // The form shows what the merchant types: the product as the API writes it (prices in dollars).
  const typed = z.encode(MerchantProductSchema, product);
  return {
    sku: product.sku,
    name: product.name,
    description: product.description,
    brand: product.brand,
    category: product.category,
    price: String(typed.price),
    listPrice: String(typed.listPrice),
    stockLevel: String(product.stockLevel),
    imageUrl: product.imageUrl,
    tags: product.tags.join(", "),
    hidden: product.hidden,
  };
}

/** An empty box is not a number (the schema says "... must be a number."), not zero. */
function toNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/**
 * The form as typed, read into the contract's CreateProductSchema: the server's own rules and
 * sentences, each on the field it is about.
 */
export const ProductFormSchema = z
  .object({
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    brand: z.string(),
    category: z.string(),
    price: z.string(),
    listPrice: z.string(),
    stockLevel: z.string(),
    imageUrl: z.string(),
    tags: z.string(),
    hidden: z.boolean(),
  })
  .transform(
    (values): z.input<typeof CreateProductSchema> => ({
      ...values,
      price: toNumber(values.price),
      listPrice: toNumber(values.listPrice),
      stockLevel: toNumber(values.stockLevel),
      tags: splitTags(values.tags),
    }),
  )
  .pipe(CreateProductSchema) satisfies z.ZodType<ProductData, ProductFormValues>;

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** Only what differs from the product as loaded: the body of the PATCH. */
export function changedProductFields(original: MerchantProduct, data: ProductData): UpdateProductData {
  const changes: UpdateProductData = {};
  if (data.sku !== original.sku) changes.sku = data.sku;
  if (data.name !== original.name) changes.name = data.name;
  if (data.description !== original.description.trim()) changes.description = data.description;
  if (data.brand !== original.brand) changes.brand = data.brand;
  if (data.category !== original.category) changes.category = data.category;
  if (data.price !== original.price) changes.price = data.price;
  if (data.listPrice !== original.listPrice) changes.listPrice = data.listPrice;
  if (data.stockLevel !== original.stockLevel) changes.stockLevel = data.stockLevel;
  if (data.imageUrl !== original.imageUrl) changes.imageUrl = data.imageUrl;
  if (!sameTags(data.tags, original.tags)) changes.tags = data.tags;
  if (data.hidden !== original.hidden) changes.hidden = data.hidden;
  return changes;
}
