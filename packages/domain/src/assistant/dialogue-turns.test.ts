import { describe, expect, it } from "vitest";
import { parseShoppingRequest } from "./parse-shopping-request.ts";
import {
  CHEAPEST_OF_KIND,
  describeChanges,
  PRICE_MARGIN,
  relaxations,
  type SearchPlan,
} from "./relax-shopping-request.ts";
import { catalog } from "./shopping-test-catalog.ts";

const withTags = {
  ...catalog,
  tagCategories: {
    "noise-cancelling": ["Audio"],
    waterproof: ["Outdoor", "Footwear"],
    wireless: ["Audio"],
  },
};
const parse = (...messages: string[]) => parseShoppingRequest(messages, withTags);

describe("what kind of turn a message is", () => {
  it("a first request is new; a greeting alone is chit-chat", () => {
    expect(parse("running shoes").turn).toBe("new");
    expect(parse("thanks").turn).toBe("chit-chat");
  });

  it("talk in the middle of a conversation keeps the request for the turns after it", () => {
    const talk = parse("tents under $200", "thanks!");
    expect(talk.turn).toBe("chit-chat");
    expect(talk.filters.maxPrice).toBe(20000);
    const after = parse("tents under $200", "ok cool", "cheaper ones");
    expect(after.turn).toBe("relative-price");
    expect(after.subjectWords).toEqual(parse("tents under $200", "cheaper ones").subjectWords);
    expect(after.filters.maxPrice).toBe(parse("tents under $200", "cheaper ones").filters.maxPrice);
    expect(parse("running shoes", "who are you?", "not Nike").turn).toBe("exclusion");
  });

  it("a question the engine answers as talk, in any words, keeps the request too", () => {
    for (const talk of ["wait, who am I talking to?", "how long does delivery take?", "can I return it?"]) {
      expect(parse("running shoes", talk).turn).toBe("chit-chat");
      const after = parse("running shoes", talk, "ok, not Kestrel");
      expect(after.turn).toBe("exclusion");
      expect(after.subjectWords).toEqual(parse("running shoes").subjectWords);
      expect(after.text).not.toMatch(/talking|delivery|return/);
    }
  });

  it("'instead' with a new subject changes the topic and drops the old subject and limit", () => {
    const r = parse("headphones under $100", "something for camping instead");
    expect(r.turn).toBe("topic-change");
    expect(r.filters.maxPrice).toBeNull();
    expect(r.filters.categories).toEqual(["Outdoor"]);
    expect(r.dropped).toEqual(["headphone", "under $100.00"]);
    expect(
      describeChanges({
        subject: "camping",
        dropped: r.dropped,
        relaxed: [],
        excluded: [],
        outOfStock: false,
      }),
    ).toBe("Camping now; I dropped headphone and under $100.00.");
  });

  it("'something completely different', 'new topic' change the topic and are no words to search", () => {
    for (const change of [
      "ok now something completely different: a board game",
      "totally different question, a board game",
      "new topic - a board game",
    ]) {
      const r = parse("headphones under $100", change);
      expect(r.turn).toBe("topic-change");
      expect(r.filters.maxPrice).toBeNull();
      expect(r.text).toBe("board game");
    }
  });

  it("'cheaper ones' is a relative price refinement that keeps the subject", () => {
    const r = parse("running shoes", "cheaper ones");
    expect(r.turn).toBe("relative-price");
    expect(r.relative).toBe("cheaper");
    expect(r.text).toContain("running shoe");
  });

  it("'not Sony' and 'no sneakers' are exclusions carried by later refinements", () => {
    const brand = parse("headphones", "but not Sony");
    expect(brand.turn).toBe("exclusion");
    expect(brand.excludedBrands).toEqual(["Sony"]);
    const kind = parse("shoes", "no sneakers", "under $100");
    expect(kind.excludedWords).toEqual(["sneaker"]);
    expect(kind.turn).toBe("refinement");
    expect(parse("shoes", "no sneakers", "tents").excludedWords).toEqual([]);
  });

  it("a catalogue trait alone narrows what is shown ('noise cancelling' after headphones)", () => {
    const r = parse("wireless headphones under $50", "noise cancelling");
    expect(r.turn).toBe("refinement");
    expect(r.filters.maxPrice).toBe(5000);
    expect(r.text).toContain("headphone");
  });

  it("'for cooking' after camping gear narrows the camping gear", () => {
    const r = parse("camping gear", "for cooking");
    expect(r.turn).toBe("refinement");
    expect(r.filters.categories).toEqual(["Outdoor"]);
    expect(r.text.split(" ")).toEqual(expect.arrayContaining(["camping", "cooking"]));
  });

  it("points at shown products: 'the second one' questions and 'more like' it", () => {
    const q = parse("headphones", "is the second one wireless?");
    expect(q.turn).toBe("question");
    expect(q.ordinal).toBe(2);
    expect(q.text).toContain("headphone");
    const like = parse("headphones", "more like the last one");
    expect(like.turn).toBe("more-like");
    expect(like.ordinal).toBe(-1);
    // "the first 3" is how many, not which one.
    expect(parse("headphones", "show me the first 3").turn).not.toBe("question");
  });

  it("a need names kinds across categories, and starts afresh after another subject", () => {
    const rainy = parse("a rainy day");
    expect(rainy.anyOf).toEqual(expect.arrayContaining(["umbrella", "rain jacket"]));
    // After a subject, "something for X" first narrows it (bags for travelling); the service
    // reads it afresh when nothing shown fits (headphones for a rainy day).
    const narrowed = parse("headphones under $100", "something for a rainy day");
    expect(narrowed.turn).toBe("refinement");
    expect(narrowed.narrowing).toBe(true);
    expect(parse("bags", "something for travelling").text.split(" ")).toContain("travel");
    const instead = parse("headphones under $100", "something for a rainy day instead");
    expect(instead.turn).toBe("topic-change");
    expect(instead.filters.maxPrice).toBeNull();
    expect(parse("a backpacking trip").anyOf).toEqual(expect.arrayContaining(["tent", "sleeping bag"]));
    expect(parse("keep my drinks cold").anyOf).toContain("cooler");
    // A product named beside a need stays the subject: "rain jacket" is a jacket.
    expect(parse("a rain jacket").anyOf).toEqual([]);
  });

  it("a recipient's interest is the subject and the gift is soft", () => {
    const r = parse("for my mom who loves cooking");
    expect(r.filters.tags).toEqual(["gift"]);
    expect(r.subjectWords.length + r.filters.categories.length).toBeGreaterThan(0);
    expect(r.text).toContain("cooking");
  });

  it("in a gift, what the person does is the interest: 'she runs marathons', 'he hikes'", () => {
    const runner = parse("leaving gift for a coworker, she runs marathons, max 60 bucks");
    expect(runner.anyOf).toContain("running");
    expect(runner.subjectWords).not.toContain("marathons");
    expect(runner.filters.maxPrice).toBe(6000);
    expect(parse("present for my brother, he hikes").anyOf).toContain("hiking");
    // A product named after the verb is still the product; out of a gift, a verb is no interest.
    expect(parse("gift for my wife, she needs running shoes").subjectWords).toContain("shoe");
    expect(parse("my phone battery runs out by noon").anyOf).not.toContain("running");
    // A habit with what it is done to: "bakes bread every weekend"; "runs out" is another verb.
    expect(parse("my mom bakes bread every weekend").anyOf).toContain("baking");
    expect(parse("my phone runs out every day").anyOf).not.toContain("running");
    expect(parse("gift for my dad, he always runs late").anyOf).not.toContain("running");
  });

  it("chat fillers and intensifiers are never searched: 'lol', 'a total', 'such a', 'huge fan'", () => {
    for (const [message, filler] of [
      ["my brother is a total gym rat lol any ideas", "lol"],
      ["my brother is a total gym rat lol any ideas", "total"],
      ["my sister is such a bookworm, birthday gift?", "such"],
      ["my dad is a huge tech nerd tbh", "huge"],
    ] as const)
      expect(parse(message).text.split(" ")).not.toContain(filler);
  });
  it("another person named is another request; the same person, or 'her', refines", () => {
    const sister = parse(
      "gift for my dad he likes coffee",
      "what about something for my little sister, shes 6",
    );
    expect(sister.turn).toBe("topic-change");
    expect(sister.text).not.toContain("coffee");
    expect(sister.text).toContain("kids");
    expect(parse("gift for my dad he likes coffee", "and for my brother? he runs").turn).toBe("topic-change");
    expect(parse("a gift for my mom, she loves cooking", "something under $30 for her").turn).toBe(
      "refinement",
    );
    expect(parse("a gift for my mom, she loves cooking", "for my mom, under $30").turn).toBe("refinement");
    // A first person named after a request for things is who they are for.
    expect(parse("headphones", "as a gift for my dad").turn).toBe("refinement");
  });

  it("'which are good for ...' and a trait compared ('something warmer') narrow what is shown", () => {
    const gym = parse("headphones", "which are good for the gym");
    expect(gym.turn).toBe("refinement");
    expect(gym.subjectWords).toContain("headphone");
    const warmer = parse("jackets", "something warmer");
    expect(warmer.turn).toBe("refinement");
    expect(warmer.text).toBe("jacket warm");
    expect(parse("a yoga mat", "a thinner one").text).toContain("thin");
  });

  it("'nvm', 'switching gears', 'different question' change the topic and are no words to search", () => {
    for (const change of [
      "nvm. a candle",
      "switching gears, a candle",
      "different question - do you sell candles",
    ]) {
      const r = parse("yoga mat", change);
      expect(r.turn).toBe("topic-change");
      expect(r.text).toBe("candle");
    }
  });

  it("a trait that names a kind of the catalogue's with the kind asked for narrows it; another kind's tag does not", () => {
    const shop = {
      categories: ["Women's Bags", "Men's Watches", "Groceries", "Tablets"],
      brands: [],
      tagCategories: {
        "leather bags": ["Women's Bags"],
        "luxury watches": ["Men's Watches"],
        "dog food": ["Groceries"],
        tablets: ["Tablets"],
      },
    };
    const leather = parseShoppingRequest(["bags", "leather"], shop);
    expect(leather.turn).toBe("refinement");
    expect(leather.text).toBe("bag leather");
    expect(parseShoppingRequest(["watches", "luxury"], shop).turn).toBe("refinement");
    const dogFood = parseShoppingRequest(["tablets", "dog food"], shop);
    expect(dogFood.turn).toBe("topic-change");
    expect(dogFood.filters.categories).not.toContain("Tablets");
  });

  it("an age said without the apostrophe is an age ('shes 6', 'hes 4')", () => {
    expect(parse("toys", "hes 4").text).toContain("kids");
    expect(parse("something for my niece, shes 6").text).toContain("kids");
  });
});

describe("turns that point at what was shown, widen it or exclude part of it", () => {
  it("a question with 'it' about what was shown is a question, whatever its words", () => {
    const r = parse("throw blankets", "can I put it in the washing machine?");
    expect(r.turn).toBe("question");
    expect(r.text).toContain("blanket");
  });

  it("'do you have them in black?' asks about all that was shown: not a question about one", () => {
    expect(parse("throw blankets", "do you have them in black?").turn).not.toBe("question");
  });

  it("'anything else for kids?' keeps what it is for and drops the kind, saying so", () => {
    const r = parse("headphones for my kid", "anything else for kids?");
    expect(r.turn).toBe("refinement");
    expect(r.subjectWords).not.toContain("headphone");
    expect(r.text).toContain("kids");
    expect(r.filters.categories).toEqual([]);
    expect(r.dropped).toContain("headphone");
  });

  it("'not for kids' and 'nothing from Nike' exclude; 'nothing' is no search word", () => {
    expect(parse("smartwatches, but not for kids").excludedWords).toEqual(["kids"]);
    const nike = parse("stuff for running, nothing from Nike please");
    expect(nike.excludedBrands).toEqual(["Nike"]);
    expect(nike.text).toBe("running");
  });

  it("a list after a negation is all excluded: 'not Nike or Adidas', 'no sneakers, sandals or boots'", () => {
    for (const said of ["not Nike or Adidas", "neither nike nor adidas", "no Nike, Adidas"]) {
      const r = parse("running shoes", said);
      expect(r.turn, said).toBe("exclusion");
      expect(r.excludedBrands, said).toEqual(["Nike", "Adidas"]);
      expect(r.filters.brands, said).toEqual([]);
    }
    expect(parse("shoes", "no sneakers, sandals or boots").excludedWords).toHaveLength(3);
    // A brand after the list is still wanted.
    expect(parse("running shoes, not Nike, and Adidas only").filters.brands).toEqual(["Adidas"]);
  });
});

describe("relaxing a request that matches nothing", () => {
  const planOf = (r: ReturnType<typeof parse>): SearchPlan => ({ ...r, boostCategories: [], anyOf: r.anyOf });

  it("drops sale, the gift tag, the rating, attributes, widens the price 25%, drops the kind's modifiers at the price asked, then shows the kind's cheapest (up to twice, then ten times the bound); never the kind", () => {
    const r = parse("waterproof running shoes on sale, gifts rated 4+ under $100");
    const steps = relaxations(r, planOf(r));
    expect(steps.map((s) => s.relaxed.at(-1))).toEqual([
      "on sale",
      "the gift tag",
      "rated 4+",
      "the category Footwear",
      '"waterproof"',
      "the price limit (now up to $125.00)",
      '"running" (any shoe)',
      "the price limit (nothing under $100.00: the cheapest up to $200.00)",
      "the price limit (nothing of it under $100.00: the cheapest there is)",
    ]);
    expect(steps[5]?.plan.filters.maxPrice).toBe(10000 * (1 + PRICE_MARGIN));
    // One price phrase at a time: the latest widening replaces the one before.
    expect(steps[8]?.relaxed.filter((p) => p.startsWith("the price"))).toHaveLength(1);
    const cheapest = steps[8]?.plan;
    // The kind as asked, the cheapest first, up to CHEAPEST_OF_KIND times the bound.
    expect(cheapest?.text).toBe("running shoe");
    expect(cheapest?.filters.maxPrice).toBe(10000 * CHEAPEST_OF_KIND);
    expect(cheapest?.sort).toBe("price-low");
    expect(cheapest?.filters.onSale).toBe(false);
    expect(cheapest?.filters.tags).toEqual([]);
    // The kind by its head noun, at the price asked.
    const byHead = steps[6];
    expect(byHead?.plan.text).toBe("shoe");
    expect(byHead?.plan.filters.maxPrice).toBe(10000);
    expect(byHead?.relaxed).not.toContain("the price limit (now up to $125.00)");
  });

  it("'gifts under $100 for a runner' first drops the gift tag, keeping running and the price", () => {
    const r = parse("gifts under $100 for a runner");
    const first = relaxations(r, planOf(r))[0];
    expect(first?.relaxed).toEqual(["the gift tag"]);
    expect(first?.plan.text).toBe("running");
    expect(first?.plan.filters.maxPrice).toBe(10000);
  });
});

describe("saying what was relaxed", () => {
  const said = (filled: boolean) =>
    describeChanges({
      subject: "watch",
      dropped: [],
      relaxed: ['"classic"'],
      excluded: [],
      outOfStock: false,
      filled,
    });

  it("nothing matched: says so; a few matched and others follow: says the others were relaxed", () => {
    expect(said(false)).toBe('Nothing matched everything, so I relaxed "classic" and kept to watch.');
    expect(said(true)).toBe(
      'Only a few matched everything; after them I relaxed "classic" and kept to watch.',
    );
  });
});

describe("kinds named as alternatives", () => {
  it("'fitness trackers or smartwatches' is any of them, not both", () => {
    const r = parse("fitness trackers or smartwatches, but not for kids");
    expect(r.anyOf).toEqual(["tracker", "smartwatch"]);
    expect(r.text.split(" ")).not.toContain("smartwatch");
    expect(r.excludedWords).toEqual(["kids"]);
    expect(parse("running shoes or sneakers").anyOf).toEqual(["running shoe", "sneaker"]);
  });
});

describe("follow-ups however they are typed", () => {
  it("'nothing with tents', 'none of the X', 'anything but X' exclude, keeping the subject", () => {
    for (const ask of ["nothing with tents pls", "none of the tents", "no tents", "anything but tents"]) {
      const r = parse("camping gear", ask);
      expect(r.turn, ask).toBe("exclusion");
      expect(r.excludedWords, ask).toEqual(["tent"]);
      expect(r.subjectWords, ask).toEqual(["camping"]);
    }
  });

  it("'any in red?' is a trait of what is shown, not a new subject", () => {
    const r = parse("running shoes", "any in red?");
    expect(r.turn).toBe("refinement");
    expect(r.subjectWords).toEqual(["running", "shoe"]);
    expect(r.attributeWords).toEqual(["red"]);
  });

  it("'a bigger one' keeps what is shown and searches no size word", () => {
    const r = parse("tents", "a bigger one");
    expect(r.turn).toBe("refinement");
    expect(r.text).toBe("tent");
  });

  it("hesitation is no subject: 'idk something for camping'", () => {
    const r = parse("idk something for camping");
    expect(r.text).toBe("camping");
    expect(parse("umm not sure, a hat maybe?").text.split(" ")).not.toContain("umm");
  });
});

describe("the catalogue's own labels tell a new kind from a trait of what is shown", () => {
  // A shop of imported labels: no product word of the vocabulary names its kinds.
  const shop = {
    categories: ["Kitchen Accessories", "Tops", "Women's Dresses", "Men's Shoes", "Women's Shoes", "Bags"],
    brands: ["Prada"],
    tagCategories: {
      "kitchen tools": ["Kitchen Accessories"],
      dresses: ["Tops", "Women's Dresses"],
      "dog food": ["Groceries"],
      footwear: ["Men's Shoes", "Women's Shoes"],
      waterproof: ["Bags"],
      women: ["Bags"],
    },
  };
  const read = (...messages: string[]) => parseShoppingRequest(messages, shop);

  it("a kind no category of the subject holds is a change of topic, even after 'any'", () => {
    const r = read("kitchen knife", "got any dresses?");
    expect(r.turn).toBe("topic-change");
    expect(r.subjectWords).toEqual(["dresses"]);
    expect(r.text).not.toMatch(/knife/);
    expect(r.dropped[0]).toBe("kitchen knife");
  });

  it("said of what is shown, or of what it is for, it stays a refinement", () => {
    expect(read("kitchen knife", "any dresses ones?").turn).not.toBe("topic-change");
    expect(read("shoes", "for women").turn).toBe("refinement");
  });

  it("a trait only another category carries refines what is shown (relaxed when none has it)", () => {
    const r = read("shoes", "waterproof");
    expect(r.turn).toBe("refinement");
    expect(r.subjectWords).toEqual(["shoes"]);
    expect(r.attributeWords).toEqual(["waterproof"]);
  });

  it("a word of the subject's category names ('mens' of Men's Shoes) says which of them", () => {
    for (const which of ["mens", "womens"]) {
      const r = read("shoes", which);
      expect(r.turn, which).toBe("refinement");
      expect(r.subjectWords, which).toEqual(["shoes"]);
    }
  });
});

describe("a need after things were shown", () => {
  const seededTags = {
    ...catalog,
    tagCategories: {
      winter: ["Apparel", "Accessories"],
      insulated: ["Apparel", "Outdoor"],
      waterproof: ["Outdoor", "Footwear", "Audio"],
      kids: ["Audio", "Toys & Games", "Books"],
      plush: ["Toys & Games"],
    },
  };
  const read = (...messages: string[]) => parseShoppingRequest(messages, seededTags);

  it("of kinds filed in none of the categories shown starts another subject, follow-up words or not", () => {
    const r = read("wireless headphones under $100", "ok what about something to keep me warm outside");
    expect(r.turn).toBe("topic-change");
    expect(r.filters.categories).not.toContain("Audio");
    expect(r.filters.maxPrice).toBeNull();
    expect(r.subjectWords).not.toContain("headphone");
    expect(read("coffee maker", "hmm my sister just had a baby").turn).toBe("topic-change");
  });

  it("said of what is shown, its kinds of the same thing narrow it ('a small one for the beach')", () => {
    const r = read("speakers", "a small one for the beach");
    expect(r.turn).toBe("refinement");
    expect(r.subjectWords).toEqual(["speaker"]);
    expect(r.attributeWords).toContain("waterproof");
    expect(r.anyOf).toEqual([]);
  });
});

describe("a word shaped as a trait refines what is shown", () => {
  it("'something sporty' after watches keeps the watches; 'candy' alone is a kind", () => {
    const r = parse("watches", "something sporty");
    expect(r.turn).toBe("refinement");
    expect(r.subjectWords).toEqual(["watch"]);
    expect(r.attributeWords).toEqual(["sporty"]);
    expect(parse("jackets", "anything durable").attributeWords).toEqual(["durable"]);
    expect(parse("headphones", "candy").turn).toBe("topic-change");
  });
});

describe("the reply says what a refinement changed", () => {
  it("names the traits the last message added, unless they were relaxed", () => {
    const r = parse("watches", "something sporty");
    expect(r.narrowedBy).toEqual(["sporty"]);
    const said = (relaxed: string[]) =>
      describeChanges({
        subject: "watch",
        dropped: [],
        relaxed,
        excluded: [],
        outOfStock: false,
        narrowed: r.narrowedBy,
      });
    expect(said([])).toBe('Narrowing watch to "sporty".');
    expect(said(['"sporty"'])).not.toMatch(/Narrowing/);
    expect(parse("watches", "cheaper ones").narrowedBy).toEqual([]);
  });
});
