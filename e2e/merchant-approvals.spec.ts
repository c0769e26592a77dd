import { type Browser, expect, type Page, test } from "@playwright/test";

const artifacts = "e2e/.artifacts";
const uniqueEmail = (who: string) =>
  `e2e.${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page, name: string, email: string, redirect: string) {
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replaceAll("/", "\\/")}$`));
}

/** A new account in its own browser context, made a merchant through /admin. */
async function newMerchant(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, "Mia Merchant", uniqueEmail("merchant"), "/admin");
  await page.getByRole("button", { name: "Assign Merchant Role" }).click();
  await expect(page.getByText("Merchant role assigned")).toBeVisible();
  return page;
}

/** A new shopper, in its own context, with one in-stock product priced near `target` in the cart. */
async function newShopperWithCart(
  browser: Browser,
  target: number,
): Promise<{ page: Page; productName: string }> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, "Sam Shopper", uniqueEmail("shopper"), "/");
  const catalogue = (await (await page.request.get("/api/products?pageSize=200")).json()) as {
    items: { id: string; name: string; price: number; inStock: boolean; stockLevel: number }[];
  };
  const product = catalogue.items
    .filter((p) => p.inStock && p.stockLevel >= 2)
    .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[0];
  if (!product) throw new Error("No product in stock");
  const added = await page.request.post("/api/cart/items", { data: { productId: product.id } });
  expect(added.ok()).toBe(true);
  return { page, productName: product.name };
}

function chat(page: Page) {
  return page.getByRole("region", { name: "Chat with Ava" });
}

async function say(page: Page, text: string) {
  const replies = chat(page).locator('li[data-role="assistant"] [data-testid="negotiation-bubble"]');
  const before = await replies.count();
  const box = chat(page).getByLabel("Message Ava");
  await box.fill(text);
  await box.press("Enter");
  await expect(replies).toHaveCount(before + 1);
  await expect(box).toBeEnabled();
  return replies.nth(before);
}

test("an escalated ask reaches the merchant live; the approval reaches the shopper live", async ({
  browser,
}) => {
  const merchant = await newMerchant(browser);
  await merchant.goto("/merchant/approvals");
  await expect(merchant.getByRole("heading", { level: 1, name: /Approvals/ })).toBeVisible();
  const cards = merchant.getByTestId("approval-card");
  const pendingBefore = await cards.count();

  // About $400 in the cart: 20% is above Ava's 15% but within the 25% / $400 ceiling.
  const shopper = await newShopperWithCart(browser, 400);
  await shopper.page.goto("/cart/negotiate");
  const reply = await say(shopper.page, "Could you do 20% off?");
  await expect(reply).toContainText(/manager/i);

  // The merchant's page, never reloaded, hears of it.
  await expect(merchant.getByText("New approval request received!")).toBeVisible();
  await expect(cards).toHaveCount(pendingBefore + 1);
  const card = cards.filter({ hasText: "Sam Shopper" }).first();
  await expect(card).toContainText("New Customer");
  await expect(card).toContainText("0 orders");
  await expect(card).toContainText("20%");
  await card.getByLabel("Note (optional)").fill("Welcome to the shop, Sam!");
  await merchant.screenshot({ path: `${artifacts}/merchant-approvals.png`, fullPage: true });
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(merchant.getByText("Negotiation approved!")).toBeVisible();
  await expect(cards).toHaveCount(pendingBefore);

  // The shopper's page, never reloaded, shows Ava's news and the accept button.
  const accept = chat(shopper.page).getByRole("button", { name: "Accept Offer & Apply to Cart" });
  await expect(accept).toBeVisible();
  await expect(chat(shopper.page)).toContainText(/manager (approved|said yes)|Approved:/i);
  await expect(shopper.page.getByTestId("negotiation-offer")).toContainText("20% off");

  // The decision is on record.
  await merchant.getByRole("tab", { name: "Decided" }).click();
  const decided = merchant
    .getByTestId("decided-approval-card")
    .filter({ hasText: "Welcome to the shop, Sam!" });
  await expect(decided).toContainText("Approved");
});

test("a merchant lowers Ava's limit; it persists and a shopper's offer stays within it", async ({
  browser,
}) => {
  const merchant = await newMerchant(browser);
  await merchant.goto("/merchant/negotiation-config");
  await expect(merchant.getByRole("heading", { level: 1, name: "Negotiation Configuration" })).toBeVisible();
  const pct = merchant.getByLabel("Max auto discount (%)");
  const original = await pct.inputValue();

  try {
    // A wrong value is refused beside the field.
    await pct.fill("120");
    await merchant.getByRole("button", { name: "Save" }).click();
    await expect(merchant.getByText("Max auto discount must be from 0% to 90%.")).toBeVisible();

    await pct.fill("4");
    await expect(merchant.getByTestId("negotiation-band")).toContainText("Ava may give up to 4%");
    await merchant.screenshot({ path: `${artifacts}/merchant-negotiation-config.png`, fullPage: true });
    await merchant.getByRole("button", { name: "Save" }).click();
    await expect(merchant.getByText("Configuration saved successfully")).toBeVisible();
    await merchant.reload();
    await expect(merchant.getByLabel("Max auto discount (%)")).toHaveValue("4");

    // A shopper haggles a few rounds: every offer stays within 4%.
    const shopper = await newShopperWithCart(browser, 120);
    await shopper.page.goto("/cart/negotiate");
    await say(shopper.page, "Can I get a discount?");
    await say(shopper.page, "Can you do better?");
    await say(shopper.page, "Is that really your best price?");
    const cart = (await (await shopper.page.request.get("/api/cart")).json()) as {
      offer: { discountPercent: number } | null;
    };
    expect(cart.offer).not.toBeNull();
    expect(cart.offer?.discountPercent ?? 100).toBeGreaterThan(0);
    expect(cart.offer?.discountPercent ?? 100).toBeLessThanOrEqual(4);
  } finally {
    // Leave the shop as other specs expect it.
    await merchant.goto("/merchant/negotiation-config");
    await merchant.getByLabel("Max auto discount (%)").fill(original);
    await merchant.getByRole("button", { name: "Save" }).click();
    await expect(merchant.getByText("Configuration saved successfully").first()).toBeVisible();
  }
});

test("a merchant pairs two products as a cross-sell with the keyboard, then removes the pairing", async ({
  browser,
}) => {
  const merchant = await newMerchant(browser);
  const catalogue = (await (await merchant.request.get("/api/merchant/products?pageSize=200")).json()) as {
    items: { name: string; inStock: boolean; hidden: boolean }[];
  };
  const [first, second] = catalogue.items.filter((p) => p.inStock && !p.hidden).slice(-2);
  if (!first || !second) throw new Error("Two products in stock are needed");

  await merchant.goto("/merchant/cross-sells");
  await expect(merchant.getByRole("heading", { level: 1, name: "Cross-sells" })).toBeVisible();
  const rows = merchant.getByTestId("pairing");
  const before = await rows.count();

  for (const [label, name] of [
    ["When the cart has", first.name],
    ["Suggest this product", second.name],
  ] as const) {
    const box = merchant.getByRole("combobox", { name: label });
    await box.fill(name);
    const options = merchant
      .getByRole("listbox", { name: `${label}: matching products` })
      .getByRole("option");
    await expect(options.first()).toContainText(name);
    await box.press("Enter");
    await expect(
      merchant.getByRole("button", { name: `Change ${label.toLowerCase()}: ${name}` }),
    ).toBeVisible();
  }
  await merchant.getByRole("button", { name: "Add", exact: true }).click();
  await expect(merchant.getByText("Pairing added")).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  const row = rows.filter({ hasText: first.name }).filter({ hasText: second.name });
  await merchant.screenshot({ path: `${artifacts}/merchant-cross-sells.png`, fullPage: true });

  // A phone: one column, nothing wider than the screen.
  await merchant.setViewportSize({ width: 360, height: 780 });
  for (const path of [
    "/merchant/cross-sells",
    "/merchant/negotiation-config",
    "/merchant/escalation-rules",
    "/merchant/approvals",
  ]) {
    await merchant.goto(path);
    await expect(merchant.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await merchant.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} fits a phone`).toBeLessThanOrEqual(0);
    await merchant.screenshot({
      path: `${artifacts}/${path.slice(1).replaceAll("/", "-")}-phone.png`,
      fullPage: true,
    });
  }
  await merchant.goto("/merchant/cross-sells");
  await merchant.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("button", { name: /^Remove/ }).click();
  await expect(merchant.getByText("Pairing removed")).toBeVisible();
  await expect(rows).toHaveCount(before);
});
