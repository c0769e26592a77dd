import { describe, expect, it } from "vitest";
import {
  AssociationLearner,
  contentStems,
  type LearningProduct,
  learnAssociations,
  MAX_LEARNED_PRODUCTS,
  stemOf,
} from "./catalogue-associations.ts";

const p = (name: string, category: string, description: string, tags: string[] = []): LearningProduct => ({
  name,
  category,
  description,
  tags,
});

/** A small shop whose descriptions say what things are for, in words no name carries. */
const SHOP: LearningProduct[] = [
  p("Trail Shoe", "Footwear", "Grippy outsole for jogging and long runs on muddy trails.", ["running-shoes"]),
  p("Road Shoe", "Footwear", "Light cushioning for daily jogging, tempo runs and races.", ["running-shoes"]),
  p("Leather Loafer", "Footwear", "A smart loafer for the office and dinners out."),
  p("Storm Umbrella", "Accessories", "Stays open in gusts; keeps you dry in heavy rain and downpours."),
  p("Packable Rain Jacket", "Outerwear", "Waterproof shell for rain and downpours, packs into its pocket.", [
    "rain-jacket",
  ]),
  p("Wool Coat", "Outerwear", "A warm coat for cold city winters."),
  p("Hard Cooler", "Outdoor", "Keeps drinks and ice cold for three days at the beach or campsite."),
  p("Insulated Bottle", "Outdoor", "Double walls keep drinks cold for 24 hours, hot for 12."),
  p("Camp Chair", "Outdoor", "Folds flat; a cup holder for your drinks at the campsite."),
  p("Trekking Boot", "Footwear", "Ankle support for hiking on rocky trails, waterproof leather."),
  p("Day Backpack", "Bags", "Hydration sleeve and hip belt for hiking and day trips."),
  p("Canvas Tote", "Bags", "A tote for groceries and the library."),
  p("Cotton Onesie", "Baby", "Soft snaps for a newborn; gentle on a baby's skin."),
  p("Baby Blanket", "Baby", "A muslin blanket for a newborn's naps."),
  p("Chef Knife", "Kitchen", "A balanced knife for chopping vegetables and slicing meat."),
  p("Cast Iron Skillet", "Kitchen", "Sears meat and bakes cornbread; lasts a lifetime."),
];

function labels(words: string[], shop = SHOP): string[] {
  return learnAssociations(shop)
    .kindsOf(words)
    .map((k) => k.label);
}

describe("meaning learned from the shop's own catalogue", () => {
  it("stems the forms of a word alike", () => {
    expect(stemOf("running")).toBe(stemOf("runs"));
    expect(stemOf("runner")).toBe(stemOf("running"));
    expect(stemOf("hiking")).toBe(stemOf("hikers"));
    expect(stemOf("rainy")).toBe("rain");
    expect(stemOf("jogging")).toBe(stemOf("jog"));
    expect(contentStems("Keeps my drinks cold")).toEqual(["drink", "cold"]);
  });

  it("finds the kinds a word no name carries is written about", () => {
    expect(labels(["jogging"])).toEqual(expect.arrayContaining(["shoe"]));
    expect(labels(["jogging"])).not.toContain("loafer");
    expect(labels(["rainy"])).toEqual(expect.arrayContaining(["umbrella", "jacket"]));
    expect(labels(["hiking"])).toEqual(expect.arrayContaining(["boot", "backpack"]));
    expect(labels(["newborn"])).toEqual(expect.arrayContaining(["onesie", "blanket"]));
  });

  it("reads several words together: the kinds they share win", () => {
    const kinds = labels(["keep", "my", "drinks", "cold"]);
    expect(kinds.slice(0, 2).sort()).toEqual(["bottle", "cooler"]);
    expect(kinds.indexOf("coat")).not.toBeLessThan(2);
  });

  it("knows nothing of words the catalogue never writes", () => {
    expect(labels(["zeppelin"])).toEqual([]);
    expect(labels([])).toEqual([]);
  });

  it("takes a tag of several words as a kind only when its head is one of the shop's", () => {
    const traits = [
      ...SHOP,
      p("Gym Duffel", "Bags", "A duffel for the gym.", ["audio-pocket"]),
      p("Yoga Duffel", "Bags", "A duffel for yoga class.", ["audio-pocket"]),
    ];
    expect(labels(["gym"], traits)).toContain("duffel");
    expect(labels(["gym"], traits)).not.toContain("audio-pocket");
    expect(labels(["rainy"], traits)).toContain("rain-jacket");
  });

  it("learns one product at a time, the same as all at once", () => {
    const learner = new AssociationLearner();
    for (const product of SHOP) learner.add(product);
    expect(learner.finish().kindsOf(["hiking"])).toEqual(learnAssociations(SHOP).kindsOf(["hiking"]));
  });

  it("learns a large catalogue's sample quickly", () => {
    const many: LearningProduct[] = [];
    for (let i = 0; i < MAX_LEARNED_PRODUCTS; i++) {
      const base = SHOP[i % SHOP.length]!;
      many.push({ ...base, name: `${base.name} ${i % 7}`, description: `${base.description} model ${i}` });
    }
    const started = Date.now();
    const learned = learnAssociations(many);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(learned.kindsOf(["hiking"]).map((k) => k.label)).toContain("backpack");
  });
});
