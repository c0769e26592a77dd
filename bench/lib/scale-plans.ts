/**
 * The scale bench's plans: each catalogue route's queries (the list with its searches and
 * facets, a product page with its variants, the dashboard's low stock) run once in the bench's
 * own process against the database just measured, captured, and explained with EXPLAIN ANALYZE
 * (the plan test's reading of plans: apps/server/test/support/query-plans.ts). A sequential scan
 * of products, product_variants or product_options is flagged.
 */
import { ProductQuerySchema } from "@haggle/contract/products";
import { LOW_STOCK_AT, LOW_STOCK_COUNTED } from "@haggle/domain/catalog/low-stock";
import {
  BIG_CATALOGUE_TABLES,
  type CapturedQuery,
  describePlan,
  explainQueries,
  getProductPage,
  listProducts,
  lowStockVariants,
  openDatabase,
  queriesReading,
  seqScansOf,
} from "../../apps/server/src/testing.ts";

/** A query string as the route reads it: a repeated key (`option=Size:M&option=Colour:Black`) is a list. */
export function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    query[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return query;
}

/** What one route ran and how its plans read. */
export interface RoutePlans {
  route: string;
  /** Execution time of each query by EXPLAIN ANALYZE, in ms. */
  executionMs: number[];
  /** The big tables read whole (a sequential scan), one entry per scan. */
  seqScans: string[];
  plans: string[];
}

/**
 * EXPLAIN ANALYZE of each route's queries: `routes` are the catalogue's query strings
 * (/api/products?...), plus the product page of `slug` and the dashboard's low stock.
 */
export async function explainRoutes(
  options: { databaseUrl?: string; dataDir?: string },
  routes: readonly [string, string][],
  slug: string | null,
): Promise<RoutePlans[]> {
  let captured: CapturedQuery[] = [];
  const database = await openDatabase({
    ...options,
    statementTimeoutMs: 0,
    logQuery: (query, params) => captured.push({ query, params }),
  });
  const results: RoutePlans[] = [];
  const explain = async (route: string, run: () => Promise<unknown>) => {
    // The first run loads what a server keeps (the search vocabulary); the second is what requests run.
    await run();
    captured = [];
    await run();
    const explained = await explainQueries(database.db, queriesReading(captured));
    results.push({
      route,
      executionMs: explained.map((e) => e.executionMs),
      seqScans: explained.flatMap((e) => seqScansOf(e.root, BIG_CATALOGUE_TABLES)),
      plans: explained.map((e) => describePlan(e.root)),
    });
  };
  try {
    for (const [name, url] of routes) {
      const query = ProductQuerySchema.parse(queryObject(new URL(url, "http://x").searchParams));
      await explain(name, () => listProducts(database.db, query));
    }
    if (slug) await explain("product page with variants", () => getProductPage(database.db, slug));
    await explain("dashboard low stock", () =>
      lowStockVariants(database.db, LOW_STOCK_AT, 10, LOW_STOCK_COUNTED),
    );
  } finally {
    await database.close();
  }
  return results;
}

/** The plans as a Markdown table (route, query times, sequential scans) and the plan trees. */
export function printPlans(label: string, plans: readonly RoutePlans[]) {
  console.log(`\n### Plans, ${label} (EXPLAIN ANALYZE, one run each)`);
  console.log("| route | queries | execution ms | sequential scans of big tables |");
  console.log("| --- | --- | --- | --- |");
  for (const p of plans)
    console.log(
      `| ${p.route} | ${p.executionMs.length} | ${p.executionMs.map((ms) => ms.toFixed(1)).join(" + ")} | ${p.seqScans.length ? `**${p.seqScans.join(", ")}**` : "none"} |`,
    );
  for (const p of plans) {
    console.log(`\n${p.route}${p.seqScans.length ? " (SEQUENTIAL SCAN)" : ""}:`);
    console.log(p.plans.map((plan) => plan.replace(/^/gm, "    ")).join("\n    --\n"));
  }
}
