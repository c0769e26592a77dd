/**
 * The assistant evaluation's TUNING conversations: read them, run them, tune the engine to them.
 * Written from shoppers' point of view (bench/assistant-eval/README.md says how they are judged).
 * The split: within each (catalogue, kind) group, in the order the conversations were written,
 * every third one from the second (the 2nd, 5th, 8th, ...) is held out; the others are for tuning.
 */
import type { Conversation } from "./conversation.ts";

// biome-ignore format: one line per turn keeps the conversations readable as a list
export const TUNING: readonly Conversation[] = [
  {
    id: "seeded-gift-1",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "gifts under $100 for a runner", expect: { kind: { tags: ["running"], name: "\\brunn(ing|er)|marathon" }, maxPrice: 100 } },
    ],
  },
  {
    id: "seeded-gift-3",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "what should I get my mom? she loves cooking", expect: { kind: { tags: ["cookware", "cookbook", "knife", "baking", "air-fryer", "pressure-cooker", "blender"], name: "skillet|cookware|knife|cookbook|cutting board|air fryer|pressure cooker|stand mixer|blender" } } },
    ],
  },
  {
    id: "seeded-gift-4",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "birthday present for my sister, she's really into yoga", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" } } },
    ],
  },
  {
    id: "seeded-gift-6",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "something for a 7 year old who likes building things", expect: { kind: { tags: ["building", "stem", "robotics"], name: "building|robotics" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-gift-7",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "I need a present for a friend who just started lifting weights, around $50", expect: { kind: { tags: ["strength", "weights"], name: "dumbbell|kettlebell|bench|pull-up|weighted|resistance" }, maxPrice: 80 } },
    ],
  },
  {
    id: "seeded-gift-9",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "a christmas gift for my grandma who is always cold", expect: { kind: { tags: ["cozy"], name: "blanket|slipper|candle|cardigan|scarf|beanie|socks" } } },
    ],
  },
  {
    id: "seeded-gift-10",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "secret santa, max $25, coworker who loves board games", expect: { kind: { name: "board game|card game|trivia|puzzle" }, maxPrice: 25, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-gift-12",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "a present for my brother who goes camping every summer", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" } } },
    ],
  },
  {
    id: "seeded-gift-13",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "graduation gift for someone starting an office job", expect: { kind: { name: "wallet|watch|laptop backpack|crossbody|belt|negotiation|headphones|keyboard|mouse|webcam|monitor", tags: ["work-from-home"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-gift-15",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "gift ideas for a teenager who loves music", expect: { kind: { name: "headphones|earbuds|speaker" } } },
    ],
  },
  {
    id: "seeded-gift-16",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "a housewarming gift under $40", expect: { kind: { name: "candle|mug|cutting board|storage|throw|plant|skillet|coffee" }, maxPrice: 40, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-gift-18",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "something nice for a friend who's into fitness, under $100", expect: { kind: { category: ["Fitness"], tags: ["fitness", "running", "training"] }, maxPrice: 100 } },
    ],
  },
  {
    id: "seeded-gift-19",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "what can I get my son who's obsessed with space?", expect: { kind: { name: "space" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-gift-21",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "present for a coworker leaving for a trip around the world", expect: { kind: { tags: ["travel"], name: "travel|duffel|power bank|packable" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-gift-22",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "anniversary gift for my wife, she likes jewelry", expect: { kind: { name: "necklace|pendant|jewel|perfume|watch", tags: ["jewelry"] }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-need-1",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "something for a rainy day", expect: { kind: { name: "umbrella|rain jacket|waterproof hiking boot|puzzle|board game|card game|throw blanket|candle", tags: ["puzzle", "board-game"], category: ["Books"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-3",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I need something to keep my drinks cold at the beach", expect: { kind: { name: "cooler|insulated water bottle" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-need-4",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "going on my first backpacking trip next month", expect: { kind: { tags: ["backpacking", "camping", "hiking"] } } },
    ],
  },
  {
    id: "seeded-need-6",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "hosting a dinner party on saturday", expect: { kind: { name: "dinnerware|candle|cutting board|mug set|party|skillet|cookware set|chef's knife|trivia|card game" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-7",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I can't sleep, the neighbours are so loud", expect: { kind: { name: "sleep|noise cancelling|pillow", tags: ["sleep", "noise-masking"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-9",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "it's freezing here, I need to stay warm on my walk to work", expect: { kind: { tags: ["winter", "insulated"], name: "puffer|beanie|scarf|thermal|wool|fleece" } } },
    ],
  },
  {
    id: "seeded-need-10",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "heading to the beach for a week", expect: { kind: { tags: ["summer", "pool", "waterproof"], name: "sunglasses|sandal|sunscreen|speaker|dry bag" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-12",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "long flight next week, 12 hours", expect: { kind: { name: "noise cancelling|earbuds|headphones|pillow|power bank|e-reader|travel", tags: ["travel", "noise-cancelling"] } } },
    ],
  },
  {
    id: "seeded-need-13",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "my phone always dies by lunchtime", expect: { kind: { name: "charger|charging|power bank" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-15",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "new apartment, the kitchen is empty", expect: { kind: { tags: ["kitchen", "cookware", "cookbook"] } } },
    ],
  },
  {
    id: "seeded-need-16",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I'm training for my first marathon", expect: { kind: { tags: ["running"], name: "\\brunn(ing|er)|marathon" } } },
    ],
  },
  {
    id: "seeded-need-18",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "family game night ideas", expect: { kind: { name: "board game|card game|trivia|puzzle" } } },
    ],
  },
  {
    id: "seeded-need-19",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "video calls all day, I look terrible on camera", expect: { kind: { name: "webcam|light|monitor", tags: ["work-from-home", "webcam"] }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-need-21",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I keep getting soaked cycling to work", expect: { kind: { name: "rain jacket|waterproof|umbrella", tags: ["waterproof"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-22",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I want to relax after a long week", expect: { kind: { tags: ["relaxation", "bath", "candle", "cozy", "recovery", "massage"], name: "bath|candle|blanket|massage" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-topic-change-1",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "wireless headphones under $100", expect: { kind: { name: "headphones" }, maxPrice: 100 } },
      { user: "actually, show me something for camping instead", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, none: [{ name: "headphones|earbuds" }] } },
    ],
  },
  {
    id: "seeded-topic-change-3",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "yoga mats", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" } } },
      { user: "ok now something completely different: a board game for my family", expect: { kind: { name: "board game|card game|trivia|puzzle" }, none: [{ tags: ["yoga", "pilates"], name: "yoga|pilates" }] } },
    ],
  },
  {
    id: "seeded-topic-change-4",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "show me watches", expect: { kind: { name: "\\bwatch\\b|smartwatch" } } },
      { user: "never mind, what about sunglasses?", expect: { kind: { name: "sunglasses" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-topic-change-6",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "cheap earbuds, under $50", expect: { kind: { name: "earbuds" }, maxPrice: 50 } },
      { user: "what about a good winter jacket?", expect: { kind: { name: "jacket" }, none: [{ name: "headphones|earbuds" }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-topic-change-7",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "kitchen knives", expect: { kind: { name: "knife" }, atLeast: 1 } },
      { user: "let's look at something for my kid's birthday instead", expect: { kind: { tags: ["kids", "toys"], category: ["Toys & Games"] }, none: [{ name: "knife" }] } },
    ],
  },
  {
    id: "seeded-topic-change-9",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "noise cancelling headphones under $300", expect: { kind: { name: "noise cancelling", and: { name: "headphones" } }, maxPrice: 300, atLeast: 1 } },
      { user: "and now I need something for my mom's kitchen", expect: { kind: { tags: ["kitchen", "cookware", "cookbook"] }, none: [{ name: "headphones|earbuds" }] } },
    ],
  },
  {
    id: "seeded-topic-change-10",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "a smartwatch", expect: { kind: { name: "smartwatch" }, atLeast: 2 } },
      { user: "let's switch to skincare", expect: { kind: { tags: ["skincare"], name: "serum|sunscreen|cleanser|cream|face oil" }, none: [{ name: "\\bwatch\\b|smartwatch" }] } },
    ],
  },
  {
    id: "seeded-topic-change-12",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "sneakers under $80", expect: { kind: { name: "sneaker" }, maxPrice: 80 } },
      { user: "forget that, I'm looking for a desk monitor", expect: { kind: { name: "monitor" }, atLeast: 1, none: [{ category: ["Footwear"] }] } },
    ],
  },
  {
    id: "seeded-topic-change-13",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "perfume for my wife", expect: { kind: { name: "parfum|perfume", tags: ["fragrance"] }, atLeast: 1 } },
      { user: "something for camping instead", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, none: [{ tags: ["fragrance", "beauty"] }] } },
    ],
  },
  {
    id: "seeded-topic-change-15",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "gifts under $30", expect: { maxPrice: 30, shows: true } },
      { user: "let's forget gifts, I need a laptop backpack for myself", expect: { kind: { name: "laptop backpack|backpack" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-topic-change-16",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "air fryer", expect: { kind: { name: "air fryer" }, atLeast: 1 } },
      { user: "ok and a sleeping bag for a camping trip", expect: { kind: { name: "sleeping bag" }, atLeast: 1, none: [{ tags: ["kitchen", "cookware", "cookbook"] }] } },
    ],
  },
  {
    id: "seeded-refinement-1",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "show me camping gear", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" } } },
      { user: "for cooking", expect: { kind: { name: "stove|cook" }, atLeast: 1, none: [{ name: "tent|sleeping bag|chair|hammock" }] } },
    ],
  },
  {
    id: "seeded-refinement-3",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "jackets", expect: { kind: { name: "jacket" } } },
      { user: "waterproof ones", expect: { kind: { tags: ["waterproof"], name: "rain|waterproof", and: { name: "jacket" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-refinement-4",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "running shoes", expect: { kind: { name: "running shoe" } } },
      { user: "for trails", expect: { kind: { tags: ["trail"], and: { name: "running shoe" } } } },
    ],
  },
  {
    id: "seeded-refinement-6",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "kitchen stuff", expect: { kind: { tags: ["kitchen", "cookware", "cookbook"] } } },
      { user: "for making coffee", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" }, none: [{ name: "skillet|knife|blender|air fryer" }] } },
    ],
  },
  {
    id: "seeded-refinement-7",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "fitness gear", expect: { kind: { category: ["Fitness"] } } },
      { user: "for yoga", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-9",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "toys", expect: { kind: { category: ["Toys & Games"] } } },
      { user: "for a toddler", expect: { kind: { name: "plush|wooden|train|board book" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-10",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "shoes", expect: { kind: { category: ["Footwear"] } } },
      { user: "for hiking", expect: { kind: { tags: ["hiking", "trail"], and: { category: ["Footwear"] } } } },
    ],
  },
  {
    id: "seeded-refinement-12",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "skincare", expect: { kind: { tags: ["skincare"], name: "serum|sunscreen|cleanser|cream|face oil" } } },
      { user: "for night time", expect: { kind: { name: "night|retinol|oil" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-refinement-13",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "bags", expect: { kind: { name: "\\bbag\\b|backpack|daypack|tote|duffel" } } },
      { user: "something for travelling", expect: { kind: { tags: ["travel"], and: { name: "\\bbag\\b|backpack|daypack|tote|duffel" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-15",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "show me watches", expect: { kind: { name: "\\bwatch\\b|smartwatch" } } },
      { user: "the classic kind, not smart ones", expect: { kind: { name: "analog watch|chronograph" }, atLeast: 2, none: [{ name: "smartwatch|fitness tracker" }] } },
    ],
  },
  {
    id: "seeded-refinement-16",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "wireless earbuds", expect: { kind: { tags: ["wireless"], and: { name: "earbuds" } } } },
      { user: "more like the second one", expect: { likeShown: 2 } },
    ],
  },
  {
    id: "seeded-refinement-18",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "running gear", expect: { kind: { tags: ["running"], name: "\\brunn(ing|er)|marathon" } } },
      { user: "just clothes", expect: { kind: { category: ["Apparel"], and: { tags: ["running"], name: "\\brunn(ing|er)|marathon" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-19",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "headphones for my kid", expect: { kind: { tags: ["kids"], and: { name: "headphones|earbuds" } }, atLeast: 1 } },
      { user: "anything else for kids?", expect: { kind: { tags: ["kids"], name: "\\bkids\\b" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-exclusion-1",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "running shoes but not Nike", expect: { kind: { name: "running shoe" }, none: [{ brand: ["Nike"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-3",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "show me earbuds", expect: { kind: { name: "earbuds" } } },
      { user: "not Wavecrest", expect: { kind: { name: "earbuds" }, none: [{ brand: ["Wavecrest"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-4",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "sneakers", expect: { kind: { name: "sneaker" } } },
      { user: "any that aren't Urbanline?", expect: { kind: { name: "sneaker" }, none: [{ brand: ["Urbanline"] }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-exclusion-6",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "a gift for a runner, but not shoes", expect: { kind: { tags: ["running"], name: "\\brunn(ing|er)|marathon" }, none: [{ name: "running shoe" }] } },
    ],
  },
  {
    id: "seeded-exclusion-7",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "jackets", expect: { kind: { name: "jacket" } } },
      { user: "not denim", expect: { kind: { name: "jacket" }, none: [{ name: "denim" }] } },
    ],
  },
  {
    id: "seeded-exclusion-9",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "watches", expect: { kind: { name: "\\bwatch\\b|smartwatch" } } },
      { user: "I don't want a smartwatch", expect: { kind: { name: "\\bwatch\\b|smartwatch" }, none: [{ name: "smartwatch" }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-exclusion-10",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "yoga stuff but not a mat", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" }, none: [{ name: "mat" }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-exclusion-12",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "hiking backpacks, not Trailwise", expect: { nothing: true, kind: { name: "backpack|daypack", and: { tags: ["hiking"] } }, none: [{ brand: ["Trailwise"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-13",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "skincare without retinol", expect: { kind: { tags: ["skincare"], name: "serum|sunscreen|cleanser|cream|face oil" }, none: [{ name: "retinol" }] } },
    ],
  },
  {
    id: "seeded-exclusion-15",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "show me speakers", expect: { kind: { name: "speaker|soundbar" } } },
      { user: "not Sony", expect: { kind: { name: "speaker|soundbar" }, none: [{ brand: ["Sony"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-16",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "fitness trackers or smartwatches, but not for kids", expect: { kind: { name: "smartwatch|tracker" }, none: [{ name: "kids" }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-1",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "show me watches", expect: { kind: { name: "\\bwatch\\b|smartwatch" } } },
      { user: "a cheaper one", expect: { kind: { name: "\\bwatch\\b|smartwatch" }, cheaperThanBefore: true, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-relative-price-3",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "espresso machine", expect: { kind: { name: "espresso" }, atLeast: 1 } },
      { user: "too pricey, something cheaper for coffee", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" }, cheaperThanBefore: true, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-4",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "running shoes", expect: { kind: { name: "running shoe" } } },
      { user: "cheaper ones", expect: { kind: { name: "running shoe" }, cheaperThanBefore: true } },
    ],
  },
  {
    id: "seeded-relative-price-6",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "sleeping bags", expect: { kind: { name: "sleeping" }, atLeast: 1 } },
      { user: "something less expensive", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, cheaperThanBefore: true, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-7",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "cheap headphones", expect: { kind: { name: "headphones|earbuds" }, maxPrice: 100 } },
    ],
  },
  {
    id: "seeded-relative-price-9",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "a smartwatch", expect: { kind: { name: "smartwatch|tracker" }, atLeast: 1 } },
      { user: "hmm, something more premium", expect: { kind: { name: "\\bwatch\\b|smartwatch" }, atLeast: 1, minPrice: 50 } },
    ],
  },
  {
    id: "seeded-relative-price-10",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "headphones between $50 and $150", expect: { kind: { name: "headphones|earbuds" }, minPrice: 50, maxPrice: 150 } },
    ],
  },
  {
    id: "seeded-relative-price-12",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "cookware", expect: { kind: { tags: ["cookware", "cookbook", "knife", "baking", "air-fryer", "pressure-cooker", "blender"], name: "skillet|cookware|knife|cookbook|cutting board|air fryer|pressure cooker|stand mixer|blender" } } },
      { user: "cheaper options please", expect: { kind: { tags: ["kitchen", "cookware", "cookbook"] }, cheaperThanBefore: true, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-13",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "a budget fitness tracker", expect: { kind: { name: "tracker|smartwatch" }, maxPrice: 100, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-1",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "waterproof hiking boots", expect: { kind: { tags: ["waterproof"], and: { name: "boot" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-3",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "noise-cancelling earbuds", expect: { kind: { tags: ["noise-cancelling"], and: { name: "earbuds" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-attribute-4",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "headphones for kids", expect: { kind: { tags: ["kids"], and: { name: "headphones|earbuds" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-6",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "lightweight running shoes", expect: { kind: { tags: ["lightweight", "racing"], and: { name: "running shoe" } } } },
    ],
  },
  {
    id: "seeded-attribute-7",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "a watch for a kid", expect: { kind: { tags: ["kids"], and: { name: "\\bwatch\\b|smartwatch" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-9",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "something waterproof for kayaking", expect: { kind: { tags: ["waterproof", "paddling"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-attribute-10",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "wireless mouse", expect: { kind: { name: "mouse" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-12",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "polarized sunglasses", expect: { kind: { name: "sunglasses" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-13",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "a stem toy for an 8 year old", expect: { kind: { tags: ["stem", "robotics", "building"] }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-brand-1",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "anything from Sony?", expect: { kind: { brand: ["Sony"] } } },
    ],
  },
  {
    id: "seeded-brand-3",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "do you have Northpeak jackets?", expect: { kind: { brand: ["Northpeak"], and: { name: "jacket" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-brand-4",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "Brewhaus coffee gear", expect: { kind: { brand: ["Brewhaus"] } } },
    ],
  },
  {
    id: "seeded-brand-6",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "headphones", expect: { kind: { name: "headphones" } } },
      { user: "only Aurion", expect: { kind: { brand: ["Aurion"], and: { name: "headphones" } } } },
    ],
  },
  {
    id: "seeded-brand-7",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "show me the Lumio smartwatches", expect: { kind: { brand: ["Lumio"], and: { name: "smartwatch|tracker" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-brand-9",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "anything by Flexa under $40?", expect: { kind: { brand: ["Flexa"] }, maxPrice: 40 } },
    ],
  },
  {
    id: "seeded-brand-10",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "Kestrel trail shoes", expect: { kind: { brand: ["Kestrel"], and: { tags: ["trail"] } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-plain-1",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "show me running shoes", expect: { kind: { name: "running shoe" }, inStockFirst: true } },
    ],
  },
  {
    id: "seeded-plain-3",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "bluetooth speaker", expect: { kind: { name: "speaker|soundbar" }, inStockFirst: true } },
    ],
  },
  {
    id: "seeded-plain-4",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "a cast iron pan", expect: { kind: { name: "skillet|cast iron" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-plain-6",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "a laptop stand", expect: { kind: { name: "laptop stand" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-plain-7",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "puzzles", expect: { kind: { name: "puzzle" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-chit-chat-1",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "hi there!", expect: { text: "\\w" } },
    ],
  },
  {
    id: "seeded-chit-chat-3",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "thanks, that's all for now", expect: { text: "\\w" } },
    ],
  },
  {
    id: "seeded-chit-chat-4",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "show me waterproof speakers", expect: { kind: { tags: ["waterproof"], and: { name: "speaker|soundbar" } }, atLeast: 1 } },
      { user: "is the first one waterproof?", expect: { text: "waterproof|yes|splash|IPX" } },
    ],
  },
  {
    id: "seeded-chit-chat-6",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "do you ship to Canada?", expect: { text: "\\w" } },
    ],
  },
  {
    id: "imported-gift-1",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "a gift for my wife who loves perfume", expect: { kind: { category: ["Fragrances"] } } },
    ],
  },
  {
    id: "imported-gift-3",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "present for a teenager who's into basketball", expect: { kind: { tags: ["basketball"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-gift-4",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "my girlfriend loves makeup, gift ideas under $20?", expect: { kind: { category: ["Beauty"] }, maxPrice: 20 } },
    ],
  },
  {
    id: "imported-gift-6",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "a nice watch as a retirement gift", expect: { kind: { category: ["Men's Watches", "Women's Watches"], name: "watch" } } },
    ],
  },
  {
    id: "imported-gift-7",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "gift for my son who plays cricket", expect: { kind: { tags: ["cricket"] } } },
    ],
  },
  {
    id: "imported-gift-9",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "mother's day gift, she likes jewellery", expect: { kind: { category: ["Women's Jewellery", "Women's Watches"], name: "earring|necklace" } } },
    ],
  },
  {
    id: "imported-gift-10",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "a present for my brother who's always on his phone", expect: { kind: { category: ["Mobile Accessories", "Smartphones"] } } },
    ],
  },
  {
    id: "imported-gift-12",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "my wife loves perfume", expect: { kind: { category: ["Fragrances"] } } },
      { user: "something cheaper, under $60", expect: { kind: { category: ["Fragrances"] }, maxPrice: 60, atLeast: 1 } },
    ],
  },
  {
    id: "imported-need-1",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "I want to make a salad tonight", expect: { kind: { tags: ["vegetables", "fruits", "cooking essentials"] } } },
    ],
  },
  {
    id: "imported-need-3",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "setting up the kitchen in my first apartment", expect: { kind: { category: ["Kitchen Accessories"] } } },
    ],
  },
  {
    id: "imported-need-4",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "I'm going to bake a cake this weekend", expect: { kind: { name: "whisk|rolling pin|egg|mixer|blender|tray|sieve|strainer", tags: ["baking"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-need-6",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "my phone battery never lasts the day", expect: { kind: { name: "charger|battery pack|power", tags: ["chargers", "wireless chargers", "power banks"] }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-need-7",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "we're having a BBQ on saturday", expect: { kind: { name: "steak|chicken|meat|fish|tongs|soft drink|juice|water|onion|pepper|plate|tray" }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-need-9",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "home office, I need somewhere to sit", expect: { kind: { name: "chair" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-need-10",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "going to a wedding, I need something to wear", expect: { kind: { category: ["Women's Dresses", "Tops", "Men's Shirts", "Women's Shoes", "Men's Shoes"], name: "gown|dress|suit|shirt|heel" } } },
    ],
  },
  {
    id: "imported-need-12",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "I want to start vlogging", expect: { kind: { tags: ["selfie accessories", "camera accessories"], name: "selfie|monopod|lamp" }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-need-13",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "my living room looks so empty", expect: { kind: { category: ["Home Decoration", "Furniture"] } } },
    ],
  },
  {
    id: "imported-topic-change-1",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "smartphones under $300", expect: { kind: { category: ["Smartphones"] }, maxPrice: 300 } },
      { user: "actually I need a laptop instead", expect: { kind: { category: ["Laptops"] }, none: [{ category: ["Smartphones"] }], atLeast: 2 } },
    ],
  },
  {
    id: "imported-topic-change-3",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "tennis racket", expect: { kind: { tags: ["tennis", "badminton"] }, atLeast: 1 } },
      { user: "never mind, what about kitchen stuff?", expect: { kind: { category: ["Kitchen Accessories"] }, none: [{ category: ["Sports Accessories"] }] } },
    ],
  },
  {
    id: "imported-topic-change-4",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "Rolex watches", expect: { kind: { brand: ["Rolex"] } } },
      { user: "let's look at handbags instead", expect: { kind: { category: ["Women's Bags"] }, none: [{ category: ["Men's Watches", "Women's Watches"], name: "watch" }] } },
    ],
  },
  {
    id: "imported-topic-change-6",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "a tablet", expect: { kind: { category: ["Tablets"] }, atLeast: 2 } },
      { user: "on second thought, running shoes for me", expect: { kind: { category: ["Men's Shoes", "Women's Shoes"] }, none: [{ category: ["Tablets"] }], atLeast: 2 } },
    ],
  },
  {
    id: "imported-topic-change-7",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "men's shirts", expect: { kind: { category: ["Men's Shirts"] } } },
      { user: "and now something for my kitchen", expect: { kind: { category: ["Kitchen Accessories"] }, none: [{ category: ["Men's Shirts"] }] } },
    ],
  },
  {
    id: "imported-topic-change-9",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "a motorbike", expect: { kind: { category: ["Motorcycles"] } } },
      { user: "actually a car", expect: { kind: { category: ["Vehicles"] }, none: [{ category: ["Motorcycles"] }] } },
    ],
  },
  {
    id: "imported-topic-change-10",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "dresses", expect: { kind: { category: ["Women's Dresses", "Tops"], name: "dress|frock|gown" } } },
      { user: "forget dresses, I need a phone", expect: { kind: { category: ["Smartphones"] }, none: [{ category: ["Women's Dresses", "Tops"], name: "dress|frock|gown" }] } },
    ],
  },
  {
    id: "imported-refinement-1",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "smartphones", expect: { kind: { category: ["Smartphones"] } } },
      { user: "only Samsung", expect: { kind: { brand: ["Samsung"], and: { category: ["Smartphones"] } } } },
    ],
  },
  {
    id: "imported-refinement-3",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "kitchen accessories", expect: { kind: { category: ["Kitchen Accessories"] } } },
      { user: "for baking", expect: { kind: { name: "whisk|rolling pin|egg|mixer|blender|tray|sieve|strainer", tags: ["baking"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-refinement-4",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "watches", expect: { kind: { category: ["Men's Watches", "Women's Watches"], name: "watch" } } },
      { user: "for women", expect: { kind: { category: ["Women's Watches"], name: "women" } } },
    ],
  },
  {
    id: "imported-refinement-6",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "groceries", expect: { kind: { category: ["Groceries"] } } },
      { user: "just fruit", expect: { kind: { tags: ["fruits"] } } },
    ],
  },
  {
    id: "imported-refinement-7",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "phone accessories", expect: { kind: { category: ["Mobile Accessories"] } } },
      { user: "for taking selfies", expect: { kind: { tags: ["selfie accessories", "camera accessories"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-refinement-9",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "bags", expect: { kind: { category: ["Women's Bags"] } } },
      { user: "leather ones", expect: { kind: { name: "leather", tags: ["leather bags"] }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-refinement-10",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "fragrances", expect: { kind: { category: ["Fragrances"] } } },
      { user: "more like the first one", expect: { likeShown: 1 } },
    ],
  },
  {
    id: "imported-exclusion-1",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "smartphones but not Apple", expect: { kind: { category: ["Smartphones"] }, none: [{ brand: ["Apple"] }] } },
    ],
  },
  {
    id: "imported-exclusion-3",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "laptops", expect: { kind: { category: ["Laptops"] } } },
      { user: "not Apple", expect: { kind: { category: ["Laptops"] }, none: [{ brand: ["Apple"] }] } },
    ],
  },
  {
    id: "imported-exclusion-4",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "wireless earphones that aren't Apple", expect: { kind: { name: "airpods|earphones|headphones|beats", tags: ["wireless earphones", "over-ear headphones"] }, none: [{ brand: ["Apple"] }], atLeast: 1 } },
    ],
  },
  {
    id: "imported-exclusion-6",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "sports stuff but no cricket", expect: { kind: { category: ["Sports Accessories"] }, none: [{ tags: ["cricket"] }] } },
    ],
  },
  {
    id: "imported-exclusion-7",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "vegetables, I don't like peppers", expect: { kind: { tags: ["vegetables"] }, none: [{ name: "pepper" }], atLeast: 2 } },
    ],
  },
  {
    id: "imported-relative-price-1",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "Rolex watches", expect: { kind: { brand: ["Rolex"] } } },
      { user: "something cheaper", expect: { kind: { category: ["Men's Watches", "Women's Watches"], name: "watch" }, cheaperThanBefore: true } },
    ],
  },
  {
    id: "imported-relative-price-3",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "the cheapest smartphone you have", expect: { kind: { category: ["Smartphones"] }, maxPrice: 200, atLeast: 1 } },
    ],
  },
  {
    id: "imported-relative-price-4",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "phones under $300", expect: { kind: { category: ["Smartphones"] }, maxPrice: 300 } },
    ],
  },
  {
    id: "imported-relative-price-6",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "a handbag around $50", expect: { kind: { category: ["Women's Bags"] }, maxPrice: 70, atLeast: 2 } },
    ],
  },
  {
    id: "imported-relative-price-7",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "watches between $100 and $1000", expect: { kind: { category: ["Men's Watches", "Women's Watches"], name: "watch" }, minPrice: 100, maxPrice: 1000, atLeast: 2 } },
    ],
  },
  {
    id: "imported-attribute-1",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "wireless earphones", expect: { kind: { name: "airpods|earphones|headphones|beats", tags: ["wireless earphones", "over-ear headphones"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-attribute-3",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "a leather bag", expect: { kind: { name: "leather" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-attribute-4",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "luxury watches", expect: { kind: { tags: ["luxury watches"] } } },
    ],
  },
  {
    id: "imported-attribute-6",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "over-ear headphones", expect: { kind: { name: "headphones|airpods max" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-attribute-7",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "a dual screen laptop", expect: { kind: { name: "dual screen" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-brand-1",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "anything from Dior?", expect: { kind: { brand: ["Dior"] }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-brand-3",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "Nike shoes", expect: { kind: { brand: ["Nike"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-brand-4",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "what Apple products do you have?", expect: { kind: { brand: ["Apple"] } } },
    ],
  },
  {
    id: "imported-brand-6",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "do you have anything from Sony?", expect: { nothing: true, kind: { brand: ["Sony"] } } },
    ],
  },
  {
    id: "imported-plain-1",
    catalogue: "imported",
    kind: "plain",
    turns: [
      { user: "smartphones", expect: { kind: { category: ["Smartphones"] }, inStockFirst: true } },
    ],
  },
  {
    id: "imported-plain-3",
    catalogue: "imported",
    kind: "plain",
    turns: [
      { user: "basketball", expect: { kind: { tags: ["basketball"] }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-plain-4",
    catalogue: "imported",
    kind: "plain",
    turns: [
      { user: "mascara", expect: { kind: { name: "mascara" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-chit-chat-1",
    catalogue: "imported",
    kind: "chit-chat",
    turns: [
      { user: "hello", expect: { text: "\\w" } },
    ],
  },
  {
    id: "imported-chit-chat-3",
    catalogue: "imported",
    kind: "chit-chat",
    turns: [
      { user: "how does this work?", expect: { text: "\\w" } },
    ],
  },
];
