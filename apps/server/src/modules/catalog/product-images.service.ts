import { notFound } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import { renderProductSvg } from "./product-image.ts";
import { findImageSource } from "./products.store.ts";

export const NO_IMAGE = "No image has that name.";

/** The picture served as /images/products/<file>: <SKU>.svg, drawn from the product itself. */
export async function productImageSvg(db: Db, file: string): Promise<string> {
  if (!file.endsWith(".svg")) throw notFound(NO_IMAGE);
  const source = await findImageSource(db, file.slice(0, -".svg".length));
  if (!source) throw notFound(NO_IMAGE);
  return renderProductSvg(source);
}
