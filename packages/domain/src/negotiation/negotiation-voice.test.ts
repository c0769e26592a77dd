import { describe, expect, it } from "vitest";
import { ACCEPT_BUTTON_LABEL } from "./negotiation-voice.ts";
import { allowedFigures, statesOnlyAllowedFigures } from "./voice-figures.ts";
import { formatPercent } from "./voice-phrases.ts";
import type { OfferReason, VoiceInput } from "./negotiation-types.ts";
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "../merchant/seller-config.ts";
import { everyKind, type infoTopics, offer, reply, voice } from "./voice-test-fixtures.ts";

describe("writeBuiltInReply", () => {
  it("states an offer as percent, dollars and the quoted total", () => {
    for (const seed of [0, 1, 2]) {
      const text = reply({ kind: "offer", stage: "opening", offer, ask: null }, { seed });
      expect(text).toContain("12.3%");
      expect(text).toContain("$30.85");
      expect(text).toContain("$241.07");
    }
  });

  it("states whole percents without decimals and the discounted subtotal without a quote", () => {
    const text = reply(
      {
        kind: "offer",
        stage: "opening",
        offer: { ...offer, percent: 1500, discount: 3750, reasons: [] },
        ask: null,
      },
      { quote: null },
    );
    expect(text).toContain("15%");
    expect(text).not.toContain("15.0%");
    expect(text).toContain("$212.50");
  });

  it("names the tier when loyalty is a reason, with the tier's extra points", () => {
    expect(reply({ kind: "offer", stage: "opening", offer, ask: null })).toMatch(/Gold member.*extra 3% off/);
    const newcomer = reply(
      { kind: "agreed", offer },
      { profile: { name: "N", tier: "NONE", ordersCount: 0, lifetimeValue: 0 } },
    );
    expect(newcomer).toContain("New Customer");
    const noLoyalty = reply({ kind: "offer", stage: "opening", offer: { ...offer, reasons: [] }, ask: null });
    expect(noLoyalty).not.toContain("Gold");
  });

  it("gives the reason for each concession", () => {
    const why = (reasons: OfferReason[]) =>
      reply({ kind: "offer", stage: "counter", offer: { ...offer, reasons }, ask: null });
    expect(why(["high-demand"])).toMatch(/high demand/i);
    expect(why(["low-stock"])).toMatch(/stock is running low/i);
    expect(why(["approved"])).toMatch(/manager approved/i);
    expect(why(["final"])).toMatch(/final offer/i);
    const final = reply(
      { kind: "offer", stage: "final", offer: { ...offer, reasons: ["final"] }, ask: null },
      { seed: 1 },
    );
    expect(final).toMatch(/final/);
    const bundle = reply(everyKind[4]![1]);
    expect(bundle).toContain("Sport Socks");
    expect(bundle).toContain("$50.00");
    expect(bundle).toContain("5%");
  });

  it("confirms the shopper's own number", () => {
    const text = reply(everyKind[5]![1]);
    expect(text).toMatch(/you've got a deal at \$219\.15/i);
    const pct = reply({ kind: "accept-ask", offer, ask: { kind: "percent", percent: 1000 } }, { seed: 1 });
    expect(pct).toContain("10% off");
  });

  it("tells the shopper to press the accept button once agreed", () => {
    for (const seed of [0, 1, 2]) {
      const text = reply({ kind: "agreed", offer }, { seed });
      expect(text).toContain(`'${ACCEPT_BUTTON_LABEL}'`);
      expect(text).toContain("$241.07");
    }
  });

  it("escalates to the manager and waits for the answer", () => {
    for (const seed of [0, 1, 2]) {
      const text = reply(everyKind[7]![1], { seed });
      expect(text).toMatch(/let me check with my manager/i);
      expect(text).toMatch(/20%/);
      expect(reply({ kind: "awaiting-approval", standing: null }, { seed })).toMatch(/manager/);
    }
  });

  it("declines politely with the counter's figures", () => {
    for (const seed of [0, 1, 2]) {
      const text = reply(everyKind[9]![1], { seed });
      expect(text).toMatch(/beyond what the shop can do/);
      expect(text).toContain("90% off");
      expect(text).toContain("12.3%");
      expect(text).toContain("$30.85");
    }
    expect(reply(everyKind[11]![1], { quote: null })).toMatch(/percentage or total/);
  });

  it("answers questions from the config and the profile", () => {
    const info = (topic: (typeof infoTopics)[number], overrides: Partial<VoiceInput> = {}) =>
      reply({ kind: "info", topic, standing: null }, overrides);
    expect(info("shipping")).toMatch(/\$100\.00.*\$10\.00/);
    const config: SellerConfig = {
      ...DEFAULT_SELLER_CONFIG,
      global_rules: { ...DEFAULT_SELLER_CONFIG.global_rules, offer_expiry_minutes: 45 },
      pricing: { ...DEFAULT_SELLER_CONFIG.pricing, free_shipping_threshold: 75, flat_shipping: 6.5 },
    };
    expect(info("shipping", { config })).toMatch(/\$75\.00.*\$6\.50/);
    expect(info("expiry", { config })).toMatch(/45 minutes.*cart/);
    expect(info("loyalty")).toMatch(/Gold.*extra 3% off/);
    expect(
      info("loyalty", { profile: { name: "N", tier: "NONE", ordersCount: 0, lifetimeValue: 0 } }),
    ).toContain("New Customer");
    expect(
      info("loyalty", { profile: { name: "P", tier: "PLATINUM", ordersCount: 9, lifetimeValue: 900_000 } }),
    ).toMatch(/Platinum.*extra 5% off/);
    expect(info("bundle")).toContain("5%");
    expect(info("how-it-works")).toContain(ACCEPT_BUTTON_LABEL);
    expect(info("greeting")).toMatch(/./);
    expect(info("unknown")).toMatch(/percentage|total/);
    expect(reply({ kind: "empty-cart" })).toMatch(/empty|nothing in your cart/i);
  });

  it("mentions a standing offer when refusing or chatting", () => {
    expect(reply({ kind: "refused", standing: offer })).toContain("12.3%");
    expect(reply({ kind: "info", topic: "greeting", standing: offer })).toContain("$30.85");
  });

  it("is deterministic and varied (at least three phrasings per kind)", () => {
    for (const [kind, decision] of everyKind) {
      const texts = new Set<string>();
      for (let seed = 0; seed < 12; seed++) {
        const text = reply(decision, { seed });
        expect(reply(decision, { seed }), kind).toBe(text);
        texts.add(text);
      }
      expect(texts.size, kind).toBeGreaterThanOrEqual(3);
    }
  });

  it("uses at most one emoji", () => {
    for (const [, decision] of everyKind) {
      for (let seed = 0; seed < 6; seed++) {
        expect(
          (reply(decision, { seed }).match(/\p{Extended_Pictographic}/gu) ?? []).length,
        ).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("a counter that holds where the standing offer was", () => {
  it("says the offer stands, never that Ava moved or sweetened it", () => {
    for (let seed = 0; seed < 12; seed++) {
      const words = reply({ kind: "offer", stage: "counter", offer, ask: null, held: true }, { seed });
      expect(words).toContain(formatPercent(offer.percent));
      expect(words).not.toMatch(/move to|further:|sweeten/i);
      expect(
        statesOnlyAllowedFigures(
          words,
          allowedFigures(voice({ kind: "offer", stage: "counter", offer, ask: null, held: true })),
        ),
      ).toBe(true);
    }
  });
});
