import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { openEvents } from "./support/realtime-client.ts";
import { createServerDatabase, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * Two server processes' worth of servers (each with its own pool and LISTEN connection) on one
 * PostgreSQL database: a shopper on A escalates, the merchant on B hears it; the merchant's
 * decision on B reaches the shopper on A.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "realtime across servers sharing one PostgreSQL database",
  () => {
    let a: TestServer;
    let b: TestServer;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createServerDatabase();
      drop = created.drop;
      a = await startTestServer("postgres", { databaseUrl: created.url });
      b = await startTestServer("postgres", { databaseUrl: created.url, seed: false });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await drop?.();
    });

    it("delivers approval.created from A to B and approval.decided from B to A", async () => {
      const shopper = new HttpClient(a.baseUrl);
      await shopper.signUp(uniqueEmail(), "secret123", "Cross Shopper");
      const products = (await shopper.get("/api/products?pageSize=200")).json.items as {
        id: string;
        price: number;
        inStock: boolean;
      }[];
      const product = products
        .filter((p) => p.inStock)
        .sort((x, y) => Math.abs(x.price - 400) - Math.abs(y.price - 400))[0]!;
      await shopper.post("/api/cart/items", { productId: product.id });
      const negotiationId = (await shopper.post("/api/negotiations", {})).json.id as string;

      const merchant = new HttpClient(b.baseUrl);
      await merchant.signUp(uniqueEmail("merchant"));
      await merchant.post("/functions/v1/assign-merchant-role");
      const merchantEvents = await openEvents(merchant);
      const shopperEvents = await openEvents(shopper);

      const started = performance.now();
      const turn = await shopper.say(negotiationId, "Could you do 20% off?");
      expect(turn.display).toMatch(/manager/i);
      const created = await merchantEvents.next("approval.created");
      const createdMs = performance.now() - started;
      expect(created.negotiationId).toBe(negotiationId);

      const decidedAt = performance.now();
      const decision = await merchant.post("/functions/v1/approve-negotiation", {
        approvalId: created.approvalId,
        approved: true,
      });
      expect(decision.status).toBe(200);
      const decided = await shopperEvents.next("approval.decided");
      expect(decided).toMatchObject({ negotiationId, status: "approved" });
      console.log(
        `cross-server delivery: approval.created ${createdMs.toFixed(0)} ms after the turn began; approval.decided ${(performance.now() - decidedAt).toFixed(0)} ms after the decision began`,
      );
      expect((await shopper.get(`/api/negotiations/${negotiationId}`)).json.offer.discountPercent).toBe(20);
      merchantEvents.close();
      shopperEvents.close();
    });
  },
);
