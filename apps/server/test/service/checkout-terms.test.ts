import { describe, expect, it } from "vitest";
import { listMerchantEmails } from "../../src/modules/accounts/accounts.store.ts";
import { loadShopTerms } from "../../src/modules/cart/shop-terms.store.ts";
import { loadCheckoutTerms } from "../../src/modules/orders/checkout-terms.store.ts";
import { merchantRecipients } from "../../src/modules/orders/order-mail.store.ts";
import type { MailSettings } from "../../src/platform/mail/mail-settings.ts";
import { userRoles } from "../../src/platform/db/schema/accounts.ts";
import { user } from "../../src/platform/db/schema/auth.ts";
import { DB_KINDS, useFreshTestDatabase } from "../support/test-server.ts";

/**
 * The checkout's one read before its transaction answers what the reads it replaces answer: the
 * shop's terms, and the new-order e-mail's recipients (MERCHANT_EMAIL when set, else the merchant
 * accounts, demo-mode grants counted only in demo mode). Service tier: no HTTP.
 */
describe.each(DB_KINDS)("the checkout's terms in one statement (%s)", (kind) => {
  const fresh = useFreshTestDatabase(kind);

  function settings(over: Partial<MailSettings>): MailSettings {
    return {
      delivery: "keep",
      from: "Shop <shop@haggle.test>",
      merchantEmails: [],
      publicUrl: "http://localhost",
      shopName: "Shop",
      demoMode: false,
      logger: console as unknown as MailSettings["logger"],
      ...over,
    };
  }

  it("answers the merchants as their own read does, demo grants only in demo mode, MERCHANT_EMAIL first", async () => {
    const db = fresh.database.db;
    const none = await loadCheckoutTerms(db, settings({}));
    expect(none.merchantEmails).toEqual([]);
    expect(none.terms).toEqual(await loadShopTerms(db));

    await db.insert(user).values([
      { id: "ct-owner", name: "Owner", email: "owner@haggle.test" },
      { id: "ct-demo", name: "Demo", email: "demo@haggle.test" },
      { id: "ct-shopper", name: "Shopper", email: "shopper@haggle.test" },
    ]);
    await db.insert(userRoles).values([
      { userId: "ct-owner", role: "merchant", source: "claim" },
      { userId: "ct-demo", role: "merchant", source: "demo" },
      { userId: "ct-shopper", role: "admin", source: "admin" },
    ]);

    for (const demoMode of [false, true]) {
      const mail = settings({ demoMode });
      const { merchantEmails } = await loadCheckoutTerms(db, mail);
      expect(merchantEmails).toEqual(await merchantRecipients(db, mail));
      expect(merchantEmails).toEqual(await listMerchantEmails(db, demoMode));
    }
    expect((await loadCheckoutTerms(db, settings({}))).merchantEmails).toEqual(["owner@haggle.test"]);
    expect((await loadCheckoutTerms(db, settings({ demoMode: true }))).merchantEmails).toHaveLength(2);

    const configured = settings({ merchantEmails: ["orders@haggle.test"] });
    expect((await loadCheckoutTerms(db, configured)).merchantEmails).toEqual(["orders@haggle.test"]);
  });
});
