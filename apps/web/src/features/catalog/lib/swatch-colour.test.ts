import { describe, expect, it } from "vitest";
import { swatchColour } from "./swatch-colour";

describe("swatch colour", () => {
  it("paints the first word that names a colour", () => {
    expect(swatchColour("Black")).toBe("#111111");
    expect(swatchColour("Red Plaid")).toBe("#c62828");
    expect(swatchColour("Heather-Grey")).toBe("#8a8a8a");
  });
  it("has none for a value naming no colour", () => {
    expect(swatchColour("Sunset")).toBeNull();
  });
});
