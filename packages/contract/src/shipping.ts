import { z } from "zod";
import { MoneySchema, moneyInput } from "./money.ts";
import { CheckoutAddressSchema } from "./orders.ts";

/** An amount the merchant typed: dollars on the wire, cents once parsed, from $0. */
const amount = (label: string) => moneyInput(label, 0, 1_000_000);
const grams = z
  .number({ error: "A band's upper weight must be a number of grams." })
  .int("A band's upper weight is whole grams.")
  .min(0, "A band's upper weight cannot be negative.")
  .nullable();
const code = (pattern: RegExp, sentence: string) => z.string().trim().toUpperCase().regex(pattern, sentence);

/** Where a zone ships: a country (ISO 3166-1 alpha-2, or "*" for the rest of the world), optionally narrowed. */
export const ZonePlaceSchema = z.object({
  country: code(
    /^([A-Z]{2}|\*)$/,
    'A country is its two-letter ISO code, such as DE or US, or "*" for everywhere else.',
  ),
  /** Subdivision codes ("CA", "ON"); none: the whole country. */
  regions: z
    .array(
      code(/^[A-Z0-9]{1,3}$/, "A region is its code of one to three letters or digits, such as CA or ON."),
    )
    .max(100)
    .optional(),
  /** Postal-code prefixes ("10", "SW1"); none: every postal code. */
  postalPrefixes: z
    .array(
      code(/^[A-Z0-9 -]{1,10}$/, "A postal-code prefix is one to ten letters or digits, such as 10 or SW1."),
    )
    .max(500)
    .optional(),
});

export const MethodPriceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("flat"), amount: amount("The flat price") }),
    z.object({
      kind: z.literal("weight"),
      bands: z
        .array(z.object({ upToGrams: grams, amount: amount("A band's price") }))
        .min(1, "A price by weight needs at least one band.")
        .max(50),
    }),
    z.object({
      kind: z.literal("value"),
      bands: z
        .array(
          z.object({
            upTo: amount("A band's upper order value").nullable(),
            amount: amount("A band's price"),
          }),
        )
        .min(1, "A price by order value needs at least one band.")
        .max(50),
    }),
  ],
  { error: "A method is priced flat, by weight or by order value." },
);

const days = z
  .number({ error: "Delivery days must be a number." })
  .int("Delivery days are whole days.")
  .min(0, "Delivery days cannot be negative.")
  .max(365, "Delivery days are at most 365.");

export const ShippingMethodBodySchema = z.object({
  /**
   * The method this one is, when editing a zone (its id from the zone's answer): it keeps its id,
   * so a shopper or an agent who chose it can still check out with it. Without: a new method.
   */
  id: z.uuid({ error: "A method's id is the id the zone's answer gave it." }).optional(),
  name: z
    .string({ error: "A method needs a name." })
    .trim()
    .min(1, "A method needs a name, such as Standard or Express.")
    .max(60, "A method's name is at most 60 characters."),
  price: MethodPriceSchema,
  /** Free at or above this order value (after discounts); null: never free. */
  freeOver: amount("The free-over amount").nullable(),
  /** Delivery estimate in business days. */
  days: z.object({ min: days, max: days }),
});
export type ShippingMethodBody = z.infer<typeof ShippingMethodBodySchema>;

/** POST /api/merchant/shipping/zones and PUT .../{id}: a zone with its methods, as a whole. */
export const ShippingZoneBodySchema = z
  .object({
    name: z
      .string({ error: "A zone needs a name." })
      .trim()
      .min(1, "A zone needs a name, such as Europe.")
      .max(80, "A zone's name is at most 80 characters."),
    places: z.array(ZonePlaceSchema).min(1, "A zone ships somewhere: add a country.").max(300),
    methods: z.array(ShippingMethodBodySchema).min(1, "A zone needs at least one shipping method.").max(20),
  })
  .meta({ id: "ShippingZoneBody" });
export type ShippingZoneBody = z.infer<typeof ShippingZoneBodySchema>;
export type ShippingZoneBodyInput = z.input<typeof ShippingZoneBodySchema>;

const MethodPriceAnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("flat"), amount: MoneySchema }),
  z.object({
    kind: z.literal("weight"),
    bands: z.array(z.object({ upToGrams: z.number().int().nullable(), amount: MoneySchema })),
  }),
  z.object({
    kind: z.literal("value"),
    bands: z.array(z.object({ upTo: MoneySchema.nullable(), amount: MoneySchema })),
  }),
]);

export const ShippingMethodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: MethodPriceAnswerSchema,
    freeOver: MoneySchema.nullable(),
    days: z.object({ min: z.number().int(), max: z.number().int() }),
  })
  .meta({ id: "ShippingMethod" });
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

export const ShippingZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    places: z.array(ZonePlaceSchema),
    methods: z.array(ShippingMethodSchema),
  })
  .meta({ id: "ShippingZone" });
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

/** GET /api/merchant/shipping: the zones, the sentences to fix, and how many products lack a weight. */
export const ShippingSettingsSchema = z
  .object({
    zones: z.array(ShippingZoneSchema),
    problems: z.array(z.string()),
    /** Products with a variant that has no weight (it counts as 0 in weight bands). */
    productsWithoutWeight: z.number().int(),
  })
  .meta({ id: "ShippingSettings" });
export type ShippingSettings = z.infer<typeof ShippingSettingsSchema>;

/** One way the cart can ship to an address, priced by the cart's own quote. */
export const ShippingOptionSchema = z
  .object({
    methodId: z.string(),
    name: z.string(),
    amount: MoneySchema,
    days: z.object({ min: z.number().int(), max: z.number().int() }),
    /** The cart's tax and total with this method, at this address. */
    tax: MoneySchema,
    total: MoneySchema,
  })
  .meta({ id: "ShippingOption" });
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

/** POST /api/checkout/shipping-options: the address to price the cart's shipping for. */
export const ShippingOptionsBodySchema = z.object({ address: CheckoutAddressSchema });
export type ShippingOptionsBody = z.infer<typeof ShippingOptionsBodySchema>;

/**
 * The cart's shipping at an address: `zones` false when the shop charges its flat fee (nothing to
 * choose); otherwise the options cheapest first, or `unserved` with the sentence to show.
 */
export const ShippingOptionsSchema = z
  .object({
    zones: z.boolean(),
    options: z.array(ShippingOptionSchema),
    unserved: z.string().nullable(),
  })
  .meta({ id: "ShippingOptions" });
export type ShippingOptions = z.infer<typeof ShippingOptionsSchema>;
