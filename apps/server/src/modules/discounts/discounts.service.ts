import type { DiscountCode as CodeDto, DiscountCodeBody } from "@haggle/contract/discounts";
import { specNamesOf } from "@haggle/contract/discounts-spec";
import { conflict, invalid, notFound } from "@haggle/domain/errors";
import {
  type CodeLine,
  type CodeRefusal,
  type DiscountCode,
  checkDiscountCode,
  negotiationCeiling,
  normalizeCode,
} from "@haggle/domain/markets/discount-codes";
import { formatMoney } from "@haggle/domain/pricing/money";
import type { QuoteCode } from "@haggle/domain/pricing/quote-cart";
import type { Queryable } from "../../platform/db/client.ts";
import {
  cartCodeRow,
  clearCartCode,
  customerUses,
  type DiscountCodeRow,
  type DiscountCodeValues,
  findCodeRow,
  findCodeRowByCode,
  insertCodeRow,
  listCodeRows,
  redeem,
  setCartCode,
  updateCodeRow,
} from "./discounts.store.ts";

const NO_CODE = "No discount code has that id.";

function toDomain(row: DiscountCodeRow): DiscountCode {
  return {
    code: row.code,
    benefit:
      row.kind === "percent"
        ? { kind: "percent", basisPoints: row.percentBasisPoints ?? 0 }
        : row.kind === "amount"
          ? { kind: "amount", amount: row.amount ?? 0 }
          : { kind: "free_shipping" },
    minimumSubtotal: row.minimumSubtotal,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    totalUses: row.totalUses,
    usesPerCustomer: row.usesPerCustomer,
    productIds: row.productIds,
    categoryIds: row.categories,
  };
}

function toDto(row: DiscountCodeRow): CodeDto {
  const code = {
    id: row.id,
    code: row.code,
    kind: row.kind as CodeDto["kind"],
    percentOff:
      row.kind === "percent" && row.percentBasisPoints !== null ? row.percentBasisPoints / 100 : null,
    amountOff: row.kind === "amount" ? row.amount : null,
    minimumSubtotal: row.minimumSubtotal,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    usesPerCustomer: row.usesPerCustomer,
    productIds: row.productIds,
    categories: row.categories,
    combinesWithNegotiated: row.combinesWithNegotiated,
    active: row.active,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
  };
  return { ...code, ...specNamesOf(code) };
}

function valuesOf(body: DiscountCodeBody): DiscountCodeValues {
  return {
    code: normalizeCode(body.code),
    kind: body.kind,
    percentBasisPoints: body.kind === "percent" ? Math.round((body.percentOff ?? 0) * 100) : null,
    amount: body.kind === "amount" ? body.amountOff : null,
    minimumSubtotal: body.minimumSubtotal,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    totalUses: body.totalUses,
    usesPerCustomer: body.usesPerCustomer,
    productIds: [...new Set(body.productIds)],
    categories: [...new Set(body.categories)],
    combinesWithNegotiated: body.combinesWithNegotiated,
    active: body.active,
  };
}

const taken = (code: string) => conflict(`A discount code ${code} already exists.`, "DISCOUNT_CODE_TAKEN");

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

export async function listDiscountCodes(db: Queryable): Promise<{ items: CodeDto[] }> {
  return { items: (await listCodeRows(db)).map(toDto) };
}

export async function createDiscountCode(db: Queryable, body: DiscountCodeBody): Promise<CodeDto> {
  const values = valuesOf(body);
  const row = await insertCodeRow(db, values);
  if (!row) throw taken(values.code);
  return toDto(row);
}

export async function updateDiscountCode(
  db: Queryable,
  id: string,
  body: DiscountCodeBody,
): Promise<CodeDto> {
  const values = valuesOf(body);
  try {
    const row = await updateCodeRow(db, id, values);
    if (!row) throw notFound(NO_CODE);
    return toDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(values.code);
    throw error;
  }
}

/** The code on a cart as the pricing rule takes it, or the sentence saying why it does not apply now. */
export interface CartCode {
  codeId: string;
  code: string;
  quote: QuoteCode | null;
  refusal: string | null;
  /** Why it does not apply (null when it does). */
  refusalWhy: CodeRefusal | null;
}

export interface CartCodeInput {
  cartId: string;
  userId: string;
  /** The cart's lines at the shop's prices. */
  lines: readonly CodeLine[];
  /** The shop's escalation ceiling (Ava's most), from the seller settings. */
  escalation: { ceiling_pct: number; ceiling_amount: number };
  now?: Date;
}

async function judge(db: Queryable, row: DiscountCodeRow, input: CartCodeInput): Promise<CartCode> {
  const base = { codeId: row.id, code: row.code };
  if (!row.active)
    return {
      ...base,
      quote: null,
      refusal: `The code ${row.code} is no longer available.`,
      refusalWhy: "inactive",
    };
  const verdict = checkDiscountCode(toDomain(row), {
    now: input.now ?? new Date(),
    lines: input.lines,
    usedInAll: row.usedCount,
    usedByCustomer: row.usesPerCustomer === null ? 0 : await customerUses(db, row.id, input.userId),
    format: formatMoney,
  });
  if (!verdict.ok) return { ...base, quote: null, refusal: verdict.reason, refusalWhy: verdict.why };
  const itemsTotal = input.lines.reduce((s, l) => s + l.amount, 0);
  return {
    ...base,
    refusal: null,
    refusalWhy: null,
    quote: {
      code: row.code,
      discount: verdict.discount,
      freeShipping: verdict.freeShipping,
      combine: row.combinesWithNegotiated,
      ceiling: negotiationCeiling(itemsTotal, input.escalation),
    },
  };
}

/** The code entered on a cart, judged against the cart as it is now; null without one. */
export async function codeOnCart(db: Queryable, input: CartCodeInput): Promise<CartCode | null> {
  const row = await cartCodeRow(db, input.cartId);
  return row ? await judge(db, row, input) : null;
}

/**
 * The checkout's look at the cart's code, inside its transaction: the code's row is locked until
 * the order commits (so competing checkouts count its uses one after the other), and a code that
 * no longer applies refuses the checkout with its sentence (409), so nobody pays more than shown.
 */
export async function codeForCheckout(db: Queryable, input: CartCodeInput): Promise<CartCode | null> {
  const row = await cartCodeRow(db, input.cartId, true);
  if (!row) return null;
  const judged = await judge(db, row, input);
  if (judged.refusal !== null) throw conflict(judged.refusal, "DISCOUNT_CODE_REFUSED");
  return judged;
}

/** Records the code's use with the order when the quote applied it (not when Ava's price won). */
export async function redeemCartCode(
  db: Queryable,
  cartCode: CartCode | null,
  applied: { code: string | null; codeDiscount: number },
  order: { orderId: string; userId: string },
): Promise<void> {
  if (!cartCode || applied.code === null) return;
  const counted = await redeem(db, {
    codeId: cartCode.codeId,
    code: cartCode.code,
    orderId: order.orderId,
    userId: order.userId,
    amount: applied.codeDiscount,
  });
  if (!counted) throw conflict(`The code ${cartCode.code} has been used up.`, "DISCOUNT_CODE_REFUSED");
}

/** Puts the code the shopper typed on the cart; an unknown code is refused with a sentence (400). */
export async function enterCartCode(db: Queryable, cartId: string, text: string): Promise<void> {
  const code = normalizeCode(text);
  const row = code ? await findCodeRowByCode(db, code) : null;
  if (!row)
    throw invalid(
      `We don't know the code ${code || text.trim()}. Check it and try again.`,
      "UNKNOWN_DISCOUNT_CODE",
    );
  await setCartCode(db, cartId, row.id);
}

export async function removeCartCode(db: Queryable, cartId: string): Promise<void> {
  await clearCartCode(db, cartId);
}

export async function discountCodeById(db: Queryable, id: string): Promise<CodeDto> {
  const row = await findCodeRow(db, id);
  if (!row) throw notFound(NO_CODE);
  return toDto(row);
}
