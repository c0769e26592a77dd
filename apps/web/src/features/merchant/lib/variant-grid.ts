import {
  type MerchantVariants,
  MerchantVariantsSchema,
  type ProductVariantsData,
  ProductVariantsInputSchema,
} from "@haggle/contract/product-variants";
import { z } from "zod";

/**
 * The merchant's variant grid as typed: the options (a name and ordered values each) and one row
 * per combination of their values, sold or not. Every edit of the options regrids: a row keeps
 * its figures through renames and reorders, a new combination is sold with the first row's prices.
 */
export interface GridOption {
  name: string;
  values: string[];
}

export const ROW_FIELDS = [
  "sku",
  "price",
  "listPrice",
  "stockLevel",
  "weightGrams",
  "barcode",
  "imageUrl",
] as const;
export type RowField = (typeof ROW_FIELDS)[number];

export type GridRow = {
  /** One value per option, in the options' order. */
  values: string[];
  sold: boolean;
  /** The saved combination this row comes from (kept through renames); null: a new combination. */
  origin: string | null;
} & Record<RowField, string>;

export interface GridState {
  options: GridOption[];
  rows: GridRow[];
}

export const MAX_OPTIONS = 3;

/** An edit of the grid: its state after. */
export type GridEdit = (state: GridState) => GridState;

/** The id of a row's field (the page focuses the first field with a problem). */
export function cellId(idPrefix: string, rowIndex: number, field: RowField): string {
  return `${idPrefix}-r${rowIndex}-${field}`;
}

/** Every combination of the options' values, the first option's values varying slowest. */
export function combinations(options: readonly GridOption[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

export function comboKey(values: readonly string[]): string {
  return JSON.stringify(values);
}

/** "M / Black"; a product without options has one row, "Default". */
export function rowTitle(values: readonly string[]): string {
  return values.length === 0 ? "Default" : values.join(" / ");
}

/** A SKU for a new combination: the product's, then its values (letters and digits only). */
export function suggestedSku(productSku: string, values: readonly string[]): string {
  const parts = [productSku, ...values].map((part) => part.replace(/[^A-Za-z0-9._-]+/g, "").toUpperCase());
  return parts
    .filter((part) => part !== "")
    .join("-")
    .slice(0, 40);
}

/** The grid of a product's saved options and variants (prices in dollars, as typed). */
export function gridFromSaved(saved: MerchantVariants, productSku: string): GridState {
  const typed = z.encode(MerchantVariantsSchema, saved);
  const byCombo = new Map(typed.variants.map((v) => [comboKey(v.optionValues), v]));
  const options = typed.options.map((o) => ({ name: o.name, values: [...o.values] }));
  const first = typed.variants[0];
  const rows = combinations(options).map((values): GridRow => {
    const v = byCombo.get(comboKey(values));
    if (!v) {
      const template = first ? rowFromSaved(first, values) : null;
      return { ...newRow(productSku, values, template), sold: false, origin: comboKey(values) };
    }
    return rowFromSaved(v, values);
  });
  return { options, rows };
}

function rowFromSaved(
  v: z.input<typeof MerchantVariantsSchema>["variants"][number],
  values: string[],
): GridRow {
  return {
    values,
    sold: true,
    origin: comboKey(values),
    sku: v.sku,
    price: String(v.price),
    listPrice: String(v.listPrice),
    stockLevel: String(v.stockLevel),
    weightGrams: v.weightGrams === null ? "" : String(v.weightGrams),
    barcode: v.barcode,
    imageUrl: v.imageUrl,
  };
}

/** A combination not in the grid before: sold, priced as the template (the first row), no stock. */
function newRow(productSku: string, values: string[], template: GridRow | null): GridRow {
  return {
    values,
    sold: true,
    origin: null,
    sku: suggestedSku(productSku, values),
    price: template?.price ?? "",
    listPrice: template?.listPrice ?? "",
    stockLevel: "0",
    weightGrams: template?.weightGrams ?? "",
    barcode: "",
    imageUrl: "",
  };
}

/**
 * The grid after its options changed: `carry` maps an old row's values to the new ones (null: the
 * row goes). For each new combination the first carried row naming it stays, a sold one first
 * (removing an option merges rows); a combination nobody carried is a new row.
 */
export function regrid(
  state: GridState,
  options: GridOption[],
  productSku: string,
  carry: (values: string[]) => string[] | null = (values) => values,
): GridState {
  const carried = new Map<string, GridRow>();
  const ordered = [...state.rows.filter((r) => r.sold), ...state.rows.filter((r) => !r.sold)];
  for (const row of ordered) {
    const values = carry(row.values);
    if (values === null) continue;
    const key = comboKey(values);
    if (!carried.has(key)) carried.set(key, { ...row, values });
  }
  const template = state.rows.find((r) => r.sold) ?? state.rows[0] ?? null;
  const rows = combinations(options).map(
    (values) => carried.get(comboKey(values)) ?? newRow(productSku, values, template),
  );
  return { options, rows };
}

/** The options' edits, each regridding (see regrid). */
export const optionEdits = {
  addOption(state: GridState, productSku: string, name: string, value: string): GridState {
    const options = [...state.options, { name, values: [value] }];
    return regrid(state, options, productSku, (values) => [...values, value]);
  },
  removeOption(state: GridState, productSku: string, index: number): GridState {
    const options = state.options.filter((_, i) => i !== index);
    return regrid(state, options, productSku, (values) => values.filter((_, i) => i !== index));
  },
  renameOption(state: GridState, index: number, name: string): GridState {
    return { ...state, options: state.options.map((o, i) => (i === index ? { ...o, name } : o)) };
  },
  addValue(state: GridState, productSku: string, index: number, value: string): GridState {
    const options = state.options.map((o, i) => (i === index ? { ...o, values: [...o.values, value] } : o));
    return regrid(state, options, productSku);
  },
  removeValue(state: GridState, productSku: string, index: number, valueIndex: number): GridState {
    const gone = state.options[index]?.values[valueIndex];
    const options = state.options.map((o, i) =>
      i === index ? { ...o, values: o.values.filter((_, j) => j !== valueIndex) } : o,
    );
    return regrid(state, options, productSku, (values) => (values[index] === gone ? null : values));
  },
  renameValue(
    state: GridState,
    productSku: string,
    index: number,
    valueIndex: number,
    value: string,
  ): GridState {
    const old = state.options[index]?.values[valueIndex];
    const options = state.options.map((o, i) =>
      i === index ? { ...o, values: o.values.map((v, j) => (j === valueIndex ? value : v)) } : o,
    );
    return regrid(state, options, productSku, (values) =>
      values.map((v, i) => (i === index && v === old ? value : v)),
    );
  },
  /** Moves a value one place earlier (-1) or later (+1); the rows follow the new order. */
  moveValue(state: GridState, productSku: string, index: number, valueIndex: number, by: -1 | 1): GridState {
    const options = state.options.map((o, i) => {
      const to = valueIndex + by;
      if (i !== index || to < 0 || to >= o.values.length) return o;
      const values = [...o.values];
      [values[valueIndex], values[to]] = [values[to] as string, values[valueIndex] as string];
      return { ...o, values };
    });
    return regrid(state, options, productSku);
  },
};

/** One row's field changed (or its "sold" switch). */
export function editRow(
  state: GridState,
  key: string,
  change: Partial<Omit<GridRow, "values" | "origin">>,
): GridState {
  return { ...state, rows: state.rows.map((r) => (comboKey(r.values) === key ? { ...r, ...change } : r)) };
}

/** The same change on every chosen row (the bulk edit). */
export function editRows(
  state: GridState,
  keys: ReadonlySet<string>,
  change: Partial<Omit<GridRow, "values" | "origin">>,
): GridState {
  return { ...state, rows: state.rows.map((r) => (keys.has(comboKey(r.values)) ? { ...r, ...change } : r)) };
}

/** An empty box is not a number (the schema says "... must be a number."), not zero. */
function toNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

function soldRows(state: GridState): GridRow[] {
  return state.rows.filter((r) => r.sold);
}

/** The grid as the API takes it (dollars, before the contract parses it). */
export function gridInput(state: GridState) {
  return {
    options: state.options.map((o) => ({ name: o.name, values: o.values })),
    variants: soldRows(state).map((r) => ({
      optionValues: r.values,
      sku: r.sku,
      price: toNumber(r.price),
      listPrice: toNumber(r.listPrice),
      stockLevel: toNumber(r.stockLevel),
      weightGrams: r.weightGrams.trim() === "" ? null : toNumber(r.weightGrams),
      barcode: r.barcode,
      imageUrl: r.imageUrl,
    })),
  };
}

/** Where a sentence shows: a row's field, an option's name or value, or the whole grid. */
export type ProblemPlace =
  | { kind: "cell"; key: string; field: RowField }
  | { kind: "option"; index: number; valueIndex: number | null }
  | { kind: "grid" };

export interface GridProblem {
  place: ProblemPlace;
  message: string;
}

/** Where an issue of the contract's schema belongs in the grid (a variant's index counts sold rows). */
export function placeOf(state: GridState, path: readonly PropertyKey[]): ProblemPlace {
  const [top, index, field, valueIndex] = path;
  if (top === "options" && typeof index === "number") {
    return {
      kind: "option",
      index,
      valueIndex: field === "values" && typeof valueIndex === "number" ? valueIndex : null,
    };
  }
  const row = typeof index === "number" ? soldRows(state)[index] : undefined;
  if (top === "variants" && row) {
    const key = comboKey(row.values);
    const known = ROW_FIELDS.find((f) => f === field);
    return { kind: "cell", key, field: known ?? "sku" };
  }
  return { kind: "grid" };
}

/**
 * The grid checked by the contract's own schema: the data to send (cents), or the server's
 * sentences, each placed beside the field it is about.
 */
export function checkGrid(state: GridState): { data: ProductVariantsData } | { problems: GridProblem[] } {
  const parsed = ProductVariantsInputSchema.safeParse(gridInput(state));
  if (parsed.success) return { data: parsed.data };
  const problems = parsed.error.issues.map((issue) => ({
    place: placeOf(state, issue.path),
    message: issue.message.endsWith(".") ? issue.message : `${issue.message}.`,
  }));
  return { problems };
}

/** A 409 "SKU X is taken by product y." from the server: the sold row holding X, if any. */
export function rowOfTakenSku(state: GridState, message: string): string | null {
  const match = /^SKU (\S+) is taken/.exec(message);
  const sku = match?.[1]?.toLowerCase();
  const row = sku ? soldRows(state).find((r) => r.sku.trim().toLowerCase() === sku) : undefined;
  return row ? comboKey(row.values) : null;
}

const optionText = (o: GridOption) => comboKey([o.name, ...o.values]);

function sameField(field: RowField, a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  if (field === "sku" || field === "barcode" || field === "imageUrl") return x === y;
  // Figures compare as numbers: "25" and "25.00" are the same price.
  return x === y || (x !== "" && y !== "" && Number(x) === Number(y));
}

export interface GridDiff {
  optionsChanged: boolean;
  /** Titles of combinations sold now and not before. */
  added: string[];
  /** Titles of combinations no longer sold. */
  removed: string[];
  /** Titles of combinations sold before and now, with the fields that differ. */
  changed: { title: string; fields: RowField[] }[];
}

/** What the grid changes against what was saved: the unsaved-changes guard and the summary. */
export function diffGrid(saved: GridState, current: GridState): GridDiff {
  const before = new Map(soldRows(saved).map((r) => [comboKey(r.values), r]));
  const optionsChanged =
    comboKey(saved.options.map(optionText)) !== comboKey(current.options.map(optionText));
  const added: string[] = [];
  const changed: GridDiff["changed"] = [];
  const kept = new Set<string>();
  for (const row of soldRows(current)) {
    const old = row.origin === null ? undefined : before.get(row.origin);
    if (!old || row.origin === null) {
      added.push(rowTitle(row.values));
      continue;
    }
    kept.add(row.origin);
    const fields = ROW_FIELDS.filter((f) => !sameField(f, old[f], row[f]));
    if (fields.length > 0) changed.push({ title: rowTitle(row.values), fields });
  }
  const removed = [...before.entries()].filter(([key]) => !kept.has(key)).map(([, r]) => rowTitle(r.values));
  return { optionsChanged, added, removed, changed };
}

export function isUnchanged(diff: GridDiff): boolean {
  return (
    !diff.optionsChanged && diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0
  );
}

/** "2 variants changed, 1 added, 1 no longer sold; options changed" (empty: nothing). */
export function diffSummary(diff: GridDiff): string {
  const parts: string[] = [];
  const n = (count: number) => (count === 1 ? "1 variant" : `${count} variants`);
  if (diff.changed.length > 0) parts.push(`${n(diff.changed.length)} changed`);
  if (diff.added.length > 0) parts.push(`${n(diff.added.length)} added`);
  if (diff.removed.length > 0) parts.push(`${n(diff.removed.length)} no longer sold`);
  if (diff.optionsChanged) parts.push("options changed");
  return parts.join(", ");
}
