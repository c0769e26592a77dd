import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import {
  addProductNear,
  artifacts,
  E2E_ADDRESS,
  expectLoaded,
  expectNoSidewaysScroll,
} from "./support/shop.ts";

/**
 * Settings → Shipping as a merchant meets it (a zone with Standard and Express, by keyboard and
 * on a phone), and a shopper at checkout: Japan gets the sentence and cannot place the order, the
 * United States offers Standard first, the shopper picks Express and the order records it. The
 * zone is removed at the end, so the other specs price the flat fee as before.
 */
test("a merchant sets a shipping zone and a shopper picks Express at checkout", async ({
  merchant: { page },
  shopper,
}) => {
  try {
    await page.goto("/merchant");
    await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Shipping" }).click();
    await expect(page).toHaveURL(/\/merchant\/shipping$/);
    await expect(page.getByRole("heading", { name: "Shipping", level: 1 })).toBeVisible();
    await expectLoaded(page);
    await expect(page.getByTestId("products-without-weight")).toContainText("count as 0 g in weight bands");
    await expectNoAxeViolations(page, "the merchant's shipping zones");

    const form = page.getByRole("form", { name: "Shipping zone" });
    await form.getByRole("textbox", { name: "Zone name" }).fill("E2E North America");
    await form.getByRole("textbox", { name: "Countries" }).fill("us, ca");
    const first = form.getByRole("group", { name: "Method 1" });
    await first.getByRole("textbox", { name: "Method name" }).fill("Standard");
    await first.getByRole("textbox", { name: "Price ($)" }).fill("5");
    await first.getByRole("textbox", { name: "Delivery from (days)" }).fill("3");
    await first.getByRole("textbox", { name: "Delivery to (days)" }).fill("5");
    await form.getByRole("button", { name: "Add a method" }).click();
    const second = form.getByRole("group", { name: "Method 2" });
    await second.getByRole("textbox", { name: "Method name" }).fill("Express");
    await second.getByRole("textbox", { name: "Price ($)" }).fill("19");
    await second.getByRole("textbox", { name: "Delivery from (days)" }).fill("1");
    // By keyboard: the last field, then Enter saves.
    const last = second.getByRole("textbox", { name: "Delivery to (days)" });
    await last.fill("2");
    await last.press("Enter");
    await expect(page.getByText("Added E2E North America.")).toBeVisible();
    const zones = page.getByRole("table", { name: "Shipping zones" });
    await expect(zones).toContainText("Express: $19.00, 1–2 days");
    await page.screenshot({ path: `${artifacts}/merchant-shipping.png`, fullPage: true });

    // The shopper: Japan is not served, the United States offers Standard first.
    await addProductNear(shopper.page.request, 20);
    const shop = shopper.page;
    await shop.goto("/checkout");
    await expect(shop.getByRole("button", { name: "Place order" })).toBeVisible();
    for (const [label, value] of Object.entries(E2E_ADDRESS)) await shop.getByLabel(label).fill(value);
    await shop.getByLabel("Country").selectOption("JP");
    await shop.getByLabel("State / region").fill("");
    await shop.getByLabel("Postal code").fill("100-0001");
    await expect(shop.getByTestId("shipping-unserved")).toHaveText("We don't ship to JP yet.");
    await expect(shop.getByRole("button", { name: "Place order" })).toBeDisabled();
    await shop.getByLabel("Country").selectOption("US");
    await shop.getByLabel("State / region").fill(E2E_ADDRESS["State / region"]);
    await shop.getByLabel("Postal code").fill(E2E_ADDRESS["Postal code"]);
    const methods = shop.getByRole("group", { name: "Shipping method" });
    await expect(methods.getByRole("radio")).toHaveCount(2);
    await expect(methods.getByRole("radio", { name: /Standard/ })).toBeChecked();
    await expect(methods.getByRole("radio").first()).toHaveAccessibleName(/Standard/);
    const express = methods.getByRole("radio", { name: /Express/ });
    await express.focus();
    await shop.keyboard.press("ArrowDown");
    await express.check();
    await expect(express).toBeChecked();
    await expect(methods).toContainText("1–2 business days");
    await expectNoAxeViolations(shop, "the checkout with shipping methods");
    await shop.screenshot({ path: `${artifacts}/checkout-shipping-methods.png`, fullPage: true });

    // A phone: the methods fit.
    await shop.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(shop, "the checkout's shipping methods on a phone");
    await shop.screenshot({ path: `${artifacts}/checkout-shipping-methods-phone.png`, fullPage: true });

    await shop.getByRole("button", { name: "Place order" }).click();
    await expect(shop).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
    const orderId = new URL(shop.url()).searchParams.get("orderId");
    const order = (await (await shop.request.get(`/api/orders/${orderId}`)).json()) as {
      shipping: number;
      shippingMethod: string;
    };
    expect(order).toMatchObject({ shipping: 19, shippingMethod: "Express" });

    // The merchant's page on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Shipping", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, "the shipping page on a phone");
    await expectNoAxeViolations(page, "the merchant's shipping zones on a phone");
    await page.screenshot({ path: `${artifacts}/merchant-shipping-phone.png` });
  } finally {
    const settings = (await (await page.request.get("/api/merchant/shipping")).json()) as {
      zones: { id: string; name: string }[];
    };
    for (const zone of settings.zones.filter((z) => z.name === "E2E North America"))
      expect((await page.request.delete(`/api/merchant/shipping/zones/${zone.id}`)).status()).toBe(200);
  }
});
