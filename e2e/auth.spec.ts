import { expect, test } from "./support/fixtures.ts";
import { expectToast } from "./support/toasts.ts";

test("after 'Sign out' the tab is a fresh anonymous visit: no cart count, Add to Cart keeps a local cart", async ({
  shopper: { page },
  shopperCart,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: /account menu/i }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The same tab, no reload: the header forgets the shopper and their cart.
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: /account menu/i })).toHaveCount(0);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // Add to Cart works as for any visitor: the browser's cart, no 401.
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/cart") && response.status() >= 400) failures.push(response.url());
  });
  await page
    .getByRole("link", { name: /Haggle/ })
    .first()
    .click();
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) })
    .filter({ hasNotText: shopperCart.name })
    .first();
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, "Added to cart");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length))
    .toBe(1);
  expect(failures).toEqual([]);
});
