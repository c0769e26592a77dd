/**
 * The recall check: does the assistant find what the shop's own search box finds? For every kind
 * of product the catalogue itself names (each tag and each category, as a shopper would type it:
 * "office chairs", "smartphones"), ask the assistant (a new conversation of that one message) and
 * the plain search (GET /api/products?q=...), and judge both on the catalogue's own labels: a
 * product is of the kind when it carries the tag or is in the category. Recall of an answer is
 * how many of the first SHOWN products are of the kind, out of as many as the catalogue holds in
 * stock (at most SHOWN). The check passes when the assistant's total recall is at least
 * MIN_RELATIVE_RECALL of the plain search's; it also counts the asks where the plain search
 * found more of the kind than the assistant showed.
 */
import type { ShownProduct } from "./judge.ts";

/** The assistant shows six products by default; the search's first six are compared with them. */
export const SHOWN = 6;
export const MIN_RELATIVE_RECALL = 0.97;

export interface RecallAsk {
  text: string;
  /** A product of the kind: carries the tag or is in the category (case-insensitive). */
  isOfKind: (p: Pick<ShownProduct, "category" | "tags">) => boolean;
  /** In-stock products of the kind in the catalogue, at most SHOWN. */
  possible: number;
}

/** One ask per tag and per category of the catalogue, as written there (lower case). */
export function recallAsks(products: readonly ShownProduct[]): RecallAsk[] {
  const asks = new Map<string, RecallAsk>();
  const add = (text: string, isOfKind: RecallAsk["isOfKind"]) => {
    const key = text.toLowerCase().trim();
    if (key === "" || asks.has(key)) return;
    const possible = Math.min(SHOWN, products.filter((p) => p.inStock && isOfKind(p)).length);
    if (possible > 0) asks.set(key, { text: key, isOfKind, possible });
  };
  for (const category of new Set(products.map((p) => p.category)))
    add(category, (p) => p.category.toLowerCase() === category.toLowerCase());
  for (const tag of new Set(products.flatMap((p) => p.tags)))
    add(tag.replace(/-/g, " "), (p) => p.tags.some((t) => t.toLowerCase() === tag.toLowerCase()));
  return [...asks.values()];
}

export interface RecallResult {
  ask: string;
  possible: number;
  assistant: number;
  plain: number;
}

/**
 * How many of the first SHOWN products are of the ask's kind, at most the ask's possible: a
 * sold-out product of the kind shown beside in-stock ones counts as found but cannot lift an
 * answer's recall above 1.
 */
export function hits(ask: RecallAsk, shown: readonly Pick<ShownProduct, "category" | "tags">[]): number {
  return Math.min(ask.possible, shown.slice(0, SHOWN).filter((p) => ask.isOfKind(p)).length);
}

export function summariseRecall(results: readonly RecallResult[]) {
  const possible = results.reduce((n, r) => n + r.possible, 0);
  const assistant = results.reduce((n, r) => n + r.assistant, 0);
  const plain = results.reduce((n, r) => n + r.plain, 0);
  const assistantRecall = possible === 0 ? 1 : assistant / possible;
  const plainRecall = possible === 0 ? 1 : plain / possible;
  const relative = plainRecall === 0 ? 1 : assistantRecall / plainRecall;
  return {
    asks: results.length,
    assistantRecall,
    plainRecall,
    relative,
    pass: relative >= MIN_RELATIVE_RECALL,
    worse: results.filter((r) => r.assistant < r.plain),
  };
}
