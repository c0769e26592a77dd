import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";
import { expectLoaded, placeOrderAtCheckout } from "./shop.ts";

/** Opens a page, waits for its heading and its data, then checks it with axe-core. */
async function checkPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expectLoaded(page);
  await expectNoAxeViolations(page, `${path} (${heading})`);
}

/** What a visitor sees: the catalogue and the sign-in and sign-up forms, with their messages. */
export async function checkVisitorPages(page: Page) {
  await checkPage(page, "/", "Shop All Products");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoAxeViolations(page, "the catalogue with its products");
  await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Frequently bought together" })).toBeVisible();
  await expectLoaded(page);
  await expectNoAxeViolations(page, "a product page");

  await page.goto("/auth");
  const signIn = page.getByRole("button", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await expectNoAxeViolations(page, "the sign-in form");
  await signIn.click();
  await expect(page.getByText("Email is required.")).toBeVisible();
  await expectNoAxeViolations(page, "the sign-in form with its messages");
  await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await expectNoAxeViolations(page, "the sign-up form");
}

/** What a signed-in shopper with a cart sees, through checkout to the order history. */
export async function checkShopperPages(page: Page) {
  await checkPage(page, "/cart", "Shopping Cart");
  await expect(page.getByTestId("cart-line").first()).toBeVisible();
  await expectNoAxeViolations(page, "the cart with its items");

  await checkPage(page, "/cart/negotiate", "Negotiate with Ava");
  await expect(page.getByRole("region", { name: "Chat with Ava" }).getByRole("textbox")).toBeVisible();
  await expectNoAxeViolations(page, "the negotiation page");

  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const place = page.getByRole("button", { name: "Place order" });
  await expect(place).toBeVisible();
  await expectNoAxeViolations(page, "the checkout page");
  await place.click();
  await expect(page.getByText("Name is required.")).toBeVisible();
  await expectNoAxeViolations(page, "the checkout page with its messages");
  await placeOrderAtCheckout(page);
  await expectLoaded(page);
  await expectNoAxeViolations(page, "the order-placed page");

  await checkPage(page, "/orders", "Order History");
  await page
    .getByTestId("order-card")
    .first()
    .getByRole("button", { name: /View Details/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("tab", { name: "Order Summary" })).toBeVisible();
  await expectLoaded(page);
  await expectNoAxeViolations(page, "the order details dialog");
  await page.keyboard.press("Escape");

  await checkPage(page, "/account", "Your account");
  await checkPage(page, "/admin", "Admin Panel");
}

/** What a merchant sees: the dashboard, products (and the product form), orders and settings. */
export async function checkMerchantPages(page: Page) {
  await checkPage(page, "/merchant", "Merchant Dashboard");
  await checkPage(page, "/merchant/products", "Products");
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  await expectNoAxeViolations(page, "the merchant's products");
  await page.getByRole("button", { name: "Add New Product" }).click();
  await expect(page.getByRole("dialog", { name: "Add New Product" })).toBeVisible();
  await expectNoAxeViolations(page, "the product form");
  await page.keyboard.press("Escape");

  await checkPage(page, "/merchant/orders", "Orders");
  await checkPage(page, "/merchant/approvals", "Pending Approvals");
  await checkPage(page, "/merchant/negotiation-config", "Negotiation Configuration");
  await checkPage(page, "/merchant/escalation-rules", "Escalation Rules");
  await checkPage(page, "/merchant/upsells", "Upsells");
  await checkPage(page, "/merchant/outbox", "Outbox");
  await checkPage(page, "/merchant/agent-activity", "Agent activity");
}
