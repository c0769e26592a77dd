/**
 * What a merchant uploads: a picture whose header claims a size no browser can decode is
 * refused before anyone decodes it, and a NUL in one row of an import (a CSV or JSON lines,
 * through the Import route or `npm run import`'s importProducts) is reported as that row's
 * error while the other rows go in.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { importProducts, NUL_IN_ROW } from "../src/modules/catalog/product-import.service.ts";
import type { HttpClient } from "./support/http-client.ts";
import { signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** A PNG's signature and IHDR declaring `width`×`height` (no pixel data: it is never decoded). */
function pngClaiming(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const NUL = String.fromCharCode(0);
const HEADER =
  "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Variant SKU,Variant Inventory Qty,Variant Price,Status";
const csvRow = (sku: string, title: string) =>
  `${sku.toLowerCase()},${title},Good.,Acme,Home,Lamps,,TRUE,${sku},3,12.00,active`;

async function finished(merchant: HttpClient, started: { status: number; json: { id: string } }) {
  expect(started.status).toBe(202);
  let job = (await merchant.get(`/api/merchant/imports/${started.json.id}`)).json;
  for (let i = 0; i < 200 && job.status === "running"; i++) {
    await new Promise((r) => setTimeout(r, 50));
    job = (await merchant.get(`/api/merchant/imports/${started.json.id}`)).json;
  }
  return job;
}

describe.each(DB_KINDS)("merchant uploads on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false });

  it("refuses a picture whose header claims 65535×65535, before decoding it", async () => {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const huge = await merchant.upload("/api/merchant/images", pngClaiming(65535, 65535), "image/png");
    expect(huge.status).toBe(400);
    expect(huge.json.error).toEqual({
      code: "IMAGE_DIMENSIONS",
      message:
        "The picture is 65535×65535 pixels: at most 10,000 pixels on a side and 40 megapixels are accepted.",
    });
    expect((await merchant.upload("/api/merchant/images", pngClaiming(800, 600), "image/png")).status).toBe(
      201,
    );
  });

  it("reports a row holding a NUL and imports the others, from a CSV and from JSON lines", async () => {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const csv = [
      HEADER,
      csvRow("NUL-A", "Lamp A"),
      csvRow("NUL-B", `Lamp${NUL}B`),
      csvRow("NUL-C", "Lamp C"),
    ];
    const fromCsv = await finished(
      merchant,
      await merchant.upload("/api/merchant/imports?fileName=p.csv", Buffer.from(csv.join("\n")), "text/csv"),
    );
    expect(fromCsv).toMatchObject({ status: "done", inserted: 2, failed: 1 });
    expect(fromCsv.errors).toEqual([{ line: 3, sku: "NUL-B", reason: NUL_IN_ROW }]);

    const product = (sku: string, name: string) =>
      JSON.stringify({
        sku,
        name,
        description: "Good.",
        brand: "Acme",
        category: "Home",
        price: 12,
        listPrice: 15,
        stockLevel: 3,
      });
    const lines = [product("NUL-D", "Lamp D"), product(`NUL-E${NUL}`, "Lamp E"), product("NUL-F", "Lamp F")];
    const fromJson = await finished(
      merchant,
      await merchant.upload(
        "/api/merchant/imports?fileName=p.jsonl",
        Buffer.from(lines.join("\n")),
        "application/x-ndjson",
      ),
    );
    expect(fromJson).toMatchObject({ status: "done", inserted: 2, failed: 1 });
    expect(fromJson.errors).toEqual([{ line: 2, sku: "NUL-E", reason: NUL_IN_ROW }]);

    // The command line's import (npm run import) is the same code, on the database directly.
    const direct = await importProducts(
      shop.server.database.db,
      Readable.from([`${HEADER}\n${csvRow("NUL-G", "Lamp G")}\n${csvRow("NUL-H", `Lamp H${NUL}`)}\n`]),
      { format: "csv" },
    );
    expect(direct).toMatchObject({ inserted: 1, failed: 1 });
  });
});
