import { stanceOf } from "../negotiation/negotiation-stance.ts";
import {
  DEFAULT_SELLER_CONFIG,
  SELLER_CONFIG_TYPES,
  type SellerConfig,
  type SellerConfigType,
} from "./seller-config.ts";

export interface StoredConfigSection {
  configType: string;
  configData: unknown;
}

const PRICING_KEYS = ["free_shipping_threshold", "flat_shipping", "tax_rate_pct"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Copies onto `target` only the keys it already has, each only when the stored value has the
 * same shape (a finite number for a number, a string for a string, a boolean for a boolean, a
 * record for a record, recursively; which strings are allowed is the reader's rule, e.g.
 * stanceOf). Unknown keys
 * and wrong types in a stored row are ignored, so every value keeps a usable default.
 */
function mergeKnown(target: Record<string, unknown>, stored: Record<string, unknown>) {
  for (const [key, fallback] of Object.entries(target)) {
    const value = stored[key];
    if (typeof fallback === "number") {
      if (typeof value === "number" && Number.isFinite(value)) target[key] = value;
    } else if (typeof fallback === "string") {
      if (typeof value === "string") target[key] = value;
    } else if (typeof fallback === "boolean") {
      if (typeof value === "boolean") target[key] = value;
    } else if (isRecord(fallback) && isRecord(value)) {
      mergeKnown(fallback, value);
    }
  }
}

/**
 * The merchant's settings from the stored sections, each over its defaults. A database from
 * before the pricing section existed kept shipping and tax in global_rules: those keys are read
 * into `pricing` when no pricing row exists.
 */
export function mergeSellerConfig(rows: readonly StoredConfigSection[]): SellerConfig {
  // Plain numbers in plain objects: a JSON round trip is a deep copy (the domain has no DOM or Node globals).
  const config = JSON.parse(JSON.stringify(DEFAULT_SELLER_CONFIG)) as SellerConfig;
  const byType = new Map(rows.map((r) => [r.configType, r.configData]));
  for (const type of SELLER_CONFIG_TYPES) {
    const stored = byType.get(type);
    if (isRecord(stored)) mergeKnown(config[type] as unknown as Record<string, unknown>, stored);
  }
  const legacy = byType.get("global_rules");
  if (!byType.has("pricing") && isRecord(legacy)) {
    const pricing: Record<string, unknown> = {};
    for (const key of PRICING_KEYS) if (key in legacy) pricing[key] = legacy[key];
    mergeKnown(config.pricing as unknown as Record<string, unknown>, pricing);
  }
  config.negotiation_limits.stance = stanceOf(config.negotiation_limits.stance);
  return config;
}

/** The fields the rule across sections reads. */
export interface AutomaticLimits {
  max_auto_discount_pct: number;
  max_auto_discount_amount: number;
}
export interface EscalationCeiling {
  ceiling_pct: number;
  ceiling_amount: number;
}

/**
 * The rule across sections, field by field: the escalation band starts where the automatic
 * limits end, so the ceiling may not be below them (percent and amount). `changed` says which
 * side the merchant is editing: its fields get the sentences, which tell them what to do. Empty
 * when nothing clashes; the percent first when both do.
 */
export function sellerConfigClashes(
  limits: AutomaticLimits,
  ceiling: EscalationCeiling,
  changed: "negotiation_limits" | "escalation_rules",
): Record<string, string> {
  const clashes: Record<string, string> = {};
  const pctClash = ceiling.ceiling_pct < limits.max_auto_discount_pct;
  const amountClash = ceiling.ceiling_amount < limits.max_auto_discount_amount;
  if (changed === "negotiation_limits") {
    if (pctClash)
      clashes.max_auto_discount_pct = `Max auto discount cannot be above the escalation ceiling (${ceiling.ceiling_pct}%). Raise the ceiling first.`;
    if (amountClash)
      clashes.max_auto_discount_amount = `Max auto discount amount cannot be above the escalation ceiling amount ($${ceiling.ceiling_amount}). Raise the ceiling first.`;
    return clashes;
  }
  if (pctClash)
    clashes.ceiling_pct = `Escalation ceiling cannot be below the max auto discount (${limits.max_auto_discount_pct}%). Lower the max auto discount first.`;
  if (amountClash)
    clashes.ceiling_amount = `Escalation ceiling amount cannot be below the max auto discount amount ($${limits.max_auto_discount_amount}). Lower the max auto discount amount first.`;
  return clashes;
}

/**
 * The rule across sections for a save: the sentence to show (the first of sellerConfigClashes),
 * or null. `changed` says which side the merchant is editing.
 */
export function sellerConfigConflict(config: SellerConfig, changed: SellerConfigType): string | null {
  const side = changed === "negotiation_limits" ? "negotiation_limits" : "escalation_rules";
  const clashes = sellerConfigClashes(config.negotiation_limits, config.escalation_rules, side);
  return Object.values(clashes)[0] ?? null;
}

/**
 * The settings as they would be with `sections` saved over `current` (each section already
 * validated against its schema), and the sentence of the first section that saving would refuse
 * by the rule across sections (null when saving would pass).
 */
export function sellerConfigWith(
  current: SellerConfig,
  sections: Partial<SellerConfig>,
): { config: SellerConfig; conflict: string | null } {
  const config: SellerConfig = { ...current, ...sections };
  for (const type of SELLER_CONFIG_TYPES) {
    if (!(type in sections)) continue;
    const conflict = sellerConfigConflict(config, type);
    if (conflict) return { config, conflict };
  }
  return { config, conflict: null };
}
