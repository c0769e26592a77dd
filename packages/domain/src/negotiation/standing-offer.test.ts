import { describe, expect, it } from "vitest";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";
import type { StoredOffer } from "./negotiation-types.ts";
import { offerExpiry, whatStands } from "./standing-offer.ts";

const now = new Date("2026-01-01T12:00:00Z");
const offer = (extra: Partial<StoredOffer> = {}): StoredOffer => ({
  id: "offer-1",
  terms: { discount: 1500, percent: 500, subtotal: 30_000, newItems: [], reasons: [], source: "policy" },
  cartFingerprint: "cart-a",
  expiresAt: new Date(now.getTime() + 60_000),
  status: "standing",
  ...extra,
});

describe("whatStands", () => {
  it("keeps an unexpired offer made for this very cart", () => {
    const standing = offer();
    expect(whatStands(standing, "cart-a", now)).toEqual({ standing, lapsed: null });
    const agreed = offer({ status: "agreed" });
    expect(whatStands(agreed, "cart-a", now).standing, "an agreed offer still stands").toBe(agreed);
  });

  it("voids an offer made for other cart contents", () => {
    expect(whatStands(offer(), "cart-b", now)).toEqual({
      standing: null,
      lapsed: { offerId: "offer-1", status: "voided" },
    });
  });

  it("expires an offer at its expiry, to the millisecond", () => {
    const atExpiry = offer({ expiresAt: now });
    expect(whatStands(atExpiry, "cart-a", now).lapsed).toEqual({ offerId: "offer-1", status: "expired" });
    const justBefore = offer({ expiresAt: new Date(now.getTime() + 1) });
    expect(whatStands(justBefore, "cart-a", now).standing).toBe(justBefore);
  });

  it("calls an offer both expired and for another cart voided", () => {
    const old = offer({ expiresAt: new Date(0) });
    expect(whatStands(old, "cart-b", now).lapsed?.status).toBe("voided");
  });

  it("has nothing standing without an offer", () => {
    expect(whatStands(null, "cart-a", now)).toEqual({ standing: null, lapsed: null });
  });
});

describe("offerExpiry", () => {
  it("is the merchant's offer_expiry_minutes from now", () => {
    const minutes = DEFAULT_SELLER_CONFIG.global_rules.offer_expiry_minutes;
    expect(offerExpiry(DEFAULT_SELLER_CONFIG, now).getTime() - now.getTime()).toBe(minutes * 60_000);
  });
});
