import { expect, test, waitForInteractivePages } from "./support/fixtures.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expectToast } from "./support/toasts.ts";
import {
  artifacts,
  expectNoSidewaysScroll,
  placeOrderAtCheckout,
  wellStockedCardNames,
} from "./support/shop.ts";

test("a product opens from its card, has a page to share, and adds the chosen quantity to the cart", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/");
  const [name] = (await wellStockedCardNames(page, 1)) as [string];
  await page.getByRole("article", { name, exact: true }).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Haggle`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Frequently bought together" })).toBeVisible();
  await expectNoAxeViolations(page, "the product page");
  await page.screenshot({ path: `${artifacts}/product-page.png`, fullPage: true });

  // Add two from the page.
  await page.getByRole("button", { name: `Increase quantity of ${name}` }).click();
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expectToast(page, `${name} has been added to your cart.`);
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // The address works for someone else, in a browser that has never seen the shop.
  const url = page.url();
  const stranger = await browser.newContext({ baseURL });
  waitForInteractivePages(stranger);
  const theirs = await stranger.newPage();
  const response = await theirs.goto(url);
  expect(response?.status()).toBe(200);
  await expect(theirs.getByRole("heading", { level: 1, name })).toBeVisible();
  await theirs.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(theirs, "the product page on a phone");
  await theirs.screenshot({ path: `${artifacts}/product-page-phone.png`, fullPage: true });
  await stranger.close();

  // The breadcrumb's category leads to the catalogue filtered to it.
  await breadcrumb.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/\?category=/);
});

test("a product opens from the assistant's carousel", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open shopping assistant" }).click();
  const panel = page.getByRole("dialog", { name: "Ava · Shopping assistant" });
  await panel.getByLabel("Message Ava").fill("Show me running shoes");
  await panel.getByLabel("Message Ava").press("Enter");
  const card = panel.getByRole("article").first();
  await expect(card).toBeVisible();
  const name = ((await card.getByRole("heading").textContent()) ?? "").trim();
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("a product opens from an order", async ({ shopper, shopperCart }) => {
  const { page } = shopper;
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(page);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await page.getByTestId("order-line").getByRole("link", { name: shopperCart.name }).click();
  // The order keeps the product's id: the page moves to the product's own address.
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: shopperCart.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Negotiate with Ava" })).toBeVisible();
});

test("a product nobody has reviewed shows no stars, on its card and its page", async ({ merchant, page }) => {
  const name = `Unreviewed Lantern ${Date.now().toString(36)}`;
  const created = await merchant.page.request.post("/api/merchant/products", {
    data: {
      sku: `E2E-${Date.now().toString(36)}`,
      name,
      description: "A lantern nobody has reviewed yet.",
      brand: "Quokka",
      category: "Outdoor",
      price: 24.5,
      listPrice: 24.5,
      stockLevel: 5,
      tags: [],
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name, exact: true });
  await expect(card.getByText("No reviews yet")).toBeVisible();
  await expect(card.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const summary = page.getByTestId("product-summary");
  await expect(summary.getByText("No reviews yet")).toBeVisible();
  await expect(summary.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
});

test("an unknown product and an unknown page answer 404 with 'Oops! Page not found'", async ({ page }) => {
  for (const path of ["/products/does-not-exist", "/nope"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  }
});
