import { expect, test } from "./support/fixtures.ts";
import { expectToast } from "./support/toasts.ts";
import {
  artifacts,
  catalogue,
  expectNoSidewaysScroll,
  placeOrderAtCheckout,
  negotiateCartLine,
} from "./support/shop.ts";

const TEE = "Fernway Organic Cotton Crew Tee";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone a shopper sees a sold-out size greyed and labelled, picks another, negotiates with Ava and buys it", async ({
  shopper: { page },
}) => {
  const tee = (await catalogue(page.request)).find((p) => p.name === TEE);
  expect(tee, "the seeded tee with sizes and colours").toBeTruthy();
  await page.goto(`/products/${tee!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: TEE })).toBeVisible();
  const summary = page.getByTestId("product-summary");
  const size = page.getByRole("group", { name: /Size/ });
  const colour = page.getByRole("group", { name: /Colour/ });

  // S / Black is sold out: labelled so, and it cannot be bought.
  await size.getByRole("button", { name: "S", exact: true }).click();
  await colour.getByRole("button", { name: "Black sold out" }).click();
  await expect(page.getByTestId("product-stock")).toHaveText("Out of stock");
  await expect(summary.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await expectNoSidewaysScroll(page, "the product page with options on a phone");
  await page.screenshot({ path: `${artifacts}/product-variants-sold-out-phone.png`, fullPage: true });

  // L / Black instead: in stock, in the address, added as that variant.
  await size.getByRole("button", { name: "L", exact: true }).click();
  await expect(page.getByTestId("product-stock")).toHaveText(/In stock|left in stock/);
  await expect(page).toHaveURL(/\?variant=[0-9a-f-]{36}$/);
  await page.screenshot({ path: `${artifacts}/product-variants-size-chosen-phone.png` });
  await summary.getByRole("button", { name: "Add to Cart" }).click();
  await expectToast(page, `${TEE} — L / Black has been added to your cart.`);

  // Ava negotiates the variant's line.
  await negotiateCartLine(page, `${TEE} — L / Black`);
  await expectNoSidewaysScroll(page, "the negotiation on a phone");
  const review = page.getByTestId("negotiation-review");
  await expect(review.getByTestId("negotiation-review-line")).toHaveCount(1);
  await expect(review).toContainText(`${TEE} — L / Black`);
  await page.screenshot({ path: `${artifacts}/product-variants-negotiated-phone.png`, fullPage: true });

  await review.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(page);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("order-line").getByText(`${TEE} — L / Black`)).toBeVisible();
});
