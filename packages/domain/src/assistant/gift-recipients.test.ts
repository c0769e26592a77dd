import { describe, expect, it } from "vitest";
import { parseShoppingRequest } from "./parse-shopping-request.ts";
import { relaxations, type SearchPlan } from "./relax-shopping-request.ts";
import { catalog } from "./shopping-test-catalog.ts";

const parse = (...messages: string[]) => parseShoppingRequest(messages, catalog);
const planOf = (r: ReturnType<typeof parse>): SearchPlan => ({ ...r, boostCategories: [], anyOf: r.anyOf });

describe("who a gift is for", () => {
  it("reads people as they are typed in a chat: gf, bf, hubby, step-dad", () => {
    expect(parse("a gift for my gf, she loves perfume").forGender).toBe("women");
    expect(parse("my bf is into running, gift ideas?").forGender).toBe("men");
    expect(parse("birthday present for my step-dad").forGender).toBe("men");
    expect(parse("birthday present for my step-dad").text.split(" ")).not.toContain("step-dad");
    expect(parse("a gift for my hubby").filters.tags).toContain("gift");
  });

  it("a recipient with a word or an age before them is a recipient, never searched for", () => {
    for (const said of [
      "present for my 6 year old niece",
      "gift for my little nephew",
      "gift for my teenage son",
    ]) {
      const r = parse(said);
      expect(r.filters.tags, said).toContain("gift");
      expect(r.text.split(" "), said).not.toContain("niece");
      expect(r.text.split(" "), said).not.toContain("nephew");
      expect(r.text.split(" "), said).not.toContain("teenage");
    }
    expect(parse("present for my 6 year old niece").text).toBe("kids");
  });

  it("'my nephew is 6' names a recipient, as 'my nephew' does; a child's age alone does not", () => {
    const r = parse("my nephew is 6 and loves trains, what would he like?");
    expect(r.filters.tags).toEqual(["gift"]);
    expect(r.subjectWords).toEqual(["kids", "trains"]);
    expect(parse("shoes for a 7 year old").filters.tags).toEqual([]);
  });

  it("'my partner', 'our son' said of a situation are no recipient; said with what they like, they are", () => {
    for (const said of [
      "i keep waking up at 3am bc my partner snores sooo loud, help",
      "my partner snores like a train",
      "want to take my son to the park and throw a ball around",
    ]) {
      const r = parse(said);
      expect(r.filters.tags, said).toEqual([]);
      expect(r.text.split(" "), said).not.toContain("partner");
    }
    for (const said of [
      "my wife loves perfume",
      "what do i get my husband, hes always on his phone",
      "my dad plays golf every weekend, gift idea?",
      "my son is 8 and hes obsessed with robots",
      "my grandma is always cold, any ideas for her bday?",
      "my husband just started running, what would he like?",
    ])
      expect(parse(said).filters.tags, said).toEqual(["gift"]);
  });

  it("a gift for a child keeps the child when its other words are relaxed: no grown-up's 'any trains'", () => {
    const gift = parse("my nephew is 6 and loves trains, what would he like?");
    expect(relaxations(gift, planOf(gift)).map((s) => s.relaxed.at(-1))).not.toContain('"kids" (any trains)');
  });
});
