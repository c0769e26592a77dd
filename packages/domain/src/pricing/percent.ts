/**
 * The one way a percent is shown, wherever a shopper, a merchant or an agent reads it (Ava's
 * words, the cart's offer line, the tools' summaries): at most one decimal, rounded half up on
 * whole basis points, no trailing ".0". 1500 bp -> "15%", 1250 -> "12.5%", 49 -> "0.5%".
 * Figures kept as data (an offer's discountPercent) stay exact; only their text goes through here.
 */
export function formatPercent(basisPoints: number): string {
  const bp = Number.isFinite(basisPoints) ? Math.round(basisPoints) : 0;
  const tenths = Math.round(Math.abs(bp) / 10);
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${bp < 0 ? "-" : ""}${whole}${decimal ? `.${decimal}` : ""}%`;
}

/** The same, for a percent given in points (0.49 -> "0.5%"), as the API writes an offer's percent. */
export function formatPercentPoints(points: number): string {
  return formatPercent(Math.round(points * 100));
}
