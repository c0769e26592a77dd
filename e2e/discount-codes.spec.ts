import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { apiCart, artifacts, expectNoSidewaysScroll, placeOrderAtCheckout, usd } from "./support/shop.ts";

test.use({ cartNear: 60 });

test("a merchant makes a code by keyboard; a shopper enters it on the cart, on a phone too, and the order records it", async ({
  merchant: { page },
  shopper,
  shopperCart,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto("/merchant/discount-codes");
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  const form = page.getByRole("form", { name: "New discount code" });
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Discount", { exact: true }).selectOption("percent");
  // Bad terms get a sentence and nothing is made; then the right ones, by keyboard.
  await form.getByLabel("Percent off (%)").fill("150");
  await form.getByLabel("Percent off (%)").press("Enter");
  await expect(form.getByRole("alert")).toHaveText(/\S/);
  await form.getByLabel("Percent off (%)").fill("10");
  await form.getByLabel("Percent off (%)").press("Enter");
  const table = page.getByRole("table", { name: "Discount codes" });
  await expect(table.getByText(code, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "the discount codes page");
  await page.screenshot({ path: `${artifacts}/merchant-discount-codes.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "the discount codes page on a phone");
  await expectNoAxeViolations(page, "the discount codes page on a phone");
  await page.screenshot({ path: `${artifacts}/merchant-discount-codes-phone.png`, fullPage: true });

  // The shopper: an unknown code is refused with a sentence; the merchant's code takes 10% off.
  const shop = shopper.page;
  await shop.setViewportSize({ width: 390, height: 844 });
  await shop.goto("/cart");
  await expect(shop.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  const field = shop.getByLabel("Discount code", { exact: true });
  await field.fill("NOSUCHCODE");
  await field.press("Enter");
  await expect(shop.getByRole("alert").filter({ hasText: "We don't know the code NOSUCHCODE" })).toHaveText(
    "We don't know the code NOSUCHCODE. Check it and try again.",
  );
  await field.fill(code.toLowerCase());
  await field.press("Enter");
  await expect(shop.getByTestId("discount-code-message")).toHaveText(
    new RegExp(`^${code}: \\$[\\d.,]+ off\\.$`),
  );
  const cart = (await apiCart(shop)) as Awaited<ReturnType<typeof apiCart>> & {
    summary: { codeDiscount: number };
  };
  expect(cart.items.map((i) => i.productId)).toEqual([shopperCart.id]);
  // 10% of the subtotal, to the cent, as the server priced it.
  expect(Math.abs(cart.summary.codeDiscount - cart.summary.subtotal / 10)).toBeLessThanOrEqual(0.005);
  const saving = usd(cart.summary.codeDiscount);
  await expect(shop.getByTestId("discount-code-message")).toHaveText(`${code}: ${saving} off.`);
  await expect(shop.getByTestId("summary-code-discount")).toContainText(`−${saving}`);
  await expectNoSidewaysScroll(shop, "the cart with a code on a phone");
  await expectNoAxeViolations(shop, "the cart with a code on a phone");
  await shop.screenshot({ path: `${artifacts}/cart-discount-code-phone.png`, fullPage: true });

  // Checkout charges what the cart said, and the confirmation names the code.
  await shop.setViewportSize({ width: 1280, height: 800 });
  await shop.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(shop);
  await expect(shop.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(shop.getByText(`Code ${code}`, { exact: true })).toBeVisible();
  await expect(shop.getByTestId("order-code-discount")).toHaveText(`−${saving}`);
  await expect(shop.getByTestId("order-total")).toHaveText(usd(cart.summary.total));

  // The code's use is counted on the merchant's list.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(table.getByRole("row").filter({ hasText: code }).getByRole("cell").nth(3)).toHaveText("1");
});
