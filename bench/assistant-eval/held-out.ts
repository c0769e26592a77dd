/**
 * HELD-OUT CONVERSATIONS. NOBODY WHO TUNES THE ASSISTANT ENGINE MAY READ THIS FILE.
 *
 * They measure whether the engine generalises beyond the conversations it was tuned on: reading
 * them (or the runner's failures for them, which it hides unless --show-held-out) while changing
 * the engine makes the held-out figure meaningless. Run them through `npm run eval:assistant`
 * and read only the figures it prints.
 *
 * The split: within each (catalogue, kind) group, in the order the conversations were written,
 * every third one from the second (the 2nd, 5th, 8th, ...) is held out; the others are for tuning.
 */
import type { Conversation } from "./conversation.ts";

// biome-ignore format: one line per turn keeps the conversations readable as a list
export const HELD_OUT: readonly Conversation[] = [
  {
    id: "seeded-gift-2",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "a gift for my dad who likes hiking", expect: { kind: { tags: ["hiking", "backpacking"], name: "hiking|trail|trekking|backpack" } } },
    ],
  },
  {
    id: "seeded-gift-5",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "my husband drinks way too much coffee, any gift ideas?", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" } } },
    ],
  },
  {
    id: "seeded-gift-8",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "gift for a bookworm", expect: { kind: { category: ["Books"], name: "e-reader" } } },
    ],
  },
  {
    id: "seeded-gift-11",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "my girlfriend is into skincare, what would make a nice gift?", expect: { kind: { tags: ["skincare"], name: "serum|sunscreen|cleanser|cream|face oil" } } },
    ],
  },
  {
    id: "seeded-gift-14",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "I want to get my dad something for his morning runs, nothing over $60", expect: { kind: { tags: ["running"], name: "\\brunn(ing|er)|marathon" }, maxPrice: 60 } },
    ],
  },
  {
    id: "seeded-gift-17",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "my wife loves baking bread, something for her?", expect: { kind: { tags: ["baking", "cookbook"], name: "sourdough|mixer|baking" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-gift-20",
    catalogue: "seeded",
    kind: "gift",
    turns: [
      { user: "a gift for my mom who loves cooking", expect: { kind: { tags: ["cookware", "cookbook", "knife", "baking", "air-fryer", "pressure-cooker", "blender"], name: "skillet|cookware|knife|cookbook|cutting board|air fryer|pressure cooker|stand mixer|blender" } } },
      { user: "something cheaper, under $50", expect: { kind: { tags: ["cookware", "cookbook", "knife", "baking", "air-fryer", "pressure-cooker", "blender"], name: "skillet|cookware|knife|cookbook|cutting board|air fryer|pressure cooker|stand mixer|blender" }, maxPrice: 50 } },
    ],
  },
  {
    id: "seeded-need-2",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I'm working from home now, what do I need?", expect: { kind: { tags: ["work-from-home"], name: "webcam|monitor|keyboard|mouse|laptop stand|usb-c hub|noise cancelling" } } },
    ],
  },
  {
    id: "seeded-need-5",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "my sister just had a baby, what can I bring?", expect: { kind: { name: "board book|plush|blanket|wooden train", tags: ["bedtime"] }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-8",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "my back hurts after long runs", expect: { kind: { tags: ["recovery", "massage", "stability", "cushioned"], name: "foam roller|massage|stability|cushion" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-11",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "I want to start working out at home", expect: { kind: { category: ["Fitness"] } } },
    ],
  },
  {
    id: "seeded-need-14",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "getting into making my own espresso", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-need-17",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "kids are bored at home all weekend", expect: { kind: { category: ["Toys & Games"] } } },
    ],
  },
  {
    id: "seeded-need-20",
    catalogue: "seeded",
    kind: "need",
    turns: [
      { user: "day hike this weekend, what should I bring?", expect: { kind: { tags: ["hiking", "backpacking"], name: "hiking|trail|trekking|backpack" } } },
    ],
  },
  {
    id: "seeded-topic-change-2",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "running shoes", expect: { kind: { name: "running shoe" } } },
      { user: "forget shoes, I need a new coffee grinder", expect: { kind: { name: "grinder" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-topic-change-5",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "a tent for two people", expect: { kind: { name: "tent" }, atLeast: 1 } },
      { user: "switching gears, I need a hair dryer", expect: { kind: { name: "hair dryer" }, atLeast: 1, none: [{ tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }] } },
    ],
  },
  {
    id: "seeded-topic-change-8",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "hiking boots", expect: { kind: { name: "boot" }, atLeast: 2 } },
      { user: "on second thought, show me a good book", expect: { kind: { category: ["Books"] }, none: [{ name: "boot" }] } },
    ],
  },
  {
    id: "seeded-topic-change-11",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "bluetooth speakers for the garden", expect: { kind: { name: "speaker|soundbar" } } },
      { user: "hmm, I'd rather get a hammock", expect: { kind: { name: "hammock" }, atLeast: 1, none: [{ name: "speaker|soundbar" }] } },
    ],
  },
  {
    id: "seeded-topic-change-14",
    catalogue: "seeded",
    kind: "topic-change",
    turns: [
      { user: "dumbbells", expect: { kind: { name: "dumbbell" }, atLeast: 1 } },
      { user: "actually I changed my mind, show me e-readers", expect: { kind: { name: "e-reader" }, atLeast: 1, none: [{ tags: ["strength", "weights"], name: "dumbbell|kettlebell|bench|pull-up|weighted|resistance" }] } },
    ],
  },
  {
    id: "seeded-refinement-2",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "headphones", expect: { kind: { name: "headphones" } } },
      { user: "wireless ones", expect: { kind: { tags: ["wireless"], and: { name: "headphones|earbuds" } } } },
      { user: "cheaper ones", expect: { kind: { tags: ["wireless"], and: { name: "headphones|earbuds" } }, cheaperThanBefore: true } },
    ],
  },
  {
    id: "seeded-refinement-5",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "earbuds", expect: { kind: { name: "earbuds" } } },
      { user: "for running", expect: { kind: { tags: ["running", "sport"], and: { name: "earbuds" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-8",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "speakers", expect: { kind: { name: "speaker|soundbar" } } },
      { user: "portable ones I can take to the beach", expect: { kind: { tags: ["portable", "waterproof"], and: { name: "speaker|soundbar" } }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-refinement-11",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "warm sweaters", expect: { kind: { name: "sweater|cardigan|hoodie|fleece|half-zip|quarter-zip" } } },
      { user: "in wool", expect: { kind: { name: "wool|merino|cashmere", tags: ["wool"] }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-refinement-14",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "outdoor gear under $200", expect: { kind: { category: ["Outdoor"] }, maxPrice: 200 } },
      { user: "only for hiking", expect: { kind: { tags: ["hiking"], name: "hiking|trekking|daypack" }, maxPrice: 200 } },
    ],
  },
  {
    id: "seeded-refinement-17",
    catalogue: "seeded",
    kind: "refinement",
    turns: [
      { user: "coffee makers", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" } } },
      { user: "more like the first one", expect: { likeShown: 1 } },
    ],
  },
  {
    id: "seeded-exclusion-2",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "noise cancelling headphones, no Sony please", expect: { kind: { tags: ["noise-cancelling"], and: { name: "headphones|earbuds" } }, none: [{ brand: ["Sony"] }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-exclusion-5",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "camping gear but no tents, I already have one", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, none: [{ name: "tent" }] } },
    ],
  },
  {
    id: "seeded-exclusion-8",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "kitchen appliances, nothing from Kitchwell", expect: { kind: { tags: ["appliance", "espresso", "coffee", "kitchen"] }, none: [{ brand: ["Kitchwell"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-11",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "headphones", expect: { kind: { name: "headphones" } } },
      { user: "no wired ones", expect: { kind: { name: "headphones" }, none: [{ tags: ["wired"] }] } },
    ],
  },
  {
    id: "seeded-exclusion-14",
    catalogue: "seeded",
    kind: "exclusion",
    turns: [
      { user: "books but no fiction", expect: { kind: { category: ["Books"] }, none: [{ tags: ["fiction"] }], atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-2",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "noise cancelling headphones", expect: { kind: { tags: ["noise-cancelling"], and: { name: "headphones|earbuds" } }, atLeast: 2 } },
      { user: "those are too expensive, anything cheaper?", expect: { kind: { name: "headphones|earbuds" }, cheaperThanBefore: true, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-5",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "tents", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, atLeast: 1 } },
      { user: "what's the cheapest camping gear you have?", expect: { kind: { tags: ["camping", "backpacking"], name: "camp|tent|sleeping|hammock|headlamp|cooler" }, maxPrice: 60, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-relative-price-8",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "the cheapest yoga mat", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" }, atLeast: 1, maxPrice: 90 } },
    ],
  },
  {
    id: "seeded-relative-price-11",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "a jacket under $100", expect: { kind: { name: "jacket" }, maxPrice: 100, atLeast: 2 } },
      { user: "even cheaper?", expect: { kind: { name: "jacket|fleece|hoodie" }, cheaperThanBefore: true, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-relative-price-14",
    catalogue: "seeded",
    kind: "relative-price",
    turns: [
      { user: "something around $30 for a coffee lover", expect: { kind: { tags: ["coffee", "espresso"], name: "coffee|espresso|kettle|mug" }, maxPrice: 45, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-2",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "wireless headphones", expect: { kind: { tags: ["wireless"], and: { name: "headphones" } } } },
    ],
  },
  {
    id: "seeded-attribute-5",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "a waterproof speaker", expect: { kind: { tags: ["waterproof"], and: { name: "speaker|soundbar" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-8",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "women's running shoes", expect: { kind: { tags: ["women"], name: "women", and: { name: "running shoe" } }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-attribute-11",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "a cozy wool sweater", expect: { kind: { name: "wool|merino|cashmere|cardigan|sweater" }, atLeast: 2 } },
    ],
  },
  {
    id: "seeded-attribute-14",
    catalogue: "seeded",
    kind: "attribute",
    turns: [
      { user: "insulated water bottle", expect: { kind: { name: "bottle" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-brand-2",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "Nike running stuff", expect: { kind: { brand: ["Nike"], and: { tags: ["running"], name: "\\brunn(ing|er)|marathon" } } } },
    ],
  },
  {
    id: "seeded-brand-5",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "I like Adidas, what do you have?", expect: { kind: { brand: ["Adidas"] } } },
    ],
  },
  {
    id: "seeded-brand-8",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "Copperleaf", expect: { kind: { brand: ["Copperleaf"] } } },
    ],
  },
  {
    id: "seeded-brand-11",
    catalogue: "seeded",
    kind: "brand",
    turns: [
      { user: "do you carry Apple?", expect: { nothing: true, kind: { brand: ["Apple"] } } },
    ],
  },
  {
    id: "seeded-plain-2",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "yoga mat", expect: { kind: { tags: ["yoga", "pilates"], name: "yoga|pilates" }, atLeast: 1 } },
    ],
  },
  {
    id: "seeded-plain-5",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "wireless headphnes", expect: { kind: { name: "headphones" } } },
    ],
  },
  {
    id: "seeded-plain-8",
    catalogue: "seeded",
    kind: "plain",
    turns: [
      { user: "do you sell cars?", expect: { nothing: true, kind: { category: ["Vehicles", "Cars"] } } },
    ],
  },
  {
    id: "seeded-chit-chat-2",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "what can you help me with?", expect: { text: "find|help|look|search|gift|product" } },
    ],
  },
  {
    id: "seeded-chit-chat-5",
    catalogue: "seeded",
    kind: "chit-chat",
    turns: [
      { user: "running shoes", expect: { kind: { name: "running shoe" } } },
      { user: "thanks! which of those is best for a beginner?", expect: { text: "beginner|new runner|cadence|comfortable|daily" } },
    ],
  },
  {
    id: "imported-gift-2",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "something for my dad who plays golf", expect: { kind: { tags: ["golf"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-gift-5",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "birthday gift for a friend who likes to cook", expect: { kind: { category: ["Kitchen Accessories"] } } },
    ],
  },
  {
    id: "imported-gift-8",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "something for a music lover, under $150", expect: { kind: { name: "airpods|earphones|headphones|beats", tags: ["wireless earphones", "over-ear headphones"] }, maxPrice: 150, atLeast: 2 } },
    ],
  },
  {
    id: "imported-gift-11",
    catalogue: "imported",
    kind: "gift",
    turns: [
      { user: "a gift for a new cat owner", expect: { kind: { name: "cat" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-need-2",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "stocking up for breakfast", expect: { kind: { name: "egg|milk|juice|coffee|honey|bread", tags: ["dairy"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-need-5",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "off to the beach, it's going to be sunny", expect: { kind: { category: ["Sunglasses"], name: "sun" }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-need-8",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "I need to feed my dog", expect: { kind: { name: "dog" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-need-11",
    catalogue: "imported",
    kind: "need",
    turns: [
      { user: "a team sport we can play in the park", expect: { kind: { category: ["Sports Accessories"] } } },
    ],
  },
  {
    id: "imported-topic-change-2",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "perfume", expect: { kind: { category: ["Fragrances"] } } },
      { user: "forget it, show me sunglasses", expect: { kind: { category: ["Sunglasses"] }, none: [{ category: ["Fragrances"] }] } },
    ],
  },
  {
    id: "imported-topic-change-5",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "fruit", expect: { kind: { tags: ["fruits"] } } },
      { user: "ok now something for my skin", expect: { kind: { category: ["Skin Care", "Beauty"] }, none: [{ category: ["Groceries"] }] } },
    ],
  },
  {
    id: "imported-topic-change-8",
    catalogue: "imported",
    kind: "topic-change",
    turns: [
      { user: "wireless earphones", expect: { kind: { name: "airpods|earphones|headphones|beats", tags: ["wireless earphones", "over-ear headphones"] }, atLeast: 2 } },
      { user: "switching topic: a bed", expect: { kind: { name: "bed\\b|bedside" }, atLeast: 1, none: [{ name: "airpods|earphones|headphones|beats", tags: ["wireless earphones", "over-ear headphones"] }] } },
    ],
  },
  {
    id: "imported-refinement-2",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "sports equipment", expect: { kind: { category: ["Sports Accessories"] } } },
      { user: "for baseball", expect: { kind: { tags: ["baseball"] } } },
    ],
  },
  {
    id: "imported-refinement-5",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "shoes", expect: { kind: { category: ["Men's Shoes", "Women's Shoes"] } } },
      { user: "for women", expect: { kind: { category: ["Women's Shoes"] } } },
    ],
  },
  {
    id: "imported-refinement-8",
    catalogue: "imported",
    kind: "refinement",
    turns: [
      { user: "laptops", expect: { kind: { category: ["Laptops"] } } },
      { user: "more like the second one", expect: { likeShown: 2 } },
    ],
  },
  {
    id: "imported-exclusion-2",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "luxury watches, no Rolex", expect: { kind: { category: ["Men's Watches", "Women's Watches"], name: "watch" }, none: [{ brand: ["Rolex"] }], atLeast: 2 } },
    ],
  },
  {
    id: "imported-exclusion-5",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "perfume, but not Chanel", expect: { kind: { category: ["Fragrances"] }, none: [{ brand: ["Chanel"] }] } },
    ],
  },
  {
    id: "imported-exclusion-8",
    catalogue: "imported",
    kind: "exclusion",
    turns: [
      { user: "tablets", expect: { kind: { category: ["Tablets"] }, atLeast: 2 } },
      { user: "anything other than Samsung?", expect: { kind: { category: ["Tablets"] }, none: [{ brand: ["Samsung"] }], atLeast: 1 } },
    ],
  },
  {
    id: "imported-relative-price-2",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "laptops", expect: { kind: { category: ["Laptops"] } } },
      { user: "a cheaper one", expect: { kind: { category: ["Laptops"] }, cheaperThanBefore: true, atLeast: 1 } },
    ],
  },
  {
    id: "imported-relative-price-5",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "perfume", expect: { kind: { category: ["Fragrances"] } } },
      { user: "too expensive, cheaper ones?", expect: { kind: { category: ["Fragrances"] }, cheaperThanBefore: true, atLeast: 1 } },
    ],
  },
  {
    id: "imported-relative-price-8",
    catalogue: "imported",
    kind: "relative-price",
    turns: [
      { user: "sunglasses", expect: { kind: { category: ["Sunglasses"] } } },
      { user: "the cheapest ones", expect: { kind: { category: ["Sunglasses"] }, maxPrice: 25, atLeast: 1 } },
    ],
  },
  {
    id: "imported-attribute-2",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "a wireless charger", expect: { kind: { name: "wireless charger|airpower|magsafe" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-attribute-5",
    catalogue: "imported",
    kind: "attribute",
    turns: [
      { user: "a dress for a little girl", expect: { kind: { name: "girl" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-brand-2",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "Samsung tablets", expect: { kind: { brand: ["Samsung"], and: { category: ["Tablets"] } }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-brand-5",
    catalogue: "imported",
    kind: "brand",
    turns: [
      { user: "Calvin Klein", expect: { kind: { brand: ["Calvin Klein"] }, atLeast: 2 } },
    ],
  },
  {
    id: "imported-plain-2",
    catalogue: "imported",
    kind: "plain",
    turns: [
      { user: "a sofa", expect: { kind: { name: "sofa" }, atLeast: 1 } },
    ],
  },
  {
    id: "imported-plain-5",
    catalogue: "imported",
    kind: "plain",
    turns: [
      { user: "do you have bicycles?", expect: { nothing: true, kind: { name: "bicycle|\\bbike\\b" } } },
    ],
  },
  {
    id: "imported-chit-chat-2",
    catalogue: "imported",
    kind: "chit-chat",
    turns: [
      { user: "smartphones", expect: { kind: { category: ["Smartphones"] } } },
      { user: "thanks, I'll think about it", expect: { text: "\\w" } },
    ],
  },
];
