import type { Db } from "../../src/platform/db/client.ts";

/**
 * EXPLAIN ANALYZE of the queries a request ran, read as a tree: the plan test fails on a
 * sequential scan of a big catalogue table, and bench:scale prints the same plans with its
 * figures. Plans, not timings.
 */

/** The catalogue's tables that grow with it (100,000 products, 500,000 variants): none may be read whole. */
export const BIG_CATALOGUE_TABLES = ["products", "product_variants", "product_options"] as const;

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

export interface ExplainedQuery {
  text: string;
  root: PlanNode;
  executionMs: number;
}

export interface CapturedQuery {
  query: string;
  params: unknown[];
}

/** The sequential scans in a plan of the tables named (the relations read whole). */
export function seqScansOf(node: PlanNode, tables: readonly string[] = BIG_CATALOGUE_TABLES): string[] {
  const relation = node["Relation Name"];
  const here = node["Node Type"] === "Seq Scan" && relation && tables.includes(relation) ? [relation] : [];
  return [...here, ...(node.Plans ?? []).flatMap((child) => seqScansOf(child, tables))];
}

/** The indexes a plan reads. */
export function indexesUsed(node: PlanNode): string[] {
  const here = node["Index Name"] ? [node["Index Name"]] : [];
  return [...here, ...(node.Plans ?? []).flatMap(indexesUsed)];
}

/**
 * A query string as the catalogue route reads it: a repeated key (`option=Size:M&option=Colour:Black`)
 * is a list (Object.fromEntries would keep the last value alone).
 */
export function routeQuery(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    query[key] = all.length > 1 ? all : (all[0] ?? "");
  }
  return query;
}

/** Every node type of a plan ("Limit", "Index Scan", "Sort", ...). */
export function nodeTypesOf(node: PlanNode): string[] {
  return [node["Node Type"], ...(node.Plans ?? []).flatMap(nodeTypesOf)];
}

/** The plan as indented lines: node type, relation, index. */
export function describePlan(node: PlanNode, depth = 0): string {
  const line = `${"  ".repeat(depth)}${node["Node Type"]}${node["Relation Name"] ? ` on ${node["Relation Name"]}` : ""}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}`;
  return [line, ...(node.Plans ?? []).map((c) => describePlan(c, depth + 1))].join("\n");
}

/** The driver under the query builder (PGlite or a node-postgres pool): both answer query(text, params). */
type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/** The captured queries that read one of `tables` (by name in their text). */
export function queriesReading(
  captured: readonly CapturedQuery[],
  tables: readonly string[] = BIG_CATALOGUE_TABLES,
): CapturedQuery[] {
  const pattern = new RegExp(`\\b(${tables.join("|")})\\b`);
  return captured.filter((c) => pattern.test(c.query));
}

/** How many rows the plan's scans of `table` answered (EXPLAIN ANALYZE's actual rows × loops). */
export function rowsReadFrom(node: PlanNode, table: string): number {
  const here = node["Relation Name"] === table ? (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1) : 0;
  return here + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, table), 0);
}

/** EXPLAIN (ANALYZE) of each query, with its parameters, on `db`'s own driver. */
export async function explainQueries(db: Db, queries: readonly CapturedQuery[]): Promise<ExplainedQuery[]> {
  const client = (db as unknown as { $client: RawClient }).$client;
  const explained: ExplainedQuery[] = [];
  for (const { query: text, params } of queries) {
    const { rows } = await client.query(`explain (analyze, format json) ${text}`, params);
    const raw = rows[0]?.["QUERY PLAN"];
    const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
      Plan: PlanNode;
      "Execution Time": number;
    }[];
    if (!plan) throw new Error(`no plan for ${text}`);
    explained.push({ text, root: plan.Plan, executionMs: plan["Execution Time"] });
  }
  return explained;
}
