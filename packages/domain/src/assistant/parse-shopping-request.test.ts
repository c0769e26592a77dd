import { describe, expect, it } from "vitest";
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type ParsedShoppingRequest,
  parseShoppingRequest,
  searchOf,
} from "./parse-shopping-request.ts";
import { catalog } from "./shopping-test-catalog.ts";
import { EMPTY_FILTERS, type ProductSearchFilters, type SearchSort } from "./shopping-request.ts";

interface Expected {
  filters?: Partial<ProductSearchFilters>;
  /** Exact text. */
  text?: string;
  /** Words the text must contain / must not contain. */
  textHas?: string[];
  textLacks?: string[];
  sort?: SearchSort;
  limit?: number;
  targetPrice?: number | null;
  refined?: boolean;
  understood?: string[];
}

type Case = [messages: string | string[], expected: Expected];

/**
 * Every field not named in `expected` must keep its default (empty filters, relevance, 6, no
 * target price, not refined), so a case also proves that nothing else was read into the message.
 */
function check(result: ParsedShoppingRequest, expected: Expected) {
  expect(result.filters).toEqual({ ...EMPTY_FILTERS, ...expected.filters });
  expect(result.sort).toBe(expected.sort ?? "relevance");
  expect(result.limit).toBe(expected.limit ?? DEFAULT_LIMIT);
  expect(result.targetPrice).toBe(expected.targetPrice ?? null);
  expect(result.refined).toBe(expected.refined ?? false);
  if (expected.text !== undefined) expect(result.text).toBe(expected.text);
  const words = result.text.split(" ");
  for (const word of expected.textHas ?? []) expect(words).toContain(word);
  for (const word of expected.textLacks ?? []) expect(words).not.toContain(word);
  if (expected.understood) expect(result.understood).toEqual(expected.understood);
}

const cases: Record<string, Case[]> = {
  "the suggested prompts": [
    [
      "Show me running shoes",
      { filters: { categories: ["Footwear"] }, textHas: ["running"], textLacks: ["show", "me"] },
    ],
    [
      "Gifts under $100",
      { filters: { tags: ["gift"], maxPrice: 10_000 }, text: "", understood: ["under $100.00", "gifts"] },
    ],
    ["What's on sale?", { filters: { onSale: true }, text: "", understood: ["on sale"] }],
  ],
  "upper price bounds": [
    ["headphones under $100", { filters: { categories: ["Audio"], maxPrice: 10_000 }, text: "headphone" }],
    ["below 50", { filters: { maxPrice: 5_000 }, text: "" }],
    ["less than $80", { filters: { maxPrice: 8_000 }, text: "" }],
    ["max $60", { filters: { maxPrice: 6_000 }, text: "" }],
    ["up to 200", { filters: { maxPrice: 20_000 }, text: "" }],
    ["cheaper than $40", { filters: { maxPrice: 4_000 }, text: "" }],
    ["$100 or less", { filters: { maxPrice: 10_000 }, text: "" }],
    ["$19.99 or less", { filters: { maxPrice: 1_999 }, text: "" }],
    ["a watch under $1,200", { filters: { categories: ["Accessories"], maxPrice: 120_000 }, text: "watch" }],
    ["under fifty bucks", { filters: { maxPrice: 5_000 }, text: "" }],
    ["my budget is $75", { filters: { maxPrice: 7_500 }, text: "" }],
  ],
  "lower price bounds": [
    ["over $50", { filters: { minPrice: 5_000 }, text: "", understood: ["$50.00 and up"] }],
    ["above 30", { filters: { minPrice: 3_000 }, text: "" }],
    ["at least $20", { filters: { minPrice: 2_000 }, text: "" }],
    ["more than 100", { filters: { minPrice: 10_000 }, text: "" }],
    ["jackets $50+", { filters: { categories: ["Apparel"], minPrice: 5_000 }, text: "jacket" }],
  ],
  "price ranges": [
    ["between 50 and 80", { filters: { minPrice: 5_000, maxPrice: 8_000 }, text: "" }],
    [
      "between $50 and $80",
      { filters: { minPrice: 5_000, maxPrice: 8_000 }, understood: ["$50.00 to $80.00"] },
    ],
    ["$50-$80", { filters: { minPrice: 5_000, maxPrice: 8_000 }, text: "" }],
    ["50 to 80 dollars", { filters: { minPrice: 5_000, maxPrice: 8_000 }, text: "" }],
    ["between 80 and 50", { filters: { minPrice: 5_000, maxPrice: 8_000 }, text: "" }],
    ["over $50 and under $100", { filters: { minPrice: 5_000, maxPrice: 10_000 }, text: "" }],
  ],
  "around a price": [
    [
      "around $30",
      { filters: { minPrice: 2_250, maxPrice: 3_750 }, targetPrice: 3_000, understood: ["around $30.00"] },
    ],
    ["about 30", { filters: { minPrice: 2_250, maxPrice: 3_750 }, targetPrice: 3_000, text: "" }],
    ["~$30", { filters: { minPrice: 2_250, maxPrice: 3_750 }, targetPrice: 3_000, text: "" }],
    [
      "a $40 gift",
      { filters: { minPrice: 3_000, maxPrice: 5_000, tags: ["gift"] }, targetPrice: 4_000, text: "" },
    ],
  ],
  "numbers that are not prices": [
    ["2-person tent", { filters: { categories: ["Outdoor"] }, text: "2-person tent" }],
    ["27 inch monitor", { filters: { categories: ["Electronics"] }, textHas: ["27", "monitor"] }],
    [
      "Nike Airstride 5 running shoes",
      { filters: { categories: ["Footwear"], brands: ["Nike"] }, textHas: ["airstride"] },
    ],
  ],
  "price words without figures": [
    ["cheap headphones", { filters: { categories: ["Audio"] }, sort: "price-low", text: "headphone" }],
    ["the cheapest t-shirts", { filters: { categories: ["Apparel"] }, sort: "price-low", text: "t-shirt" }],
    ["premium headphones", { filters: { categories: ["Audio"] }, sort: "price-high", text: "headphone" }],
  ],
  "sale, stock and ratings": [
    ["any deals on earbuds?", { filters: { categories: ["Audio"], onSale: true }, text: "earbud" }],
    ["discounted jackets", { filters: { categories: ["Apparel"], onSale: true }, text: "jacket" }],
    ["up to 50% off", { filters: { onSale: true }, text: "" }],
    ["in stock yoga mats", { filters: { categories: ["Fitness"], inStockOnly: true }, text: "yoga mat" }],
    ["available now", { filters: { inStockOnly: true }, text: "" }],
    ["best rated headphones", { filters: { categories: ["Audio"], minRating: 4.5 }, sort: "rating" }],
    ["top rated books", { filters: { categories: ["Books"], minRating: 4.5 }, sort: "rating", text: "" }],
    ["highest rated speakers", { filters: { categories: ["Audio"] }, sort: "rating", text: "speaker" }],
    ["well reviewed skincare", { filters: { categories: ["Beauty"] }, sort: "rating", text: "skincare" }],
    ["4+ stars", { filters: { minRating: 4 }, text: "", understood: ["rated 4+"] }],
  ],
  gifts: [
    ["a present for my dad", { filters: { tags: ["gift"] }, text: "" }],
    ["gift for a runner", { filters: { tags: ["gift"] }, text: "running" }],
    ["gift for a hiker", { filters: { tags: ["gift"] }, text: "hiking" }],
    ["birthday gift for a reader", { filters: { tags: ["gift"], categories: ["Books"] }, text: "" }],
    ["something for a gamer", { filters: { categories: ["Toys & Games"] }, text: "game" }],
    ["a mug for a gamer", { filters: { categories: ["Home & Kitchen"] }, text: "mug game" }],
    ["best gifts for a 10 year old", { filters: { tags: ["gift"] }, sort: "rating", text: "kids" }],
    ["christmas ideas for a cook", { filters: { tags: ["gift"], categories: ["Home & Kitchen"] }, text: "" }],
  ],
  "categories from words": [
    ["sneakers", { filters: { categories: ["Footwear"] }, text: "sneaker" }],
    ["trainers", { filters: { categories: ["Footwear"] }, text: "sneaker" }],
    ["hiking boots", { filters: { categories: ["Footwear"] }, text: "hiking boot" }],
    ["earbuds", { filters: { categories: ["Audio"] }, text: "earbud" }],
    ["a smartwatch", { filters: { categories: ["Electronics"] }, text: "smartwatch" }],
    ["a phone charger", { filters: { categories: ["Electronics"] }, text: "charger" }],
    ["a hoodie", { filters: { categories: ["Apparel"] }, text: "hoodie" }],
    ["coffee mugs", { filters: { categories: ["Home & Kitchen"] }, textHas: ["mug"] }],
    ["a tent", { filters: { categories: ["Outdoor"] }, text: "tent" }],
    ["hiking backpack", { filters: { categories: ["Outdoor"] }, text: "backpack" }],
    ["laptop backpack", { filters: { categories: ["Accessories"] }, text: "laptop backpack" }],
    ["sleeping bag", { filters: { categories: ["Outdoor"] }, text: "sleeping bag" }],
    ["dumbbells", { filters: { categories: ["Fitness"] }, text: "dumbbell" }],
    ["moisturizer", { filters: { categories: ["Beauty"] }, text: "cream" }],
    ["sunglasses", { filters: { categories: ["Accessories"] }, text: "sunglasses" }],
    ["a wallet", { filters: { categories: ["Accessories"] }, text: "wallet" }],
    ["lego", { filters: { categories: ["Toys & Games"] }, text: "building" }],
    ["a jigsaw puzzle", { filters: { categories: ["Toys & Games"] }, text: "puzzle" }],
    ["a cookbook", { filters: { categories: ["Books"] }, text: "cookbook" }],
    ["books", { filters: { categories: ["Books"] }, text: "" }],
    ["clothes", { filters: { categories: ["Apparel"] }, text: "" }],
    ["home and kitchen", { filters: { categories: ["Home & Kitchen"] }, text: "" }],
    ["Toys & Games", { filters: { categories: ["Toys & Games"] }, text: "" }],
    ["shoes and headphones", { filters: { categories: ["Footwear", "Audio"] }, text: "headphone" }],
    ["what do you have for camping?", { filters: { categories: ["Outdoor"] }, text: "camping" }],
    ["a waterproof jacket for hiking", { filters: { categories: ["Apparel"] }, text: "rain jacket hiking" }],
    ["running shoes in size 10", { filters: { categories: ["Footwear"] }, text: "running shoe" }],
  ],
  brands: [
    ["Nike running shoes", { filters: { categories: ["Footwear"], brands: ["Nike"] }, text: "running shoe" }],
    ["tonic labs earbuds", { filters: { categories: ["Audio"], brands: ["Tonic Labs"] }, text: "earbud" }],
    ["anything by Lumen Botanics", { filters: { brands: ["Lumen Botanics"] }, text: "" }],
    ["only from Atlas Leather", { filters: { brands: ["Atlas Leather"] }, text: "" }],
    ["NIKE or adidas", { filters: { brands: ["Nike", "Adidas"] }, text: "" }],
    ["tinker-town toys", { filters: { categories: ["Toys & Games"], brands: ["Tinker Town"] }, text: "" }],
    ["headphones, not Sony", { filters: { categories: ["Audio"] }, text: "headphone" }],
    [
      "Nike's new running shoes",
      { filters: { categories: ["Footwear"], brands: ["Nike"] }, text: "running shoe" },
    ],
  ],
  quantities: [
    ["a couple of mugs", { filters: { categories: ["Home & Kitchen"] }, limit: 2, text: "mug" }],
    ["a few books", { filters: { categories: ["Books"] }, limit: 3, text: "" }],
    ["some sneakers", { filters: { categories: ["Footwear"] }, limit: 3, text: "sneaker" }],
    ["top 5 running shoes", { filters: { categories: ["Footwear"] }, limit: 5, text: "running shoe" }],
    ["show me three jackets", { filters: { categories: ["Apparel"] }, limit: 3, text: "jacket" }],
    ["10 options", { limit: 10, text: "" }],
    ["3 headphones", { filters: { categories: ["Audio"] }, limit: 3, text: "headphone" }],
    [
      "show me 5 cheap wireless earbuds",
      { filters: { categories: ["Audio"] }, limit: 5, sort: "price-low", text: "wireless earbud" },
    ],
    ["a dozen socks", { filters: { categories: ["Apparel"] }, limit: 12, text: "sock" }],
    ["top 50", { limit: MAX_LIMIT, text: "" }],
    ["top 0", { limit: 1, text: "" }],
  ],
  "nonsense and empty input": [
    ["asdf qwerty", { text: "asdf qwerty", understood: [] }],
    ["", { text: "", understood: [] }],
    [[], { text: "", understood: [] }],
    ["hello", { text: "" }],
  ],
  "everything at once": [
    [
      "best rated Nike running shoes on sale under $100",
      {
        filters: {
          categories: ["Footwear"],
          brands: ["Nike"],
          maxPrice: 10_000,
          onSale: true,
          minRating: 4.5,
        },
        sort: "rating",
        text: "running shoe",
        understood: ["Footwear", "under $100.00", "on sale", "Nike", "best rated"],
      },
    ],
  ],
  "follow-ups refine the previous request": [
    [
      ["running shoes under $100", "cheaper ones?"],
      {
        filters: { categories: ["Footwear"], maxPrice: 7_000 },
        sort: "price-low",
        refined: true,
        text: "running shoe",
        understood: ["Footwear", "under $70.00", "lowest price first"],
      },
    ],
    [
      ["Show me running shoes", "cheaper ones?"],
      { filters: { categories: ["Footwear"] }, sort: "price-low", refined: true, textHas: ["running"] },
    ],
    [
      ["Show me running shoes", "something cheaper"],
      { filters: { categories: ["Footwear"] }, sort: "price-low", refined: true, textHas: ["running"] },
    ],
    [
      ["running shoes", "only Nike"],
      { filters: { categories: ["Footwear"], brands: ["Nike"] }, refined: true, text: "running shoe" },
    ],
    [
      ["Nike running shoes", "only Adidas"],
      { filters: { categories: ["Footwear"], brands: ["Adidas"] }, refined: true },
    ],
    [
      ["Nike running shoes", "Adidas too"],
      { filters: { categories: ["Footwear"], brands: ["Nike", "Adidas"] }, refined: true },
    ],
    [["Nike running shoes", "other brands"], { filters: { categories: ["Footwear"] }, refined: true }],
    [
      ["running shoes", "in stock only"],
      { filters: { categories: ["Footwear"], inStockOnly: true }, refined: true, text: "running shoe" },
    ],
    [
      ["running shoes", "best rated?"],
      { filters: { categories: ["Footwear"], minRating: 4.5 }, sort: "rating", refined: true },
    ],
    [
      ["headphones under $100", "more expensive"],
      { filters: { categories: ["Audio"], minPrice: 10_000 }, sort: "price-high", refined: true },
    ],
    [
      ["running shoes", "premium ones"],
      { filters: { categories: ["Footwear"] }, sort: "price-high", refined: true },
    ],
    [
      ["around $30", "cheaper"],
      { filters: { minPrice: 1_575, maxPrice: 2_625 }, targetPrice: 2_100, sort: "price-low", refined: true },
    ],
    [
      ["running shoes", "under $80"],
      { filters: { categories: ["Footwear"], maxPrice: 8_000 }, refined: true },
    ],
    [
      ["running shoes over $50", "under $40"],
      { filters: { categories: ["Footwear"], maxPrice: 4_000 }, refined: true },
    ],
    [
      ["running shoes", "waterproof ones"],
      { filters: { categories: ["Footwear"] }, refined: true, text: "running shoe waterproof" },
    ],
    [
      ["running shoes under $100", "what about sneakers?"],
      { filters: { categories: ["Footwear"], maxPrice: 10_000 }, refined: true, text: "sneaker" },
    ],
    [
      ["Gifts under $100", "anything on sale?"],
      { filters: { tags: ["gift"], maxPrice: 10_000, onSale: true }, refined: true },
    ],
    [
      ["What's on sale?", "shoes"],
      {
        filters: { categories: ["Footwear"], onSale: true },
        refined: true,
        understood: ["Footwear", "on sale"],
      },
    ],
    [
      ["Gifts under $100", "what about headphones?"],
      {
        filters: { categories: ["Audio"], tags: ["gift"], maxPrice: 10_000 },
        refined: true,
        text: "headphone",
      },
    ],
    [
      ["Gifts under $100", "for a gamer"],
      { filters: { categories: ["Toys & Games"], tags: ["gift"], maxPrice: 10_000 }, refined: true },
    ],
    [
      ["running shoes", "best rated for hiking"],
      {
        filters: { categories: ["Footwear"], minRating: 4.5 },
        sort: "rating",
        refined: true,
        text: "running shoe hiking",
      },
    ],
    [["Sony headphones", "not Sony"], { filters: { categories: ["Audio"] }, refined: true }],
    [["headphones under $50", "any price"], { filters: { categories: ["Audio"] }, refined: true }],
    [
      ["running shoes", "what about Adidas?"],
      { filters: { categories: ["Footwear"], brands: ["Adidas"] }, refined: true },
    ],
    [
      ["headphones", "as a gift"],
      { filters: { categories: ["Audio"], tags: ["gift"] }, refined: true, text: "headphone" },
    ],
    [
      ["running shoes", "any on sale?"],
      { filters: { categories: ["Footwear"], onSale: true }, refined: true },
    ],
    [["running shoes", "a few more"], { filters: { categories: ["Footwear"] }, limit: 3, refined: true }],
    [
      ["running shoes", "under $100", "only Nike", "cheaper ones?"],
      {
        filters: { categories: ["Footwear"], brands: ["Nike"], maxPrice: 7_000 },
        sort: "price-low",
        refined: true,
      },
    ],
  ],
  "a new request starts over": [
    [
      ["running shoes under $100", "what about headphones?"],
      { filters: { categories: ["Audio"] }, text: "headphone" },
    ],
    [
      ["running shoes under $100", "headphones too?"],
      { filters: { categories: ["Audio"], maxPrice: 10_000 }, text: "headphone" },
    ],
    [["Nike running shoes on sale", "a tent"], { filters: { categories: ["Outdoor"] }, text: "tent" }],
    [["running shoes", "asdf qwerty"], { text: "asdf qwerty" }],
    [["hello", "under $50"], { filters: { maxPrice: 5_000 } }],
    // Talk asks for nothing: the request so far stays for the turns after it.
    [["running shoes", "thanks"], { filters: { categories: ["Footwear"] }, text: "running shoe" }],
    // A new topic without product words leaves the old constraints behind.
    [
      ["headphones under $100", "cheaper ones?", "gift for a runner"],
      { filters: { tags: ["gift"] }, text: "running", understood: ["gifts"] },
    ],
    [["headphones", "gift for a runner"], { filters: { tags: ["gift"] }, text: "running" }],
    [["running shoes", "What's on sale?"], { filters: { onSale: true }, text: "", understood: ["on sale"] }],
    [["Gifts under $100", "What's on sale?"], { filters: { onSale: true }, text: "" }],
    [
      ["running shoes under $80", "gifts under $50"],
      { filters: { tags: ["gift"], maxPrice: 5_000 }, text: "" },
    ],
    [
      ["running shoes", "What's on sale?", "only Nike"],
      { filters: { onSale: true, brands: ["Nike"] }, text: "", refined: true },
    ],
  ],
};

describe("parseShoppingRequest", () => {
  for (const [group, list] of Object.entries(cases)) {
    describe(group, () => {
      it.each(list.map(([messages, expected]) => ({ messages, expected })))(
        "$messages",
        ({ messages, expected }) => {
          check(
            parseShoppingRequest(typeof messages === "string" ? [messages] : messages, catalog),
            expected,
          );
        },
      );
    });
  }

  it("only uses categories the catalogue has, spelled as the catalogue spells them", () => {
    const small = { categories: ["audio", "Garden"], brands: [] };
    expect(parseShoppingRequest(["mascara"], small)).toMatchObject({
      filters: { categories: [] },
      text: "mascara",
    });
    expect(parseShoppingRequest(["wireless headphones"], small).filters.categories).toEqual(["audio"]);
    expect(parseShoppingRequest(["garden tools"], small)).toMatchObject({
      filters: { categories: ["Garden"] },
      text: "tools",
    });
  });

  it("tells the constraints from the order, and what the last message itself stated", () => {
    const cheaper = parseShoppingRequest(["gifts", "cheaper"], catalog);
    expect(cheaper.understood).toEqual(["gifts", "lowest price first"]);
    expect(cheaper.constraints).toEqual(["gifts"]);
    const nike = parseShoppingRequest(["running shoes", "on sale", "only Nike"], catalog);
    expect(nike.filters).toMatchObject({ onSale: true, brands: ["Nike"], categories: ["Footwear"] });
    expect(nike.stated).toEqual({ ...EMPTY_FILTERS, brands: ["Nike"] });
    const range = parseShoppingRequest(["running shoes", "on sale", "between 50 and 80"], catalog);
    expect(range.stated).toEqual({ ...EMPTY_FILTERS, minPrice: 5_000, maxPrice: 8_000 });
    const fresh = parseShoppingRequest(["Nike running shoes under $100"], catalog);
    expect(fresh.stated).toEqual({ ...EMPTY_FILTERS, brands: ["Nike"], maxPrice: 10_000 });
  });

  it("ranks categories read from product words first instead of filtering; a named category filters", () => {
    const shop = {
      ...catalog,
      tagCategories: { headphones: ["Audio", "Electronics"], "noise-cancelling": ["Audio"] },
    };
    const headphones = parseShoppingRequest(["headphones noise cancelling"], shop);
    expect(headphones.boostCategories).toEqual(["Audio", "Electronics"]);
    expect(searchOf(headphones, headphones.boostCategories).filters.categories).toEqual([]);
    const named = parseShoppingRequest(["audio headphones"], shop);
    expect(named.boostCategories).toEqual(["Electronics"]);
    expect(searchOf(named, named.boostCategories).filters.categories).toEqual(["Audio"]);
    const shoes = parseShoppingRequest(["shoes under $100"], shop);
    expect(shoes.boostCategories).toEqual([]);
    expect(searchOf(shoes, shoes.boostCategories).filters.categories).toEqual(["Footwear"]);
    // The shop's own category name filters, however the built-in vocabulary files its products.
    const own = parseShoppingRequest(["gadgets for the kitchen"], { categories: ["Gadgets"], brands: [] });
    expect(searchOf(own, own.boostCategories).filters.categories).toEqual(["Gadgets"]);
    // A refinement keeps the boost; a new product word replaces it.
    expect(parseShoppingRequest(["headphones", "cheaper ones?"], shop).boostCategories).toEqual([
      "Audio",
      "Electronics",
    ]);
    expect(parseShoppingRequest(["headphones", "what about earbuds?"], shop).boostCategories).toEqual([
      "Audio",
    ]);
  });

  it("keeps a brand as free text when the catalogue does not sell it", () => {
    const result = parseShoppingRequest(["Apple headphones"], catalog);
    expect(result.filters.brands).toEqual([]);
    expect(result.text).toBe("apple headphone");
  });
});
