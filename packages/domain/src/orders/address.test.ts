import { describe, expect, it } from "vitest";
import {
  addressLines,
  COUNTRY_CODES,
  countryName,
  isCountryCode,
  normalizePostalCode,
  postalCodeProblem,
  regionProblem,
} from "./address";

describe("shipping addresses", () => {
  it("knows the 249 ISO country codes and their names", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(isCountryCode("US")).toBe(true);
    expect(isCountryCode("UK")).toBe(false);
    expect(isCountryCode("us")).toBe(false);
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("US")).toBe("United States");
  });

  it("checks postal codes where the country has a known shape", () => {
    expect(postalCodeProblem("US", "94103")).toBeNull();
    expect(postalCodeProblem("US", "94103-1234")).toBeNull();
    expect(postalCodeProblem("US", "9410")).toBe(
      "Postal code is not a valid United States postal code (for example 12345 or 12345-6789).",
    );
    expect(postalCodeProblem("GB", "sw1a 1aa")).toBeNull();
    expect(postalCodeProblem("CA", "K1A0B1")).toBeNull();
    expect(postalCodeProblem("NL", "1012 ab")).toBeNull();
    expect(postalCodeProblem("DE", "1011")).not.toBeNull();
  });

  it("accepts any short code elsewhere, and nothing odd", () => {
    expect(postalCodeProblem("NZ", "6011")).toBeNull();
    expect(postalCodeProblem("IE", "D02 X285")).toBeNull();
    expect(postalCodeProblem("NZ", "!")).toBe(
      "Postal code must be 2 to 12 letters, digits, spaces or hyphens.",
    );
    expect(normalizePostalCode("  d02   x285 ")).toBe("D02 X285");
  });

  it("needs a state or province where the post does", () => {
    expect(regionProblem("US", "")).toBe("State is required for an address in United States.");
    expect(regionProblem("US", "CA")).toBeNull();
    expect(regionProblem("CA", undefined)).toBe("Province is required for an address in Canada.");
    expect(regionProblem("FR", undefined)).toBeNull();
  });

  it("prints an address as a label does", () => {
    expect(
      addressLines({
        name: "Ada Lovelace",
        line1: "1 Main St",
        line2: "Apt 2",
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
      }),
    ).toEqual(["Ada Lovelace", "1 Main St", "Apt 2", "Springfield, IL, 62701", "United States"]);
  });
});
