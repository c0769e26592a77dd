import { describe, expect, it } from "vitest";
import { matchExistingValue } from "./facet-choice";

describe("matchExistingValue", () => {
  it("finds the existing value whatever the letter case and spaces, and nothing for a new one", () => {
    expect(matchExistingValue(" nike ", ["Adidas", "Nike"])).toBe("Nike");
    expect(matchExistingValue("Nikee", ["Adidas", "Nike"])).toBeNull();
    expect(matchExistingValue("", ["Nike"])).toBeNull();
  });
});
