/**
 * What a checkout reads before its transaction, in one statement: the shop's terms (settings,
 * tax choices, zones), the running experiment and the merchants' addresses for the new-order
 * e-mail. None needs a lock; each owner gives its part (cart, experiments, accounts).
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { preparedSql } from "../../platform/db/prepared.ts";
import { merchantEmailsPart } from "../accounts/index.ts";
import { type ShopTerms, shopTermsPart } from "../cart/index.ts";

export interface CheckoutTerms {
  terms: ShopTerms; // with the running experiment
  /** Who hears of a new order: MERCHANT_EMAIL when set, else the merchants (merchantRecipients). */
  merchantEmails: string[];
}

type Row = { config: unknown; tax_choices: unknown; zones: unknown; experiment: unknown; merchants: unknown };

// Every checkout runs it: its SQL built once, one text without the roles granted in demo mode
// and one with them.
const statements = [false, true].map((demoMode) => {
  const merchants = merchantEmailsPart(demoMode);
  return {
    run: preparedSql<Row>(
      `orders_checkout_terms${demoMode ? "_demo" : ""}`,
      sql`select ${shopTermsPart.sql}, ${merchants.sql} as merchants`,
    ),
    readMerchants: merchants.read,
  };
});

/** The checkout's reads before its transaction, one round trip (where four statements were three). */
export async function loadCheckoutTerms(db: Queryable, mail: MailSettings): Promise<CheckoutTerms> {
  const statement = statements[mail.demoMode ? 1 : 0]!;
  const { rows } = await statement.run(db, {});
  const row = rows[0];
  return {
    terms: shopTermsPart.read(row),
    merchantEmails:
      mail.merchantEmails.length > 0 ? mail.merchantEmails : statement.readMerchants(row?.merchants ?? []),
  };
}
