import { describe, expect, it } from "vitest";
import { buildCatalogue, SEED_CATEGORIES } from "./catalogue.ts";

const catalogue = buildCatalogue();
const onSale = catalogue.filter((p) => p.listPriceCents > p.priceCents);
const matches = (word: string) =>
  catalogue.filter(
    (p) => p.name.toLowerCase().includes(word) || p.tags.includes(word) || p.category.toLowerCase() === word,
  );

describe("buildCatalogue", () => {
  it("has exactly 180 products", () => {
    expect(catalogue).toHaveLength(180);
  });

  it("is deterministic", () => {
    expect(buildCatalogue()).toEqual(catalogue);
  });

  it("has unique skus and names", () => {
    expect(new Set(catalogue.map((p) => p.sku)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(catalogue.length);
  });

  it("spreads products over enough categories and brands", () => {
    const categories = new Set(catalogue.map((p) => p.category));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    expect([...categories].sort()).toEqual([...SEED_CATEGORIES].sort());
    expect(new Set(catalogue.map((p) => p.brand)).size).toBeGreaterThanOrEqual(25);
  });

  it("puts roughly a third on sale with sensible discounts", () => {
    const share = onSale.length / catalogue.length;
    expect(share).toBeGreaterThanOrEqual(0.28);
    expect(share).toBeLessThanOrEqual(0.4);
    for (const p of onSale) {
      const discount = 1 - p.priceCents / p.listPriceCents;
      expect(discount).toBeGreaterThanOrEqual(0.05);
      expect(discount).toBeLessThanOrEqual(0.45);
      expect(p.tags).toContain("sale");
    }
  });

  it("uses integer cents with list price at or above price", () => {
    for (const p of catalogue) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(Number.isInteger(p.listPriceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.listPriceCents).toBeGreaterThanOrEqual(p.priceCents);
    }
  });

  it("has some products out of stock and valid stock levels elsewhere", () => {
    const out = catalogue.filter((p) => p.stockLevel === 0);
    expect(out.length).toBeGreaterThanOrEqual(6);
    expect(out.length).toBeLessThanOrEqual(10);
    for (const p of catalogue) {
      expect(Number.isInteger(p.stockLevel)).toBe(true);
      expect(p.stockLevel).toBeGreaterThanOrEqual(0);
      expect(p.stockLevel).toBeLessThanOrEqual(250);
    }
  });

  it("keeps ratings, review counts and demand in range", () => {
    for (const p of catalogue) {
      expect(p.rating).toBeGreaterThanOrEqual(3);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
      expect(Number.isInteger(p.reviewCount)).toBe(true);
      expect(p.reviewCount).toBeGreaterThanOrEqual(0);
      expect(p.reviewCount).toBeLessThanOrEqual(5000);
      expect(p.demandIndex).toBeGreaterThanOrEqual(0);
      expect(p.demandIndex).toBeLessThanOrEqual(1);
      expect(Math.round(p.demandIndex * 100) / 100).toBe(p.demandIndex);
    }
  });

  it("gives every product a description and lowercase tags", () => {
    for (const p of catalogue) {
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.tags.length).toBeGreaterThan(0);
      for (const tag of p.tags) expect(tag).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it("tags around thirty giftable products", () => {
    const gifts = catalogue.filter((p) => p.tags.includes("gift"));
    expect(gifts.length).toBeGreaterThanOrEqual(25);
    expect(gifts.length).toBeLessThanOrEqual(40);
  });

  it("covers what the shopping assistant is asked about", () => {
    const headphones = matches("headphones");
    expect(headphones.length).toBeGreaterThanOrEqual(5);
    expect(headphones.every((p) => p.category === "Audio")).toBe(true);
    expect(matches("earbuds").length).toBeGreaterThanOrEqual(5);

    const runningShoes = matches("running").filter((p) => p.category === "Footwear");
    expect(runningShoes.length).toBeGreaterThanOrEqual(8);
    expect(runningShoes.every((p) => /Running Shoe/.test(p.name))).toBe(true);
    expect(catalogue.filter((p) => p.name.includes("Sneaker")).length).toBeGreaterThanOrEqual(3);
  });
});
