import { describe, expect, it } from "vitest";
import { parseShoppingRequest } from "./parse-shopping-request.ts";
import { genderOfRecipients, genderSaid, kindsOfGender, ofOtherGender } from "./recipient-gender.ts";
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
    expect(parseShoppingRequest(["women's running shoes"], catalog).forGender).toBe("women");
    expect(parseShoppingRequest(["running shoes"], catalog).forGender).toBeNull();
    expect(parseShoppingRequest(["my partner snores, help"], catalog).forGender).toBeNull();
  });
});

describe("whom things are for, said in any request", () => {
  it("reads things said of a gender, then the shopper, then the person the message is about", () => {
    expect(genderSaid("my old sneakers are falling apart, mens size 10")).toBe("men");
    expect(genderSaid("running shorts for women")).toBe("women");
    expect(genderSaid("going to a wedding and have nothing to wear, i'm a guy")).toBe("men");
    expect(genderSaid("what do i wear for a run? im a woman")).toBe("women");
    expect(genderSaid("my son starts baseball in the spring, what does he need")).toBe("men");
    expect(genderSaid("my daughter has a party at school and needs something to wear")).toBe("women");
    expect(genderSaid("what do you get a guy who's into lifting", true)).toBe("men");
    expect(genderSaid("running shorts, but not the men's ones")).toBe("women");
    expect(genderSaid("no womens stuff please")).toBe("men");
    expect(genderSaid("my kid plays soccer every weekend, what does he need")).toBe("men");
    expect(genderSaid("my partner is always cold, she needs something warm")).toBe("women");
  });

  it("a person beside the shopper's own need, both genders, or nobody say nothing", () => {
    expect(genderSaid("my husband snores and i can't sleep")).toBeNull();
    expect(genderSaid("my partner snores")).toBeNull();
    expect(genderSaid("shoes for men and women")).toBeNull();
    expect(genderSaid("something for a rainy day")).toBeNull();
    expect(genderSaid("a mango smoothie maker")).toBeNull();
  });

  it("a need's request carries it; a gift's person wins over the words", () => {
    expect(parseShoppingRequest(["i need a jacket, i'm a woman"], catalog).forGender).toBe("women");
    expect(parseShoppingRequest(["a gift for my dad"], catalog).forGender).toBe("men");
  });
});

describe("the shop's kinds of one gender", () => {
  const tagCategories = {
    dresses: ["Women's Dresses", "Tops"],
    footwear: ["Men's Shoes", "Women's Shoes"],
    "men's shirts": ["Men's Shirts"],
    clothing: ["Men's Shirts", "Women's Dresses", "Tops"],
    basketball: ["Sports Accessories"],
  };

  it("is a tag filed under one gender's categories and never the other's", () => {
    expect(kindsOfGender(tagCategories, "women")).toEqual(["dresses"]);
    expect(kindsOfGender(tagCategories, "men")).toEqual(["men's shirts"]);
    expect(kindsOfGender(undefined, "men")).toEqual([]);
  });

  it("a request for a man carries the women's kinds to leave out", () => {
    const names = { ...catalog, tagCategories };
    expect(parseShoppingRequest(["a shirt for my husband"], names).otherGenderKinds).toEqual(["dresses"]);
    expect(parseShoppingRequest(["a shirt"], names).otherGenderKinds).toEqual([]);
  });
});
