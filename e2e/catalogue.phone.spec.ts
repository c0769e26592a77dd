import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectNoSidewaysScroll } from "./support/shop.ts";

test("the catalogue works on a phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${artifacts}/home-phone.png` });
  // Filters sit behind a toggle on small screens and still work.
  await page
    .getByRole("button", { name: /filters/i })
    .first()
    .click();
  await expect(page.getByRole("group", { name: "Category" })).toBeVisible();
});

test("at 390 px the catalogue shows two columns of cards and filter rows big enough to touch", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const cards = page.getByRole("article");
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  // Side by side: the same row, the second to the right of the first.
  expect(second?.y).toBe(first?.y);
  expect(second?.x ?? 0).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);

  await page
    .getByRole("button", { name: /filters/i })
    .first()
    .click();
  const categories = page.getByRole("group", { name: "Category" });
  const firstBox = categories.getByRole("checkbox").first();
  await expect(firstBox).toBeVisible();
  const row = categories.locator("label").first();
  expect((await row.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  // Touching the row's text ticks the box; the list then folds away so the results follow it.
  await row.click();
  const toggle = page.getByRole("button", { name: /^Filters\W+1 selected/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(firstBox).toBeChecked();
  await page.screenshot({ path: `${artifacts}/home-phone-filters.png` });
});

test("the keyboard reaches the search box with a visible focus ring", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("article").first()).toBeVisible();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const placeholder = await page.evaluate(() => document.activeElement?.getAttribute("placeholder"));
    if (placeholder === "Search products...") break;
  }
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("placeholder", "Search products...");
  const outline = await focused.evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.outlineStyle} ${s.boxShadow}`;
  });
  expect(outline).not.toBe("none none");
});
