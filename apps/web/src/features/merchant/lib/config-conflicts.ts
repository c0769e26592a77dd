import { readNumber } from "./config-form";
import type { FieldValues } from "./config-form";

interface Limits {
  max_auto_discount_pct: number;
  max_auto_discount_amount: number;
}
interface Ceiling {
  ceiling_pct: number;
  ceiling_amount: number;
}

/**
 * The cross-section rule the server enforces (the ceiling never below the automatic limits),
 * checked before sending, in the server's words, beside the field that breaks it.
 */
export function limitsAboveCeiling(values: FieldValues, ceiling: Ceiling): Record<string, string> {
  const errors: Record<string, string> = {};
  if (readNumber(values.max_auto_discount_pct) > ceiling.ceiling_pct) {
    errors.max_auto_discount_pct = `Max auto discount cannot be above the escalation ceiling (${ceiling.ceiling_pct}%). Raise the ceiling first.`;
  }
  if (readNumber(values.max_auto_discount_amount) > ceiling.ceiling_amount) {
    errors.max_auto_discount_amount = `Max auto discount amount cannot be above the escalation ceiling amount ($${ceiling.ceiling_amount}). Raise the ceiling first.`;
  }
  return errors;
}

export function ceilingBelowLimits(values: FieldValues, limits: Limits): Record<string, string> {
  const errors: Record<string, string> = {};
  if (readNumber(values.ceiling_pct) < limits.max_auto_discount_pct) {
    errors.ceiling_pct = `Escalation ceiling cannot be below the max auto discount (${limits.max_auto_discount_pct}%). Lower the max auto discount first.`;
  }
  if (readNumber(values.ceiling_amount) < limits.max_auto_discount_amount) {
    errors.ceiling_amount = `Escalation ceiling amount cannot be below the max auto discount amount ($${limits.max_auto_discount_amount}). Lower the max auto discount amount first.`;
  }
  return errors;
}
