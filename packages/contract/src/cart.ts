import { z } from "zod";
import { MoneySchema } from "./money.ts";
import { MAX_LINE_QUANTITY } from "./limits.ts";
import { ProductSchema } from "./products.ts";
import { CartDiscountCodeSchema } from "./discounts.ts";

export { MAX_LINE_QUANTITY };

export const SummarySchema = z
  .object({
    itemCount: z.number().int(),
    /** The lines at the shop's prices, before Ava's discount: the sum of the lines' lineTotal. */
    subtotal: MoneySchema,
    /** Ava's discount: everything the applied negotiated offer takes off the subtotal (0 without one). */
    discount: MoneySchema,
    shipping: MoneySchema,
    /** What the discount code takes off the goods (0 without one). subtotal - discount - codeDiscount + shipping + tax = total. */
    codeDiscount: MoneySchema.optional(),
    /** Added to the total; with taxIncluded, the tax the prices already hold (not added). */
    tax: MoneySchema,
    /** Only when the shop taxes by place: whether prices include the tax (EU/UK style). */
    taxIncluded: z.boolean().optional(),
    /** Only when the shop taxes by place: what the tax is called at this address ("VAT", "Sales tax"). */
    taxLabel: z.string().optional(),
    total: MoneySchema,
    savings: MoneySchema,
    /** The currency every amount is in (ISO 4217): the shop's. */
    currency: z.string().meta({ description: "ISO 4217 code of every amount, such as USD, EUR or JPY" }),
  })
  .meta({ id: "Summary" });
export type Summary = z.infer<typeof SummarySchema>;

export const OfferSchema = z
  .object({
    id: z.string(),
    discountPercent: z.number(),
    discountAmount: MoneySchema,
    itemAdjustments: z.array(z.object({ cartItemId: z.string(), newPrice: MoneySchema })),
    /** A bundled product is one without options: it joins the cart as its default variant. */
    newItems: z.array(z.object({ productId: z.string(), quantity: z.number().int(), price: MoneySchema })),
    expiresAt: z.string(),
    status: z.string(),
  })
  .meta({ id: "Offer" });
export type Offer = z.infer<typeof OfferSchema>;

export const CartItemSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    /** The variant the line buys: its price and stock are the line's. */
    variantId: z.string(),
    /** The line's name: the product's, then the variant's option values ("Trail Tee — M / Black"). */
    name: z.string(),
    /** The variant's option values alone ("M / Black"); empty for a product without options. */
    variantTitle: z.string(),
    sku: z.string(),
    /** The variant's picture, else the product's. */
    imageUrl: z.string(),
    /** The variant's units in stock. */
    stockLevel: z.number().int(),
    quantity: z.number().int(),
    /** What one unit costs in this cart: the negotiated price once Ava's offer is applied. */
    unitPrice: MoneySchema,
    /** The shop's price of one unit before Ava's discount. */
    regularPrice: MoneySchema,
    /** regularPrice x quantity: the line as shown; Ava's discount is the summary's own line. */
    lineTotal: MoneySchema,
    /** The variant's list price. */
    listPrice: MoneySchema,
    /** The product the variant belongs to (its price is the product's "from" price). */
    product: ProductSchema,
  })
  .meta({ id: "CartItem" });
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z
  .object({
    id: z.string(),
    status: z.enum(["active", "converted"]),
    items: z.array(CartItemSchema),
    summary: SummarySchema,
    offer: OfferSchema.nullable(),
    /**
     * Why Ava's discount is no longer applied, while the cart still shows it: a price it was
     * computed on changed, or it expired. Null otherwise; gone once the cart changes or a new
     * offer is applied.
     */
    discountNotice: z.string().nullable(),
    /** The discount code entered on this cart, with its discount or why it does not apply; null without one. */
    discountCode: CartDiscountCodeSchema.nullable().optional(),
    /** Sentences about what a merge could not do (sold out, capped at stock). */
    notices: z.array(z.string()).optional(),
  })
  .meta({ id: "Cart" });
export type Cart = z.infer<typeof CartSchema>;

const productId = z.uuid("productId must be the id of a product.");
/** Which of the product's variants; needed for a product with options (a size, a colour). */
const variantId = z.uuid("variantId must be the id of one of the product's variants.").optional();
const quantityMessage = `Quantity must be a whole number up to ${MAX_LINE_QUANTITY}.`;

export const AddCartItemSchema = z.object({
  productId,
  variantId,
  quantity: z
    .number({ error: quantityMessage })
    .int(quantityMessage)
    .min(1, "Quantity must be at least 1.")
    .max(MAX_LINE_QUANTITY, quantityMessage)
    .optional()
    .default(1),
});

/** 0 or less removes the line. */
export const UpdateCartItemSchema = z.object({
  quantity: z.number({ error: quantityMessage }).int(quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage),
});

export const MergeCartSchema = z.object({
  items: z
    .array(
      z.object({
        productId,
        variantId,
        quantity: z
          .number({ error: quantityMessage })
          .int(quantityMessage)
          .min(1, "Quantity must be at least 1.")
          .max(MAX_LINE_QUANTITY, quantityMessage),
      }),
    )
    .max(100, "A cart can merge at most 100 lines at once."),
});
