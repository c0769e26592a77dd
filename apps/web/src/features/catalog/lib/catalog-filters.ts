import { type ProductSort, SORTS } from "@haggle/contract/limits";

/** Everything that shapes the catalogue view; it lives in the URL so a view can be shared. */
export interface CatalogFilters {
  q: string;
  categories: string[];
  brands: string[];
  /** Chosen option values as "Name:Value" ("Size:M"). */
  options: string[];
  sort: ProductSort;
}

export const DEFAULT_SORT: ProductSort = "featured";

export const SORT_LABELS: Record<ProductSort, string> = {
  featured: "Featured",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  rating: "Highest Rated",
};

const FILTER_KEYS = ["q", "category", "brand", "option", "sort"] as const;

function isSort(value: string | null): value is ProductSort {
  return (SORTS as readonly string[]).includes(value ?? "");
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value.length > 0))];
}

/** `/?q=&category=&category=&brand=&option=Size:M&sort=` -> filters; unknown sorts fall back to the default. */
export function readCatalogFilters(params: URLSearchParams): CatalogFilters {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim(),
    categories: unique(params.getAll("category")),
    brands: unique(params.getAll("brand")),
    options: unique(params.getAll("option")),
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** Writes the filters back, omitting defaults; unrelated parameters are kept. */
export function writeCatalogFilters(params: URLSearchParams, filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  const q = filters.q.trim();
  if (q) next.set("q", q);
  for (const category of unique(filters.categories)) next.append("category", category);
  for (const brand of unique(filters.brands)) next.append("brand", brand);
  for (const option of unique(filters.options)) next.append("option", option);
  if (filters.sort !== DEFAULT_SORT) next.set("sort", filters.sort);
  return next;
}

export function toggleValue(values: readonly string[], value: string, checked: boolean): string[] {
  return checked ? unique([...values, value]) : values.filter((v) => v !== value);
}
