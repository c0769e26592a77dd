import { describe, expect, it } from "vitest";
import { writeAssistantReply } from "./assistant-reply.ts";

const base = { assistantName: "Ava", understood: ["Footwear", "under $100.00"], refined: false, alternatives: false, smallTalk: null, seed: 0 };
const shoe = { name: "Trail Runner", brand: "Stride", price: 8999, listPrice: 9999, rating: 4.6 };

describe("the assistant's words", () => {
  it("names what was understood and the top product with its real price", () => {
    const text = writeAssistantReply({ ...base, products: [shoe] });
    expect(text).toContain("Footwear, under $100.00");
    expect(text).toContain("Trail Runner");
    expect(text).toContain("$89.99");
  });
  it("says honestly when nothing matches, and when it shows alternatives", () => {
    expect(writeAssistantReply({ ...base, products: [] })).toMatch(/couldn't find/);
    expect(writeAssistantReply({ ...base, products: [shoe], alternatives: true })).toMatch(/closest alternatives/);
  });
  it("greets without inventing products", () => {
    const text = writeAssistantReply({ ...base, understood: [], products: [], smallTalk: "greeting" });
    expect(text).toMatch(/Hi|Hello/);
    expect(text).not.toContain("$89.99");
  });
  it("varies with the seed", () => {
    const texts = new Set([0, 1, 2].map((seed) => writeAssistantReply({ ...base, products: [shoe], seed })));
    expect(texts.size).toBeGreaterThan(1);
  });
});
