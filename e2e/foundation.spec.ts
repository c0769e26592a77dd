import type { Page } from "@playwright/test";
import { expect, PASSWORD, signUpThroughForm, test, uniqueEmail } from "./support/fixtures.ts";
import { artifacts } from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

async function productCount(page: Page) {
  return page.getByRole("article").count();
}

function showingLine(page: Page) {
  return page.getByText(/^Showing \d+ of \d+ products$/);
}

test("a visitor searches with a typo, filters by brand, sorts by price and shares the view by its URL", async ({
  page,
}) => {
  // The whole collection: the 180 seeded products, and any a merchant has added since.
  const collection = (
    (await (await page.request.get("/api/products?pageSize=1")).json()) as { total: number }
  ).total;
  expect(collection).toBeGreaterThanOrEqual(180);
  const wholeCollection = new RegExp(`of ${collection} products`);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  await expect(page.getByText("Don't pay list price. Negotiate it with Ava.")).toBeVisible();
  await expect(showingLine(page)).toHaveText(wholeCollection);
  await page.screenshot({ path: `${artifacts}/home.png`, fullPage: false });

  // Typo-tolerant search.
  await page.getByPlaceholder("Search products...").fill("headphnes");
  await expect(page).toHaveURL(/q=headphnes/);
  await expect(page.getByRole("article").first()).toContainText(/headphones/i);
  await page.getByPlaceholder("Search products...").fill("");
  await expect(page).not.toHaveURL(/q=/);
  // The facets follow the search: wait for the whole collection before reading brand names.
  await expect(showingLine(page)).toHaveText(wholeCollection);

  // Two brands from the facet list.
  const brandBoxes = page.getByRole("group", { name: "Brand" }).getByRole("checkbox");
  const firstBrand = (await brandBoxes.nth(0).getAttribute("aria-label")) ?? "";
  const secondBrand = (await brandBoxes.nth(1).getAttribute("aria-label")) ?? "";
  // By name: the facet list may reorder once the first brand filters the products.
  const brandBox = (name: string) =>
    page.getByRole("group", { name: "Brand" }).getByRole("checkbox", { name, exact: true });
  await brandBox(firstBrand).click();
  await brandBox(secondBrand).click();
  await expect(page).toHaveURL(/brand=.*brand=/);
  await expect(page.getByRole("button", { name: "Clear" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  // The list refreshes after each click: check once it has settled on the two brands.
  await expect(async () => {
    const brands = await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-brand")));
    expect(brands.length).toBeGreaterThan(0);
    for (const b of brands) expect([firstBrand, secondBrand]).toContain(b);
  }).toPass();

  // Sort by price, low to high.
  await page.getByLabel("Sort by").selectOption("price-low");
  await expect(page).toHaveURL(/sort=price-low/);
  await expect(async () => {
    const prices = await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-price"))));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();

  // The URL carries the state: a fresh tab opening it sees the same view.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByLabel("Sort by")).toHaveValue("price-low");
  await expect(
    other.getByRole("group", { name: "Brand" }).getByRole("checkbox", { name: firstBrand }),
  ).toBeChecked();
  await expect(showingLine(other)).toHaveText((await showingLine(page).textContent()) ?? "");
  await expect.poll(() => productCount(other)).toBe(await productCount(page));
  await other.close();

  // Clear removes the filters.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("button", { name: "Clear" })).toBeHidden();
  await expect(showingLine(page)).toHaveText(wholeCollection);
});

test("a visitor adds to the cart, is sent to sign up by a protected page and back, signs out and in", async ({
  page,
}) => {
  // Add to cart as a visitor: toast and header badge.
  await page.goto("/");
  const inStock = page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: "Add to Cart", disabled: false }) });
  await inStock.first().getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, "Added to cart");
  await expect(page.getByRole("link", { name: /Cart, 1 item/ })).toBeVisible();
  await inStock.nth(1).getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("link", { name: /Cart, 2 items/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]").length))
    .toBe(2);

  // A protected page sends the visitor to sign in, and back afterwards.
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Forders/);
  await page.screenshot({ path: `${artifacts}/auth.png` });
  const email = uniqueEmail("visitor");
  await signUpThroughForm(page, { name: "Grace Hopper", email });
  await expectToast(page, "Account created!");
  await expect(page).toHaveURL(/\/orders$/);

  // The avatar menu shows initials, the email and signs out to /auth.
  const avatar = page.getByRole("button", { name: /account menu/i });
  await expect(avatar).toHaveText(email.slice(0, 2).toUpperCase());
  await avatar.click();
  await expect(page.getByText("My Account")).toBeVisible();
  await expect(page.getByRole("menu").getByText(email)).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Signing back in greets the shopper.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Welcome back!");
  await expect(page).toHaveURL(/\/$/);
});

test("the auth form checks its fields and shows the server's message", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByText("Must be at least 6 characters")).toBeVisible();
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
  await page.getByLabel("Password").fill("wrongpass1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText(/invalid email or password/i).first()).toBeVisible();
});

test("unknown paths answer 404 and show the 404 page with a way home", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).last().click();
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
});

test("deep links load the app", async ({ page }) => {
  const res = await page.goto("/merchant/products");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
});
