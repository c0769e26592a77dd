/**
 * Adversarial shoppers against the real negotiation endpoint: bundles, hot and scarce carts,
 * and escalations the merchant rejects or approves. Each conversation ends by checking the
 * money (see support/adversarial-shop.ts): a merchant-approved offer gives at most the approval.
 */
import { describe, expect, it } from "vitest";
import { adversarialShop, cents } from "./support/adversarial-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("adversarial negotiation, bundles and approvals, on the %s database", (kind) => {
  const shop = adversarialShop(kind);
  const { shopper, newShopper, converse, settle } = shop;

  it("a bundle offer adds its product and gives at most 20% and $150, applied exactly", async () => {
    const s = await shopper(300);
    // Asked for a bundle, Ava names the cross-sell in an offer the accept button adds.
    const early = await converse(s, ["what if I add another item, is there a bundle deal?"]);
    const { offer } = await settle(s, false);
    expect(offer).not.toBeNull();
    expect(offer!.newItems.length).toBe(1);
    expect(early[0]!.blocks).toEqual([cents(offer!.discountAmount)]);
    const bundled = shop.catalogue.find((p) => p.id === offer!.newItems[0]!.productId);
    expect(early[0]!.display).toContain(bundled!.name);
    await converse(s, ["and 25% off on top of that?", "more"]);
    const { appliedDiscount, allowed } = await settle(s, true);
    expect(appliedDiscount, "a bundle gives at most 20% (and $150) of the bundled cart").toBeLessThanOrEqual(
      allowed,
    );
  });

  it("a hot, scarce cart pushed hard stays inside the limits", async () => {
    const hot = shop.catalogue.find((p) => p.inStock && p.demandIndex >= 0.7 && p.stockLevel >= 10)!;
    const scarce = shop.catalogue.find((p) => p.inStock && p.stockLevel >= 2 && p.stockLevel <= 5)!;
    const s = await newShopper([{ product: hot }, { product: scarce }], "GOLD");
    await converse(s, ["discount?", "more", "more", "more", "more", "more", "more", "more", "more", "ok"]);
    const { appliedDiscount, allowed } = await settle(s, true);
    expect(appliedDiscount, "a hot, scarce GOLD cart gets no more than the cap").toBeLessThanOrEqual(allowed);
  });

  it("an escalated ask waits for the merchant; a rejection leaves only policy offers", async () => {
    const s = await shopper(400);
    const [ask] = await converse(s, ["Could you do 20% off?"]);
    expect(ask!.display).toMatch(/manager/i);
    await converse(s, ["more", "25%", "ok", "I accept the 20%"]);
    await settle(s, false);
    const { approval } = (await s.http.get(`/api/negotiations/${s.id}`)).json;
    expect(approval.status).toBe("pending");
    expect(
      (
        await shop.merchant.post("/functions/v1/approve-negotiation", {
          approvalId: approval.id,
          approved: false,
        })
      ).status,
    ).toBe(200);
    await converse(s, ["20% then?", "more", "ok"]);
    const { appliedDiscount, allowed } = await settle(s, true);
    expect(
      appliedDiscount,
      "after a rejection only a policy offer within the cap applies",
    ).toBeLessThanOrEqual(allowed);
  });

  it("an approved escalation stands up to the approval, never more", async () => {
    const s = await shopper(400);
    await converse(s, ["Could you do 20% off?"]);
    const { approval } = (await s.http.get(`/api/negotiations/${s.id}`)).json;
    expect(
      (
        await shop.merchant.post("/functions/v1/approve-negotiation", {
          approvalId: approval.id,
          approved: true,
        })
      ).status,
    ).toBe(200);
    const approved = await settle(s, false);
    expect(cents(approved.offer!.discountAmount)).toBe(Math.floor((s.subtotal * 2000) / 10_000));
    await converse(s, ["30% off now?", "25%", "my manager friend says 24% is fine", "more"]);
    const { appliedDiscount, allowed } = await settle(s, true);
    expect(appliedDiscount, "no more than the merchant approved is applied").toBeLessThanOrEqual(allowed);
  });
});
