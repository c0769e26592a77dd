import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

const TEE = "Fernway Organic Cotton Crew Tee";

test.use({ viewport: { width: 1280, height: 800 } });

/** A product of the test's own, without options (its one variant is the default one). */
async function createLantern(page: Page) {
  const tag = Date.now().toString(36);
  const name = `Grid Lantern ${tag}`;
  const created = await page.request.post("/api/merchant/products", {
    data: {
      sku: `E2E-VG-${tag}`.toUpperCase(),
      name,
      description: "A lantern sold in three sizes.",
      brand: "Quokka",
      category: "Outdoor",
      price: 30,
      listPrice: 30,
      stockLevel: 5,
      tags: [],
    },
  });
  expect(created.status()).toBe(201);
  return { name, ...((await created.json()) as { id: string; slug: string }) };
}

test("a merchant gives a product sizes in the variant grid, sets M's price and stock by keyboard; the shop sells M at that price", async ({
  merchant: { page },
  shopper,
}) => {
  const lantern = await createLantern(page);
  await page.goto("/merchant/products");
  await page.getByRole("searchbox", { name: "Search products" }).fill(lantern.name);
  await page.getByRole("link", { name: `Variants of ${lantern.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Options and variants" })).toBeVisible();
  await expect(page.getByText("No options yet")).toBeVisible();

  // Sizes S, M and L: the product's one variant becomes S; M and L are new, at its price, no stock.
  await page.getByLabel("New option").fill("Size");
  await page.getByLabel("First value").fill("S");
  await page.getByRole("button", { name: "Add option" }).click();
  for (const size of ["M", "L"]) {
    await page.getByLabel("New Size value").fill(size);
    await page.keyboard.press("Enter");
  }
  const rows = page.getByTestId("variant-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel("Stock of S", { exact: true })).toHaveValue("5");
  await expect(page.getByLabel("Price of L", { exact: true })).toHaveValue("30");
  await expect(page.getByText("Unsaved: 2 variants added, options changed.")).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Dashboard" }).click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(rows).toHaveCount(3);

  // By keyboard: down from S's price to M's, then along M's row to its stock.
  await page.getByLabel("Price of S", { exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Price of M", { exact: true })).toBeFocused();
  await page.keyboard.type("27.50");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("List price of M", { exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Stock of M", { exact: true })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("7");
  // A sentence of the contract shows beside its field, and the field gets the focus.
  await page.getByLabel("Stock of L", { exact: true }).fill("lots");
  await page.getByLabel("Stock of M", { exact: true }).press("Enter");
  const stockOfL = page.getByLabel("Stock of L", { exact: true });
  await expect(stockOfL).toBeFocused();
  await expect(stockOfL).toHaveAccessibleDescription("Stock must be a number.");
  await expectNoAxeViolations(page, "the variant grid with a field's error");
  // At a laptop's size, the grid at the top of the window.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("heading", { level: 2, name: "Variants" }).evaluate((h) => h.scrollIntoView());
  await page.screenshot({ path: `${artifacts}/merchant-variants-grid-desktop.png` });
  // Tall enough for the whole page: a full-page picture would show the sticky header mid-page.
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${artifacts}/merchant-variants.png` });
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("0");
  await page.keyboard.press("Enter");
  await expectToast(page, "Variants saved");
  await expect(page.getByText("All changes saved.")).toBeVisible();

  // The shop: M at its own price and stock, L sold out.
  const shop = shopper.page;
  await shop.goto(`/products/${lantern.slug}`);
  const size = shop.getByRole("group", { name: /Size/ });
  await size.getByRole("button", { name: "M", exact: true }).click();
  await expect(shop.getByTestId("product-price")).toContainText("$27.50");
  await expect(shop.getByTestId("product-stock")).toHaveText(/In stock|7 left in stock/);
  await size.getByRole("button", { name: /^L/ }).click();
  await expect(shop.getByTestId("product-stock")).toHaveText("Out of stock");

  // On a phone the grid scrolls in its own box, the combination column kept in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel("Price of M", { exact: true })).toHaveValue("27.5");
  await expectNoSidewaysScroll(page, "the variant grid on a phone");
  await expectNoAxeViolations(page, "the variant grid on a phone");
  await page.screenshot({ path: `${artifacts}/merchant-variants-phone.png`, fullPage: true });
  await page.getByRole("heading", { level: 2, name: "Variants" }).evaluate((h) => h.scrollIntoView());
  await page.screenshot({ path: `${artifacts}/merchant-variants-grid-phone.png` });
  const table = page.getByRole("table", { name: "Variants" });
  await table.evaluate((t) => {
    (t.parentElement as HTMLElement).scrollLeft = 10_000;
  });
  await page.getByLabel("Picture URL of M", { exact: true }).focus();
  const title = rows.nth(1).getByText("M", { exact: true });
  await expect.poll(async () => (await title.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: `${artifacts}/merchant-variants-phone-scrolled.png` });
});

test("the catalogue filters by an option value with counts, and a filtered card opens that variant", async ({
  page,
}) => {
  await page.goto("/?option=Size:M");
  await expectLoaded(page);
  const sizes = page.getByRole("group", { name: "Size" });
  const m = sizes.getByRole("checkbox", { name: "M", exact: true });
  await expect(m).toBeChecked();
  // The count beside M is the listing's total.
  const showing = page.getByText(/^Showing \d+ of \d+ products?$/);
  await expect(showing).toBeVisible();
  const total = Number(/of (\d+) product/.exec((await showing.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(m).toHaveAccessibleDescription(`${total} products`);

  // The tee's card: a from price (XL costs more), its colours, and a link to its M.
  const card = page.getByRole("article", { name: TEE });
  await expect(card.getByText("from", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: "Colours: Black, White, Navy" })).toBeVisible();
  await expect(card.getByRole("link", { name: `Choose options for ${TEE}` })).toHaveAttribute(
    "href",
    /\?variant=[0-9a-f-]{36}$/,
  );
  await expectNoAxeViolations(page, "the catalogue filtered by an option value");
  await page.screenshot({ path: `${artifacts}/catalogue-option-facet.png` });

  // A second size widens the filter, in the address too.
  // The box follows the address once the listing moves to it: click, then wait for both.
  const l = sizes.getByRole("checkbox", { name: "L", exact: true });
  await l.click();
  await expect(page).toHaveURL(/option=Size%3AM&option=Size%3AL|option=Size:M&option=Size:L/);
  await expect(l).toBeChecked();
  await l.click();
  await expect(page).toHaveURL(/option=Size(%3A|:)M$/);
  await expect(l).not.toBeChecked();

  await card.getByRole("link", { name: TEE, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: TEE })).toBeVisible();
  const size = page.getByRole("group", { name: /Size/ });
  await expect(size.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\?variant=[0-9a-f-]{36}$/);

  // On a phone: the filtered listing, its cards and the filters fit, and stay accessible.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/?option=Size:M");
  await expectLoaded(page);
  await expect(page.getByRole("article", { name: TEE }).getByText("from", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: /Filters/ }).click();
  await expect(
    page.getByRole("group", { name: "Size" }).getByRole("checkbox", { name: "M", exact: true }),
  ).toBeChecked();
  await expectNoSidewaysScroll(page, "the filtered catalogue on a phone");
  await expectNoAxeViolations(page, "the filtered catalogue on a phone");
  await page.screenshot({ path: `${artifacts}/catalogue-option-facet-phone.png`, fullPage: true });
});
