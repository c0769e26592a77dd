import { checkMerchantPages, checkShopperPages, checkVisitorPages } from "./support/every-page.ts";
import { test } from "./support/fixtures.ts";

// axe-core (WCAG 2.0 and 2.1, A and AA) on every page, on a desktop screen; the phone twin is
// accessibility.phone.spec.ts.

test("the catalogue and the sign-in and sign-up forms have no accessibility violations", async ({ page }) => {
  await checkVisitorPages(page);
});

test("the cart, negotiation, order-placed, orders, account and admin pages have no accessibility violations", async ({
  shopper: { page },
  shopperCart: _cart,
}) => {
  await checkShopperPages(page);
});

test("the merchant's pages have no accessibility violations", async ({ merchant: { page } }) => {
  await checkMerchantPages(page);
});
