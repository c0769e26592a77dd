import { expect, test } from "./support/fixtures.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expectToast } from "./support/toasts.ts";
import {
  artifacts,
  catalogue,
  expectNoSidewaysScroll,
  placeOrderAtCheckout,
  negotiateCartLine,
} from "./support/shop.ts";

const TEE = "Fernway Organic Cotton Crew Tee";

test.use({ viewport: { width: 1280, height: 800 } });

test("a shopper chooses a sold-out size, picks another by keyboard, adds that variant, negotiates with Ava and buys it", async ({
  shopper,
}) => {
  const { page } = shopper;
  const tee = (await catalogue(page.request)).find((p) => p.name === TEE);
  expect(tee, "the seeded tee with sizes and colours").toBeTruthy();
  // A product id in the address moves to the product's own page.
  await page.goto(`/products/${tee!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: TEE })).toBeVisible();

  const summary = page.getByTestId("product-summary");
  const size = page.getByRole("group", { name: /Size/ });
  const colour = page.getByRole("group", { name: /Colour/ });
  // S / Black is sold out: chosen, it says so and cannot be added.
  await size.getByRole("button", { name: "S", exact: true }).click();
  await colour.getByRole("button", { name: "Black sold out" }).click();
  await expect(page.getByTestId("product-stock")).toHaveText("Out of stock");
  await expect(summary.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  // XL is not sold in Navy: with Navy chosen, XL is greyed and disabled.
  await colour.getByRole("button", { name: "Navy", exact: true }).click();
  await expect(size.getByRole("button", { name: "XL not sold" })).toBeDisabled();
  await colour.getByRole("button", { name: "Black sold out" }).click();
  await expectNoAxeViolations(page, "the product page of a product with options");
  await page.screenshot({ path: `${artifacts}/product-variants.png`, fullPage: true });

  // M by keyboard: the address keeps the choice.
  await size.getByRole("button", { name: "M", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(size.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("product-stock")).toHaveText(/In stock|left in stock/);
  await expect(page).toHaveURL(/\?variant=[0-9a-f-]{36}$/);
  await page.screenshot({ path: `${artifacts}/product-variants-size-chosen-desktop.png` });
  await summary.getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, `${TEE} — M / Black has been added to your cart.`);

  // A reload opens at the same variant; on a phone nothing scrolls sideways.
  await page.reload();
  await expect(size.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "the product page with options on a phone");
  await page.screenshot({ path: `${artifacts}/product-variants-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ava negotiates the variant's line; the review names it.
  await negotiateCartLine(page, `${TEE} — M / Black`);
  const review = page.getByTestId("negotiation-review");
  await expect(review.getByTestId("negotiation-review-line")).toHaveCount(1);
  await expect(review).toContainText(`${TEE} — M / Black`);
  await page.screenshot({ path: `${artifacts}/product-variants-negotiated.png` });
  await review.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(page);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("order-line").getByText(`${TEE} — M / Black`)).toBeVisible();
});
