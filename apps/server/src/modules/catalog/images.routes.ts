import { UploadedImageSchema } from "@haggle/contract/merchant";
import {
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_SIZE_MESSAGE,
  UPLOADED_IMAGE_FILE,
} from "@haggle/domain/catalog/image-upload";
import { z } from "zod";
import { errorBody } from "../../http/error-table.ts";
import { etagMatches, weakEtag } from "../../http/etag.ts";
import { type ApiRoute, defineRoute, pathParam } from "../../http/route.ts";
import { NO_IMAGE, productImageSvg } from "./product-images.service.ts";
import { NO_UPLOADED_IMAGE, storeUploadedImage, uploadedImage } from "./uploaded-images.service.ts";

/** Where merchants upload product pictures: an upload route (UPLOAD_BODY_LIMIT_BYTES), with its own 2 MB check. */
export const IMAGE_UPLOAD_PATH = "/api/merchant/images";

/** The request's bytes, or null as soon as they pass `max` (the rest is never read). */
async function readAtMost(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return null;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

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
      // Drawn from the product, so it changes when the product does: a day, then a cheap 304.
      c.header("Cache-Control", "public, max-age=86400");
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      const etag = weakEtag(svg);
      c.header("ETag", etag);
      if (etagMatches(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
      return c.body(svg);
    },
  }),
  defineRoute({
    method: "post",
    path: IMAGE_UPLOAD_PATH,
    summary:
      "Upload a product picture: the raw bytes of a PNG, JPEG, WebP or GIF (Content-Type says which, the bytes must agree), at most 2 MB; answers its /images/uploads/ URL",
    tag: "Merchant",
    access: "merchant",
    upload: true,
    status: 201,
    response: UploadedImageSchema,
    handler: async (c) => {
      // This route takes its own body (not JSON) and keeps its own limit.
      const bytes = await readAtMost(c.req.raw, UPLOAD_IMAGE_MAX_BYTES);
      // The rest of the body stays unread: the connection closes, so no client reuses it.
      if (!bytes)
        return c.json(errorBody("IMAGE_TOO_LARGE", UPLOAD_IMAGE_SIZE_MESSAGE), 413, { Connection: "close" });
      const dir = c.get("deps").config.uploadsDir;
      const url = await storeUploadedImage(dir, c.req.header("content-type") ?? "", bytes);
      return c.json({ url }, 201);
    },
  }),
  defineRoute({
    method: "get",
    path: "/images/uploads/{file}",
    summary: "A product picture a merchant uploaded",
    tag: "Catalogue",
    access: "public",
    params: z.object({ file: pathParam((file) => UPLOADED_IMAGE_FILE.test(file), NO_UPLOADED_IMAGE) }),
    response: z.string(),
    produces: "image/*",
    handler: async (c, { params }) => {
      const image = await uploadedImage(c.get("deps").config.uploadsDir, params.file);
      c.header("Content-Type", image.type);
      c.header("X-Content-Type-Options", "nosniff");
      // A stored picture never changes: a new upload gets a new name.
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      c.header("Content-Security-Policy", "default-src 'none'");
      return c.body(new Uint8Array(image.bytes));
    },
  }),
];
