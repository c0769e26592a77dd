import { DomainError } from "@haggle/domain/errors";
import { normalizeCode } from "@haggle/domain/markets/discount-codes";
import type { Tx } from "../../../platform/db/client.ts";
import type { CartCode } from "../../discounts/index.ts";
import { enterCartCode, removeCartCode } from "../../discounts/index.ts";

/*
 * Discount codes sent through ACP's discount extension, put on the session's cart as the web
 * cart puts a typed code: a cart holds one code, so the first the shop knows is entered and the
 * others are refused with the spec's reason. What the session answers beside its ACP fields, so
 * each version can say it in its own shape.
 */

/** The discount extension's reasons for a refused code. */
export type AcpCodeReason =
  | "discount_code_expired"
  | "discount_code_invalid"
  | "discount_code_combination_disallowed"
  | "discount_code_minimum_not_met"
  | "discount_code_user_ineligible"
  | "discount_code_usage_limit_reached";

export interface AcpRejectedCode {
  code: string;
  /** Its place in the request's list (for the message's `param`); null for the cart's own code. */
  index: number | null;
  reason: AcpCodeReason;
  message: string;
}

/** The session beside its 2025-09-29 fields: what a later version's answer adds. */
export interface AcpSessionDetail {
  /** Each line's name, in the lines' order. */
  names: string[];
  /** The code on the cart: applied (the amount it takes off) or refused. */
  code: { code: string; amount: number; rejected: AcpRejectedCode | null } | null;
  /** Codes this request sent that were not entered (unknown, or a second code). */
  rejected: AcpRejectedCode[];
  takesCards: boolean;
}

const REASON_OF_REFUSAL: Record<NonNullable<CartCode["refusalWhy"]>, AcpCodeReason> = {
  inactive: "discount_code_invalid",
  not_started: "discount_code_invalid",
  expired: "discount_code_expired",
  used_up: "discount_code_usage_limit_reached",
  used_by_customer: "discount_code_usage_limit_reached",
  minimum_not_met: "discount_code_minimum_not_met",
  not_applicable: "discount_code_user_ineligible",
};

/** The cart's code as the session states it: applied with its amount, or refused with its reason. */
export function sessionCode(
  cartCode: CartCode | null,
  applied: { code: string | null; codeDiscount: number },
  assistantName: string,
): AcpSessionDetail["code"] {
  if (!cartCode) return null;
  if (cartCode.refusal !== null)
    return {
      code: cartCode.code,
      amount: 0,
      rejected: {
        code: cartCode.code,
        index: null,
        reason: REASON_OF_REFUSAL[cartCode.refusalWhy ?? "inactive"],
        message: cartCode.refusal,
      },
    };
  if (applied.code === null)
    return {
      code: cartCode.code,
      amount: 0,
      rejected: {
        code: cartCode.code,
        index: null,
        reason: "discount_code_combination_disallowed",
        message: `The price negotiated with ${assistantName} is lower than the code ${cartCode.code} would make it, so the negotiated price applies.`,
      },
    };
  return { code: cartCode.code, amount: applied.codeDiscount, rejected: null };
}

/**
 * Makes the cart's code the first of `codes` the shop knows (none: the cart's code is removed);
 * unknown codes, and known codes after the entered one (a cart holds one), come back refused in
 * the request's order. Each code is tried on the cart so it is judged as the web cart judges it;
 * the first known one is put back last.
 */
export async function setSessionCodes(
  tx: Tx,
  cartId: string,
  codes: readonly string[],
): Promise<AcpRejectedCode[]> {
  const rejected: AcpRejectedCode[] = [];
  let entered: string | null = null;
  for (const [index, code] of codes.entries()) {
    try {
      await enterCartCode(tx, cartId, code);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== "UNKNOWN_DISCOUNT_CODE") throw error;
      rejected.push({ code, index, reason: "discount_code_invalid", message: error.message });
      continue;
    }
    if (entered === null) entered = normalizeCode(code);
    else
      rejected.push({
        code,
        index,
        reason: "discount_code_combination_disallowed",
        message: `One discount code applies to an order: ${entered} is applied, so ${normalizeCode(code)} is not.`,
      });
  }
  if (entered === null) await removeCartCode(tx, cartId);
  else await enterCartCode(tx, cartId, entered);
  return rejected;
}
