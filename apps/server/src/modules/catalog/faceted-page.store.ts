import {
  foldWidenedCounts,
  groupPairs,
  keptCountsAnswer,
  optionKey,
  widenedOptionAnswer,
} from "@haggle/domain/catalog/option-counts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { productFacetCounts, products } from "../../platform/db/schema/catalog.ts";
import { keptOptionCounts, optionSetCounts, textArray } from "./option-counts.store.ts";
import {
  columnOrder,
  listingRows,
  matchOrder,
  orderColumns,
  productsInOrder,
  relevanceOf,
  type ShopPage,
  type ShopPageQuery,
  wordConditions,
} from "./shop-page.store.ts";

/**
 * The catalogue page when option filters are chosen (option=Size:M): products one of whose
 * variants has one chosen value of each chosen option, with every facet counted under the other
 * facets' filters (choosing M keeps L visible with its count).
 *
 * Without words, one value of one option (or of each of two) is counted from the kept counts
 * (product_option_counts, migration 0034: per value and per pair of values one variant has, per
 * category and brand) and the page walks or sorts like an unfiltered listing's (listingRows): no
 * product is read for the counts. One option widened to several values (Size M or L), alone or
 * with one value of another option, is counted from the kept sets of values products hold
 * (widenedFacetedPage). Otherwise (words, two widened options, three options) the matches are
 * read (readFacetedPage): with words, those of the words, as a search reads them.
 */
export async function queryFacetedPage(db: Queryable, query: FacetedQuery): Promise<ShopPage> {
  const searching = query.words.length > 0;
  const filtered = query.category.length > 0 || query.brand.length > 0;
  const page =
    (widenedOptionAnswer(query.options, searching, filtered) ? await widenedFacetedPage(db, query) : null) ??
    (keptCountsAnswer(query.options, searching) ? await keptFacetedPage(db, query) : null) ??
    (await readFacetedPage(db, query));
  const ids = page.rows.map((r) => r.id);
  return { ...page, variantIds: await matchingVariants(db, ids, query.options) };
}

/**
 * The page from kept counts (keptCountsAnswer), or null when they cannot answer (a third
 * option's values among the matches: foldKeptOptionCounts).
 */
async function keptFacetedPage(db: Queryable, query: FacetedQuery): Promise<ShopPage | null> {
  const chosen = query.options.map((g) => g[0] as string);
  const counts = await keptOptionCounts(db, chosen, query.category, query.brand);
  if (!counts) return null;
  const filters = and(
    eq(products.hidden, false),
    query.category.length > 0 ? inArray(products.category, query.category) : undefined,
    query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined,
    chosen.length === 1
      ? sql`${products.optionFacets} @> ${textArray(chosen)}`
      : sql`${products.optionPairs} @> ${textArray(groupPairs([chosen[0] as string], [chosen[1] as string]))}`,
  );
  const rows = await listingRows(
    db,
    filters,
    { total: counts.total, collection: counts.collectionTotal },
    query,
  );
  return { ...counts, rows };
}

/**
 * The page of one option widened to several values, alone or with one value of a second option,
 * or of one value under a category or brand (widenedOptionAnswer): every count is a sum of the
 * kept sets meeting the widened values (optionSetCounts), no product read. The page walks or
 * sorts as an unfiltered listing's (listingRows). Null when a third option's values would need
 * counting.
 */
async function widenedFacetedPage(db: Queryable, query: FacetedQuery): Promise<ShopPage | null> {
  const widened =
    (query.options.length === 1 ? query.options[0] : query.options.find((g) => g.length >= 2)) ?? [];
  const second = query.options.find((g) => g !== widened)?.[0];
  const rows = await optionSetCounts(db, widened, second, query.category, query.brand);
  const counts = foldWidenedCounts(widened, second, rows);
  if (!counts) return null;
  const collectionTotal = rows.find((r) => r.kind === "collection")?.n ?? 0;
  const filters = and(
    eq(products.hidden, false),
    query.category.length > 0 ? inArray(products.category, query.category) : undefined,
    query.brand.length > 0 ? inArray(products.brand, query.brand) : undefined,
    second === undefined
      ? sql`${products.optionFacets} && ${textArray(widened)}`
      : sql`${products.optionPairs} && ${textArray(groupPairs(widened, [second]))}`,
  );
  const rowsOfPage = await listingRows(
    db,
    filters,
    { total: counts.total, collection: collectionTotal },
    query,
  );
  return { ...counts, collectionTotal, rows: rowsOfPage };
}

interface Group {
  /** The facet the group filters: "category", "brand" or an option's name (lowercased). */
  key: string;
  condition: SQL;
  /** An option group's chosen values. */
  texts?: readonly string[];
}

function groupsOf(query: FacetedQuery): Group[] {
  const groups: Group[] = [];
  if (query.category.length > 0)
    groups.push({ key: "category", condition: inArray(products.category, query.category) });
  if (query.brand.length > 0) groups.push({ key: "brand", condition: inArray(products.brand, query.brand) });
  for (const texts of query.options)
    groups.push({
      key: `option:${optionKey(texts[0] ?? "")}`,
      texts,
      condition: sql`${products.optionFacets} && ${textArray(texts)}`,
    });
  return groups;
}

export interface FacetedQuery extends ShopPageQuery {
  /** The chosen option values grouped by option (groupOptionFilters): [["Size:M", "Size:L"], ...]. */
  options: string[][];
}

interface FacetRow {
  kind: "category" | "brand" | "option" | "total" | "collection" | "page";
  value: string | null;
  n: number | null;
  id: string | null;
  pos: number | null;
}

/** Flags' names in the matches' CTE: g0, g1, ... for the groups, p0_1, ... for option groups' pairs. */
const flag = (i: number) => sql.raw(`g${i}`);
const pairFlag = (i: number, j: number) => sql.raw(`p${i}_${j}`);

/** The option groups' indexes, in pairs (i < j). */
function optionPairsOf(groups: readonly Group[]): [number, number][] {
  const options = groups.flatMap((g, i) => (g.texts ? [i] : []));
  return options.flatMap((i, k) => options.slice(k + 1).map((j): [number, number] => [i, j]));
}

/**
 * Every group but the i-th holds (all of them when i is -1), each two option groups but the
 * i-th on one variant (their pair flag).
 */
function allBut(groups: readonly Group[], i: number): SQL {
  const others = groups.map((_, j) => j).filter((j) => j !== i);
  const pairs = optionPairsOf(groups).filter(([a, b]) => a !== i && b !== i);
  const all = [...others.map(flag), ...pairs.map(([a, b]) => pairFlag(a, b))];
  return all.length === 0 ? sql`true` : sql.join(all, sql` and `);
}

/**
 * Which option values a matched product counts: a value of option group i's option under every
 * other group, the others' values on one variant with it (its pairs); a value of an option not
 * chosen under every group, on one variant with each chosen option's values. With three options
 * chosen the pairs are checked two by two, not all three on one variant.
 */
function valueCounted(groups: readonly Group[]): SQL {
  const options = groups.map((g, i) => ({ g, i })).filter(({ g }) => g.texts !== undefined);
  // An array built per value (no subquery over the chosen values: a subplan run per value counted).
  const pairedWith = (j: number) =>
    sql`option_pairs && array[${sql.join(
      (groups[j]?.texts ?? []).map((t) => sql`facet || chr(31) || ${t}`),
      sql`, `,
    )}]::text[]`;
  const withEvery = (but: number) => options.filter(({ i }) => i !== but).map(({ i }) => pairedWith(i));
  const own = options.map(
    ({ g, i }) =>
      sql`(lower(split_part(facet, ':', 1)) = ${g.key.slice("option:".length)} and ${and(allBut(groups, i), ...withEvery(i))})`,
  );
  const names = options.map(({ g }) => g.key.slice("option:".length));
  const other = sql`(lower(split_part(facet, ':', 1)) <> all(${textArray(names)}) and ${and(allBut(groups, -1), ...withEvery(-1))})`;
  return sql.join([...own, other], sql` or `);
}

/**
 * The page read from its matches: the visible products (passing the words) that fail at most
 * one filter group are read once (a materialized CTE with a flag per group and per two option
 * groups), which every count needs: a group's own counts come from the products passing all the
 * others. With one group and words, that is every product the words match. An option group uses
 * the GIN index on option_facets (`&&`, migration 0031), two options on one variant the pairs.
 */
async function readFacetedPage(db: Queryable, query: FacetedQuery): Promise<ShopPage> {
  const groups = groupsOf(query);
  const words = wordConditions(query.words);
  // The rows every count needs: those failing at most one group (see above).
  const reach =
    groups.length <= 1
      ? words.length > 0
        ? sql`true`
        : (groups[0]?.condition ?? sql`true`)
      : sql`(${sql.join(
          groups.map((_, i) => and(...groups.filter((_, j) => j !== i).map((g) => g.condition))) as SQL[],
          sql` or `,
        )})`;
  const { inName, relevance } = relevanceOf(query);
  const pairTexts = (i: number, j: number) => groupPairs(groups[i]?.texts ?? [], groups[j]?.texts ?? []);
  const flags = [
    ...groups.map((g, i) => sql`${g.condition} as ${flag(i)}`),
    ...optionPairsOf(groups).map(
      ([i, j]) => sql`${products.optionPairs} && ${textArray(pairTexts(i, j))} as ${pairFlag(i, j)}`,
    ),
  ];
  // The matches' option values are counted per distinct set held (with its flags), then unnested:
  // a search's matches hold few distinct sets (97 among the 1,383 products "headphones" matches at
  // 100,000), and unnesting every match's values was most of the statement's time.
  const flagNames = sql.join(
    [...groups.map((_, i) => flag(i)), ...optionPairsOf(groups).map(([i, j]) => pairFlag(i, j))],
    sql`, `,
  );
  const all = allBut(groups, -1);
  const countBy = (kind: "category" | "brand") => {
    const i = groups.findIndex((g) => g.key === kind);
    return sql`union all select ${kind}, ${sql.raw(kind)}, count(*)::int, null, null
      from matches where ${allBut(groups, i)} group by ${sql.raw(kind)}`;
  };
  const order = query.words.length > 0 ? matchOrder(query.sort) : columnOrder(query.sort);
  const result = (await db.execute(sql`
    with matches as materialized (
      select ${products.id} as id, ${products.category} as category, ${products.brand} as brand,
        ${products.optionFacets} as option_facets, ${products.optionPairs} as option_pairs,
        ${products.name} as name, ${orderColumns(query.sort)},
        ${sql.join(flags, sql`, `)} ${relevance}
      from ${products} ${inName}
      where ${and(eq(products.hidden, false), ...words, reach)}
    ),
    chosen as ${query.options.length < 3 ? sql`not materialized` : sql``} (
      select * from matches as chosen_match where ${all} and ${exactlyOnOneVariant(query.options)}
    ),
    page as (
      select id, row_number() over (order by ${order})::int as pos
      from (select * from chosen order by ${order}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) as chosen_page
    )
    select 'total' as kind, null::text as value, count(*)::int as n, null::text as id, null::int as pos
    from chosen
    ${countBy("category")}
    ${countBy("brand")}
    union all select 'option', facet, sum(n)::int, null, null
    from (select option_facets, option_pairs, ${flagNames}, count(*) as n from matches
      group by option_facets, option_pairs, ${flagNames}) as held
    cross join lateral unnest(option_facets) as facet where ${valueCounted(groups)} group by facet
    union all select 'collection', null, (select ${productFacetCounts.visible} from ${productFacetCounts}
      where ${productFacetCounts.kind} = 'all'), null, null
    union all select 'page', null, null, id::text, pos from page`)) as unknown as { rows: FacetRow[] };
  const rows = result.rows;
  const counted = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.value !== null)
      .map((r) => ({ value: r.value as string, count: Number(r.n) }));
  const pageIds = rows
    .filter((r) => r.kind === "page" && r.id)
    .sort((a, b) => Number(a.pos) - Number(b.pos))
    .map((r) => r.id as string);
  return {
    rows: await productsInOrder(db, pageIds),
    total: Number(rows.find((r) => r.kind === "total")?.n ?? 0),
    collectionTotal: Number(rows.find((r) => r.kind === "collection")?.n ?? 0),
    categories: counted("category"),
    brands: counted("brand"),
    options: counted("option").map((r) => ({ text: r.value, count: r.count })),
  };
}

/**
 * With three options chosen, a match's variants are read: one must hold a chosen value of each
 * (the pairs only say each two are on one variant). Fewer need no check (the flags say it).
 */
function exactlyOnOneVariant(optionGroups: readonly string[][]): SQL {
  if (optionGroups.length < 3) return sql`true`;
  return sql`exists (select 1 from product_variants v where v.product_id = chosen_match.id and ${variantHolds(optionGroups)})`;
}

/** The variant `v` holds one chosen value of each group (its option values named by the product's options). */
function variantHolds(optionGroups: readonly string[][]): SQL {
  return sql.join(
    optionGroups.map(
      (texts) => sql`exists (select 1 from product_options o where o.product_id = v.product_id
      and o.name || ':' || v.option_values[o.position + 1] = any(${textArray(texts)}))`,
    ),
    sql` and `,
  );
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
  const result = (await db.execute(sql`
    select distinct on (v.product_id) v.product_id::text as product_id, v.id::text as id
    from product_variants v
    where v.product_id in (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${variantHolds(optionGroups)}
    order by v.product_id, v.in_stock desc, v.position, v.id`)) as unknown as {
    rows: { product_id: string; id: string }[];
  };
  return new Map(result.rows.map((r) => [r.product_id, r.id]));
}
