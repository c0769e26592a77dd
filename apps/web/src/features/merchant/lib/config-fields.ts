import type { ConfigType } from "@haggle/contract/merchant";
import {
  LOYALTY_TIERS,
  type LoyaltyTier,
  THRESHOLD_TIERS,
  TIER_LABELS,
} from "@haggle/domain/negotiation/loyalty-tiers";

export type FieldUnit = "percent" | "dollars" | "minutes" | "rounds" | "choice";

export interface ConfigFieldInfo {
  label: string;
  unit: FieldUnit;
  /** One line under the input saying what the number does. */
  help: string;
  /** A choice's options (unit "choice"): the stored word, its label and what it does. */
  options?: { value: string; label: string; help: string }[];
}

/** The paths of a section's settings that are words to choose, not numbers. */
export function choicePaths(configType: ConfigType): string[] {
  return Object.entries(CONFIG_FIELDS[configType])
    .filter(([, info]) => info.unit === "choice")
    .map(([path]) => path);
}

/** The id of a setting's input, unique on the page: "negotiation_limits-max_auto_discount_pct". */
export function configFieldId(configType: ConfigType, path: string): string {
  return `${configType}-${path.replaceAll(".", "-")}`;
}

const extraPoints = (tier: LoyaltyTier): ConfigFieldInfo => ({
  label: `${TIER_LABELS[tier]} extra points (%)`,
  unit: "percent",
  help: `Added to Ava's room for ${tier === "NONE" ? "shoppers without an order yet" : `${TIER_LABELS[tier]} shoppers`}, within the caps.`,
});

const threshold = (tier: LoyaltyTier): ConfigFieldInfo => ({
  label: `${TIER_LABELS[tier]} threshold ($)`,
  unit: "dollars",
  help: `Lifetime spend at which a shopper becomes ${TIER_LABELS[tier]}.`,
});

/** Labels, units and help of every setting, by section and field path. */
export const CONFIG_FIELDS: { [T in ConfigType]: Record<string, ConfigFieldInfo> } = {
  negotiation_limits: {
    max_auto_discount_pct: {
      label: "Max auto discount (%)",
      unit: "percent",
      help: "The largest share of the cart Ava may take off on her own, without asking you.",
    },
    max_auto_discount_amount: {
      label: "Max auto discount amount ($)",
      unit: "dollars",
      help: "Ava's own discounts never exceed this many dollars, whatever the percent.",
    },
    bundling_discount_bonus: {
      label: "Bundling bonus (%)",
      unit: "percent",
      help: "Extra points Ava may add when the shopper takes a suggested cross-sell into the cart.",
    },
    stance: {
      label: "Stance",
      unit: "choice",
      help: "How Ava spends the room these limits give her. Every stance stays inside them.",
      options: [
        {
          value: "protect-margin",
          label: "Protect margin",
          help: "Concedes slowly and gives little to shoppers who would buy anyway; fewer hesitant shoppers convert.",
        },
        {
          value: "balanced",
          label: "Balanced",
          help: "Small first offers, the full room for shoppers who commit: a budget, a bigger cart, a bundle or a few rounds.",
        },
        {
          value: "maximise-conversion",
          label: "Maximise conversion",
          help: "Concedes quickly to close more deals; gives away more margin to shoppers who would have paid the price.",
        },
      ],
    },
  },
  tier_benefits: {
    ...Object.fromEntries(LOYALTY_TIERS.map((tier) => [`extra_points.${tier}`, extraPoints(tier)])),
    ...Object.fromEntries(THRESHOLD_TIERS.map((tier) => [`thresholds.${tier}`, threshold(tier)])),
  },
  escalation_rules: {
    ceiling_pct: {
      label: "Escalation ceiling (%)",
      unit: "percent",
      help: "Asks above Ava's own limit and up to this percent come to you for approval.",
    },
    ceiling_amount: {
      label: "Escalation ceiling amount ($)",
      unit: "dollars",
      help: "An ask for more dollars than this is declined, whatever the percent.",
    },
  },
  global_rules: {
    offer_expiry_minutes: {
      label: "Offer expiry (minutes)",
      unit: "minutes",
      help: "How long an offer of Ava's stands before the shopper has to ask again.",
    },
    max_rounds: {
      label: "Maximum rounds",
      unit: "rounds",
      help: "By this round of haggling Ava offers her best price.",
    },
  },
  pricing: {
    free_shipping_threshold: {
      label: "Free-shipping threshold ($)",
      unit: "dollars",
      help: "Orders at or above this subtotal, after discounts, ship free.",
    },
    flat_shipping: {
      label: "Flat shipping ($)",
      unit: "dollars",
      help: "Charged on orders below the free-shipping threshold.",
    },
    tax_rate_pct: {
      label: "Tax rate (%)",
      unit: "percent",
      help: "Applied to the subtotal after discounts, on every screen and at checkout.",
    },
  },
  // A switch, not a number: the config page's agent card shows it (no number fields here).
  agents: {},
};
