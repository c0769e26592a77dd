import type { Page } from "@playwright/test";
import { expect, signUpThroughForm, test, uniqueEmail } from "./support/fixtures.ts";
import {
  apiCart,
  artifacts,
  expectNoSidewaysScroll,
  expectSummaryFigures,
  placeOrderAtCheckout,
  type ApiCart,
  usd,
  wellStockedCardNames,
} from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

async function expectSummaryMatchesServer(page: Page, cart: ApiCart) {
  const { summary } = cart;
  await expectSummaryFigures(page, "summary", summary);
  if (summary.discount > 0) {
    await expect(page.getByTestId("summary-discount")).toHaveText(`−${usd(summary.discount)}`);
  } else {
    await expect(page.getByTestId("summary-discount")).toHaveCount(0);
  }
  if (summary.savings > 0) {
    await expect(page.getByTestId("summary-savings")).toHaveText(`You save ${usd(summary.savings)}`);
  } else {
    await expect(page.getByTestId("summary-savings")).toHaveCount(0);
  }
}

test("a visitor's cart follows them through sign-up, checkout, the confirmation and the order history", async ({
  page,
}) => {
  // Two in-stock products with room for one more each (some seeded products have only a few left).
  await page.goto("/");
  const picks = await wellStockedCardNames(page, 2);
  const [first, second] = picks as [string, string];

  // As a visitor: the local cart.
  for (const name of picks) {
    await page
      .getByRole("article", { name, exact: true })
      .getByRole("button", { name: "Add to Cart" })
      .click();
    await expectToast(page, `${name} has been added to your cart.`);
  }
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length))
    .toBe(2);

  // Sign up from the cart's sign-in redirect: the local lines are merged into the server cart.
  await page.goto("/auth?redirect=/cart");
  await signUpThroughForm(page, { name: "Ada Lovelace", email: uniqueEmail("cart") });
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();

  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: first })).toHaveCount(1);
  await expect(lines.filter({ hasText: second })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
  await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Negotiate with Ava" })).toHaveAttribute(
    "href",
    "/cart/negotiate",
  );
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");

  const merged = await apiCart(page);
  expect(merged.items.map((item) => [item.product.name, item.quantity]).sort()).toEqual(
    [
      [first, 1],
      [second, 1],
    ].sort(),
  );
  await expectSummaryMatchesServer(page, merged);

  // + raises the quantity on the server; the total shown is the server's new total.
  await page.getByRole("button", { name: `Increase quantity of ${first}` }).click();
  await expect(page.getByLabel(`Quantity of ${first}`, { exact: true })).toHaveValue("2");
  await expect(page.getByTestId("summary-total")).not.toHaveText(usd(merged.summary.total));
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  const raised = await apiCart(page);
  expect(raised.summary.itemCount).toBe(3);
  expect(raised.summary.total).toBeGreaterThan(merged.summary.total);
  await expectSummaryMatchesServer(page, raised);
  await expect(page.getByRole("button", { name: `Remove ${second}` })).toBeVisible();

  // A phone shows the cart without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/cart-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${artifacts}/cart.png` });

  // Checkout: the confirmation reads the order back from the server.
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(page);
  await expect(page).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = page.getByTestId("order-number");
  await expect(orderNumber).toHaveText(/^ORD-[0-9A-F]{8}$/);
  const number = (await orderNumber.textContent()) ?? "";
  await expect(page.getByRole("heading", { name: "What's Next" })).toBeVisible();
  await expect(page.getByText("Payment on delivery or by bank transfer")).toBeVisible();
  await expect(page.getByTestId("order-address")).toContainText("1 Market Street");
  await expect(page.getByText("Order processing")).toBeVisible();
  await expect(
    page.getByText("Shipping soon — you'll receive tracking information by e-mail within 24 hours"),
  ).toBeVisible();
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  await expect(page.getByTestId("order-total")).toHaveText(usd(raised.summary.total));
  // The cart is converted: the badge is gone.
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  expect((await apiCart(page)).items).toHaveLength(0);
  await page.screenshot({ path: `${artifacts}/order-placed.png`, fullPage: true });

  // A reload still shows the order (the id is in the URL).
  await page.reload();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(number);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The order history lists the order; its dialog has the summary and the chat tab.
  await page.getByRole("link", { name: "View Order History" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole("heading", { name: "Order History" })).toBeVisible();
  const card = page.getByTestId("order-card").filter({ hasText: number });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(usd(raised.summary.total));
  await card.getByRole("button", { name: /View Details/ }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(number);
  await expect(dialog.getByRole("tab", { name: "Order Summary" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByTestId("order-line")).toHaveCount(2);
  await expect(dialog.getByTestId("order-total")).toHaveText(usd(raised.summary.total));
  await dialog.getByRole("tab", { name: "Negotiation Chat" }).click();
  await expect(dialog.getByText("This order was placed without negotiation")).toBeVisible();
  await page.screenshot({ path: `${artifacts}/order-dialog.png` });
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/order-dialog-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a new shopper lands on the catalogue; their empty cart and order history say so", async ({ page }) => {
  // Signing up without a redirect lands on the catalogue.
  await page.goto("/auth");
  await signUpThroughForm(page, { name: "Empty Cart", email: uniqueEmail("cart") });
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");

  await page.goto("/orders");
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/");

  await page.goto("/order-placed?orderId=00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Order not found")).toBeVisible();
});
