import { ORDER_STATUSES } from "@haggle/domain/orders/order-status";
import { z } from "zod";
import { MoneySchema } from "./money.ts";

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const OrderSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    createdAt: z.string(),
    status: OrderStatusSchema,
    paymentStatus: z.string(),
    items: z.array(
      z.object({
        productId: z.string().nullable(),
        name: z.string(),
        quantity: z.number().int(),
        listPrice: MoneySchema,
        /** What one unit cost in this order: the negotiated price when Ava's offer applied. */
        unitPrice: MoneySchema,
        /** The shop's price of one unit before Ava's discount. */
        regularPrice: MoneySchema,
        /** regularPrice x quantity: the line as shown; Ava's discount is the order's own line. */
        lineTotal: MoneySchema,
      }),
    ),
    /** The lines at the shop's prices, before Ava's discount. */
    subtotal: MoneySchema,
    /** Ava's discount on this order (0 when none): subtotal - negotiatedDiscount + shipping + tax = total. */
    negotiatedDiscount: MoneySchema,
    /** Everything saved against list prices, Ava's discount included. */
    discountApplied: MoneySchema,
    shipping: MoneySchema,
    tax: MoneySchema,
    total: MoneySchema,
    negotiationId: z.string().nullable(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
