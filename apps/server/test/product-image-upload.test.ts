/** Uploading a product picture: stored in the data folder, served by the image route, checked. */
import { UPLOAD_IMAGE_MAX_BYTES } from "@haggle/domain/catalog/image-upload";
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** The smallest valid PNG: a 1×1 transparent pixel. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  ),
);

describe.each(DB_KINDS)("product picture uploads on the %s database", (kind) => {
  const { shop, shopper, patch } = useMerchantShop(kind);

  it("stores a merchant's PNG and serves it under /images/uploads/, usable as a product's imageUrl", async () => {
    const uploaded = await shop.merchant.upload("/api/merchant/images", PNG, "image/png");
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.url).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await fetch(`${shop.server.baseUrl}${uploaded.json.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const product = shop.catalogue[0]!;
    const patched = await patch(`/api/merchant/products/${product.id}`, {
      imageUrl: uploaded.json.url,
    });
    expect(patched.status).toBe(200);
    expect(patched.json.imageUrl).toBe(uploaded.json.url);
  });

  it("refuses other types, bytes that are not what they claim, and pictures over 2 MB", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const asSvg = await shop.merchant.upload("/api/merchant/images", svg, "image/svg+xml");
    expect(asSvg.status).toBe(400);
    expect(asSvg.json.error.message).toBe("Upload a PNG, JPEG, WebP or GIF picture.");
    const posingAsPng = await shop.merchant.upload("/api/merchant/images", svg, "image/png");
    expect(posingAsPng.status).toBe(400);
    expect(posingAsPng.json.error.message).toBe("The file is not a PNG picture.");

    const big = new Uint8Array(UPLOAD_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await shop.merchant.upload("/api/merchant/images", big, "image/png");
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toBe("The picture can be at most 2 MB.");

    const missing = await fetch(
      `${shop.server.baseUrl}/images/uploads/00000000-0000-4000-8000-000000000000.png`,
    );
    expect(missing.status).toBe(404);
    expect((await fetch(`${shop.server.baseUrl}/images/uploads/..%2F..%2Fsecret.png`)).status).toBe(404);
  });

  it("takes uploads from merchants only", async () => {
    const anonymous = new HttpClient(shop.server.baseUrl);
    expect((await anonymous.upload("/api/merchant/images", PNG, "image/png")).status).toBe(401);
    const { http: someone } = await shopper([]);
    expect((await someone.upload("/api/merchant/images", PNG, "image/png")).status).toBe(403);
  });
});
