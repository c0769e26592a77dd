import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import type { ShippingZone } from "@haggle/domain/markets/shipping-zones";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedSql } from "../../platform/db/prepared.ts";
import { sellerConfigPart } from "../settings/index.ts";
import { zonesPart } from "../shipping/index.ts";
import { taxChoicesPart } from "../taxes/index.ts";
import { runningExperimentPart } from "../experiments/index.ts";

/** What the shop decided that every quote needs: its settings, its tax choices, its shipping zones. */
export interface ShopTerms {
  config: SellerConfig;
  taxChoices: ReturnType<typeof taxChoicesPart.read>;
  zones: ShippingZone[];
  /** The running holdout experiment, or null (whether a shopper with a cart is one of its visitors). */
  experiment: ReturnType<typeof runningExperimentPart.read>;
}

/**
 * The shop's terms as columns of a larger statement (`config`, `tax_choices`, `zones`,
 * `experiment`): `sql`
 * selects them, `read` answers them from the row (the checkout reads more beside them).
 */
export const shopTermsPart = {
  sql: sql`${sellerConfigPart.sql} as config, ${taxChoicesPart.sql} as tax_choices, ${zonesPart.sql} as zones, ${runningExperimentPart.sql} as experiment`,
  read: (
    row: { config?: unknown; tax_choices?: unknown; zones?: unknown; experiment?: unknown } | undefined,
  ): ShopTerms => ({
    config: sellerConfigPart.read(row?.config ?? []),
    taxChoices: taxChoicesPart.read(row?.tax_choices ?? null),
    zones: zonesPart.read(row?.zones ?? []),
    experiment: runningExperimentPart.read(row?.experiment ?? null),
  }),
};

// Every add to the cart and every checkout reads them: one statement, its SQL built once.
const shopTermsStatement = preparedSql<{
  config: unknown;
  tax_choices: unknown;
  zones: unknown;
  experiment: unknown;
}>("cart_shop_terms", sql`select ${shopTermsPart.sql}`);

/**
 * The shop's terms in one statement (each owner's part as one JSON value): one round trip where
 * loadSellerConfig, loadTaxChoices and loadZones take three, with the same answers.
 */
export async function loadShopTerms(db: Queryable): Promise<ShopTerms> {
  const { rows } = await shopTermsStatement(db, {});
  return shopTermsPart.read(rows[0]);
}
