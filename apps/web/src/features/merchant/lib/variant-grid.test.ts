import type { MerchantVariants } from "@haggle/contract/product-variants";
import { describe, expect, it } from "vitest";
import {
  checkGrid,
  combinations,
  comboKey,
  diffGrid,
  diffSummary,
  editRow,
  editRows,
  type GridState,
  gridFromSaved,
  isUnchanged,
  optionEdits,
  rowOfTakenSku,
  suggestedSku,
} from "./variant-grid";

const SKU = "TEE";

/** A tee in S/M × Black/White, all sold but M/White (prices in cents, as parsed). */
const saved: MerchantVariants = {
  productId: "p1",
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Black", "White"] },
  ],
  variants: [
    {
      id: "v1",
      optionValues: ["S", "Black"],
      sku: "TEE-S-B",
      price: 2500,
      listPrice: 3000,
      stockLevel: 4,
      weightGrams: 180,
      barcode: "",
      imageUrl: "",
    },
    {
      id: "v2",
      optionValues: ["S", "White"],
      sku: "TEE-S-W",
      price: 2500,
      listPrice: 3000,
      stockLevel: 0,
      weightGrams: null,
      barcode: "",
      imageUrl: "",
    },
    {
      id: "v3",
      optionValues: ["M", "Black"],
      sku: "TEE-M-B",
      price: 2700,
      listPrice: 3000,
      stockLevel: 9,
      weightGrams: null,
      barcode: "123",
      imageUrl: "/images/m.png",
    },
  ],
};

const row = (state: GridState, ...values: string[]) =>
  state.rows.find((r) => comboKey(r.values) === comboKey(values));

describe("combinations", () => {
  it("lists every combination, the first option varying slowest", () => {
    expect(
      combinations([
        { name: "Size", values: ["S", "M"] },
        { name: "Colour", values: ["Black", "White", "Navy"] },
      ]),
    ).toEqual([
      ["S", "Black"],
      ["S", "White"],
      ["S", "Navy"],
      ["M", "Black"],
      ["M", "White"],
      ["M", "Navy"],
    ]);
  });
  it("has one empty combination without options (the default variant)", () => {
    expect(combinations([])).toEqual([[]]);
  });
});

describe("gridFromSaved", () => {
  const grid = gridFromSaved(saved, SKU);
  it("has a row per combination, in dollars, the unsaved ones not sold", () => {
    expect(grid.rows.map((r) => [r.values.join("/"), r.sold])).toEqual([
      ["S/Black", true],
      ["S/White", true],
      ["M/Black", true],
      ["M/White", false],
    ]);
    expect(row(grid, "M", "Black")).toMatchObject({
      price: "27",
      listPrice: "30",
      stockLevel: "9",
      barcode: "123",
    });
    expect(row(grid, "S", "Black")?.weightGrams).toBe("180");
    expect(row(grid, "M", "White")).toMatchObject({ sku: "TEE-M-WHITE", stockLevel: "0", price: "25" });
  });
  it("is unchanged against itself", () => {
    expect(isUnchanged(diffGrid(grid, grid))).toBe(true);
  });
});

describe("option edits", () => {
  const grid = gridFromSaved(saved, SKU);
  it("a new value sells its combinations at the first row's prices, with no stock", () => {
    const next = optionEdits.addValue(grid, SKU, 0, "L");
    expect(next.rows).toHaveLength(6);
    expect(row(next, "L", "White")).toMatchObject({
      sold: true,
      sku: "TEE-L-WHITE",
      price: "25",
      stockLevel: "0",
    });
    expect(row(next, "M", "Black")?.stockLevel).toBe("9");
    expect(diffGrid(grid, next).added).toEqual(["L / Black", "L / White"]);
  });
  it("renaming a value keeps its rows' figures", () => {
    const next = optionEdits.renameValue(grid, SKU, 1, 0, "Jet");
    expect(row(next, "M", "Jet")).toMatchObject({ sku: "TEE-M-B", stockLevel: "9" });
    expect(diffGrid(grid, next)).toMatchObject({ optionsChanged: true, added: [], removed: [], changed: [] });
  });
  it("removing a value drops its rows; moving one reorders them", () => {
    expect(optionEdits.removeValue(grid, SKU, 0, 0).rows.map((r) => r.values.join("/"))).toEqual([
      "M/Black",
      "M/White",
    ]);
    const moved = optionEdits.moveValue(grid, SKU, 0, 1, -1);
    expect(moved.options[0]?.values).toEqual(["M", "S"]);
    expect(moved.rows[0]).toMatchObject({ values: ["M", "Black"], stockLevel: "9" });
    expect(optionEdits.moveValue(grid, SKU, 0, 0, -1).options[0]?.values).toEqual(["S", "M"]);
  });
  it("adding an option gives the rows its value; removing one merges rows, a sold one kept", () => {
    const added = optionEdits.addOption(grid, SKU, "Fit", "Slim");
    expect(row(added, "S", "Black", "Slim")?.sku).toBe("TEE-S-B");
    const removed = optionEdits.removeOption(grid, SKU, 0);
    expect(removed.rows.map((r) => [r.values.join("/"), r.sku])).toEqual([
      ["Black", "TEE-S-B"],
      ["White", "TEE-S-W"],
    ]);
  });
  it("a product without options gets its default variant as the first value's row", () => {
    const plain = gridFromSaved(
      { productId: "p2", options: [], variants: [{ ...saved.variants[0]!, optionValues: [], sku: "MUG" }] },
      "MUG",
    );
    expect(plain.rows).toHaveLength(1);
    const sized = optionEdits.addOption(plain, "MUG", "Size", "Small");
    expect(sized.rows).toEqual([expect.objectContaining({ values: ["Small"], sku: "MUG", stockLevel: "4" })]);
  });
});

describe("checkGrid", () => {
  const grid = gridFromSaved(saved, SKU);
  it("reads the grid into cents with the contract's schema", () => {
    const checked = checkGrid(editRow(grid, comboKey(["M", "Black"]), { price: "26.5" }));
    expect("data" in checked && checked.data.variants[2]).toMatchObject({
      sku: "TEE-M-B",
      price: 2650,
      weightGrams: null,
    });
  });
  it("places the server's sentences beside their field", () => {
    const bad = editRow(
      editRow(grid, comboKey(["M", "Black"]), { stockLevel: "" }),
      comboKey(["S", "White"]),
      {
        price: "40",
      },
    );
    const checked = checkGrid(bad);
    expect("problems" in checked && checked.problems).toEqual([
      {
        place: { kind: "cell", key: comboKey(["M", "Black"]), field: "stockLevel" },
        message: "Stock must be a number.",
      },
    ]);
    const fixed = editRow(bad, comboKey(["M", "Black"]), { stockLevel: "9" });
    expect("problems" in checkGrid(fixed) && checkGrid(fixed)).toMatchObject({
      problems: [
        {
          place: { kind: "cell", key: comboKey(["S", "White"]), field: "listPrice" },
          message: "The list price of TEE-S-W cannot be lower than its price.",
        },
      ],
    });
    const twice = optionEdits.renameValue(grid, SKU, 1, 1, "black");
    expect("problems" in checkGrid(twice) && checkGrid(twice)).toMatchObject({
      problems: [
        { place: { kind: "option", index: 1, valueIndex: 1 }, message: "Colour lists black twice." },
      ],
    });
  });
  it("finds the row of a SKU another product holds", () => {
    expect(rowOfTakenSku(grid, "SKU tee-m-b is taken by product mug.")).toBe(comboKey(["M", "Black"]));
    expect(rowOfTakenSku(grid, "Something else.")).toBeNull();
  });
});

describe("diffGrid", () => {
  const grid = gridFromSaved(saved, SKU);
  it("names what changed; equal figures typed differently are no change", () => {
    const next = editRows(
      editRow(editRow(grid, comboKey(["S", "White"]), { sold: false }), comboKey(["M", "White"]), {
        sold: true,
      }),
      new Set([comboKey(["S", "Black"]), comboKey(["M", "Black"])]),
      { stockLevel: "5" },
    );
    const same = editRow(next, comboKey(["M", "Black"]), { price: "27.00" });
    const diff = diffGrid(grid, same);
    expect(diff).toEqual({
      optionsChanged: false,
      added: ["M / White"],
      removed: ["S / White"],
      changed: [
        { title: "S / Black", fields: ["stockLevel"] },
        { title: "M / Black", fields: ["stockLevel"] },
      ],
    });
    expect(diffSummary(diff)).toBe("2 variants changed, 1 variant added, 1 variant no longer sold");
  });
});

describe("suggestedSku", () => {
  it("keeps letters and digits, at most 40 characters", () => {
    expect(suggestedSku("tee", ["X L", "Black/White"])).toBe("TEE-XL-BLACKWHITE");
    expect(suggestedSku("A".repeat(38), ["M"])).toHaveLength(40);
  });
});
