import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEvents } from "./support/realtime-client.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import {
  fillCart,
  loadCatalogue,
  nearestPrice,
  signUpMerchant,
  signUpShopper,
  startNegotiation,
} from "./support/shop-fixtures.ts";
import { createServerDatabase } from "./support/test-server.ts";

/**
 * Two real server processes (`node apps/server/dist/index.js`, the bundle production runs) on one
 * PostgreSQL database: a shopper on process A escalates, the merchant on process B hears it;
 * the merchant's decision on B reaches the shopper on A. Nothing but the database joins them.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "realtime across two server processes sharing one PostgreSQL database",
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createServerDatabase();
      drop = created.drop;
      // One secret for both, as in a real deployment behind a load balancer.
      const env = { DATABASE_URL: created.url, AUTH_SECRET: "two-processes-secret-0123456789-abc" };
      a = await startServerProcess(env);
      b = await startServerProcess({ ...env, SEED_ON_START: "false" });
      expect(a.child.pid).not.toBe(b.child.pid);
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await drop?.();
    });

    it("delivers approval.created from A to B and approval.decided from B to A", async () => {
      const { http: shopper } = await signUpShopper(a.baseUrl, "Cross Shopper");
      const catalogue = await loadCatalogue(a.baseUrl);
      await fillCart(shopper, [
        nearestPrice(
          catalogue.filter((p) => p.inStock),
          400,
        ),
      ]);
      const negotiationId = await startNegotiation(shopper);

      const merchant = await signUpMerchant(b.baseUrl);
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
        `cross-process delivery: approval.created ${createdMs.toFixed(0)} ms after the turn began; approval.decided ${(performance.now() - decidedAt).toFixed(0)} ms after the decision began`,
      );
      expect((await shopper.get(`/api/negotiations/${negotiationId}`)).json.offer.discountPercent).toBe(20);
      merchantEvents.close();
      shopperEvents.close();
    });
  },
);
