/**
 * The ACP feed pushed to an agent platform that hosts it (ACP_FEED_PUSH_URL, ACP's Feed API:
 * PATCH <url>/feeds/<id>/products), received by a local HTTP server: the whole visible catalogue
 * first, then only what changed; a refused push is sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedPlatform, until } from "./support/feed-platform.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("the ACP feed pushed to the platform hosting it (%s)", (kind) => {
  const platform = new FeedPlatform();
  const env: Record<string, string> = {
    ACP_FEED_PUSH_FEED_ID: "feed_1",
    ACP_FEED_PUSH_TOKEN: "platform-token",
    ACP_FEED_PUSH_INTERVAL_SECONDS: "0.2",
  };
  beforeAll(async () => {
    await platform.start();
    platform.refuse = 1;
    env.ACP_FEED_PUSH_URL = platform.url;
  });
  afterAll(async () => {
    await platform.close();
  });
  const { shop } = useMerchantShop(kind, { env });

  it("pushes the whole catalogue once (again after a refusal), then only the product that changed", async () => {
    const everyId = shop.everyProduct.map((p) => p.id).sort();
    await until(() => {
      const seen = new Set(platform.pushes.flatMap((p) => p.products.map((x) => x.id)));
      return seen.size === everyId.length ? true : undefined;
    });
    const first = platform.pushes.flatMap((p) => p.products.map((x) => x.id)).sort();
    expect(first).toEqual(everyId);
    for (const push of platform.pushes) {
      expect(push).toMatchObject({
        method: "PATCH",
        path: "/acp/feeds/feed_1/products",
        authorization: "Bearer platform-token",
        version: "2026-04-17",
      });
    }
    const before = platform.pushes.length;
    const product = shop.catalogue[0]!;
    // A lower price (a list price may not be below it).
    const price = Math.round(product.price * 90) / 100;
    const edited = await shop.merchant.request("PATCH", `/api/merchant/products/${product.id}`, { price });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const next = await until(() => platform.pushes[before]);
    expect(next.products.map((p) => p.id)).toEqual([product.id]);
    expect(next.products[0]!.variants[0]!.price.amount).toBe(Math.round(price * 100));
    // Nothing else changed: the rounds after send nothing.
    await new Promise((r) => setTimeout(r, 800));
    expect(platform.pushes.length).toBe(before + 1);
  });
});
