import { describe, expect, it } from "vitest";
import { LOW_STOCK_AT, LOW_STOCK_COUNTED, lowStockLine, lowStockMore } from "./low-stock.ts";

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

describe("lowStockMore", () => {
  it("counts the low variants not listed, and says nothing when every one is", () => {
    expect(lowStockMore(13, 10, LOW_STOCK_COUNTED)).toBe("and 3 more");
    expect(lowStockMore(10, 10, LOW_STOCK_COUNTED)).toBeNull();
    expect(lowStockMore(4, 4, LOW_STOCK_COUNTED)).toBeNull();
  });

  it("says 'at least' when the count stopped at its bound", () => {
    expect(lowStockMore(LOW_STOCK_COUNTED, 10, LOW_STOCK_COUNTED)).toBe("and at least 990 more");
    expect(lowStockMore(LOW_STOCK_COUNTED - 1, 10, LOW_STOCK_COUNTED)).toBe("and 989 more");
    expect(lowStockMore(5000, 10, 5000)).toBe("and at least 4,990 more");
  });
});
