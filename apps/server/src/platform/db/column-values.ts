import { type Cents, fromColumn, shopMinorUnits, toDecimalString } from "@haggle/domain/pricing/money";
import { type SQL, sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * A money column: numeric(12,2) in the database (the amount in the shop's currency: "12.34" EUR,
 * "1200" JPY), integer minor units in code. Drizzle converts every
 * value read and written through it, so no store converts money by hand.
 */
export const money = customType<{ data: Cents; driverData: string | number }>({
  dataType: () => "numeric(12, 2)",
  fromDriver: (value) => readMoney(value),
  toDriver: (cents) => toDecimalString(cents),
});

/** A numeric(12,2) value a raw SQL query returned (a string) as cents: what `money` does for columns. */
export function readMoney(value: string | number): Cents {
  return fromColumn(value);
}

/** An amount in cents as a numeric SQL value, for raw SQL that compares it with a money column. */
export function moneySql(cents: Cents): SQL {
  return sql`${toDecimalString(cents)}::numeric`;
}

/** How many minor units make one of the shop's currency (100 for USD, 1 for JPY), as a numeric SQL value. */
export function minorUnitsPerUnit(): SQL {
  return sql`${10 ** shopMinorUnits()}::numeric`;
}

/** '{0.1,-0.2}': a vector as a PostgreSQL array literal (exact: JavaScript's shortest round-trip form). */
export function vectorLiteral(vector: readonly number[]): string {
  return `{${vector.join(",")}}`;
}
