import { expect, signUpThroughApi, test } from "./support/fixtures.ts";
import { coveredControls } from "./support/covered-controls.ts";
import { expectLoaded } from "./support/shop.ts";

// At 360 px wide, the narrowest phone the shop supports, with the floating assistant button on
// screen: no control of any page it shows on lies under it (or under the sticky header), neither
// on the first screen nor once scrolled to.

test.use({ viewport: { width: 360, height: 800 } });

test("no control is covered on any page with the floating assistant button, at 360 px", async ({ page }) => {
  const launcher = page.getByRole("button", { name: "Open shopping assistant" });
  const check = async (what: string) => {
    await expect(launcher).toBeVisible();
    await expectLoaded(page);
    // As the page opens, before the shopper scrolls (the second card's Add to Cart sat under the
    // button there), then each control scrolled to.
    expect(await coveredControls(page, { firstScreen: true }), `${what}, first screen`).toEqual([]);
    expect(await coveredControls(page), what).toEqual([]);
  };

  await page.goto("/");
  await expect(page.getByRole("article").first()).toBeVisible();
  await page.screenshot({ path: "e2e/.artifacts/covered-controls-home.png" });
  await check("the catalogue");
  // Ticking a filter folds the list away: the results come right after it.
  await page.getByRole("button", { name: /^Filters/ }).click();
  const category = page.getByRole("group", { name: "Category" }).getByRole("checkbox").first();
  await category.click();
  await expect(page.getByRole("button", { name: /^Filters/ })).toHaveAttribute("aria-expanded", "false");
  const results = page.getByText(/^Showing \d+ of \d+ products?$/);
  await expect(results).toBeInViewport();
  await check("the catalogue with a filter ticked");

  await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check("a product page");
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await check("the sign-in form");

  await signUpThroughApi(page.context(), "Pia Phone", "phone");
  for (const [path, heading] of [
    ["/orders", /Order History|No orders yet/],
    ["/account", "Your account"],
    ["/admin", "Admin Panel"],
    ["/no-such-page", /not found/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 }).first()).toBeVisible();
    await check(path);
  }
});
