import { settingCents } from "@haggle/domain/merchant/seller-config";
import { formatMoney } from "@haggle/domain/pricing/money";

export interface Cap {
  pct: number;
  amount: number;
}

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function cap({ pct, amount }: Cap): string {
  return `${percent.format(pct)}% (at most ${formatMoney(settingCents(amount))})`;
}

/**
 * What Ava does with an ask, in one sentence: what she gives alone, what comes to the merchant,
 * what she declines. A ceiling at or below the auto cap leaves no band to escalate.
 */
export function negotiationBandSentence(auto: Cap, ceiling: Cap): string {
  const alone = `Ava may give up to ${cap(auto)} on her own`;
  if (ceiling.pct <= auto.pct && ceiling.amount <= auto.amount) {
    return `${alone} and declines anything more; no ask comes to you for approval.`;
  }
  const upper = { pct: Math.max(ceiling.pct, auto.pct), amount: Math.max(ceiling.amount, auto.amount) };
  return `${alone}; asks up to ${cap(upper)} go to you for approval; above that she declines.`;
}

/** A number the merchant typed, or the saved one while the typed text is not a number yet. */
export function typedOr(typed: number, saved: number): number {
  return Number.isFinite(typed) ? typed : saved;
}
