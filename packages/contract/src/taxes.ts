import { z } from "zod";

/** A tax rate by place as the merchant sees it; rates are percents with up to three decimals (6.875). */
export const TaxRateSchema = z
  .object({
    /** ISO 3166-1 alpha-2, upper case. */
    country: z.string(),
    /** A subdivision ("CA", "ON"), or null for the whole country. */
    region: z.string().nullable(),
    /** What the receipt calls it: "VAT", "Sales tax", "GST", "HST". */
    name: z.string(),
    ratePercent: z.number(),
    taxShipping: z.boolean(),
    /** A region's rate that stands instead of its country's (Canada's HST). */
    replacesCountry: z.boolean(),
    /** The standard table's rate a reset returns to; null for a rate the merchant added. */
    standardRatePercent: z.number().nullable(),
    /** Whether the rate differs from the standard table's. */
    edited: z.boolean(),
  })
  .meta({ id: "TaxRate" });
export type TaxRate = z.infer<typeof TaxRateSchema>;

/** GET /api/merchant/taxes: the shop's choices and its table. */
export const TaxSettingsSchema = z
  .object({
    /** Rates by place apply; off, the shop's single rate (pricing settings) applies to every address. */
    byPlace: z.boolean(),
    /** EU/UK style (prices include tax) or US style (tax added at checkout). */
    pricesIncludeTax: z.boolean(),
    /** The shop's single rate, in percent: every address's without places, else where no rate applies. */
    fallbackRatePercent: z.number(),
    /** The date of the standard table the rates were seeded from. */
    standardRatesDated: z.string(),
    rates: z.array(TaxRateSchema),
  })
  .meta({ id: "TaxSettings" });
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

/** PUT /api/merchant/taxes: the shop's choices. */
export const TaxChoicesBodySchema = z.object({
  byPlace: z.boolean({ error: "byPlace must be true or false." }),
  pricesIncludeTax: z.boolean({ error: "pricesIncludeTax must be true or false." }),
});
export type TaxChoicesBody = z.infer<typeof TaxChoicesBodySchema>;

const placeCode = (label: string, pattern: RegExp, sentence: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .toUpperCase()
    .regex(pattern, sentence);

/** PUT /api/merchant/taxes/rates: one place's rate, created or replaced. */
export const TaxRateBodySchema = z.object({
  country: placeCode("country", /^[A-Z]{2}$/, "A country is its two-letter ISO code, such as DE or US."),
  region: placeCode(
    "region",
    /^[A-Z0-9]{1,3}$/,
    "A region is its code of one to three letters or digits, such as CA or ON.",
  )
    .nullable()
    .optional()
    .default(null),
  name: z
    .string({ error: "name must be text." })
    .trim()
    .min(1, "Give the tax a name, such as VAT or Sales tax.")
    .max(30, "A tax's name can be at most 30 characters."),
  ratePercent: z
    .number({ error: "The rate must be a number." })
    .min(0, "The rate cannot be negative.")
    .max(100, "The rate can be at most 100%.")
    .refine(
      (n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6,
      "The rate can have at most three decimals.",
    ),
  taxShipping: z.boolean({ error: "taxShipping must be true or false." }),
  replacesCountry: z.boolean({ error: "replacesCountry must be true or false." }).optional().default(false),
});
export type TaxRateBody = z.infer<typeof TaxRateBodySchema>;

/** POST /api/merchant/taxes/rates/reset: a place back to the standard table's rate. */
export const TaxRateResetBodySchema = z.object({
  country: placeCode("country", /^[A-Z]{2}$/, "A country is its two-letter ISO code, such as DE or US."),
  region: placeCode("region", /^[A-Z0-9]{1,3}$/, "A region is its code of one to three letters or digits.")
    .nullable()
    .optional()
    .default(null),
});
export type TaxRateResetBody = z.infer<typeof TaxRateResetBodySchema>;

/** GET /api/shop/taxes: what the storefront writes beside prices. */
export const ShopTaxDisplaySchema = z
  .object({
    pricesIncludeTax: z.boolean(),
    /** "incl. VAT", "+ tax", or null when the shop shows no note (its single rate added at checkout). */
    priceNote: z.string().nullable(),
  })
  .meta({ id: "ShopTaxDisplay" });
export type ShopTaxDisplay = z.infer<typeof ShopTaxDisplaySchema>;
