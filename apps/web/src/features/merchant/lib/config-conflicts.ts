import {
  type AutomaticLimits,
  type EscalationCeiling,
  sellerConfigClashes,
} from "@haggle/domain/merchant/merge-seller-config";
import { type FieldValues, readNumber } from "./config-form";

/**
 * The cross-section rule the server enforces (packages/domain's sellerConfigClashes: the ceiling
 * never below the automatic limits), checked before sending on the form's values, in the
 * server's words, beside the field that breaks it.
 */
export function limitsAboveCeiling(values: FieldValues, ceiling: EscalationCeiling): Record<string, string> {
  const limits = {
    max_auto_discount_pct: readNumber(values.max_auto_discount_pct),
    max_auto_discount_amount: readNumber(values.max_auto_discount_amount),
  };
  return sellerConfigClashes(limits, ceiling, "negotiation_limits");
}

export function ceilingBelowLimits(values: FieldValues, limits: AutomaticLimits): Record<string, string> {
  const ceiling = {
    ceiling_pct: readNumber(values.ceiling_pct),
    ceiling_amount: readNumber(values.ceiling_amount),
  };
  return sellerConfigClashes(limits, ceiling, "escalation_rules");
}
