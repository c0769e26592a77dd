/**
 * A catalogue route's statements with their values inlined, one file each, for
 * bench/statement-cpu.ts and EXPLAIN (ANALYZE, BUFFERS): the route's query string is run in this
 * process against the database (twice: the first loads what a server keeps, the second's
 * statements reading the big catalogue tables are written), as bench/lib/scale-plans.ts does.
 *
 * Run: npx tsx bench/route-statements.ts <database url | data directory> '<query string>' <prefix>
 * e.g. 'q=headphones&option=Size:M' /tmp/search-m writes /tmp/search-m.1.sql, /tmp/search-m.2.sql ...
 */
import { writeFileSync } from "node:fs";
import { ProductQuerySchema } from "@haggle/contract/products";
import {
  type CapturedQuery,
  listProducts,
  openDatabase,
  queriesReading,
} from "../apps/server/src/testing.ts";
import { queryObject } from "./lib/scale-plans.ts";

const [where, queryString, prefix] = process.argv.slice(2);
if (!where || queryString === undefined || !prefix) {
  console.error(
    "usage: npx tsx bench/route-statements.ts <database url | data directory> '<query string>' <prefix>",
  );
  process.exit(2);
}

/** The statement with $1.. replaced by literals (as the driver would send them). */
function inlined({ query, params }: CapturedQuery): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return "null";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return `'${prepared(value).replace(/'/g, "''")}'`;
  });
}

/** The driver's text form of a value (arrays as `{"a","b"}`). */
function prepared(value: unknown): string {
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null ? "NULL" : `"${String(prepared(v)).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(",")}}`;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

let captured: CapturedQuery[] = [];
const database = await openDatabase({
  ...(/^postgres(ql)?:/.test(where) ? { databaseUrl: where } : { dataDir: where }),
  statementTimeoutMs: 0,
  logQuery: (query, params) => captured.push({ query, params }),
});
try {
  const query = ProductQuerySchema.parse(queryObject(new URLSearchParams(queryString)));
  await listProducts(database.db, query);
  captured = [];
  await listProducts(database.db, query);
  for (const [k, statement] of queriesReading(captured).entries()) {
    const file = `${prefix}.${k + 1}.sql`;
    writeFileSync(file, `${inlined(statement)};\n`);
    console.log(file);
  }
} finally {
  await database.close();
}
