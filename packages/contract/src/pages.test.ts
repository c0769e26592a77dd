import { describe, expect, it } from "vitest";
import { isPagePath } from "./pages";

describe("isPagePath", () => {
  it("knows the app's pages, with or without a trailing slash, and a product's variant grid by its id", () => {
    expect(isPagePath("/agent-cart")).toBe(true);
    expect(isPagePath("/merchant/discount-codes/")).toBe(true);
    expect(isPagePath("/merchant/products/0b8c4a1e-1234-4abc-8def-0123456789ab/variants")).toBe(true);
  });

  it("refuses what is no page", () => {
    expect(isPagePath("/nope")).toBe(false);
    expect(isPagePath("/merchant/products/not-an-id/variants")).toBe(false);
  });
});
