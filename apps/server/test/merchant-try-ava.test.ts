/**
 * The merchant tries Ava on settings not yet saved: her replies and offers follow the settings
 * sent, the settings are checked as saving would check them, and nothing is stored.
 */
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  negotiationApprovals,
  negotiationMessages,
  negotiationOffers,
  negotiations,
  sellerConfig,
} from "../src/platform/db/schema.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

// One database kind is enough: the route reads through the same stores as the negotiation.
const kind = DB_KINDS.at(-1) ?? "embedded";

const LIMITS_5 = {
  max_auto_discount_pct: 5,
  max_auto_discount_amount: 150,
  bundling_discount_bonus: 5,
  stance: "maximise-conversion",
};

describe(`trying Ava on unsaved settings (${kind} database)`, () => {
  const { shop } = useMerchantShop(kind);

  async function storedRows() {
    const { db } = shop.server.database;
    const rows = async (
      table:
        | typeof negotiations
        | typeof negotiationMessages
        | typeof negotiationOffers
        | typeof negotiationApprovals
        | typeof sellerConfig,
    ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    return {
      negotiations: await rows(negotiations),
      messages: await rows(negotiationMessages),
      offers: await rows(negotiationOffers),
      approvals: await rows(negotiationApprovals),
      settings: await rows(sellerConfig),
    };
  }

  it("answers as Ava would under the settings sent, stores nothing, and refuses settings saving would refuse", async () => {
    const before = await storedRows();
    const tried = await shop.merchant.post("/api/merchant/try-ava", {
      settings: { negotiation_limits: LIMITS_5 },
      messages: ["Can I get a discount?", "can you do better?", "any lower?", "lower still?", "20% off?"],
    });
    expect(tried.status, JSON.stringify(tried.json)).toBe(200);
    const { cart, turns } = tried.json;
    expect(cart.items.length).toBeGreaterThan(0);
    expect(turns).toHaveLength(5);
    for (const turn of turns) {
      expect(turn.reply.length).toBeGreaterThan(0);
      // The unsaved 5% limit governs (the saved one is 15%), plus the bonus for a bundle.
      if (turn.offer) {
        expect(turn.offer.discountPercent).toBeLessThanOrEqual(turn.offer.newItems.length > 0 ? 10 : 5);
      }
    }
    expect(turns[0].offer).not.toBeNull();
    // 20% is above the unsaved 5% limit and within the 25% ceiling: it would go to the merchant.
    expect(turns[4].decision).toBe("escalate");
    expect(turns[4].escalation.discountPercent).toBe(20);
    expect(await storedRows()).toEqual(before);

    // The same checks as saving, and the same sentences; still nothing stored.
    const above = await shop.merchant.post("/api/merchant/try-ava", {
      settings: { negotiation_limits: { ...LIMITS_5, max_auto_discount_pct: 30 } },
      messages: ["10% off?"],
    });
    expect(above.status).toBe(400);
    expect(above.json.error.message).toBe(
      "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
    );
    const bad = await shop.merchant.post("/api/merchant/try-ava", {
      settings: { negotiation_limits: { ...LIMITS_5, max_auto_discount_pct: 120 } },
      messages: ["10% off?"],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Max auto discount must be from 0% to 90%.");
    expect(await storedRows()).toEqual(before);
  });

  it("tells a shopper far below their ask what would move her, on the saved settings, until a deal", async () => {
    const tried = await shop.merchant.post("/api/merchant/try-ava", {
      messages: ["10% off?", "come on, 10% off?", "ok", "and 5% more?"],
    });
    expect(tried.status, JSON.stringify(tried.json)).toBe(200);
    const decisions = tried.json.turns.map((t: { decision: string }) => t.decision);
    expect(decisions).toEqual(["offer", "offer", "agreed", "completed"]);
    expect(tried.json.turns[1].reply).toContain("What would move me further:");
  });
});
