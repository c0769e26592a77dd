import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

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
  // The table scrolls inside its own box; the page does not scroll sideways.
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/merchant-products-phone.png` });

  await menu.click();
  await sheet.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expectLoaded(page);
  await expectNoSidewaysScroll(page);
});
