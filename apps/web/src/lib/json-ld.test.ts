import { describe, expect, it } from "vitest";
import { jsonLdText } from "./json-ld";

describe("jsonLdText", () => {
  it("cannot close its script element, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>]/);
    expect(text.toLowerCase()).not.toContain("</script");
    expect(JSON.parse(text)).toEqual(value);
  });
});
