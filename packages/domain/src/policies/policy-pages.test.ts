import { describe, expect, it } from "vitest";
import { isPolicyKind, plainPolicyText, policyPath, policySections } from "./policy-pages.ts";

describe("policy pages", () => {
  it("knows its four kinds and their paths", () => {
    expect(isPolicyKind("returns")).toBe(true);
    expect(isPolicyKind("privacy")).toBe(false);
    expect(policyPath("faq")).toBe("/policies/faq");
  });

  it("cuts a page into passages by heading and paragraph", () => {
    const page = [
      "We take returns within **30 days**.",
      "",
      "## Shoes",
      "Unworn shoes in their box can be returned.",
      "",
      "Worn shoes cannot.",
      "### How do I start a return?",
      "Write to us from your order page.",
    ].join("\n");
    expect(policySections("returns", page)).toEqual([
      { kind: "returns", heading: "Returns", text: "We take returns within **30 days**." },
      { kind: "returns", heading: "Shoes", text: "Unworn shoes in their box can be returned." },
      { kind: "returns", heading: "Shoes", text: "Worn shoes cannot." },
      { kind: "returns", heading: "How do I start a return?", text: "Write to us from your order page." },
    ]);
  });

  it("never starts a passage inside a code fence", () => {
    const page = "Intro\n```\n# not a heading\n\nstill code\n```";
    expect(policySections("faq", page)).toEqual([{ kind: "faq", heading: "FAQ", text: page }]);
  });

  it("reads Windows line ends and ignores blank pages", () => {
    expect(policySections("shipping", "  \r\n\r\n")).toEqual([]);
    expect(policySections("shipping", "# Rates\r\nFlat $5.")[0]).toMatchObject({
      heading: "Rates",
      text: "Flat $5.",
    });
  });

  it("gives a passage as plain text", () => {
    expect(plainPolicyText("- See **our** [order page](/orders) and `code`\n> quoted")).toBe(
      "• See our order page and code\nquoted",
    );
  });
});
