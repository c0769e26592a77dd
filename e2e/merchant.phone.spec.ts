import { expect, test } from "./support/fixtures.ts";
import type { Locator, Page } from "@playwright/test";
import { artifacts, expectLoaded, expectNoSidewaysScroll, placeOrderAtCheckout } from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

/** The control is on screen without scrolling sideways: inside the viewport's width. */
async function expectWithinWidth(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, "the control is laid out").not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, "inside the screen's width").toBe(
    true,
  );
}

test("on a phone the merchant menu is a sheet that navigates and closes, without sideways scrolling", async ({
  merchant: { page },
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/merchant");
  await expect(page.getByRole("heading", { name: "Merchant Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("total-products")).toHaveText(/^\d+$/);
  await expect(page.getByRole("navigation", { name: "Merchant" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/merchant-dashboard-phone.png`, fullPage: true });

  const menu = page.getByRole("button", { name: /Merchant menu/ });
  await menu.click();
  const sheet = page.getByRole("dialog", { name: "Merchant area" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: `${artifacts}/merchant-sheet-phone.png` });
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(menu).toBeFocused();

  await menu.click();
  await sheet.getByRole("link", { name: "Products" }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/merchant\/products$/);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/merchant-products-phone.png` });

  await menu.click();
  await sheet.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expectLoaded(page);
  await expectNoSidewaysScroll(page);
});

test("at 390 px each product and order is a card whose buttons are on screen", async ({
  merchant: { page: merchant },
  shopper: { page: shopper },
  shopperCart: _cart,
}) => {
  await shopper.goto("/cart");
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(shopper);
  await expect(shopper.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const number = ((await shopper.getByTestId("order-number").textContent()) ?? "").trim();

  await merchant.setViewportSize({ width: 390, height: 844 });
  await merchant.goto("/merchant/products");
  const product = merchant.getByTestId("product-row").first();
  await expect(product).toBeVisible();
  await expectWithinWidth(merchant, product.getByRole("button", { name: /^Edit / }));
  await expectWithinWidth(merchant, product.getByRole("button", { name: /^(Hide|Show) / }));
  await expectNoSidewaysScroll(merchant);
  await merchant.screenshot({ path: `${artifacts}/merchant-products-cards-phone.png` });

  await merchant.goto("/merchant/orders");
  const order = merchant.getByTestId("merchant-order-row").filter({ hasText: number });
  const forward = order.getByRole("button", { name: `Mark processing (${number})` });
  await expectWithinWidth(merchant, forward);
  await expectNoSidewaysScroll(merchant);
  await merchant.screenshot({ path: `${artifacts}/merchant-orders-cards-phone.png` });
  await forward.click();
  await expectToast(merchant, `${number} is now processing`);
  await expect(order).toContainText("Processing");
});
