/**
 * The order's quote in a shop that sells by place: lines after every discount, each line's tax
 * rounded per line, shipping and its tax, the total. Integers in the currency's minor unit. Tax is
 * computed after discounts; with prices that include tax (EU/UK style) the total does not move
 * with the rate, the tax is what it holds; without (US style) the tax is added.
 */
import { minorUnits } from "./currency.ts";
import { type TaxComponent, type TaxedAmount, taxAmount } from "./tax-by-place.ts";

export interface OrderLineIn {
  id: string;
  /** The unit price the line is sold at (Ava's negotiated price when one applies). */
  unitPrice: number;
  quantity: number;
}

export interface OrderQuoteIn {
  currency: string;
  lines: readonly OrderLineIn[];
  /** Order-level discounts already spread over the lines (Ava's remainder, a code), in line order. */
  lineDiscounts: readonly number[];
  shipping: number;
  tax: { components: readonly TaxComponent[]; pricesIncludeTax: boolean };
}

export interface OrderLineOut extends TaxedAmount {
  id: string;
  /** unit price x quantity. */
  gross: number;
  discount: number;
}

export interface OrderQuote {
  currency: string;
  lines: OrderLineOut[];
  subtotal: number;
  discount: number;
  shipping: number;
  shippingTax: number;
  /** Every line's tax and the shipping's, summed: included in the total or added to it. */
  tax: number;
  taxIncluded: boolean;
  total: number;
}

export class OrderQuoteError extends Error {}

export function quoteOrder(input: OrderQuoteIn): OrderQuote {
  minorUnits(input.currency); // refuses an unknown currency
  if (input.lineDiscounts.length !== input.lines.length)
    throw new OrderQuoteError("Each line needs its share of the order's discounts.");
  if (!Number.isSafeInteger(input.shipping) || input.shipping < 0)
    throw new OrderQuoteError("Shipping must be a whole, non-negative amount.");
  const included = input.tax.pricesIncludeTax;
  const lines = input.lines.map((line, i) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0)
      throw new OrderQuoteError(`A line must have a positive whole quantity, not ${line.quantity}.`);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw new OrderQuoteError("A price must be a whole, non-negative amount.");
    const gross = line.unitPrice * line.quantity;
    const discount = input.lineDiscounts[i] ?? 0;
    if (!Number.isSafeInteger(discount) || discount < 0 || discount > gross)
      throw new OrderQuoteError("A line's discount must be between nothing and the line's amount.");
    return {
      id: line.id,
      gross,
      discount,
      ...taxAmount(gross - discount, input.tax.components, { included }),
    };
  });
  const shippingTax = taxAmount(input.shipping, input.tax.components, { included, shipping: true }).tax;
  const goods = lines.reduce((s, l) => s + l.amount, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0) + shippingTax;
  return {
    currency: input.currency,
    lines,
    subtotal: lines.reduce((s, l) => s + l.gross, 0),
    discount: lines.reduce((s, l) => s + l.discount, 0),
    shipping: input.shipping,
    shippingTax,
    tax,
    taxIncluded: included,
    total: goods + input.shipping + (included ? 0 : tax),
  };
}

/**
 * What refunding `quantity` more units of a line returns: that share of the line's amount and of
 * its tax (included or added). Shares are cumulative, so refunding a line unit by unit returns
 * exactly what it was charged in all, never more.
 */
export function lineRefund(
  line: OrderLineOut,
  refund: { quantityInLine: number; refundedBefore: number; quantity: number; included: boolean },
): number {
  const { quantityInLine: units, refundedBefore: before, quantity } = refund;
  if (!Number.isInteger(quantity) || quantity <= 0 || before + quantity > units)
    throw new OrderQuoteError(`Only ${units - before} of this line can still be refunded.`);
  const charged = line.amount + (refund.included ? 0 : line.tax);
  const upTo = (n: number) => Math.floor((charged * n) / units);
  return upTo(before + quantity) - upTo(before);
}
