import { storableText } from "../text/storable-text.ts";

/**
 * A tool call's arguments as the audit keeps them: short enough to list, whole enough to read
 * what an agent asked for. Long texts are cut (an injected essay keeps its first words), deep or
 * wide structures are trimmed, a shipping address is reduced to its city and country, and text
 * the database cannot hold (NUL, a lone surrogate, or one left by a cut) is made storable. A cart
 * token (the key of a cart an agent fills without an account) keeps only its first characters.
 */

export const MAX_AUDIT_TEXT = 160;
const MAX_KEYS = 12;
const MAX_ITEMS = 10;
const MAX_DEPTH = 3;

function cut(text: string): string {
  return storableText(
    text.length <= MAX_AUDIT_TEXT ? text : `${text.slice(0, MAX_AUDIT_TEXT)}… (${text.length} chars)`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Enough of a cart token to tell carts apart in the audit, too little to use it. */
const SHOWN_TOKEN = 8;

function summarize(value: unknown, depth: number, key: string | null): unknown {
  if (typeof value === "string" && key === "cartToken") {
    return `${storableText(value.slice(0, SHOWN_TOKEN))}… (a cart token)`;
  }
  if (typeof value === "string") return cut(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  if (value === undefined) return null;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => summarize(item, depth + 1, null));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (isRecord(value)) {
    if (key === "address") {
      const where = [value.city, value.country].filter((v) => typeof v === "string").join(", ");
      return `(an address${where ? ` in ${cut(where)}` : ""})`;
    }
    const entries = Object.entries(value);
    const kept = entries.slice(0, MAX_KEYS).map(([k, v]) => [cut(k), summarize(v, depth + 1, k)] as const);
    const result: Record<string, unknown> = Object.fromEntries(kept);
    if (entries.length > MAX_KEYS) result["…"] = `${entries.length - MAX_KEYS} more keys`;
    return result;
  }
  return String(value);
}

/** The arguments as the audit row stores them (a JSON value). */
export function summarizeArguments(args: unknown): unknown {
  return summarize(args ?? {}, 0, null);
}
