import { describe, expect, it } from "vitest";
import { loyaltyTierFor } from "./loyalty-tier.ts";
import { orderNumber } from "../orders/order-number.ts";
import { displayOrderStatus } from "../orders/order-status.ts";
import { DEFAULT_SELLER_CONFIG } from "../merchant/seller-config.ts";

const t = DEFAULT_SELLER_CONFIG.tier_benefits.thresholds;

describe("loyalty tiers", () => {
  it("follows the tiers: NONE, BRONZE >= 1 order, SILVER $500, GOLD $2,000, PLATINUM $5,000", () => {
    expect(loyaltyTierFor(0, 0, t)).toBe("NONE");
    expect(loyaltyTierFor(1, 100, t)).toBe("BRONZE");
    expect(loyaltyTierFor(3, 49_999, t)).toBe("BRONZE");
    expect(loyaltyTierFor(3, 50_000, t)).toBe("SILVER");
    expect(loyaltyTierFor(5, 200_000, t)).toBe("GOLD");
    expect(loyaltyTierFor(9, 500_000, t)).toBe("PLATINUM");
  });
});

describe("orders", () => {
  it("numbers an order ORD- plus the last 8 characters of its id, upper case", () => {
    expect(orderNumber("3f2a9c1e-4b7d-4e21-9a0b-12ab34cd56ef")).toBe("ORD-34CD56EF");
  });
  it("shows unknown statuses as pending", () => {
    expect(displayOrderStatus("shipped")).toBe("shipped");
    expect(displayOrderStatus("lost-in-space")).toBe("pending");
  });
});
