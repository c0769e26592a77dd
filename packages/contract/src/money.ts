import { type Cents, toCents, toDollars } from "@haggle/domain/pricing/money";
import { z } from "zod";

/**
 * Money crosses the API once, here: dollars on the wire (a JSON number, a whole number of cents),
 * integer cents in code. Parsing (the server reading a request, the web app reading an answer)
 * decodes to cents; `z.encode` (the server's answers, the web app's request bodies) gives
 * dollars back. No service, store or component converts by hand.
 */
function dollarsAsCents(wire: z.ZodType<number, number>) {
  return z.codec(wire, z.int(), {
    decode: (dollars): Cents => toCents(dollars),
    encode: (cents: Cents) => toDollars(cents),
  });
}

/** An amount in an answer: US dollars on the wire, cents once parsed. */
export const MoneySchema = dollarsAsCents(
  z.number().meta({ description: "US dollars, a whole number of cents" }),
);

const wholeCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A dollar amount a merchant typed, as sent: finite, from min to max, whole cents. */
export function dollarsInput(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .refine((n) => n >= min && n <= max, `${label} must be from $${min} to $${max.toLocaleString("en-US")}.`)
    .refine(wholeCents, `${label} can have at most two decimals.`);
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
    .refine(wholeCents, `${label} can have at most two decimals.`);
}
