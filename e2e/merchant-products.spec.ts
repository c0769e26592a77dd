import { expect, type Page, test } from "@playwright/test";

const artifacts = "e2e/.artifacts";
const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
const uniqueEmail = () => `e2e.merchant.${stamp}@example.com`;

interface Stats {
  totalProducts: number;
  activeNegotiations: number;
  pendingApprovals: number;
  totalRevenue: number;
}

function usd(dollars: number): string {
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function signUpAsMerchant(page: Page) {
  await page.goto("/merchant");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmerchant$/);
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill("Mona Merchant");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // Signed in but not yet a merchant: the merchant area sends the shopper home.
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Assign Merchant Role" }).click();
  await expect(page.getByText("Merchant role assigned")).toBeVisible();
}

async function searchShop(page: Page, text: string) {
  await page.goto("/");
  await page.getByPlaceholder("Search products...").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

test("a merchant reads the dashboard, adds, edits and hides a product, and moves an order forward", async ({
  page,
  context,
}) => {
  await signUpAsMerchant(page);

  // Dashboard: the cards show the server's figures; a fresh shop has its 180 seeded products.
  await page.goto("/merchant");
  await expect(page.getByRole("heading", { name: "Merchant Dashboard", level: 1 })).toBeVisible();
  const stats = (await (await page.request.get("/api/merchant/stats")).json()) as Stats;
  expect(stats.totalProducts).toBe(180);
  const card = (name: string) => page.getByRole("region", { name });
  await expect(card("Total Products").getByTestId("total-products")).toHaveText("180");
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
  const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
  expect(cookie?.value).toBe("false");
  await page.reload();
  await expect(page.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  // Collapsed, the icons name themselves in a tooltip on hover and on keyboard focus.
  await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Products" }).hover();
  await expect(page.getByRole("tooltip", { name: "Products" })).toBeVisible();
  await page.screenshot({ path: `${artifacts}/merchant-collapsed.png` });
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await expect(page.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "true");

  // An unknown merchant page is the shop's 404.
  await page.goto("/merchant/no-such-page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.goto("/merchant");

  // Add a product.
  const nav = page.getByRole("navigation", { name: "Merchant" });
  await nav.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/merchant\/products$/);
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("product-row").first()).toBeVisible();

  const name = `Aurora Lantern ${stamp}`;
  const sku = `E2E-${stamp}`;
  await page.getByRole("button", { name: "Add New Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(dialog.getByText("SKU is required.")).toBeVisible();
  await dialog.getByLabel("SKU").fill(sku);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("A warm camping lantern that runs all night.");
  await dialog.getByLabel("Brand").fill("Haggle Labs");
  await dialog.getByLabel("Category").fill("Outdoors");
  await dialog.getByLabel("Price", { exact: true }).fill("42.50");
  await dialog.getByLabel("List price").fill("50");
  await dialog.getByLabel("Stock").fill("12");
  await dialog.getByLabel("Tags (comma separated)").fill("camping, light");
  await dialog.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same SKU again is refused by the server, and the form says why.
  await page.getByRole("button", { name: "Add New Product" }).click();
  await dialog.getByLabel("SKU").fill(sku);
  await dialog.getByLabel("Name").fill("Duplicate");
  await dialog.getByLabel("Brand").fill("Haggle Labs");
  await dialog.getByLabel("Category").fill("Outdoors");
  await dialog.getByLabel("Price", { exact: true }).fill("10");
  await dialog.getByLabel("List price").fill("10");
  await dialog.getByLabel("Stock").fill("1");
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
  await expect(page.getByText("Product updated")).toBeVisible();
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
  await expect(page.getByText("Product hidden from the shop")).toBeVisible();
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await searchShop(page, name);
  await expect(page.getByText("No products found")).toBeVisible();
  await expect(page.getByRole("article", { name, exact: true })).toHaveCount(0);

  // An order: the merchant (also a shopper) checks out one seeded product.
  const catalogue = (await (await page.request.get("/api/products?pageSize=50")).json()) as {
    items: { name: string; stockLevel: number; inStock: boolean }[];
  };
  const pick = catalogue.items.find((p) => p.inStock && p.stockLevel >= 3);
  expect(pick).toBeTruthy();
  const pickName = pick?.name ?? "";
  await searchShop(page, pickName);
  await page
    .getByRole("article", { name: pickName, exact: true })
    .getByRole("button", { name: "Add to Cart" })
    .click();
  await expect(page.getByText(`${pickName} has been added to your cart.`)).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^ORD-[0-9A-F]{8}$/);

  // The shopper's order history stays open in a second tab while the merchant works.
  const shopper = await context.newPage();
  await shopper.goto("/orders");
  const orderCard = shopper.getByTestId("order-card").filter({ hasText: number });
  await expect(orderCard).toContainText("Confirmed");

  await page.goto("/merchant/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  const orderRow = page.getByTestId("merchant-order-row").filter({ hasText: number });
  await expect(orderRow).toContainText("Confirmed");
  await expect(orderRow).toContainText("Mona Merchant");
  await orderRow.getByRole("button", { name: `Mark processing (${number})` }).click();
  await expect(orderRow).toContainText("Processing");
  await expect(page.getByText(`${number} is now processing`)).toBeVisible();
  // Live: the shopper's page hears order.updated and shows the new status without a reload.
  await expect(orderCard).toContainText("Processing");

  await orderRow.getByRole("button", { name: `Mark shipped (${number})` }).click();
  await expect(orderRow).toContainText("Shipped");
  await expect(orderCard).toContainText("Shipped");
  await page.getByLabel("Status").selectOption("shipped");
  await expect(page.getByTestId("merchant-order-row").filter({ hasText: number })).toHaveCount(1);
  await page.screenshot({ path: `${artifacts}/merchant-orders.png` });
  await shopper.close();
});
