import { ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import { ORDER_EVENT_KINDS } from "@haggle/domain/orders/order-timeline";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@haggle/domain/orders/payment";
import { z } from "zod";
import { AddressInputSchema, AddressSchema } from "./addresses.ts";
import { MoneySchema } from "./money.ts";

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    createdAt: z.string(),
    status: OrderStatusSchema,
    paymentStatus: z.string(),
    /** manual (pay on delivery or bank transfer) or stripe; orders before checkout had a page: manual. */
    paymentMethod: z.string(),
    /** Where it ships; null for orders placed before checkout asked for an address. */
    address: AddressSchema.nullable(),
    items: z.array(
      z.object({
        /** The line's id: what a refund names (orderItemId). */
        id: z.string(),
        productId: z.string().nullable(),
        /** The variant sold; null once the merchant removed it. */
        variantId: z.string().nullable(),
        /** The product's name, then the variant's option values ("Trail Tee — M / Black"), as sold. */
        name: z.string(),
        quantity: z.number().int(),
        listPrice: MoneySchema,
        /** What one unit cost in this order: the negotiated price when Ava's offer applied. */
        unitPrice: MoneySchema,
        /** The shop's price of one unit before Ava's discount. */
        regularPrice: MoneySchema,
        /** regularPrice x quantity: the line as shown; Ava's discount is the order's own line. */
        lineTotal: MoneySchema,
        /** Units given back (refunded or cancelled). */
        refundedQuantity: z.number().int(),
        /** The variant's picture (else the product's) and the product's page address (/products/<slug>); null once the product is gone. */
        imageUrl: z.string().nullable(),
        slug: z.string().nullable(),
        /** The line after its share of every discount (what its tax was computed on); null for orders placed before tax by place. */
        amount: MoneySchema.nullable(),
        /** The line's tax, rounded per line after discounts; null for orders placed before tax by place. */
        tax: MoneySchema.nullable(),
        /** The rate applied to the line, in percent (19 = 19%); null for orders placed before tax by place. */
        taxRatePercent: z.number().nullable(),
      }),
    ),
    /** What happened to the order, oldest first: placed (its createdAt), then each later move. */
    timeline: z.array(
      z.object({
        kind: z.enum(["placed", ...ORDER_EVENT_KINDS]),
        at: z.string(),
        /** The money the move gave back (refunds, a paid order's cancel); null otherwise. */
        amount: MoneySchema.nullable(),
        /** Why, when there is a reason to tell. */
        note: z.string().nullable(),
      }),
    ),
    /** The lines at the shop's prices, before Ava's discount. */
    subtotal: MoneySchema,
    /** Ava's discount on this order (0 when none): subtotal - negotiatedDiscount + shipping + tax = total. */
    negotiatedDiscount: MoneySchema,
    /** Everything saved against list prices, Ava's discount and the code's included. */
    discountApplied: MoneySchema,
    /** The discount code the order used; null without one. */
    discountCode: z.string().nullable(),
    /** What the code took off the goods: subtotal - negotiatedDiscount - codeDiscount + shipping + tax = total. */
    codeDiscount: MoneySchema,
    shipping: MoneySchema,
    /** The shipping method the shopper chose (shops with zones); null under the flat fee. */
    shippingMethod: z.string().nullable(),
    /** Every line's tax and the shipping's: added to the total, or (taxIncluded) held in the prices. */
    tax: MoneySchema,
    /** Prices included the tax (EU/UK style): it is in the total, not added to it. */
    taxIncluded: z.boolean(),
    /** What the receipt calls the tax ("VAT", "Sales tax", "Tax"). */
    taxLabel: z.string(),
    /** The shipping's share of the tax. */
    shippingTax: MoneySchema,
    total: MoneySchema,
    /** The currency every amount of this order is in (ISO 4217, "EUR"): the shop's when it was placed. */
    currency: z
      .string()
      .meta({ description: "ISO 4217 code of every amount of the order, such as USD, EUR or JPY" }),
    /** What was given back (cancels and refunds): never more than the total. */
    refundedTotal: MoneySchema,
    negotiationId: z.string().nullable(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

/**
 * What the browser needs to finish paying an order a provider takes (Stripe): the
 * PaymentIntent's client secret and the shop's publishable key, for the Payment Element.
 */
export const CheckoutPaymentSchema = z
  .object({
    provider: z.literal("stripe"),
    clientSecret: z.string(),
    publishableKey: z.string(),
  })
  .meta({ id: "CheckoutPayment" });
export type CheckoutPayment = z.infer<typeof CheckoutPaymentSchema>;

/**
 * POST /api/checkout's answer: the Order, and `payment` when the shopper still has to pay in the
 * page (Stripe); absent when nothing is left to do there (manual payment, or already paid).
 */
export const CheckoutAnswerSchema = OrderSchema.extend({
  payment: CheckoutPaymentSchema.optional(),
}).meta({ id: "CheckoutAnswer" });
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: `Payment method must be one of: ${PAYMENT_METHODS.join(", ")}.`,
});

const ADDRESS_ID_MESSAGE = "addressId must be the id of one of your saved addresses.";

/** `{addressId}`: one of the shopper's saved addresses. */
export const AddressRefSchema = z
  .object({ addressId: z.uuid(ADDRESS_ID_MESSAGE) })
  .meta({ id: "AddressRef" });

/**
 * The checkout's address: a new address (saved to the address book) or `{addressId}`. Read by
 * shape, so every problem is the address field's own sentence, not a union's "invalid input".
 */
export const CheckoutAddressSchema = z
  .unknown()
  .transform((value, ctx): z.output<typeof AddressInputSchema> | { addressId: string } => {
    if (value === undefined || value === null) {
      ctx.addIssue({ code: "custom", message: "A shipping address is required." });
      return z.NEVER;
    }
    const schema = typeof value === "object" && "addressId" in value ? AddressRefSchema : AddressInputSchema;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  })
  .meta({ description: "An AddressInput, or {addressId} of a saved address" });

/** POST /api/checkout: where it ships and how it is paid; never an amount (the server prices it). */
export const CheckoutBodySchema = z
  .object({
    address: CheckoutAddressSchema,
    paymentMethod: PaymentMethodSchema.optional().default("manual"),
    /** The shipping method chosen among the address's options (shops with zones); none: the cheapest. */
    shippingMethodId: z.string().max(64).optional(),
  })
  .meta({ id: "CheckoutBody" });
export type CheckoutBody = z.output<typeof CheckoutBodySchema>;
export type CheckoutBodyInput = z.input<typeof CheckoutBodySchema>;

/** GET /api/checkout/options: the payment methods this shop takes, first the default. */
export const CheckoutOptionsSchema = z
  .object({
    paymentMethods: z.array(
      z.object({
        id: PaymentMethodSchema,
        label: z.string(),
        /** The provider's key for the browser (Stripe's publishable key); absent for manual. */
        publishableKey: z.string().optional(),
      }),
    ),
  })
  .meta({ id: "CheckoutOptions" });
export type CheckoutOptions = z.infer<typeof CheckoutOptionsSchema>;

export function paymentMethodOption(id: (typeof PAYMENT_METHODS)[number], publishableKey?: string) {
  return { id, label: PAYMENT_METHOD_LABELS[id], ...(publishableKey ? { publishableKey } : {}) };
}

/** POST /api/merchant/orders/:id/refund: lines and units to give back; none: everything left. */
export const RefundBodySchema = z
  .object({
    lines: z
      .array(
        z.object({
          orderItemId: z.uuid("orderItemId must be the id of a line of this order."),
          quantity: z
            .number({ error: "A refund's quantity must be a whole number of at least 1." })
            .int("A refund's quantity must be a whole number of at least 1.")
            .min(1, "A refund's quantity must be a whole number of at least 1."),
        }),
      )
      .max(200, "A refund can name at most 200 lines.")
      .optional(),
  })
  .meta({ id: "RefundBody" });
export type RefundBody = z.infer<typeof RefundBodySchema>;
