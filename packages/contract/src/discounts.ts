import { z } from "zod";
import { MoneySchema, moneyInput, percentInput } from "./money.ts";

export const DISCOUNT_KINDS = ["percent", "amount", "free_shipping"] as const;
export const DiscountKindSchema = z.enum(DISCOUNT_KINDS, {
  error: "kind must be percent, amount or free_shipping.",
});

/** A discount code as the merchant sees it: its terms and how often it was used. */
export const DiscountCodeSchema = z
  .object({
    id: z.string(),
    /** As stored and as shoppers type it: upper case, no spaces. */
    code: z.string(),
    kind: DiscountKindSchema,
    /** For percent: the percentage (15 = 15%); null otherwise. */
    percentOff: z.number().nullable(),
    /** For amount: what it takes off; null otherwise. */
    amountOff: MoneySchema.nullable(),
    minimumSubtotal: MoneySchema.nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    totalUses: z.number().int().nullable(),
    usesPerCustomer: z.number().int().nullable(),
    /** Product ids it applies to; with `categories` both empty = the whole cart. */
    productIds: z.array(z.string()),
    categories: z.array(z.string()),
    /** Whether it stands beside Ava's negotiated discount (else the shopper gets the better of the two). */
    combinesWithNegotiated: z.boolean(),
    active: z.boolean(),
    /** Orders that used it so far. */
    usedCount: z.number().int(),
    createdAt: z.string(),
    // The same terms under the API spec's names (discounts-spec.ts), for clients written to it.
    /** The spec's `value`: the percentage (percent), the amount in the shop's currency (amount); null for free shipping. */
    value: z.number().nullable(),
    /** = minimumSubtotal */
    minSubtotal: MoneySchema.nullable(),
    /** = totalUses */
    usageLimit: z.number().int().nullable(),
    /** = usesPerCustomer */
    perCustomerLimit: z.number().int().nullable(),
    /** = combinesWithNegotiated */
    combinesWithNegotiation: z.boolean(),
    /** = usedCount */
    timesUsed: z.number().int(),
  })
  .meta({ id: "DiscountCode" });
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export const DiscountCodeListSchema = z.object({ items: z.array(DiscountCodeSchema) });

const codeText = z
  .string({ error: "code must be the code's text." })
  .transform((s) => s.trim().replace(/\s+/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .min(3, "A code must be at least 3 characters.")
      .max(40, "A code can be at most 40 characters.")
      .regex(/^[A-Z0-9_-]+$/, "A code can hold only letters, digits, - and _."),
  );

export const when = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }).nullable();
export const uses = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(10_000_000, `${label} can be at most 10,000,000.`)
    .nullable();

export const percentOff = () => percentInput("Percent off", 0.01, 100).nullable();
export const amountOff = () => moneyInput("Amount off", 0.01, 1_000_000).nullable();
export const minimumSubtotal = () => moneyInput("Minimum subtotal", 0.01, 1_000_000).nullable();
const productIds = () =>
  z.array(z.uuid("Each product must be a product's id.")).max(500, "A code can name at most 500 products.");
const categories = () =>
  z
    .array(z.string().trim().min(1, "A category cannot be empty.").max(100))
    .max(100, "A code can name at most 100 categories.");
export const combines = () => z.boolean({ error: "combinesWithNegotiated must be true or false." });
const active = () => z.boolean({ error: "active must be true or false." });

/** What a code's terms must hold together: each problem's field and sentence (none: they hold). */
export function discountTermsProblems(body: {
  kind: string;
  percentOff: number | null;
  amountOff: number | null;
  startsAt: string | null;
  endsAt: string | null;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (body.kind === "percent" && body.percentOff === null)
    problems.push({ path: "percentOff", message: "A percent-off code needs its percentage." });
  if (body.kind === "amount" && body.amountOff === null)
    problems.push({ path: "amountOff", message: "An amount-off code needs its amount." });
  if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
    problems.push({ path: "endsAt", message: "A code must end after it starts." });
  return problems;
}

/** A code's whole terms, each checked alone (DiscountCodeBodySchema checks them together). */
export const DiscountCodeFieldsSchema = z.object({
  code: codeText,
  kind: DiscountKindSchema,
  percentOff: percentOff().optional().default(null),
  amountOff: amountOff().optional().default(null),
  minimumSubtotal: minimumSubtotal().optional().default(null),
  startsAt: when("startsAt").optional().default(null),
  endsAt: when("endsAt").optional().default(null),
  totalUses: uses("Total uses").optional().default(null),
  usesPerCustomer: uses("Uses per customer").optional().default(null),
  productIds: productIds().optional().default([]),
  categories: categories().optional().default([]),
  combinesWithNegotiated: combines().optional().default(false),
  active: active().optional().default(true),
});

/** POST /api/merchant/discount-codes and PUT /api/merchant/discount-codes/{id}: the code's whole terms. */
export const DiscountCodeBodySchema = DiscountCodeFieldsSchema.superRefine((body, ctx) => {
  for (const p of discountTermsProblems(body))
    ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
});
export type DiscountCodeBody = z.infer<typeof DiscountCodeBodySchema>;

/** PUT /api/cart/discount-code: the code the shopper typed. */
export const EnterDiscountCodeSchema = z.object({
  code: z
    .string({ error: "code must be the code you were given." })
    .trim()
    .min(1, "Type a discount code.")
    .max(60, "A discount code is at most 60 characters."),
});

/** PATCH /api/merchant/discount-codes/{id}: the terms to change; the others stay as they are. */
export const DiscountCodePatchSchema = z.object({
  code: codeText.optional(),
  kind: DiscountKindSchema.optional(),
  percentOff: percentOff().optional(),
  amountOff: amountOff().optional(),
  minimumSubtotal: minimumSubtotal().optional(),
  startsAt: when("startsAt").optional(),
  endsAt: when("endsAt").optional(),
  totalUses: uses("Total uses").optional(),
  usesPerCustomer: uses("Uses per customer").optional(),
  productIds: productIds().optional(),
  categories: categories().optional(),
  combinesWithNegotiated: combines().optional(),
  active: active().optional(),
});
export type DiscountCodePatch = z.infer<typeof DiscountCodePatchSchema>;

/** DELETE /api/merchant/discount-codes/{id}: removed, or (a code orders used) deactivated and kept. */
export const DiscountCodeDeletedSchema = z.object({
  id: z.string(),
  deleted: z.boolean(),
  /** The deactivated code when it was kept; null when removed. */
  code: DiscountCodeSchema.nullable(),
});

/** The code on a cart: what it takes off, or the sentence saying why it does not apply now. */
export const CartDiscountCodeSchema = z
  .object({
    code: z.string(),
    /** Whether the code applies to the cart as it is now. */
    applied: z.boolean(),
    /** What it takes off the goods (0 when it does not apply, or for free shipping). */
    discount: MoneySchema,
    freeShipping: z.boolean(),
    /** Why it does not apply, or how it met Ava's price; null when it simply applies. */
    message: z.string().nullable(),
  })
  .meta({ id: "CartDiscountCode" });
export type CartDiscountCode = z.infer<typeof CartDiscountCodeSchema>;
