import { inputMaximum } from "@haggle/domain/markets/currency";
import { type Cents, shopCurrency, shopMinorUnits, toCents, toDollars } from "@haggle/domain/pricing/money";
import { z } from "zod";

/**
 * Money crosses the API once, here: the shop's currency on the wire (a JSON number in its major
 * unit with at most its decimals: 12.34 EUR, 1200 JPY), integer minor units ("cents") in code.
 * Parsing (the server reading a request, the web app reading an answer) decodes to minor units;
 * `z.encode` (the server's answers, the web app's request bodies) gives the decimal amount back. No service, store or component converts by hand.
 */
function dollarsAsCents(wire: z.ZodType<number, number>) {
  return z.codec(wire, z.int(), {
    decode: (dollars): Cents => toCents(dollars),
    encode: (cents: Cents) => toDollars(cents),
  });
}

/** An amount in an answer: the shop's currency on the wire (GET /api/shop/currency), minor units once parsed. */
export const MoneySchema = dollarsAsCents(
  z.number().meta({
    description:
      "In the shop's currency (GET /api/shop/currency), a whole number of its minor unit: 12.34 EUR, 1200 JPY",
  }),
);

/** Whether `n` is a whole number of the shop's currency's minor unit (cents; yen in JPY). */
const wholeCents = (n: number) => {
  const scale = 10 ** shopMinorUnits();
  return Math.abs(Math.round(n * scale) - n * scale) < 1e-6;
};

/** "Flat shipping must be from $0 to $1,000." in USD; "... from 0 to 100,000 JPY." in another currency. */
function rangeSentence(label: string, min: number, max: number): string {
  const code = shopCurrency();
  const most = inputMaximum(max, code).toLocaleString("en-US");
  return code === "USD"
    ? `${label} must be from $${min} to $${most}.`
    : `${label} must be from ${min} to ${most} ${code}.`;
}

/**
 * An amount a merchant typed in the shop's currency, as sent: finite, from min to max, whole
 * cents (yen in JPY). `max` is in dollars: in another currency it is scaled to a sensible bound
 * in it (`inputMaximum`: 1,000 is ¥100,000 in JPY), read when a request is parsed.
 */
export function dollarsInput(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .refine((n) => n >= min && n <= inputMaximum(max, shopCurrency()), {
      error: () => rangeSentence(label, min, max),
    })
    .refine(wholeCents, {
      error: () =>
        shopMinorUnits() === 0
          ? `${label} must be a whole amount (the shop's currency has no decimals).`
          : `${label} can have at most two decimals.`,
    });
}

/** A dollar amount a merchant typed (see dollarsInput), cents once parsed. */
export function moneyInput(label: string, min: number, max: number) {
  return dollarsAsCents(dollarsInput(label, min, max));
}

/** A percentage in points (15 = 15%), at most two decimals. */
export function percentInput(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .refine((n) => n >= min && n <= max, `${label} must be from ${min}% to ${max}%.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most two decimals.`);
}
