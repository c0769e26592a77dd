import { sql } from "drizzle-orm";
import { insertGeneratedProductsSql } from "../src/platform/db/seed/generated-catalogue.ts";
import { openTestDatabase } from "./support/test-server.ts";

const PRODUCTS = 100_000, BATCH = 20_000;
for (const withTrigger of [false, true, false, true]) {
  const database = await openTestDatabase(process.env.KIND === "postgres" ? "postgres" : "embedded", process.env.URL, { statementTimeoutMs: 0 });
  if (!withTrigger) await database.db.execute(sql`alter table products disable trigger products_default_variant_insert`);
  const t0 = performance.now();
  for (let from = 1; from <= PRODUCTS; from += BATCH)
    await database.db.execute(insertGeneratedProductsSql(from, Math.min(BATCH, PRODUCTS - from + 1)));
  const ms = performance.now() - t0;
  const n = ((await database.db.execute(sql`select count(*)::int as n from product_variants`)) as unknown as { rows: { n: number }[] }).rows[0]?.n;
  console.log(`embedded 100k insert, default-variant trigger ${withTrigger ? "on " : "off"}: ${(ms / 1000).toFixed(1)} s (variants ${n})`);
  await database.close();
}
