import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importProducts } from "../../src/modules/catalog/product-import.service.ts";
import { products } from "../../src/platform/db/schema.ts";
import { DB_KINDS } from "../support/test-server.ts";
import { useServiceDatabase } from "../support/service-shop.ts";

/** The import's service and stores against a database, no HTTP: upserts by SKU, bad rows reported by line. */
describe.each(DB_KINDS)("product import, the service (%s)", (kind) => {
  const shop = useServiceDatabase(kind);
  const bySku = async (sku: string) =>
    (await shop.database.db.select().from(products).where(eq(products.sku, sku)))[0];

  const HEADER =
    "Handle,Title,Body (HTML),Vendor,Type,Tags,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Published";

  it("inserts the good rows, reports the bad ones with their line, and updates by SKU on a second run", async () => {
    const csv = [
      HEADER,
      "trail-mug,Trail Mug,<p>A mug for the trail.</p>,Northfield,Kitchen,outdoor,SVC-MUG-1,12.50,15.00,7,TRUE",
      "bad-price,Bad Price,<p>No price.</p>,Northfield,Kitchen,,SVC-BAD-1,abc,,3,TRUE",
      "rain-hat,Rain Hat,<p>Keeps the rain off.</p>,Kestrel,Apparel,rain,SVC-HAT-1,20.00,,4,TRUE",
    ].join("\n");
    const first = await importProducts(shop.database.db, Readable.from([csv]), {
      format: "csv",
      batchSize: 2,
    });
    expect(first.inserted).toBe(2);
    expect(first.failed).toBe(1);
    expect(first.errors).toEqual([expect.objectContaining({ line: 3, sku: "SVC-BAD-1" })]);
    expect((await bySku("SVC-MUG-1"))?.price).toBe(1250);
    expect((await bySku("SVC-MUG-1"))?.brand).toBe("Northfield");
    expect(await bySku("SVC-BAD-1")).toBeUndefined();

    const update = [
      HEADER,
      "trail-mug,Trail Mug,<p>A mug for the trail.</p>,Northfield,Kitchen,outdoor,SVC-MUG-1,11.00,15.00,9,TRUE",
    ].join("\n");
    const second = await importProducts(shop.database.db, Readable.from([update]), { format: "csv" });
    expect(second.updated).toBe(1);
    expect(second.inserted).toBe(0);
    const mug = await bySku("SVC-MUG-1");
    expect(mug?.price).toBe(1100);
    expect(mug?.stockLevel).toBe(9);
  });

  it("reads JSON lines of the product form's shape", async () => {
    const jsonl = `${JSON.stringify({
      sku: "SVC-JSON-1",
      name: "Canvas Tote",
      description: "A tote bag.",
      brand: "Larkspur",
      category: "Accessories",
      price: 24.99,
      listPrice: 29.99,
      stockLevel: 5,
      tags: ["bags"],
    })}\n`;
    const result = await importProducts(shop.database.db, Readable.from([jsonl]), { format: "jsonl" });
    expect(result.errors).toEqual([]);
    expect(result.inserted).toBe(1);
    expect((await bySku("SVC-JSON-1"))?.price).toBe(2499);
  });
});
