import { z } from "zod";
import { type ApiRoute, defineRoute, pathParam } from "../../http/route.ts";
import { NO_IMAGE, productImageSvg } from "./product-images.service.ts";

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
      const svg = await productImageSvg(c.get("deps").database.db, params.file);
      c.header("Content-Type", "image/svg+xml; charset=utf-8");
      c.header("Cache-Control", "public, max-age=86400");
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      return c.body(svg);
    },
  }),
];
