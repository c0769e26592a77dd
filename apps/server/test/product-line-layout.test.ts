/**
 * Where an import with variants leaves its products' rows, on both databases: the import inserts
 * a batch in product line order (category, brand, name), and the roll-up that then rewrites each
 * product (its price, stock and option facets from its variants) writes them in that order too
 * (migration 0047), so a product line's rows, which a search finds together, share pages. Before,
 * the roll-up rewrote them in id order (random UUIDs) and scattered the batch again.
 */
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importProducts } from "../src/modules/catalog/product-import.service.ts";
import { DB_KINDS, useFreshTestDatabase } from "./support/test-server.ts";

const HEADER =
  "Handle,Title,Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty";

/** 16 products of 4 categories and 4 brands, each in two sizes, in an order no line follows. */
function shuffledCsv(): string {
  const lines = [HEADER];
  const categories = ["Outdoor", "Audio", "Kitchen", "Footwear"];
  const brands = ["Pinecrest", "Aldenmoor", "Norvik", "Kestrel"];
  for (let i = 0; i < 16; i++) {
    // 7 is prime to 16: the products come in no category's, brand's or name's order.
    const k = (i * 7) % 16;
    const handle = `line-${String(k).padStart(2, "0")}`;
    const [category, brand] = [categories[k % 4], brands[Math.floor(k / 4)]];
    const title = `${brand} Item ${String.fromCharCode(90 - k)}`;
    lines.push(`${handle},${title},${brand},${category},Size,S,${handle}-s,10.00,3`);
    lines.push(`${handle},,,,,M,${handle}-m,11.00,2`);
  }
  return `${lines.join("\n")}\n`;
}

describe.each(DB_KINDS)("an import's rows in product line order on the %s database", (kind) => {
  const fresh = useFreshTestDatabase(kind);

  it("leaves the products of a batch with variants in (category, brand, name) order once rolled up", async () => {
    const db = fresh.database.db;
    const summary = await importProducts(db, Readable.from([shuffledCsv()]), { format: "csv" });
    expect(summary.inserted).toBe(16);
    const result = (await db.execute(sql`
      select sku, category, brand, name, option_facets from products where sku like 'line-%'
      order by ctid`)) as unknown as {
      rows: { sku: string; category: string; brand: string; name: string; option_facets: string[] }[];
    };
    const rows = result.rows;
    // Rolled up: each product holds its two sizes.
    expect(rows.every((r) => r.option_facets.length === 2)).toBe(true);
    const lineOrder = [...rows]
      .sort((a, b) =>
        a.category !== b.category
          ? a.category < b.category
            ? -1
            : 1
          : a.brand !== b.brand
            ? a.brand < b.brand
              ? -1
              : 1
            : a.name < b.name
              ? -1
              : 1,
      )
      .map((r) => r.sku);
    expect(rows.map((r) => r.sku)).toEqual(lineOrder);
  });
});
