import { type Cents, toDollars } from "@haggle/domain/pricing/money";
import { z } from "zod";
import {
  amountOff,
  type DiscountCode,
  type DiscountCodeBody,
  DiscountCodeFieldsSchema,
  type DiscountCodePatch,
  DiscountCodePatchSchema,
  discountTermsProblems,
  minimumSubtotal,
  percentOff,
  uses,
} from "./discounts.ts";

/**
 * The API spec's names for a discount code's terms, read on the same routes as ours
 * (/api/merchant/discount-codes): `value` (the percentage or the amount, by kind), `minSubtotal`,
 * `usageLimit`, `perCustomerLimit`, `combinesWithNegotiation`; answered as `timesUsed` too. Each is
 * read into our field and checked as ours is; a term given under both names, with two values, is
 * a 400 naming both.
 */
const SPEC_NAMES = {
  minSubtotal: "minimumSubtotal",
  usageLimit: "totalUses",
  perCustomerLimit: "usesPerCustomer",
  combinesWithNegotiation: "combinesWithNegotiated",
} as const;
type SpecName = keyof typeof SPEC_NAMES;

const specFields = {
  /** The spec's value: a percent code's percentage (15 = 15%), an amount code's amount; ignored for free shipping. */
  value: z.number({ error: "value must be a number: the percentage, or the amount off." }).optional(),
  minSubtotal: minimumSubtotal().optional(),
  usageLimit: uses("usageLimit").optional(),
  perCustomerLimit: uses("perCustomerLimit").optional(),
  combinesWithNegotiation: z.boolean({ error: "combinesWithNegotiation must be true or false." }).optional(),
};

type Issues = { addIssue(issue: { code: "custom"; path: string[]; message: string }): void };

/** Whether our field holds what it holds when it is not given (its default, or undefined in a patch). */
const unset = (v: unknown) => v === undefined || v === null || v === false;

/** Our term where the spec's name gave it; an issue when both names give different values. */
function readSpecNames<T extends Record<string, unknown>>(body: T, ctx: Issues): T {
  const out: Record<string, unknown> = { ...body };
  for (const spec of Object.keys(SPEC_NAMES) as SpecName[]) {
    const ours = SPEC_NAMES[spec];
    const given = out[spec];
    delete out[spec];
    if (given === undefined) continue;
    if (!unset(out[ours]) && out[ours] !== given)
      ctx.addIssue({ code: "custom", path: [spec], message: `Give ${spec} or ${ours}, not both.` });
    else out[ours] = given;
  }
  return out as T;
}

/**
 * The spec's `value` as a code of `kind`'s term: `{percentOff}` (checked as our percentage),
 * `{amountOff}` (checked as our amount, minor units once read), nothing for free shipping; or the
 * sentence saying why it is refused.
 */
export function specValueTerm(
  kind: string,
  value: number,
): { term: { percentOff?: number; amountOff?: Cents }; problem: null } | { term: null; problem: string } {
  if (kind !== "percent" && kind !== "amount") return { term: {}, problem: null };
  const field = kind === "percent" ? "percentOff" : "amountOff";
  const read = (kind === "percent" ? percentOff() : amountOff()).safeParse(value);
  if (!read.success) return { term: null, problem: read.error.issues[0]?.message ?? "value is not valid." };
  return { term: { [field]: read.data ?? undefined }, problem: null };
}

/** Our percentage or amount from the spec's value, or an issue; unchanged without a value. */
function readSpecValue<
  T extends { value?: number | undefined; percentOff?: number | null; amountOff?: Cents | null },
>(body: T, kind: string, ctx: Issues): T {
  const { value, ...rest } = body;
  if (value === undefined) return rest as T;
  const read = specValueTerm(kind, value);
  if (read.problem !== null) {
    ctx.addIssue({ code: "custom", path: ["value"], message: read.problem });
    return rest as T;
  }
  for (const [field, term] of Object.entries(read.term) as [keyof typeof read.term, number][])
    if (!unset(rest[field]) && rest[field] !== term)
      ctx.addIssue({ code: "custom", path: ["value"], message: `Give value or ${field}, not both.` });
  return { ...rest, ...read.term } as T;
}

/** POST /api/merchant/discount-codes and PUT …/{id}: a code's whole terms, under our names or the spec's. */
export const DiscountCodeRequestSchema = DiscountCodeFieldsSchema.extend(specFields)
  .transform((body, ctx): DiscountCodeBody => readSpecValue(readSpecNames(body, ctx), body.kind, ctx))
  .superRefine((body, ctx) => {
    for (const p of discountTermsProblems(body))
      ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
  });

/**
 * PATCH …/{id}: the terms to change, under our names or the spec's. A `value` without `kind` is
 * kept as it is: the code's stored kind says what it is (the service reads it with specValueTerm).
 */
export const DiscountCodePatchRequestSchema = DiscountCodePatchSchema.extend(specFields).transform(
  (patch, ctx): DiscountCodePatch & { value?: number } => {
    const named = readSpecNames(patch, ctx);
    return patch.kind === undefined ? named : readSpecValue(named, patch.kind, ctx);
  },
);

/** The answer's fields that repeat ours under the spec's names. */
export type DiscountCodeSpecNames = Pick<
  DiscountCode,
  "value" | "minSubtotal" | "usageLimit" | "perCustomerLimit" | "combinesWithNegotiation" | "timesUsed"
>;

/** A code's terms under the spec's names, beside ours in every answer. */
export function specNamesOf(code: Omit<DiscountCode, keyof DiscountCodeSpecNames>): DiscountCodeSpecNames {
  return {
    value:
      code.kind === "percent"
        ? code.percentOff
        : code.kind === "amount" && code.amountOff !== null
          ? toDollars(code.amountOff)
          : null,
    minSubtotal: code.minimumSubtotal,
    usageLimit: code.totalUses,
    perCustomerLimit: code.usesPerCustomer,
    combinesWithNegotiation: code.combinesWithNegotiated,
    timesUsed: code.usedCount,
  };
}
