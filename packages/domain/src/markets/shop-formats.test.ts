import { afterEach, describe, expect, it } from "vitest";
import { setShopLocale } from "../pricing/money.ts";
import { formatShopCount, formatShopDate, formatShopDateTime, formatShopPercent } from "./shop-formats.ts";

const DAY = new Date("2026-11-29T15:04:00Z");

describe("dates and numbers in the shop's locale", () => {
  afterEach(() => setShopLocale("en-US"));

  it("writes them as en-US until the merchant chooses another locale", () => {
    expect(formatShopCount(1234567)).toBe("1,234,567");
    expect(formatShopPercent(0.125)).toBe("12.5%");
    expect(formatShopDate(DAY, "long", "UTC")).toBe("November 29, 2026");
    expect(formatShopDate("2026-11-29T00:00:00Z", "day", "UTC")).toBe("Nov 29");
    expect(formatShopDateTime(DAY, "medium", "UTC")).toBe("Nov 29, 2026, 3:04 PM");
  });

  it("follows a German shop's locale", () => {
    setShopLocale("de-DE");
    expect(formatShopCount(1234567)).toBe("1.234.567");
    expect(formatShopPercent(0.125)).toBe("12,5\u00a0%");
    expect(formatShopDate(DAY, "long", "UTC")).toBe("29. November 2026");
    expect(formatShopDateTime(DAY, "medium", "UTC")).toBe("29.11.2026, 15:04");
  });

  it("answers an unreadable date as it was given", () => {
    expect(formatShopDate("not a date")).toBe("not a date");
  });
});
