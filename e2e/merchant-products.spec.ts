import type { Locator, Page } from "@playwright/test";
import { expect, signUpThroughApi, test } from "./support/fixtures.ts";
import { artifacts, gotoLive, placeOrderAtCheckout, usd } from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

interface Stats {
  totalProducts: number;
  activeNegotiations: number;
  pendingApprovals: number;
  totalRevenue: number;
}

async function searchShop(page: Page, text: string) {
  await page.goto("/");
  await page.getByPlaceholder("Search products...").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

/** Fills the product dialog's fields by their labels ("Price" exactly: "List price" holds it too). */
async function fillProductForm(dialog: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await dialog.getByLabel(label, { exact: label === "Price" }).fill(value);
  }
}

/** The smallest valid PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

test("the merchant area sends visitors to sign in and shoppers home", async ({ page, context }) => {
  await page.goto("/merchant");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmerchant$/);
  // Signed in but not a merchant: the merchant area sends the shopper home.
  await signUpThroughApi(context, "Sam Shopper", "shopper");
  await page.goto("/merchant");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
});

test("a merchant reads the dashboard; the sidebar collapses and remembers it", async ({
  merchant: { page },
}) => {
  // Dashboard: the cards show the server's figures, at least the 180 seeded products.
  await page.goto("/merchant");
  await expect(page.getByRole("heading", { name: "Merchant Dashboard", level: 1 })).toBeVisible();
  const stats = (await (await page.request.get("/api/merchant/stats")).json()) as Stats;
  expect(stats.totalProducts).toBeGreaterThanOrEqual(180);
  const card = (name: string) => page.getByRole("region", { name });
  await expect(card("Total Products").getByTestId("total-products")).toHaveText(String(stats.totalProducts));
  await expect(card("Active Negotiations").getByTestId("active-negotiations")).toHaveText(
    String(stats.activeNegotiations),
  );
  await expect(card("Pending Approvals").getByTestId("pending-approvals")).toHaveText(
    String(stats.pendingApprovals),
  );
  await expect(card("Total Revenue").getByTestId("total-revenue")).toHaveText(usd(stats.totalRevenue));
  await expect(
    page.getByRole("img", { name: /Revenue and negotiated discount per day, last 30 days/ }),
  ).toBeVisible();
  await expect(page.getByTestId("deal-rate")).toHaveText(/%$/);
  // The floating shopping assistant stays out of the merchant area.
  await expect(page.getByRole("button", { name: /assistant/i })).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}/merchant-dashboard.png`, fullPage: true });

  // The sidebar collapses with Ctrl+B and remembers it.
  const toggle = page.getByRole("button", { name: "Toggle sidebar" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Control+b");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "sidebar_state")?.value)
    .toBe("false");
  await page.reload();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Collapsed, the icons name themselves in a tooltip on hover and on keyboard focus.
  await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Products" }).hover();
  await expect(page.getByRole("tooltip", { name: "Products" })).toBeVisible();
  await page.screenshot({ path: `${artifacts}/merchant-collapsed.png` });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");

  // An unknown merchant page is the shop's 404.
  await page.goto("/merchant/no-such-page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("a merchant adds, edits and hides a product", async ({ merchant: { page } }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  await page.goto("/merchant");
  const nav = page.getByRole("navigation", { name: "Merchant" });
  await nav.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/merchant\/products$/);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("product-row").first()).toBeVisible();

  // Add a product.
  const name = `Aurora Lantern ${stamp}`;
  const sku = `E2E-${stamp}`;
  await page.getByRole("button", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(dialog.getByText("SKU is required.")).toBeVisible();
  await fillProductForm(dialog, {
    SKU: sku,
    Name: name,
    Description: "A warm camping lantern that runs all night.",
    Brand: "Haggle Labs",
    Category: "Outdoors",
    Price: "42.50",
    "List price": "50",
    Stock: "12",
    "Tags (comma separated)": "camping, light",
  });
  // A picture from the device: stored by the shop, its URL put in the form.
  await dialog
    .getByLabel("Upload a picture")
    .setInputFiles({ name: "lantern.png", mimeType: "image/png", buffer: PNG });
  const imageUrl = dialog.getByLabel("Image URL (optional)");
  await expect(imageUrl).toHaveValue(/^\/images\/uploads\/[0-9a-f-]{36}\.png$/);
  const uploaded = await imageUrl.inputValue();
  await expect(dialog.getByRole("img", { name: "Preview" })).toHaveAttribute("src", uploaded);
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expectToast(page, "Product created");
  await expect(dialog).toBeHidden();
  // The toast never covers the page's own actions: the next 'Add New Product' is clickable at once.
  const toastBox = await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Product created" })
    .boundingBox();
  const addBox = await page.getByRole("button", { name: "Add New Product" }).boundingBox();
  if (toastBox && addBox) {
    const apart =
      toastBox.x + toastBox.width <= addBox.x ||
      addBox.x + addBox.width <= toastBox.x ||
      toastBox.y + toastBox.height <= addBox.y ||
      addBox.y + addBox.height <= toastBox.y;
    expect(apart, "the 'Product created' toast covers 'Add New Product'").toBe(true);
  }
  const picture = await page.request.get(uploaded);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");

  // The same SKU again is refused by the server, and the form says why.
  await page.getByRole("button", { name: "Add New Product" }).click();
  await fillProductForm(dialog, {
    SKU: sku,
    Name: "Duplicate",
    Brand: "Haggle Labs",
    Category: "Outdoors",
    Price: "10",
    "List price": "10",
    Stock: "1",
  });
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/SKU/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Find it in the merchant table and edit it.
  await page.getByLabel("Search products").fill(name);
  const row = page.getByTestId("product-row").filter({ hasText: name });
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  await expect(row).toContainText(sku);
  await expect(row).toContainText("In Stock");
  await expect(row).toContainText("$42.50");
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit product" });
  await expect(editDialog.getByLabel("SKU")).toHaveValue(sku);
  await editDialog.getByLabel("Price", { exact: true }).fill("39.99");
  await editDialog.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Product updated");
  await expect(row).toContainText("$39.99");
  await page.screenshot({ path: `${artifacts}/merchant-products.png` });

  // The shop sells it at the new price.
  await searchShop(page, name);
  const article = page.getByRole("article", { name, exact: true });
  await expect(article).toBeVisible();
  await expect(article).toContainText("$39.99");

  // Hidden: gone from the shop.
  await page.goto("/merchant/products");
  await page.getByLabel("Search products").fill(name);
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  await row.getByRole("button", { name: `Hide ${name} from the shop` }).click();
  await expectToast(page, "Product hidden from the shop");
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await searchShop(page, name);
  await expect(page.getByText("No products found")).toBeVisible();
  await expect(page.getByRole("article", { name, exact: true })).toHaveCount(0);
});

test("a merchant marks a shopper's order paid, moves it forward and refunds its line; the shopper's order history follows live", async ({
  merchant: { page: merchant },
  shopper: { page: shopper, account },
  shopperCart: _cart,
}) => {
  // The shopper checks out the cart.
  await shopper.goto("/cart");
  await shopper.getByRole("button", { name: "Proceed to Checkout" }).click();
  await placeOrderAtCheckout(shopper);
  await expect(shopper.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const number = ((await shopper.getByTestId("order-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^ORD-[0-9A-F]{8}$/);

  // The order history stays open, listening, while the merchant works.
  await gotoLive(shopper, "/orders");
  const orderCard = shopper.getByTestId("order-card").filter({ hasText: number });
  await expect(orderCard).toContainText("Confirmed");

  await merchant.goto("/merchant/orders");
  await expect(merchant.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  const orderRow = merchant.getByTestId("merchant-order-row").filter({ hasText: number });
  await expect(orderRow).toContainText("Confirmed");
  await expect(orderRow).toContainText(account.name);
  // Paid on delivery or by transfer: the money is due until the merchant marks it paid.
  await expect(orderRow.getByTestId("order-payment-status")).toHaveText("Payment due");
  await orderRow.getByRole("button", { name: `Mark paid (${number})` }).click();
  await expectToast(merchant, `${number} is marked paid`);
  await expect(orderRow.getByTestId("order-payment-status")).toHaveText("Paid");
  await expect(orderRow.getByRole("button", { name: `Mark paid (${number})` })).toHaveCount(0);
  await orderRow.getByRole("button", { name: `Mark processing (${number})` }).click();
  await expect(orderRow).toContainText("Processing");
  await expectToast(merchant, `${number} is now processing`);
  // Live: the shopper's page hears order.updated and shows the new status without a reload.
  await expect(orderCard).toContainText("Processing");

  await orderRow.getByRole("button", { name: `Mark shipped (${number})` }).click();
  await expect(orderRow).toContainText("Shipped");
  await expect(orderCard).toContainText("Shipped");
  // A refund of the order's line: the shopper's history hears of it live.
  await orderRow.getByRole("button", { name: `Refund or cancel (${number})` }).click();
  const refund = merchant.getByRole("dialog", { name: `Refund or cancel ${number}` });
  await refund.getByRole("spinbutton").first().fill("1");
  await refund.getByRole("button", { name: "Refund selected" }).click();
  await expectToast(merchant, `${number}: the chosen units are refunded`);
  await expect(orderRow).toContainText("Refunded");
  await expect(orderCard).toContainText("Refunded");

  // The order's timeline, as the merchant reads it in the order's details...
  const steps = ["placed", "paid", "processing", "shipped", "refunded"];
  await orderRow.getByRole("button", { name: `Details (${number})` }).click();
  const details = merchant.getByRole("dialog").filter({ hasText: number });
  await expect(details.getByTestId("order-timeline-event")).toHaveCount(steps.length);
  expect(
    await details.getByTestId("order-timeline-event").evaluateAll((els) => els.map((e) => e.dataset.kind)),
  ).toEqual(steps);
  await expect(details.getByTestId("order-line-image").first()).toBeVisible();
  await merchant.screenshot({ path: `${artifacts}/merchant-order-details.png` });
  await merchant.keyboard.press("Escape");
  await expect(details).toBeHidden();
  // ...and as the shopper does, with each line's picture and a link to its page.
  await orderCard.getByRole("button", { name: `View Details of ${number}` }).click();
  const mine = shopper.getByRole("dialog").filter({ hasText: number });
  await expect(mine.getByTestId("order-timeline-event")).toHaveCount(steps.length);
  await expect(mine.getByTestId("order-timeline-event").last()).toContainText("Refunded");
  await expect(mine.getByTestId("order-line-image").first()).toBeVisible();
  await expect(mine.getByTestId("order-line").first().getByRole("link")).toHaveAttribute(
    "href",
    /^\/products\/[a-z0-9-]+$/,
  );
  await shopper.screenshot({ path: `${artifacts}/order-timeline.png` });
  await shopper.keyboard.press("Escape");

  await merchant.getByLabel("Status").selectOption("refunded");
  await expect(merchant.getByTestId("merchant-order-row").filter({ hasText: number })).toHaveCount(1);
  await merchant.screenshot({ path: `${artifacts}/merchant-orders.png` });
});
