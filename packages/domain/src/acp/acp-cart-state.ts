import { type Cents, formatMoney } from "../pricing/money.ts";

/**
 * The ACP checkout session's money, worked out from the one pricing rule's quote (never computed
 * anew): each line at the shop's price with its part of Ava's negotiated discount, the discount
 * also as its own total, the pricing rule's shipping as the one fulfillment option, its tax
 * spread over the discounted lines to the cent.
 */

export interface AcpStateLine {
  productId: string;
  quantity: number;
  /** The shop's unit price before Ava's discount (shopUnitPrice). */
  unitPrice: Cents;
  /** The unit price the cart charges (a negotiated price snapshot, else the shop's price). */
  paidUnitPrice: Cents;
}

export interface AcpStateQuote {
  itemsTotal: Cents;
  negotiatedDiscount: Cents;
  /** The discount code that applies (null without one, or when Ava's price beat it) and what it takes off the goods. */
  code?: string | null;
  codeDiscount?: Cents;
  shipping: Cents;
  tax: Cents;
  /** Prices include the tax (EU/UK style): it is inside the total, not added to it. */
  taxIncluded?: boolean;
  /** What the receipt calls the tax ("VAT", "Sales tax"). */
  taxLabel?: string;
  total: Cents;
}

export interface AcpLineAmounts {
  id: string;
  item: { id: string; quantity: number };
  base_amount: Cents;
  discount: Cents;
  subtotal: Cents;
  tax: Cents;
  total: Cents;
}

export type AcpTotalType = "items_base_amount" | "subtotal" | "discount" | "fulfillment" | "tax" | "total";

export interface AcpTotalAmount {
  type: AcpTotalType;
  display_text: string;
  amount: Cents;
}

/**
 * Splits `amount` over whole-number `weights` in proportion, whole cents, largest remainders
 * first (ties to the earlier line), so the parts always add up to `amount` exactly. Worked in
 * BigInt: amount x weight may pass 2^53 for a large cart.
 */
export function allocateCents(amount: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum <= 0n) return weights.map((_, i) => (i === 0 ? amount : 0));
  const whole = BigInt(amount);
  const shares = weights.map((w, i) => {
    const exact = whole * BigInt(w);
    return { i, part: exact / sum, rest: exact % sum };
  });
  let left = whole - shares.reduce((a, s) => a + s.part, 0n);
  const byRest = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const share of byRest) {
    if (left <= 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s.part));
}

/**
 * The session's line items, adding up to the quote: each line at the shop's price
 * (`base_amount`), its discount = what its negotiated unit price takes off plus its share of an
 * order-level negotiated discount (largest remainder, by what the line costs after its own
 * discount), then the tax spread over the discounted lines. So the lines' totals plus shipping
 * are the session's total, to the cent.
 */
export function acpLineItems(
  lines: readonly AcpStateLine[],
  amounts: { orderDiscount: Cents; tax: Cents },
): AcpLineAmounts[] {
  const bases = lines.map((l) => l.unitPrice * l.quantity);
  const own = lines.map((l) => (l.unitPrice - l.paidUnitPrice) * l.quantity);
  const afterOwn = bases.map((base, i) => base - own[i]!);
  const shares = allocateCents(amounts.orderDiscount, afterOwn);
  const subtotals = afterOwn.map((value, i) => value - shares[i]!);
  const taxes = allocateCents(amounts.tax, subtotals);
  return lines.map((line, i) => ({
    id: `li_${line.productId}`,
    item: { id: line.productId, quantity: line.quantity },
    base_amount: bases[i]!,
    discount: own[i]! + shares[i]!,
    subtotal: subtotals[i]!,
    tax: taxes[i]!,
    total: subtotals[i]! + taxes[i]!,
  }));
}

/** The session's totals; the negotiated discount is its own `discount` total when there is one. */
export function acpTotals(quote: AcpStateQuote, assistantName: string): AcpTotalAmount[] {
  return [
    { type: "items_base_amount", display_text: "Items", amount: quote.itemsTotal },
    { type: "subtotal", display_text: "Subtotal", amount: quote.itemsTotal },
    ...(quote.negotiatedDiscount > 0
      ? [
          {
            type: "discount" as const,
            display_text: `Discount negotiated with ${assistantName}`,
            amount: quote.negotiatedDiscount,
          },
        ]
      : []),
    ...(quote.code && (quote.codeDiscount ?? 0) > 0
      ? [
          {
            type: "discount" as const,
            display_text: `Discount code ${quote.code}`,
            amount: quote.codeDiscount ?? 0,
          },
        ]
      : []),
    {
      type: "fulfillment",
      display_text: quote.shipping === 0 ? "Shipping (free)" : "Shipping",
      amount: quote.shipping,
    },
    // Included tax is already in the lines' amounts: named, with nothing added on top.
    quote.taxIncluded
      ? {
          type: "tax" as const,
          display_text: `Includes ${quote.taxLabel ?? "tax"} of ${formatMoney(quote.tax)}`,
          amount: 0,
        }
      : { type: "tax" as const, display_text: quote.taxLabel ?? "Tax", amount: quote.tax },
    { type: "total", display_text: "Total", amount: quote.total },
  ];
}

/**
 * An order's status as the ACP order webhook names it (created, manual_review, confirmed,
 * canceled, shipped, fulfilled).
 */
export function acpOrderStatus(
  status: string,
): "created" | "confirmed" | "canceled" | "shipped" | "fulfilled" {
  switch (status) {
    case "confirmed":
    case "processing":
      return "confirmed";
    case "shipped":
      return "shipped";
    case "delivered":
      return "fulfilled";
    case "cancelled":
    case "refunded":
      return "canceled";
    default:
      return "created";
  }
}
