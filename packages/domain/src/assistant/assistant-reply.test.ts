import type { Cents } from "../pricing/money.ts";
import { describe, expect, it } from "vitest";
import { answerSmallTalk, detectSmallTalk, writeAssistantReply } from "./assistant-reply.ts";

const base = {
  assistantName: "Ava",
  understood: ["Footwear", "under $100.00"],
  refined: false,
  alternatives: false,
  smallTalk: null,
  seed: 0,
};
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
    expect(writeAssistantReply({ ...base, products: [shoe], alternatives: true })).toMatch(
      /closest alternative/,
    );
  });
  it("says which part of the request nothing matches, and never lists an order as a constraint", () => {
    const text = writeAssistantReply({
      ...base,
      understood: ["gifts", "lowest price first"],
      products: [shoe],
      alternatives: { missed: ['"running"', "gifts"], kept: ["gifts"] },
    });
    expect(text).toContain('Nothing matches "running", gifts all together');
    expect(text).toContain("still gifts");
    expect(text).not.toContain("lowest price first");
    expect(text).not.toMatch(/Nothing matches gifts exactly/);
  });
  it("quotes no rating for a product without reviews", () => {
    const fresh = { ...shoe, rating: 0, reviewCount: 0 };
    for (const seed of [0, 1, 2, 3, 4, 5]) {
      expect(writeAssistantReply({ ...base, products: [fresh], seed })).not.toMatch(/rated 0\.0|out of 5/);
      expect(writeAssistantReply({ ...base, products: [{ ...shoe, reviewCount: 0 }], seed })).not.toMatch(
        /out of 5/,
      );
    }
    const rated = [0, 1, 2, 3, 4, 5].map((seed) => writeAssistantReply({ ...base, products: [shoe], seed }));
    expect(rated.some((t) => t.includes("rated 4.6 out of 5"))).toBe(true);
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

describe("detectSmallTalk", () => {
  it("reads a closing in any words of courtesy, and nothing with a wish in it", () => {
    for (const m of [
      "ok thats all thx",
      "nope im good for now",
      "no thats it, bye!",
      "that's all i needed, thank you",
      "ok cool, i'll think about it",
      "nothing else, thanks ava",
      "perfect thank u so much",
    ])
      expect(detectSmallTalk(m), m).toBe("thanks");
    for (const m of ["thanks, show me tents", "i want a good one", "no more tents", "that's all the tents?"])
      expect(detectSmallTalk(m), m).toBeNull();
  });

  it("reads greetings, thanks and goodbyes", () => {
    expect(detectSmallTalk("Hello!")).toBe("greeting");
    expect(detectSmallTalk("thanks, that's all for now")).toBe("thanks");
    expect(detectSmallTalk("ok thank you so much")).toBe("thanks");
    expect(detectSmallTalk("bye")).toBe("thanks");
  });
  it("reads questions about the assistant and about delivery", () => {
    expect(detectSmallTalk("are you a bot btw")).toBe("identity");
    expect(detectSmallTalk("who am I chatting with, by the way?")).toBe("identity");
    expect(detectSmallTalk("how does this work?")).toBe("help");
    expect(detectSmallTalk("what can you do?")).toBe("help");
    expect(detectSmallTalk("do you ship to Canada?")).toBe("shipping");
    expect(detectSmallTalk("how long does delivery take?")).toBe("shipping");
    expect(detectSmallTalk("when will my order arrive?")).toBe("shipping");
    expect(detectSmallTalk("what's your return policy?")).toBe("returns");
    expect(detectSmallTalk("can I get a refund if it doesn't fit?")).toBe("returns");
    expect(detectSmallTalk("do you accept paypal?")).toBe("payment");
    expect(detectSmallTalk("how do I pay?")).toBe("payment");
    expect(detectSmallTalk("can I negotiate the price?")).toBe("bargain");
    expect(detectSmallTalk("is the price negotiable?")).toBe("bargain");
    expect(detectSmallTalk("where is my order?")).toBe("service");
    expect(detectSmallTalk("is there a warranty on these?")).toBe("warranty");
    expect(detectSmallTalk("what happens if it breaks")).toBe("warranty");
    expect(detectSmallTalk("do your products come with a guarantee?")).toBe("warranty");
    expect(detectSmallTalk("mine arrived damaged, what now?")).toBe("warranty");
    expect(detectSmallTalk("headphones with a 2 year warranty")).toBeNull();
    expect(detectSmallTalk("can I speak to a human?")).toBe("service");
    expect(detectSmallTalk("wait, who am I talking to?")).toBe("identity");
  });
  it("leaves searches alone", () => {
    expect(detectSmallTalk("thanks, now show me tents")).toBeNull();
    expect(detectSmallTalk("running shoes")).toBeNull();
    expect(detectSmallTalk("a waterproof jacket for work")).toBeNull();
  });
});

describe("detectSmallTalk after a greeting", () => {
  it("reads the question after it", () => {
    expect(detectSmallTalk("hey, how are you?")).toBe("greeting");
    expect(detectSmallTalk("hi! what can you do?")).toBe("help");
    expect(detectSmallTalk("hello, running shoes please")).toBeNull();
  });
});

describe("detectSmallTalk reads each clause as a person would", () => {
  it("praise, filler and goodbyes are thanks; saying one is browsing is a greeting", () => {
    expect(detectSmallTalk("ok you've been really helpful, cheers!")).toBe("thanks");
    expect(detectSmallTalk("good morning! just browsing for now")).toBe("greeting");
    expect(detectSmallTalk("lol ok")).toBeNull();
  });
  it("who or what the assistant is, and what the shop sells", () => {
    expect(detectSmallTalk("are you a real person?")).toBe("identity");
    expect(detectSmallTalk("who am I talking to?")).toBe("identity");
    expect(detectSmallTalk("hey, what kind of stuff do you sell?")).toBe("catalogue");
    expect(detectSmallTalk("what do you sell here?")).toBe("catalogue");
  });
  it("a clause that asks for something makes it a search", () => {
    expect(detectSmallTalk("thanks! do you have tents?")).toBeNull();
    expect(detectSmallTalk("hi, I'm looking for a kettle")).toBeNull();
  });
});

describe("answerSmallTalk", () => {
  it("says what the assistant is, and lists the shop's categories", () => {
    expect(answerSmallTalk("identity", { assistantName: "Ava", seed: 0 })).toMatch(/not a person/);
    expect(
      answerSmallTalk("catalogue", { assistantName: "Ava", seed: 0, categories: ["Books", "Toys", "Audio"] }),
    ).toMatch(/We sell Books, Toys and Audio\./);
  });
});

describe("answers to questions about the shop", () => {
  const context = { assistantName: "Ava", seed: 0 };
  it("delivery is answered from the shop's settings when known", () => {
    const text = answerSmallTalk("shipping", {
      ...context,
      policies: { flatShipping: 1000 as Cents, freeShippingOver: 10000 as Cents, taxRatePct: 10 },
    });
    expect(text).toContain("$10.00 per order");
    expect(text).toContain("$100.00 or more");
    expect(answerSmallTalk("shipping", context)).toContain("checkout");
  });
  it("returns, payment and bargaining are answered, never searched", () => {
    expect(answerSmallTalk("returns", context)).toMatch(/refund/);
    expect(answerSmallTalk("payment", context)).toMatch(/checkout/);
    expect(answerSmallTalk("bargain", context)).toContain("Negotiate with Ava");
    expect(answerSmallTalk("service", context)).toMatch(/orders page/);
    expect(answerSmallTalk("warranty", context)).toMatch(/Warranty page/);
  });
  it("the merchant's own pages answer first, where they say something", () => {
    const shopPage = {
      title: "Returns",
      text: "Unworn shoes come back for a full refund.",
      path: "/policies/returns",
    };
    const text = answerSmallTalk("returns", { ...context, shopPage });
    expect(text).toContain("Our Returns page says: “Unworn shoes come back for a full refund.”");
    expect(text).toContain("/policies/returns");
    // Talk the pages do not answer keeps its own answer.
    expect(answerSmallTalk("bargain", { ...context, shopPage })).toContain("Negotiate with Ava");
  });
});
