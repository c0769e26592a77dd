import { type Cents, formatMoney } from "../pricing/money.ts";
import { formatPercent } from "../pricing/percent.ts";
import { type LoyaltyTier, TIER_LABELS } from "./loyalty-tiers.ts";
import type { BasisPoints, OfferTerms, VoiceInput } from "./negotiation-types.ts";

/**
 * The building blocks of Ava's built-in words: figures formatted one way everywhere (so the
 * figure check reads back exactly what was written), phrasing picked by seed, and the sentences
 * several replies share.
 */

/** A whole number of cents (or basis points) that formatMoney accepts, whatever came in. */
export function safeInt(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(n)));
}

export function usd(cents: Cents): string {
  return formatMoney(safeInt(cents));
}

/** Config percents are points (config amounts: settingCents). */
export function pointsToBasisPoints(points: number): BasisPoints {
  return safeInt(points * 100);
}

/** Percents as they are shown everywhere (pricing/percent.ts): "15%", "12.5%", "0.5%". */
export { formatPercent };

/** A config's extra percentage points as a shopper reads them: 3 -> "3% off", 2.5 -> "2.5% off". */
export function formatExtraOff(points: number): string {
  return `${formatPercent(pointsToBasisPoints(points))} off`;
}

// ---------------------------------------------------------------- phrasing

export function pick(seed: number, options: readonly string[], salt = 0): string {
  const s = Number.isFinite(seed) ? Math.abs(Math.trunc(seed)) : 0;
  return options[(s + salt) % options.length] ?? options[0] ?? "";
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function tierPhrase(tier: LoyaltyTier): string {
  const label = TIER_LABELS[tier] ?? "valued";
  return tier === "NONE" ? `a ${label}` : `a ${label} member`;
}

export function tierLabel(tier: LoyaltyTier): string {
  return TIER_LABELS[tier] ?? "valued customer";
}

export interface OfferWords {
  /** "15%" */
  p: string;
  /** "$30.00" */
  a: string;
  /** "a new total of $190.00" (with a quote) or "a discounted subtotal of $170.00" */
  after: string;
}

export function offerWords(offer: OfferTerms, input: VoiceInput): OfferWords {
  return {
    p: formatPercent(offer.percent),
    a: usd(offer.discount),
    after: input.quote
      ? `a new total of ${usd(input.quote.total)}`
      : `a discounted subtotal of ${usd(offer.subtotal - offer.discount)}`,
  };
}

export function sentences(...parts: string[]): string {
  return parts.filter((p) => p.length > 0).join(" ");
}

export function standingSentence(input: VoiceInput, standing: OfferTerms | null): string {
  if (!standing) return "";
  const w = offerWords(standing, input);
  return pick(
    input.seed,
    [
      `My current offer of ${w.p} off (${w.a}) still stands, for ${w.after}.`,
      `My offer of ${w.p} off (${w.a}) is still open, for ${w.after}.`,
      `You still have my offer of ${w.p} off (${w.a}), for ${w.after}.`,
    ],
    1,
  );
}
