import { describe, expect, it } from "vitest";
import { parseShoppingRequest } from "./parse-shopping-request.ts";
import { genderOfRecipients, ofOtherGender } from "./recipient-gender.ts";
import { catalog } from "./shopping-test-catalog.ts";

describe("whether a gift is for men or for women", () => {
  it("reads the person, else the pronouns said of them", () => {
    expect(genderOfRecipients(["dad"], "a gift for my dad")).toBe("men");
    expect(genderOfRecipients(["niece"], "my niece is 6")).toBe("women");
    expect(genderOfRecipients(["partner"], "my partner, she loves yoga")).toBe("women");
    expect(genderOfRecipients([], "something for him, he runs")).toBe("men");
    expect(genderOfRecipients(["friend"], "a gift for a friend")).toBeNull();
    expect(genderOfRecipients(["mom", "dad"], "for my mom and dad")).toBeNull();
  });

  it("a product says the other gender by its name, category or tags, unless it says both or unisex", () => {
    expect(ofOtherGender("Chaz Hoodie Men's Hoodies & Sweatshirts wool", "women")).toBe(true);
    expect(ofOtherGender("Chaz Hoodie Men's Hoodies & Sweatshirts wool", "men")).toBe(false);
    expect(ofOtherGender("Ana Running Short Women's Shorts", "men")).toBe(true);
    expect(ofOtherGender("Ana Running Short Women's Shorts", "women")).toBe(false);
    expect(ofOtherGender("Sprite Yoga Strap Fitness Equipment unisex women men", "men")).toBe(false);
    expect(ofOtherGender("Cast Iron Skillet Home & Kitchen cookware", "women")).toBe(false);
    expect(ofOtherGender("Ana Running Short Women's Shorts", null)).toBe(false);
  });

  it("a gift's request carries it into follow-ups; a request for nobody has none", () => {
    expect(parseShoppingRequest(["birthday present for my dad, he loves hiking"], catalog).forGender).toBe(
      "men",
    );
    expect(
      parseShoppingRequest(["my girlfriend is into yoga, gift ideas?", "cheaper ones"], catalog).forGender,
    ).toBe("women");
    expect(parseShoppingRequest(["women's running shoes"], catalog).forGender).toBeNull();
    expect(parseShoppingRequest(["my partner snores, help"], catalog).forGender).toBeNull();
  });
});
