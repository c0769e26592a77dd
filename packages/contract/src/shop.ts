import { z } from "zod";
import { MoneySchema } from "./money.ts";
import { TaxRateBodySchema } from "./taxes.ts";

/**
 * The API spec's shapes for the shop, its tax rates and the checkout's shipping options: thin
 * routes over the same services as Settings → Currency, Taxes and Shipping (which keep theirs).
 */

/** GET /api/shop: the shop's name, currency, whether its prices include tax, and its locale. */
export const ShopSchema = z
  .object({
    name: z.string(),
    currency: z.string().meta({ description: "ISO 4217 code, such as USD, EUR or JPY" }),
    pricesIncludeTax: z.boolean(),
    locale: z.string().meta({ description: "BCP 47 tag amounts are written in, such as en-US or de-DE" }),
  })
  .meta({ id: "Shop" });
export type Shop = z.infer<typeof ShopSchema>;

/** PUT /api/merchant/shop: any of the three; absent ones stay. */
export const ShopBodySchema = z
  .object({
    currency: z
      .string({ error: "currency must be an ISO 4217 code, such as USD, EUR or JPY." })
      .trim()
      .min(1, "currency must be an ISO 4217 code, such as USD, EUR or JPY.")
      .optional(),
    pricesIncludeTax: z.boolean({ error: "pricesIncludeTax must be true or false." }).optional(),
    locale: z
      .string({ error: "locale must be a BCP 47 tag, such as en-US, de-DE or ja-JP." })
      .trim()
      .optional(),
  })
  .refine(
    (b) => b.currency !== undefined || b.pricesIncludeTax !== undefined || b.locale !== undefined,
    "Give currency, pricesIncludeTax or locale to change.",
  )
  .meta({ id: "ShopBody" });
export type ShopBody = z.infer<typeof ShopBodySchema>;

/** One rate of GET/PUT /api/merchant/tax-rates. */
export const SpecTaxRateSchema = z
  .object({
    country: z.string(),
    region: z.string().nullable(),
    ratePercent: z.number(),
    appliesToShipping: z.boolean(),
    /** What the receipt calls it ("VAT", "Sales tax"). */
    name: z.string(),
  })
  .meta({ id: "SpecTaxRate" });
export const SpecTaxRatesSchema = z.array(SpecTaxRateSchema);

/** The body of PUT /api/merchant/tax-rates: the whole table of rates by place (the same checks as one rate's). */
export const SpecTaxRatesBodySchema = z
  .array(
    TaxRateBodySchema.omit({ taxShipping: true, name: true }).extend({
      appliesToShipping: z.boolean({ error: "appliesToShipping must be true or false." }),
      name: TaxRateBodySchema.shape.name.optional(),
    }),
    { error: "The body is the list of rates: [{country, region?, ratePercent, appliesToShipping}]." },
  )
  .max(500, "A shop can have at most 500 rates.");
export type SpecTaxRatesBody = z.infer<typeof SpecTaxRatesBodySchema>;

const placeText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(max, `${label} is at most ${max} characters.`);

/** GET /api/checkout/shipping-options: a saved address, or a place. */
export const SpecShippingOptionsQuerySchema = z
  .object({
    addressId: z.uuid({ error: "addressId must be the id of one of your addresses." }).optional(),
    country: z
      .string({ error: "country must be text." })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "A country is its two-letter ISO code, such as DE or US.")
      .optional(),
    region: placeText("region", 10).optional(),
    postalCode: placeText("postalCode", 20).optional(),
  })
  .refine(
    (q) => q.addressId !== undefined || q.country !== undefined,
    "Give addressId, or country (with region and postalCode where they matter).",
  );
export type SpecShippingOptionsQuery = z.infer<typeof SpecShippingOptionsQuerySchema>;

export const SpecShippingOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: MoneySchema,
    deliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
  })
  .meta({ id: "SpecShippingOption" });
export const SpecShippingOptionsSchema = z.array(SpecShippingOptionSchema);
