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
