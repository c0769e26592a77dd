import { parseOptionFacet } from "@haggle/domain/catalog/option-facets";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { productFacetCounts, products } from "../../platform/db/schema/catalog.ts";
import {
  columnOrder,
  matchOrder,
  type OptionTextCount,
  productsInOrder,
  relevanceOf,
  type ShopPage,
  type ShopPageQuery,
  wordConditions,
} from "./shop-page.store.ts";

/**
 * The catalogue page when option filters are chosen (option=Size:M): products whose variants
 * have one chosen value of each chosen option, with every facet counted under the other
 * facets' filters (choosing M keeps L visible with its count).
 *
 * Each filter group (the categories, the brands, each option's values) is a condition; the
 * matches read are the visible products (passing the words) that fail at most one group, which
 * every count needs: a group's own counts come from the products passing all the others. With
 * one group and no words that would be every product, so then only its products are read and
 * the group's own counts come from the kept counts (product_facet_counts). An option group uses
 * the GIN index on option_facets (`&&`, migration 0031).
 */

/** A text array literal, one parameter per element (the same on both drivers). */
const textArray = (texts: readonly string[]) =>
  sql`array[${sql.join(
    texts.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

interface Group {
  /** The facet the group filters: "category", "brand" or an option's name (as chosen). */
  key: string;
  condition: SQL;
  /** For an option group: the option's name, lowercased (a value's group is its name's). */
  optionName?: string;
}

function groupsOf(query: FacetedQuery): Group[] {
  const groups: Group[] = [];
  if (query.category.length > 0)
    groups.push({ key: "category", condition: inArray(products.category, query.category) });
  if (query.brand.length > 0) groups.push({ key: "brand", condition: inArray(products.brand, query.brand) });
  for (const texts of query.options) {
    const name = parseOptionFacet(texts[0] ?? "")?.name ?? "";
    groups.push({
      key: `option:${name.toLowerCase()}`,
      optionName: name.toLowerCase(),
      condition: sql`${products.optionFacets} && ${textArray(texts)}`,
    });
  }
  return groups;
}

export interface FacetedQuery extends ShopPageQuery {
  /** The chosen option values grouped by option (groupOptionFilters): [["Size:M", "Size:L"], ...]. */
  options: string[][];
}

interface FacetRow {
  kind: "category" | "brand" | "option" | "total" | "collection" | "page" | "kept";
  value: string | null;
  n: number | null;
  id: string | null;
  pos: number | null;
}

/** Flags' names in the matches' CTE: g0, g1, ... */
const flag = (i: number) => sql.raw(`g${i}`);

/** Every flag but the i-th holds (all of them when i is -1). */
function allBut(groups: readonly Group[], i: number): SQL {
  const others = groups.map((_, j) => j).filter((j) => j !== i);
  return others.length === 0 ? sql`true` : sql.join(others.map(flag), sql` and `);
}

export async function queryFacetedPage(db: Queryable, query: FacetedQuery): Promise<ShopPage> {
  const groups = groupsOf(query);
  const words = wordConditions(query.words);
  const single = groups.length === 1 && words.length === 0;
  // The rows every count needs: those failing at most one group (see above).
  const reach =
    single || groups.length === 0
      ? (groups[0]?.condition ?? sql`true`)
      : words.length > 0 && groups.length === 1
        ? sql`true`
        : sql`(${sql.join(
            groups.map((_, i) => and(...groups.filter((_, j) => j !== i).map((g) => g.condition))) as SQL[],
            sql` or `,
          )})`;
  const searching = query.words.length > 0;
  const { inName, relevance } = relevanceOf(query);
  const flags = groups.map((g, i) => sql`${g.condition} as ${flag(i)}`);
  const all = allBut(groups, -1);
  const own = (key: string) => groups.findIndex((g) => g.key === key);
  const countBy = (kind: "category" | "brand") => {
    const i = own(kind);
    // A single group's own counts are the kept ones (read below).
    if (single && i === 0) return sql``;
    return sql`union all select ${kind}, ${sql.raw(kind)}, count(*)::int, null, null
      from matches where ${allBut(groups, i)} group by ${sql.raw(kind)}`;
  };
  // An option value counts a row passing every group but its own option's.
  const optionGroups = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.optionName !== undefined);
  const valueCounts = sql.join(
    [
      all,
      ...optionGroups
        .filter(() => !single)
        .map(
          ({ g, i }) => sql`(lower(split_part(facet, ':', 1)) = ${g.optionName} and ${allBut(groups, i)})`,
        ),
    ],
    sql` or `,
  );
  const kept =
    single && groups[0]
      ? sql`union all select 'kept', ${productFacetCounts.kind} || '|' || ${productFacetCounts.value},
          ${productFacetCounts.visible}, null, null from ${productFacetCounts}
          where ${productFacetCounts.visible} > 0 and ${productFacetCounts.kind} = ${groups[0].optionName ? "option" : groups[0].key}`
      : sql``;
  const order = searching ? matchOrder(query.sort) : columnOrder(query.sort);
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${products.id} as id, ${products.category} as category, ${products.brand} as brand,
        ${products.optionFacets} as option_facets, ${products.name} as name, ${products.price} as price,
        ${products.rating} as rating, ${products.reviewCount} as review_count,
        ${products.inStock} as in_stock, ${products.demandIndex} as demand_index
        ${flags.length > 0 ? sql`, ${sql.join(flags, sql`, `)}` : sql``} ${relevance}
      from ${products} ${inName}
      where ${and(eq(products.hidden, false), ...words, reach)}
    ),
    page as (
      select id, row_number() over (order by ${order})::int as pos
      from (select * from matches where ${all} order by ${order}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) as chosen
    )
    select 'total' as kind, null::text as value, count(*)::int as n, null::text as id, null::int as pos
    from matches where ${all}
    ${countBy("category")}
    ${countBy("brand")}
    union all select 'option', facet, count(*)::int, null, null
    from matches cross join lateral unnest(option_facets) as facet where ${valueCounts} group by facet
    union all select 'collection', null, (select ${productFacetCounts.visible} from ${productFacetCounts}
      where ${productFacetCounts.kind} = 'all'), null, null
    ${kept}
    union all select 'page', null, null, id::text, pos from page`)) as unknown as { rows: FacetRow[] };
  const rows = result.rows;
  const counted = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.value !== null)
      .map((r) => ({ value: r.value as string, count: Number(r.n) }));
  const keptCounts = counted("kept").map((r) => ({
    value: r.value.slice(r.value.indexOf("|") + 1),
    count: r.count,
  }));
  const singleKey = single ? groups[0]?.key : undefined;
  const categories = singleKey === "category" ? keptCounts : counted("category");
  const brands = singleKey === "brand" ? keptCounts : counted("brand");
  let options: OptionTextCount[] = counted("option").map((r) => ({ text: r.value, count: r.count }));
  if (single && groups[0]?.optionName !== undefined) {
    const name = groups[0].optionName;
    // The chosen option's own values: the kept counts (every visible product); the rest from the matches.
    const sameOption = (t: string) => parseOptionFacet(t)?.name.toLowerCase() === name;
    options = [
      ...options.filter((o) => !sameOption(o.text)),
      ...keptCounts.filter((k) => sameOption(k.value)).map((k) => ({ text: k.value, count: k.count })),
    ];
  }
  const pageIds = rows
    .filter((r) => r.kind === "page" && r.id)
    .sort((a, b) => Number(a.pos) - Number(b.pos))
    .map((r) => r.id as string);
  return {
    rows: await productsInOrder(db, pageIds),
    total: Number(rows.find((r) => r.kind === "total")?.n ?? 0),
    collectionTotal: Number(rows.find((r) => r.kind === "collection")?.n ?? 0),
    categories,
    brands,
    options,
    variantIds: await matchingVariants(db, pageIds, query.options),
  };
}

/**
 * Each product's first variant (in stock first, then the shop's order) whose option values hold
 * one chosen value of each chosen option: the variant its card opens.
 */
async function matchingVariants(
  db: Queryable,
  productIds: readonly string[],
  optionGroups: readonly string[][],
): Promise<Map<string, string>> {
  if (productIds.length === 0 || optionGroups.length === 0) return new Map();
  const checks = optionGroups.map(
    (texts) => sql`exists (select 1 from product_options o where o.product_id = v.product_id
      and o.name || ':' || v.option_values[o.position + 1] = any(${textArray(texts)}))`,
  );
  const result = (await db.execute(sql`
    select distinct on (v.product_id) v.product_id::text as product_id, v.id::text as id
    from product_variants v
    where v.product_id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${sql.join(checks, sql` and `)}
    order by v.product_id, v.in_stock desc, v.position, v.id`)) as unknown as {
    rows: { product_id: string; id: string }[];
  };
  return new Map(result.rows.map((r) => [r.product_id, r.id]));
}
