import { z } from "zod";
import { MoneySchema, moneyInput } from "./money.ts";

/**
 * A product's options and variants as the merchant sends them: the variant grid and a JSON
 * lines import (prices in dollars on the wire, cents once parsed). At most three options, each a
 * name and its ordered values; one variant per combination sold, naming one value per option in
 * the options' order. A combination left out is not sold.
 */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be from ${min} to ${max}.`)
    .max(max, `${label} must be from ${min} to ${max}.`);

const name = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} can be at most ${max} characters.`);

/** A product's or a variant's SKU as the merchant types it. */
export const VariantSkuSchema = z
  .string({ error: "SKU is required." })
  .trim()
  .min(1, "SKU is required.")
  .max(40, "SKU can be at most 40 characters.")
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "SKU may contain only letters, digits, dots, dashes and underscores.",
  );

export const ProductOptionInputSchema = z
  .object({
    name: name("Option name", 40),
    values: z
      .array(name("Option value", 60))
      .min(1, "An option needs at least one value.")
      .max(100, "An option can have at most 100 values."),
  })
  .meta({ id: "ProductOptionInput" });

export const ProductVariantInputSchema = z
  .object({
    optionValues: z.array(z.string().trim()).max(3),
    sku: VariantSkuSchema,
    price: moneyInput("Price", 0.01, 1_000_000),
    listPrice: moneyInput("List price", 0.01, 1_000_000),
    stockLevel: whole("Stock", 0, 1_000_000),
    weightGrams: whole("Weight", 0, 1_000_000).nullable().optional().default(null),
    barcode: z.string().trim().max(40, "Barcode can be at most 40 characters.").optional().default(""),
    /** Empty: the product's picture. */
    imageUrl: z
      .string()
      .trim()
      .max(2000, "Image URL can be at most 2000 characters.")
      .refine(
        (u) => u === "" || u.startsWith("/images/") || /^https:\/\/[^\s]+$/.test(u),
        "Image URL must start with https:// or /images/, or be empty.",
      )
      .optional()
      .default(""),
  })
  .meta({ id: "ProductVariantInput" });

function sameText(a: string, b: string) {
  return a.toLowerCase() === b.toLowerCase();
}

/** Why a set of options and variants cannot be a product's, and where (a path into the input). */
export interface VariantsProblem {
  message: string;
  path: (string | number)[];
}

/** Why a set of options and variants cannot be a product's, and the field it is about; or null. */
export function variantsProblemAt(input: {
  options: readonly { name: string; values: readonly string[] }[];
  variants: readonly { optionValues: readonly string[]; sku: string; price: number; listPrice: number }[];
}): VariantsProblem | null {
  const { options, variants } = input;
  const at = (message: string, ...path: (string | number)[]): VariantsProblem => ({ message, path });
  if (options.length > 3) return at("A product can have at most three options.", "options");
  if (options.length === 0) return at("Give the product at least one option (for example Size).", "options");
  for (const [i, o] of options.entries()) {
    if (options.findIndex((p) => sameText(p.name, o.name)) !== i)
      return at(`Two options are named ${o.name}.`, "options", i, "name");
    const j = o.values.findIndex((v, k) => o.values.findIndex((w) => sameText(w, v)) !== k);
    if (j >= 0) return at(`${o.name} lists ${o.values[j]} twice.`, "options", i, "values", j);
  }
  if (variants.length === 0) return at("Sell at least one combination.", "variants");
  const seen = new Set<string>();
  const skus = new Set<string>();
  for (const [k, v] of variants.entries()) {
    if (v.optionValues.length !== options.length)
      return at(
        `Variant ${v.sku} must give one value for each option (${options.map((o) => o.name).join(", ")}).`,
        "variants",
        k,
        "optionValues",
      );
    for (const [i, value] of v.optionValues.entries()) {
      const option = options[i];
      if (option && !option.values.includes(value))
        return at(`${option.name} has no value ${value} (variant ${v.sku}).`, "variants", k, "optionValues");
    }
    const key = JSON.stringify(v.optionValues);
    if (seen.has(key))
      return at(
        `The combination ${v.optionValues.join(" / ")} is listed twice.`,
        "variants",
        k,
        "optionValues",
      );
    seen.add(key);
    if (skus.has(v.sku.toLowerCase())) return at(`Two variants have the SKU ${v.sku}.`, "variants", k, "sku");
    skus.add(v.sku.toLowerCase());
    if (v.listPrice < v.price)
      return at(`The list price of ${v.sku} cannot be lower than its price.`, "variants", k, "listPrice");
  }
  return null;
}

/** Why a set of options and variants cannot be a product's, or null. */
export function variantsProblem(input: Parameters<typeof variantsProblemAt>[0]): string | null {
  return variantsProblemAt(input)?.message ?? null;
}

/** PUT /api/merchant/products/{id}/variants, and a JSON lines import row's `options` and `variants`. */
export const ProductVariantsInputSchema = z
  .object({
    options: z.array(ProductOptionInputSchema).max(3, "A product can have at most three options."),
    variants: z.array(ProductVariantInputSchema).max(300, "A product can have at most 300 variants."),
  })
  .superRefine((input, ctx) => {
    const problem = variantsProblemAt(input);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
  })
  .meta({ id: "ProductVariantsInput" });
export type ProductVariantsInput = z.input<typeof ProductVariantsInputSchema>;
export type ProductVariantsData = z.output<typeof ProductVariantsInputSchema>;

/** A variant as the merchant's grid reads it. */
export const MerchantVariantSchema = z
  .object({
    id: z.string(),
    optionValues: z.array(z.string()),
    sku: z.string(),
    price: MoneySchema,
    listPrice: MoneySchema,
    stockLevel: z.number().int(),
    weightGrams: z.number().int().nullable(),
    barcode: z.string(),
    imageUrl: z.string().meta({ description: "The variant's own picture; empty: the product's" }),
  })
  .meta({ id: "MerchantVariant" });

/** GET and PUT /api/merchant/products/{id}/variants: the options and the variants sold, in order. */
export const MerchantVariantsSchema = z
  .object({
    productId: z.string(),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variants: z.array(MerchantVariantSchema),
  })
  .meta({ id: "MerchantVariants" });
export type MerchantVariants = z.infer<typeof MerchantVariantsSchema>;
