import { notFound } from "@haggle/domain/errors";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathParam } from "../../http/route.ts";
import { renderProductSvg } from "./product-image.ts";
import { findProductImageInput } from "./product-image.store.ts";

const NO_IMAGE = "No image has that name.";

/** Product pictures are drawn here from the product itself: nothing is fetched from the web. */
export const imageRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/images/products/{file}",
    summary: "A product's picture, drawn from the product (<sku>.svg)",
    tag: "Catalogue",
    access: "public",
    params: z.object({ file: pathParam((file) => file.endsWith(".svg"), NO_IMAGE) }),
    response: z.string(),
    produces: "image/svg+xml",
    handler: async (c, { params }) => {
      const sku = params.file.slice(0, -".svg".length);
      const product = await findProductImageInput(c.get("deps").database.db, sku);
      if (!product) throw notFound(NO_IMAGE);
      c.header("Content-Type", "image/svg+xml; charset=utf-8");
      c.header("Cache-Control", "public, max-age=86400");
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      return c.body(renderProductSvg(product));
    },
  }),
];
