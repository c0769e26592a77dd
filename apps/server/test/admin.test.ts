import { describe, expect, it } from "vitest";
import { verifyEmail } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("admin functions on the %s database", (kind) => {
  const shop = useShop(kind, { env: { ADMIN_EMAILS: "Owner@Example.com" } });

  it("keeps /admin's functions for ADMIN_EMAILS, and reports the AI search tick", async () => {
    expect((await new HttpClient(shop.server.baseUrl).get("/api/admin/status")).status).toBe(401);
    const anonymousRole = await new HttpClient(shop.server.baseUrl).post(
      "/functions/v1/assign-merchant-role",
    );
    expect(anonymousRole.status).toBe(401);
    expect(anonymousRole.json.error.message).toBe("You must be logged in to assign merchant role");

    const shopper = new HttpClient(shop.server.baseUrl);
    await shopper.signUp(uniqueEmail());
    for (const path of [
      "/functions/v1/seed-data",
      "/functions/v1/assign-merchant-role",
      "/functions/v1/generate-product-embeddings",
    ]) {
      expect((await shopper.post(path)).status, path).toBe(403);
    }
    expect((await shopper.get("/api/admin/status")).status).toBe(403);

    const owner = new HttpClient(shop.server.baseUrl);
    await owner.signUp("owner@example.com");
    // Listed in ADMIN_EMAILS, yet admin only once the address is verified.
    expect((await owner.get("/api/admin/status")).status).toBe(403);
    await verifyEmail(owner, shop.server.baseUrl, "owner@example.com");
    const before = await owner.get("/api/admin/status");
    expect(before.json).toEqual({ products: 180, missingEmbeddings: 180, merchant: false });
    const embedded = await owner.post("/functions/v1/generate-product-embeddings");
    expect(embedded.status).toBe(200);
    expect(embedded.json).toMatchObject({ embedded: 180, missing: 0 });
    expect((await owner.post("/functions/v1/generate-product-embeddings")).json).toMatchObject({
      embedded: 0,
      missing: 0,
    });
    expect((await owner.post("/functions/v1/assign-merchant-role")).json).toEqual({ alreadyAssigned: false });
    expect((await owner.get("/api/admin/status")).json).toEqual({
      products: 180,
      missingEmbeddings: 0,
      merchant: true,
    });
  });
});
