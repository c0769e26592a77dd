import { describe, expect, it } from "vitest";
import { formatPercent, formatPercentPoints } from "./percent.ts";

describe("a percent as it is shown", () => {
  it("has one decimal at most, rounded half up, and none when whole", () => {
    expect(formatPercent(1500)).toBe("15%");
    expect(formatPercent(1250)).toBe("12.5%");
    expect(formatPercent(1234)).toBe("12.3%");
    expect(formatPercent(1235)).toBe("12.4%");
    expect(formatPercent(49)).toBe("0.5%");
    expect(formatPercent(0)).toBe("0%");
  });

  it("reads the same from points as from basis points (the API's 0.49 is the chat's 49 bp)", () => {
    for (const bp of [0, 1, 5, 45, 49, 50, 95, 99, 1234, 1235, 1999, 2500, 9000]) {
      expect(formatPercentPoints(bp / 100)).toBe(formatPercent(bp));
    }
    expect(formatPercentPoints(0.49)).toBe("0.5%");
  });
});
