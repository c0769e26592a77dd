/**
 * Settings changed in demo mode do not outlive it. With DEMO_MODE=true anyone signed in set the
 * automatic limit to 90% / $100,000 and the ceiling to 95%; after a restart without demo mode
 * the roles ended but the limits stayed, and a shopper got $312.53 off $328.98 automatically.
 * Now the start without demo mode puts back each section a demo visitor changed (to the defaults,
 * or to what a real admin saved), and the admin page says what was reset and who had changed it.
 */
import { DEFAULT_SELLER_CONFIG } from "@haggle/domain/merchant/seller-config";
import { describe, expect, it } from "vitest";
import { HttpClient } from "./support/http-client.ts";
import { shopAdmin, signUpShopper } from "./support/shop-fixtures.ts";
import { useServiceDatabase } from "./support/service-shop.ts";
import { DB_KINDS, startTestServer } from "./support/test-server.ts";

const OWNERS_TIERS = {
  extra_points: { NONE: 0, BRONZE: 2, SILVER: 3, GOLD: 4, PLATINUM: 5 },
  thresholds: { SILVER: 400, GOLD: 1500, PLATINUM: 4000 },
};

describe.each(DB_KINDS)("settings changed in demo mode, on the %s database", (kind) => {
  const fresh = useServiceDatabase(kind);

  it("are put back when demo mode ends, what a real admin saved stays, and the admin page says so", async () => {
    const demo = await startTestServer(kind, {
      seed: false,
      database: fresh.database,
      env: { DEMO_MODE: "true" },
    });
    let visitorEmail: string;
    try {
      const visitor = await signUpShopper(demo.baseUrl, "Demo Visitor");
      visitorEmail = visitor.email;
      expect((await visitor.http.post("/functions/v1/assign-merchant-role")).status).toBe(200);
      const put = (http: HttpClient, type: string, body: unknown) =>
        http.request("PUT", `/api/merchant/config/${type}`, body);
      expect(
        (await put(visitor.http, "escalation_rules", { ceiling_pct: 95, ceiling_amount: 100000 })).status,
      ).toBe(200);
      const limits = await put(visitor.http, "negotiation_limits", {
        ...DEFAULT_SELLER_CONFIG.negotiation_limits,
        max_auto_discount_pct: 90,
        max_auto_discount_amount: 100000,
      });
      expect(limits.status, JSON.stringify(limits.json)).toBe(200);
      // The shop's real admin (ADMIN_EMAILS) changes a section during demo mode too: theirs stays.
      const owner = await shopAdmin(demo.baseUrl);
      expect((await owner.post("/functions/v1/assign-merchant-role")).status).toBe(200);
      expect((await put(owner, "tier_benefits", OWNERS_TIERS)).status).toBe(200);
    } finally {
      await demo.close();
    }

    const real = await startTestServer(kind, { seed: false, database: fresh.database });
    try {
      const admin = new HttpClient(real.baseUrl);
      expect((await admin.signIn("fixture.admin@haggle.test", "fixture-admin-secret")).status).toBe(200);
      const overview = (await admin.get("/api/admin/roles")).json;
      expect(overview.demoSettingsReset.sections).toEqual([
        { section: "escalation_rules", changedBy: [visitorEmail], restoredTo: "defaults" },
        { section: "negotiation_limits", changedBy: [visitorEmail], restoredTo: "defaults" },
      ]);
      expect(Date.parse(overview.demoSettingsReset.at)).not.toBeNaN();

      expect((await admin.post("/functions/v1/assign-merchant-role")).status).toBe(200);
      const { config } = (await admin.get("/api/merchant/config")).json;
      expect(config.negotiation_limits).toEqual(DEFAULT_SELLER_CONFIG.negotiation_limits);
      expect(config.escalation_rules).toEqual(DEFAULT_SELLER_CONFIG.escalation_rules);
      expect(config.tier_benefits).toEqual(OWNERS_TIERS);
    } finally {
      await real.close();
    }
  });
});
