import { describe, expect, it } from "vitest";
import { isProductId, isSlugShaped, productPath, productPathSegment } from "./product-path";

describe("product page paths", () => {
  it("writes a product's path from its slug", () => {
    expect(productPath({ slug: "brewhaus-kettle" })).toBe("/products/brewhaus-kettle");
  });

  it("reads the slug or id a product path names", () => {
    expect(productPathSegment("/products/brewhaus-kettle")).toBe("brewhaus-kettle");
    expect(productPathSegment("/products/brewhaus-kettle/")).toBe("brewhaus-kettle");
    const id = "0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10";
    expect(productPathSegment(`/products/${id}`)).toBe(id);
  });

  it("finds no product in other paths or malformed segments", () => {
    expect(productPathSegment("/products")).toBeNull();
    expect(productPathSegment("/products/")).toBeNull();
    expect(productPathSegment("/products/a/b")).toBeNull();
    expect(productPathSegment("/products/Not A Slug")).toBeNull();
    expect(productPathSegment("/products/%E0%A4%A")).toBeNull();
    expect(productPathSegment("/products/double--hyphen")).toBeNull();
    expect(productPathSegment(`/products/${"a".repeat(91)}`)).toBeNull();
    expect(productPathSegment("/cart")).toBeNull();
  });

  it("tells ids from slugs", () => {
    expect(isProductId("0b6f3c1e-7a5d-4c1a-9f57-2f1d4b8a9c10")).toBe(true);
    expect(isProductId("kettle-2")).toBe(false);
    expect(isSlugShaped("kettle-2")).toBe(true);
    expect(isSlugShaped("-kettle")).toBe(false);
  });
});
