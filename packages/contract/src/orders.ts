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
        unitPrice: MoneySchema,
      }),
    ),
    subtotal: MoneySchema,
    /** Savings: (list total - subtotal) + the negotiated order-level discount. */
    discountApplied: MoneySchema,
    /** The negotiated order-level discount alone (0 when none). */
    extraDiscount: MoneySchema,
    shipping: MoneySchema,
    tax: MoneySchema,
    total: MoneySchema,
    negotiationId: z.string().nullable(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.array(OrderSchema);

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
