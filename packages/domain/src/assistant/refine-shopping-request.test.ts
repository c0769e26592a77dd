import { describe, expect, it } from "vitest";
import { catalogMatchers } from "./catalog-names.ts";
import { readShoppingMessage } from "./read-shopping-message.ts";
import {
  CHEAPER_FACTOR,
  EMPTY_STATE,
  isFollowUp,
  PRICIER_FACTOR,
  type RequestState,
  refineRequest,
  sanePrices,
  startRequest,
} from "./refine-shopping-request.ts";

const matchers = catalogMatchers({
  categories: ["Footwear", "Audio", "Outdoor"],
  brands: ["Nike", "Adidas"],
});
const facts = (message: string) => readShoppingMessage(message, matchers);

/** Folds messages like the parser does. */
function fold(...messages: string[]): { state: RequestState; refined: boolean } {
  let state: RequestState | null = null;
  let refined = false;
  for (const message of messages) {
    const f = facts(message);
    refined = isFollowUp(f, state);
    state = sanePrices(refined && state ? refineRequest(state, f) : startRequest(f, state));
  }
  return { state: state ?? EMPTY_STATE, refined };
}

describe("follow-up or new request", () => {
  it("a refinement without product words refines", () => {
    expect(isFollowUp(facts("only Nike"), fold("running shoes").state)).toBe(true);
    expect(isFollowUp(facts("cheaper ones?"), fold("running shoes").state)).toBe(true);
  });

  it("a new product starts over, unless it repeats the categories with a refinement", () => {
    expect(isFollowUp(facts("headphones"), fold("running shoes").state)).toBe(false);
    expect(isFollowUp(facts("what about sneakers?"), fold("running shoes under $100").state)).toBe(true);
  });

  it("a request of filters only is narrowed by whatever follows", () => {
    expect(isFollowUp(facts("shoes"), fold("What's on sale?").state)).toBe(true);
  });

  it("nothing follows up an empty request, and free words alone start a new one", () => {
    expect(isFollowUp(facts("cheaper"), null)).toBe(false);
    expect(isFollowUp(facts("cheaper"), EMPTY_STATE)).toBe(false);
    expect(isFollowUp(facts("asdf qwerty"), fold("running shoes").state)).toBe(false);
  });
});

describe("refining", () => {
  it("'cheaper' lowers the cap to 70% and sorts by price", () => {
    const { state } = fold("running shoes under $100", "cheaper");
    expect(state).toMatchObject({ maxPrice: 10_000 * CHEAPER_FACTOR, sort: "price-low" });
  });

  it("'more expensive' makes the cap the floor, and re-centres a target price", () => {
    expect(fold("headphones under $100", "more expensive").state).toMatchObject({
      minPrice: 10_000,
      maxPrice: null,
    });
    expect(fold("around $30", "pricier").state.targetPrice).toBe(Math.round(3000 * PRICIER_FACTOR));
  });

  it("an explicit bound wins over 'cheaper' and drops a crossing bound", () => {
    expect(fold("running shoes over $50", "cheaper, under $40").state).toMatchObject({
      minPrice: null,
      maxPrice: 4000,
    });
  });

  it("brands are replaced, added with 'too', removed with 'not', cleared with 'other brands'", () => {
    expect(fold("Nike running shoes", "only Adidas").state.brands).toEqual(["Adidas"]);
    expect(fold("Nike running shoes", "Adidas too").state.brands).toEqual(["Nike", "Adidas"]);
    expect(fold("Nike running shoes", "not Nike").state.brands).toEqual([]);
    expect(fold("Nike running shoes", "other brands").state.brands).toEqual([]);
  });

  it("product words replace the previous ones, free words are added", () => {
    const words = (...messages: string[]) => fold(...messages).state.words.map((w) => w.word);
    expect(words("running shoes", "waterproof ones")).toEqual(["running", "shoe", "waterproof"]);
    expect(words("running shoes under $100", "what about sneakers?")).toEqual(["sneaker"]);
  });

  it("a new request keeps bounds and flags only with 'too'", () => {
    expect(fold("running shoes under $100", "headphones too?").state.maxPrice).toBe(10_000);
    expect(fold("running shoes under $100", "what about headphones?").state.maxPrice).toBeNull();
  });
});

describe("sanePrices", () => {
  it("rounds, caps and orders the bounds", () => {
    const state = sanePrices({ ...EMPTY_STATE, minPrice: 5000.4, maxPrice: 100, targetPrice: Number.NaN });
    expect(state).toMatchObject({ minPrice: 100, maxPrice: 5000, targetPrice: null });
  });
});
