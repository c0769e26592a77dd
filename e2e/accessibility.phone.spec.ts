import { checkMerchantPages, checkShopperPages, checkVisitorPages } from "./support/every-page.ts";
import { test } from "./support/fixtures.ts";

// axe-core (WCAG 2.0 and 2.1, A and AA) on every page, on a phone (Pixel 7); the desktop twin is
// accessibility.spec.ts.

test.use({ viewport: { width: 390, height: 844 } });

test("the catalogue and the sign-in and sign-up forms have no accessibility violations on a phone", async ({
  page,
}) => {
  await checkVisitorPages(page);
});

test("the cart, negotiation, order-placed, orders, account and admin pages have no accessibility violations on a phone", async ({
  shopper: { page },
  shopperCart: _cart,
}) => {
  await checkShopperPages(page);
});

test("the merchant's pages have no accessibility violations on a phone", async ({ merchant: { page } }) => {
  // The merchant's own browser context is not the project's phone: size it as one.
  await page.setViewportSize({ width: 390, height: 844 });
  await checkMerchantPages(page);
});
