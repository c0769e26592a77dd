import type { Order } from "@haggle/contract/orders";

/**
 * An order as the API answers it (dollars on the wire; the API client decodes them): no lines,
 * manual payment due. Override any field.
 */
export function wireOrder(overrides: Partial<Order> = {}): Order {
  const createdAt = overrides.createdAt ?? "2026-11-25T00:00:00.000Z";
  return {
    id: "00000000-0000-4000-8000-0000abcdef12",
    number: "ORD-ABCDEF12",
    createdAt,
    status: "confirmed",
    paymentStatus: "pending",
    paymentMethod: "manual",
    address: null,
    items: [],
    subtotal: 20,
    negotiatedDiscount: 0,
    discountApplied: 0,
    discountCode: null,
    codeDiscount: 0,
    shipping: 10,
    shippingMethod: null,
    tax: 2,
    taxIncluded: false,
    taxLabel: "Tax",
    shippingTax: 0,
    total: 32,
    refundedTotal: 0,
    currency: "USD",
    negotiationId: null,
    timeline: [{ kind: "placed", at: createdAt, amount: null, note: null }],
    ...overrides,
  };
}
