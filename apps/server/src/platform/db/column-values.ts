import { toCents, toDollars } from "@haggle/domain/pricing/money";

/** A database numeric(12,2) value (a string) as exact JSON dollars. */
export function moneyOut(value: string | number): number {
  return toDollars(toCents(value));
}

/** '{0.1,-0.2}': a vector as a PostgreSQL array literal (exact: JavaScript's shortest round-trip form). */
export function vectorLiteral(vector: readonly number[]): string {
  return `{${vector.join(",")}}`;
}
