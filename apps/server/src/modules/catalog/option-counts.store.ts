import {
  foldKeptOptionCounts,
  type KeptCountRow,
  optionKey,
  type OptionSetRow,
} from "@haggle/domain/catalog/option-counts";
import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { serially } from "../../platform/db/serially.ts";
import {
  productFacetCounts,
  productOptionCounts as c,
  productOptionSets as s,
  productOptionTotals as t,
} from "../../platform/db/schema/catalog.ts";
import type { OptionTextCount } from "./shop-page.store.ts";

export interface KeptOptionPage {
  total: number;
  collectionTotal: number;
  categories: { value: string; count: number }[];
  brands: { value: string; count: number }[];
  options: OptionTextCount[];
}

/**
 * The facet counts of one chosen option value, or one of each of two options (`chosen`), under
 * the chosen categories and brands, in one statement over the kept counts
 * (product_option_counts, migration 0034; when no category or brand is chosen, the total and
 * the pairs from their sums, product_option_totals, migration 0042): each facet under the other
 * filters (categories under the options and brands, brands under the options and categories,
 * an option's values paired with the other option's chosen value, the one chosen option's own
 * values under the categories and brands). Null when a third option's values would need
 * counting (foldKeptOptionCounts).
 */
export async function keptOptionCounts(
  db: Queryable,
  chosen: readonly string[],
  category: readonly string[],
  brand: readonly string[],
): Promise<KeptOptionPage | null> {
  const byCategory = category.length > 0 ? inArray(c.category, [...category]) : undefined;
  const byBrand = brand.length > 0 ? inArray(c.brand, [...brand]) : undefined;
  const [first, second] = chosen as [string, string | undefined];
  // The rows of the products having the chosen value (both chosen values on one variant).
  const matched = and(eq(c.facet, first), eq(c.paired, second ?? ""), gt(c.visible, 0));
  const sum = sql`sum(${c.visible})::int`;
  // Without a category or brand, the sums over all of them are kept (product_option_totals).
  const unfiltered = !byCategory && !byBrand;
  const paired = (i: number, facet: string) =>
    unfiltered
      ? sql`union all select ${`with${i}`}, ${t.paired}, ${t.visible} from ${t}
          where ${and(eq(t.facet, facet), sql`${t.paired} <> ''`, gt(t.visible, 0))}`
      : sql`union all select ${`with${i}`}, ${c.paired}, ${sum} from ${c}
          where ${and(eq(c.facet, facet), sql`${c.paired} <> ''`, gt(c.visible, 0), byCategory, byBrand)}
          group by ${c.paired}`;
  const parts: SQL[] = [
    unfiltered
      ? sql`select 'total' as kind, null::text as value, coalesce(sum(${t.visible}), 0)::int as n from ${t}
          where ${and(eq(t.facet, first), eq(t.paired, second ?? ""), gt(t.visible, 0))}`
      : sql`select 'total' as kind, null::text as value, coalesce(${sum}, 0) as n from ${c}
          where ${and(matched, byCategory, byBrand)}`,
    sql`union all select 'category', ${c.category}, ${sum} from ${c} where ${and(matched, byBrand)} group by ${c.category}`,
    sql`union all select 'brand', ${c.brand}, ${sum} from ${c} where ${and(matched, byCategory)} group by ${c.brand}`,
    paired(0, first),
    second === undefined ? sql`` : paired(1, second),
    sql`union all select 'collection', null, ${productFacetCounts.visible} from ${productFacetCounts}
      where ${productFacetCounts.kind} = 'all'`,
  ];
  if (second === undefined) {
    // The chosen option's own values: every visible product's (kept per value) or the filters' sums.
    const values = sql`select ${productFacetCounts.value} from ${productFacetCounts}
      where ${productFacetCounts.kind} = 'option' and ${productFacetCounts.visible} > 0
      and lower(split_part(${productFacetCounts.value}, ':', 1)) = ${optionKey(first)}`;
    parts.push(
      byCategory || byBrand
        ? sql`union all select 'own', ${c.facet}, ${sum} from ${c}
            where ${and(eq(c.paired, ""), sql`${c.facet} in (${values})`, gt(c.visible, 0), byCategory, byBrand)}
            group by ${c.facet}`
        : sql`union all select 'own', ${productFacetCounts.value}, ${productFacetCounts.visible}
            from ${productFacetCounts} where ${productFacetCounts.kind} = 'option'
            and ${productFacetCounts.value} in (${values})`,
    );
  }
  const result = (await serially(db, (tx) => tx.execute(sql.join(parts, sql` `)))) as unknown as {
    rows: { kind: string; value: string | null; n: number | null }[];
  };
  const rows = result.rows.map((r) => ({ kind: r.kind, value: r.value, n: Number(r.n ?? 0) }));
  const folded = foldKeptOptionCounts(chosen, rows.filter((r) => r.kind !== "collection") as KeptCountRow[]);
  if (!folded) return null;
  return { ...folded, collectionTotal: rows.find((r) => r.kind === "collection")?.n ?? 0 };
}

/** A text array literal, one parameter per element (the same on both drivers). */
export const textArray = (texts: readonly string[]) =>
  sql`array[${sql.join(
    texts.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

/**
 * The sums of the kept sets (product_option_sets, migration 0044) meeting a widened option's
 * values (OptionSetRow), in one statement: the total, categories and brands of the products
 * whose own set meets them (with a second option's value chosen, whose set paired with it), per
 * value of another option those whose set paired with it does, and per value of the widened
 * option those holding it (their sets unnested), each under the other filters. Each reads the
 * rows of the sets the shop's products hold in the scope its filters need (over all, per
 * category, per brand, or per both), never a product.
 */
export async function optionSetCounts(
  db: Queryable,
  widened: readonly string[],
  second: string | undefined,
  category: readonly string[],
  brand: readonly string[],
): Promise<OptionSetRow[]> {
  const inCategory = category.length > 0 ? inArray(s.category, [...category]) : undefined;
  const inBrand = brand.length > 0 ? inArray(s.brand, [...brand]) : undefined;
  /** The rows summed under these filters: per category and brand, per one of them, or over all. */
  const scoped = (byCategory: SQL | undefined, byBrand: SQL | undefined) =>
    and(eq(s.scope, byCategory ? (byBrand ? "p" : "c") : byBrand ? "b" : "a"), byCategory, byBrand);
  const meets = sql`${s.held} && ${textArray(widened)}`;
  const sum = sql`sum(${s.visible})::int`;
  const matched = and(eq(s.paired, second ?? ""), meets, gt(s.visible, 0));
  const [single] = widened.length === 1 ? widened : [];
  /**
   * The categories (or brands) under the other filter. Under a chosen brand (or category), one
   * value's are the kept counts of that brand's (category's) rows (one per category: 12 for a
   * size at 100,000 generated products, where the sets of each category and the brand are 20);
   * otherwise, and for several values (a product holding two would count twice), the sets'.
   */
  const facetOf = (kind: "category" | "brand", other: SQL | undefined) => {
    const column = kind === "category" ? c.category : c.brand;
    if (single !== undefined && other !== undefined)
      return sql`select ${kind}, ${column}, sum(${c.visible})::int from ${c}
        where ${and(
          eq(c.facet, single),
          eq(c.paired, second ?? ""),
          gt(c.visible, 0),
          kind === "category" ? inArray(c.brand, [...brand]) : inArray(c.category, [...category]),
        )} group by ${column}`;
    const setColumn = kind === "category" ? s.category : s.brand;
    const scope = kind === "category" ? scoped(sql`true`, other) : scoped(other, sql`true`);
    return sql`select ${kind}, ${setColumn}, ${sum} from ${s} where ${and(scope, matched)} group by ${setColumn}`;
  };
  const statement = sql`
    select 'total' as kind, null::text as value, coalesce(${sum}, 0) as n from ${s}
      where ${and(scoped(inCategory, inBrand), matched)}
    union all ${facetOf("category", inBrand)}
    union all ${facetOf("brand", inCategory)}
    union all select 'paired', ${s.paired}, ${sum} from ${s}
      where ${and(scoped(inCategory, inBrand), sql`${s.paired} <> ''`, meets, gt(s.visible, 0))}
      group by ${s.paired}
    union all select 'own', own, ${sum} from ${s} cross join lateral unnest(${s.held}) as own
      where ${and(scoped(inCategory, inBrand), eq(s.paired, second ?? ""), gt(s.visible, 0))}
      and lower(split_part(own, ':', 1)) = ${optionKey(widened[0] ?? "")}
      group by own
    union all select 'collection', null, ${productFacetCounts.visible} from ${productFacetCounts}
      where ${productFacetCounts.kind} = 'all'`;
  const result = (await serially(db, (tx) => tx.execute(statement))) as unknown as {
    rows: { kind: OptionSetRow["kind"]; value: string | null; n: number | null }[];
  };
  return result.rows.map((r) => ({ kind: r.kind, value: r.value, n: Number(r.n ?? 0) }));
}
