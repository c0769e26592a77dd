import { exportHeaderLine, exportProductLines } from "@haggle/domain/catalog/product-export";
import type { Queryable } from "../../platform/db/client.ts";
import { productsWithVariantsPage } from "./product-variants.store.ts";

/** Products read per page of the export (a page's rows are written before the next is read). */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every product, hidden ones too, with its options and variants, as Shopify's product CSV
 * (the format the import reads back), a page at a time by id so memory stays a page's whatever
 * the catalogue's size.
 */
export async function* exportProductsCsv(db: Queryable, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  yield exportHeaderLine();
  let after: string | null = null;
  for (;;) {
    const page = await productsWithVariantsPage(db, { after, limit: pageSize });
    if (page.length === 0) return;
    yield page.map(exportProductLines).join("");
    after = page.at(-1)?.id ?? null;
    if (page.length < pageSize) return;
  }
}
