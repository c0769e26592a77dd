import { expect, test } from "@playwright/test";

const uniqueEmail = () => `e2e.merchant.phone.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test("on a phone the merchant menu is a sheet that navigates and closes, without sideways scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/auth?redirect=/admin");
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill("Pia Phone");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Assign Merchant Role" }).click();
  await expect(page.getByText("Merchant role assigned")).toBeVisible();

  await page.goto("/merchant");
  await expect(page.getByRole("heading", { name: "Merchant Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("total-products")).toHaveText(/^\d+$/);
  await expect(page.getByRole("navigation", { name: "Merchant" })).toHaveCount(0);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "e2e/.artifacts/merchant-dashboard-phone.png", fullPage: true });

  const menu = page.getByRole("button", { name: /Merchant menu/ });
  await menu.click();
  const sheet = page.getByRole("dialog", { name: "Merchant area" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: "e2e/.artifacts/merchant-sheet-phone.png" });
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
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "e2e/.artifacts/merchant-products-phone.png" });

  await menu.click();
  await sheet.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
