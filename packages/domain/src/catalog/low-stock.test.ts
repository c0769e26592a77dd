import { describe, expect, it } from "vitest";
import { LOW_STOCK_AT, lowStockLine } from "./low-stock.ts";

describe("lowStockLine", () => {
  it("names the variant and what is left of it", () => {
    expect(lowStockLine("Trail Tee", ["M", "Black"], 2)).toBe("Trail Tee — M / Black: 2 left");
    expect(lowStockLine("Trail Tee", ["XL"], LOW_STOCK_AT)).toBe("Trail Tee — XL: 5 left");
  });

  it("says sold out at no units, and names a product without options alone", () => {
    expect(lowStockLine("Trail Tee", ["S", "Black"], 0)).toBe("Trail Tee — S / Black: sold out");
    expect(lowStockLine("Desk Lamp", [], 1)).toBe("Desk Lamp: 1 left");
  });
});
