import {
  foldKeptOptionCounts,
  type KeptCountRow,
  OPTION_PAIR_SEPARATOR,
  optionKey,
  type WidenedRestRow,
} from "@haggle/domain/catalog/option-counts";
import { and, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { serially } from "../../platform/db/serially.ts";
import {
  productFacetCounts,
  productOptionCounts as c,
  productOptionTotals as t,
  products,
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

/** How many visible products have each of these option values (the kept per-value counts). */
export async function optionValueTotals(
  db: Queryable,
  values: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ value: productFacetCounts.value, visible: productFacetCounts.visible })
    .from(productFacetCounts)
    .where(and(eq(productFacetCounts.kind, "option"), inArray(productFacetCounts.value, [...values])));
  return new Map(rows.map((r) => [r.value, Number(r.visible)]));
}

/** A text array literal, one parameter per element (the same on both drivers). */
const textArray = (texts: readonly string[]) =>
  sql`array[${sql.join(
    texts.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

/**
 * What the kept counts of a widened option's most common value (`first`) leave out
 * (WidenedRestRow), in one statement reading only the visible products having one of the other
 * values (`rest`), through the GIN index on option_facets: the total, categories and brands of
 * those without `first` under the other filters, and each other option's values paired on one
 * variant with a value of `rest` but not with `first` (a product holding M and 5XL in Black only
 * on its 5XL is Black's here, not in M's kept pairs). Read once, whatever the category and brand
 * filters (a materialized CTE), as each facet is counted under the others.
 */
export async function widenedRestCounts(
  db: Queryable,
  first: string,
  rest: readonly string[],
  category: readonly string[],
  brand: readonly string[],
): Promise<WidenedRestRow[]> {
  const inCategory =
    category.length > 0
      ? sql`category in (${sql.join(
          category.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : sql`true`;
  const inBrand =
    brand.length > 0
      ? sql`brand in (${sql.join(
          brand.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : sql`true`;
  const result = (await db.execute(sql`
    with holding as materialized (
      select ${products.category} as category, ${products.brand} as brand,
        ${products.optionPairs} as option_pairs, ${products.optionFacets} @> ${textArray([first])} as has_first
      from ${products}
      where ${products.hidden} = false and ${products.optionFacets} && ${textArray(rest)}
    ),
    without_first as (select category, brand from holding where not has_first)
    select 'total' as kind, null::text as value, count(*)::int as n from without_first where ${inCategory} and ${inBrand}
    union all select 'category', category, count(*)::int from without_first where ${inBrand} group by category
    union all select 'brand', brand, count(*)::int from without_first where ${inCategory} group by brand
    union all select 'paired', partner, count(*)::int from holding
      cross join lateral (
        select distinct split_part(pair, ${OPTION_PAIR_SEPARATOR}, 2) as partner from unnest(option_pairs) as pair
        where split_part(pair, ${OPTION_PAIR_SEPARATOR}, 1) = any(${textArray(rest)})) as partners
      where ${inCategory} and ${inBrand}
        and not (${first} || ${OPTION_PAIR_SEPARATOR} || partner = any(option_pairs))
      group by partner`)) as unknown as {
    rows: { kind: WidenedRestRow["kind"]; value: string | null; n: number }[];
  };
  return result.rows.map((r) => ({ kind: r.kind, value: r.value, n: Number(r.n) }));
}
