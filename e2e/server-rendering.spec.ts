/**
 * Server rendering (docs/decisions/0014): pages arrive with their content, the
 * browser takes them over without a hydration error, and they work before and after it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectToast } from "./support/toasts.ts";
import { usd } from "./support/shop.ts";

interface ListedProduct {
  name: string;
  slug: string;
  price: number;
  inStock: boolean;
  stockLevel: number;
}

/** Console errors, uncaught errors and React's hydration warnings, from the page's start. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    // The browser reports a 404 page's own status as a failed load: that one is meant.
    if (/status of 404/.test(text) && message.location().url.endsWith("/products/does-not-exist")) return;
    if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Resolves once React has taken over the server's HTML (its nodes carry React's fiber keys). */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const node = document.querySelector(sel);
    return node !== null && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

async function firstPage(page: Page): Promise<ListedProduct[]> {
  const response = await page.request.get("/api/products?pageSize=24");
  return ((await response.json()) as { items: ListedProduct[] }).items;
}

test("the product page and the home page hydrate without errors and add to the cart afterwards", async ({
  page,
}) => {
  const problems = recordProblems(page);
  const items = await firstPage(page);
  const product = items.find((p) => p.inStock && p.stockLevel >= 5)!;

  const response = await page.goto(`/products/${product.slug}`);
  expect(response?.status()).toBe(200);
  await hydrated(page, "main h1");
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expectToast(page, `${product.name} has been added to your cart.`);
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

  // The home page, with a cart in this browser the server does not know of.
  await page.goto("/");
  await hydrated(page, "main h1");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  const other = items.find((p) => p.inStock && p.stockLevel >= 5 && p.slug !== product.slug)!;
  await page
    .getByRole("article", { name: other.name, exact: true })
    .getByRole("button", { name: /add to cart/i })
    .click();
  await expectToast(page, `${other.name} has been added to your cart.`);
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // A category view and a client-side move to a product page and back.
  await page.goto(`/?category=${encodeURIComponent("Footwear")}`);
  await hydrated(page, "main h1");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();

  // Not found is rendered too, and hydrates.
  const missing = await page.goto("/products/does-not-exist");
  expect(missing?.status()).toBe(404);
  await hydrated(page, "main h1");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

  expect(problems).toEqual([]);
});

test("without JavaScript the home page and a product page still show names and prices", async ({
  browser,
  baseURL,
  page,
}) => {
  const items = await firstPage(page);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto("/");
  await expect(noScript.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  for (const product of items.slice(0, 8)) {
    const card = noScript.getByRole("article", { name: product.name, exact: true });
    await expect(card).toBeVisible();
    await expect(card).toContainText(usd(product.price));
  }
  const product = items[0]!;
  await noScript.goto(`/products/${product.slug}`);
  await expect(noScript.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(noScript.getByTestId("product-price")).toContainText(usd(product.price));
  await expect(noScript).toHaveTitle(`${product.name} · Haggle`);
  await context.close();
});
