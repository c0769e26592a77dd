/**
 * The tax a cart or an order pays, decided from the shop's tax settings and the shipping address:
 * which components apply (`taxForPlace`), then each line's tax after discounts (`taxCartLines`).
 * The one pricing rule (`quoteCart`) takes the result as an input, so whoever chooses the address
 * (checkout, an agent's session, the cart before an address is known) prices by the same rule.
 */
import { percentOf } from "../pricing/money.ts";
import { type TaxComponent, type TaxRate, taxAmount, taxComponentsFor, taxOn } from "./tax-by-place.ts";

/** The shop's choice, as stored. */
export interface ShopTaxSettings {
  /** Rates by place apply; off, the shop's single rate applies to every address (as before places existed). */
  byPlace: boolean;
  /** EU/UK style: prices include tax. Off: US style, tax is added at checkout. */
  pricesIncludeTax: boolean;
  /** The shop's single rate in basis points (10% = 1000): every address's without places, else where no rate applies. */
  fallbackBasisPoints: number;
}

/** The tax a quote applies. */
export interface CartTax {
  /** Null: the shop's single rate on the discounted subtotal, as one figure (the rule before places). */
  components: readonly TaxComponent[] | null;
  pricesIncludeTax: boolean;
  fallbackBasisPoints: number;
  /** What the receipt calls it ("VAT", "Sales tax", "Tax"). */
  label: string;
}

/** The address's tax: its components by place, the shop's single rate where none applies or places are off. */
export function taxForPlace(
  settings: ShopTaxSettings,
  address: { country: string; region?: string | null } | null,
  rates: readonly TaxRate[],
): CartTax {
  const base = {
    pricesIncludeTax: settings.pricesIncludeTax,
    fallbackBasisPoints: settings.fallbackBasisPoints,
  };
  if (!settings.byPlace) return { ...base, components: null, label: "Tax" };
  const found = address ? taxComponentsFor(address, rates) : [];
  const components: TaxComponent[] = found.length
    ? found
    : [{ name: "Tax", rateMilliPercent: settings.fallbackBasisPoints * 10, taxShipping: false }];
  const names = [...new Set(components.map((c) => c.name))];
  return { ...base, components, label: names.length === 1 ? names[0]! : "Tax" };
}

export interface LineTax {
  /** The line after its share of the order's discounts (what tax was computed on). */
  amount: number;
  tax: number;
  /** The summed rate applied to the line, in thousandths of a percent. */
  rateMilliPercent: number;
}

export interface CartTaxed {
  lines: LineTax[];
  shippingTax: number;
  /** Lines' tax and shipping's, summed. */
  tax: number;
  included: boolean;
}

/**
 * Spreads `discount` over line amounts in proportion to them, floor each, the remainder on the
 * first lines that can carry it, so the shares add up exactly and none passes its line.
 */
export function spreadDiscount(amounts: readonly number[], discount: number): number[] {
  const whole = amounts.reduce((s, a) => s + a, 0);
  const applied = Math.min(Math.max(0, discount), whole);
  const shares = amounts.map((a) => (whole > 0 ? Math.floor((applied * a) / whole) : 0));
  let left = applied - shares.reduce((s, a) => s + a, 0);
  for (let i = 0; i < shares.length && left > 0; i++) {
    const room = amounts[i]! - shares[i]!;
    const take = Math.min(room, left);
    shares[i]! += take;
    left -= take;
  }
  return shares;
}

/**
 * Each line's tax after discounts. By place: rounded per line (and per component), half up; the
 * shipping taxed by the components that tax it. Without places: the single rate on the discounted
 * subtotal (the shop's rule before places, so its totals do not move), shared over the lines by
 * amount, the remainder on the last, so the lines' taxes add up to it.
 */
export function taxCartLines(
  lineAmounts: readonly number[],
  orderDiscount: number,
  shipping: number,
  tax: CartTax,
): CartTaxed {
  const discounts = spreadDiscount(lineAmounts, orderDiscount);
  const amounts = lineAmounts.map((a, i) => a - discounts[i]!);
  const included = tax.pricesIncludeTax;
  if (tax.components === null) {
    const goods = amounts.reduce((s, a) => s + a, 0);
    const whole = included
      ? taxOn(goods, tax.fallbackBasisPoints * 10, true)
      : percentOf(goods, tax.fallbackBasisPoints);
    let left = whole;
    const lines = amounts.map((amount, i) => {
      const share = i === amounts.length - 1 ? left : goods > 0 ? Math.floor((whole * amount) / goods) : 0;
      left -= share;
      return { amount, tax: share, rateMilliPercent: tax.fallbackBasisPoints * 10 };
    });
    return { lines, shippingTax: 0, tax: whole, included };
  }
  const components = tax.components;
  const rate = components.reduce((s, c) => s + c.rateMilliPercent, 0);
  const lines = amounts.map((amount) => ({
    amount,
    tax: taxAmount(amount, components, { included }).tax,
    rateMilliPercent: rate,
  }));
  const shippingTax = taxAmount(shipping, components, { included, shipping: true }).tax;
  return { lines, shippingTax, tax: lines.reduce((s, l) => s + l.tax, 0) + shippingTax, included };
}

/**
 * What the storefront writes beside a price where a shopper decides: "incl. VAT" when prices
 * include tax, "+ tax" when it is added by place; nothing for a shop that never chose either
 * (its single rate added at checkout, as before places existed).
 */
export function priceTaxNote(choices: { pricesIncludeTax: boolean; byPlace: boolean }): string | null {
  if (choices.pricesIncludeTax) return "incl. VAT";
  return choices.byPlace ? "+ tax" : null;
}
