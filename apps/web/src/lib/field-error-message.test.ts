import { describe, expect, it } from "vitest";
import { fieldErrorMessage, formRuleMessage } from "./field-error-message.ts";

describe("fieldErrorMessage", () => {
  it("reads a field's own message", () => {
    expect(fieldErrorMessage({ type: "custom", message: "SKU is required." })).toBe("SKU is required.");
  });
  it("reads the first item's message of a list field, never looking into the input element", () => {
    const ref = { message: "not this one" };
    const error = [undefined, { type: "too_big", message: "A tag can be at most 40 characters.", ref }];
    expect(fieldErrorMessage(error)).toBe("A tag can be at most 40 characters.");
    expect(fieldErrorMessage({ ref })).toBeUndefined();
  });
  it("is undefined without an error", () => {
    expect(fieldErrorMessage(undefined)).toBeUndefined();
  });
  it("reads a rule about the whole form from the empty path", () => {
    expect(formRuleMessage({ "": { type: "custom", message: "Choose both products first." } })).toBe(
      "Choose both products first.",
    );
    expect(formRuleMessage({ sku: { type: "custom", message: "SKU is required." } })).toBeUndefined();
  });
});
