import { ACP_SHIPPING_OPTION_ID, type AcpAddress, type AcpMessage } from "@haggle/contract/acp";
import { type CartQuote, quoteCart } from "@haggle/domain/pricing/quote-cart";
import type { Queryable } from "../../../platform/db/client.ts";
import { quoteLinesOf } from "../../cart/index.ts";
import { type AtAddress, shippingAt } from "../checkout-shipping.service.ts";

/** One of ACP's `fulfillment_options`, at what the one quote charges for it. */
export interface AcpFulfillmentOption {
  type: "shipping";
  id: string;
  title: string;
  subtitle: string;
  subtotal: number;
  tax: number;
  total: number;
}

/** "1–2 business days" */
const estimate = (days: { min: number; max: number }) =>
  days.min === days.max
    ? `${days.max} business day${days.max === 1 ? "" : "s"}`
    : `${days.min}–${days.max} business days`;

/** The shop's one flat option (no zones), at what the pricing rule charges for this cart. */
function flatOption(shippingCost: number): AcpFulfillmentOption {
  return {
    type: "shipping",
    id: ACP_SHIPPING_OPTION_ID,
    title: shippingCost === 0 ? "Standard shipping (free)" : "Standard shipping",
    subtitle: "Flat rate, free above the shop's threshold",
    subtotal: shippingCost,
    tax: 0,
    total: shippingCost,
  };
}

/**
 * A session's shipping: with zones and an address, the methods serving it (cheapest first, each
 * priced by the cart's one quote) as fulfillment options, the selected one (else the cheapest)
 * quoted; an address no zone serves gets its sentence as an error message. Without zones or an
 * address, the flat option, as before zones.
 */
export async function acpShipping(
  db: Queryable,
  input: Omit<AtAddress, "address" | "methodId"> & { place: AcpAddress | null; optionId: string | null },
): Promise<{ quote: CartQuote; options: AcpFulfillmentOption[]; message: AcpMessage | null }> {
  const flat = (quote: CartQuote) => ({
    quote,
    options: input.lines.length > 0 ? [flatOption(quote.shipping)] : [],
    message: null,
  });
  if (!input.place) {
    const q = input;
    return flat(quoteCart(quoteLinesOf(q.lines), q.negotiatedDiscount, q.rules, q.code, q.tax));
  }
  const address = {
    country: input.place.country,
    region: input.place.state ?? null,
    postalCode: input.place.postal_code,
  };
  const picked = input.optionId && input.optionId !== ACP_SHIPPING_OPTION_ID ? input.optionId : null;
  const { shipping, quoteWith } = await shippingAt(db, { ...input, address });
  if (shipping.kind === "flat") return flat(quoteWith());
  if (shipping.kind === "unserved")
    return {
      quote: quoteWith(),
      options: [],
      message: {
        type: "error",
        code: "invalid",
        param: "$.fulfillment_address",
        content_type: "plain",
        content: shipping.reason,
      },
    };
  const chosen = shipping.options.find((o) => o.methodId === picked) ?? shipping.selected;
  const again = await shippingAt(db, { ...input, address, methodId: chosen.methodId });
  const quote = again.shipping.kind === "served" ? again.quoteWith(again.shipping.chosen) : quoteWith();
  return {
    quote,
    options: shipping.options.map((o) => ({
      type: "shipping",
      id: o.methodId,
      title: o.amount === 0 ? `${o.name} (free)` : o.name,
      subtitle: estimate(o.days),
      subtotal: o.amount,
      tax: 0,
      total: o.amount,
    })),
    message: null,
  };
}
