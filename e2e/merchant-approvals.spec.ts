import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import {
  apiCart,
  artifacts,
  expectLoaded,
  expectNoSidewaysScroll,
  gotoLive,
  realtimeSubscribed,
  sendToAva,
  usd,
} from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

function chat(page: Page) {
  return page.getByRole("region", { name: "Chat with Ava" });
}

test.describe("an ask above Ava's limit", () => {
  // About $400 in the cart: 20% is above Ava's 15% but within the 25% / $400 ceiling.
  test.use({ cartNear: 400 });

  test("an escalated ask reaches the merchant live; the approval reaches the shopper live", async ({
    merchant: { page: merchant },
    shopper,
    shopperCart,
  }) => {
    // The merchant's page listens before the shopper asks: nothing it should hear can slip by.
    await gotoLive(merchant, "/merchant/approvals");
    await expect(merchant.getByRole("heading", { level: 1, name: /Approvals/ })).toBeVisible();
    // Earlier tests may have left asks pending: this shopper's is the one to follow.
    const card = merchant.getByTestId("approval-card").filter({ hasText: shopper.account.name });

    const shopperListens = realtimeSubscribed(shopper.page);
    await shopper.page.goto("/cart/negotiate");
    const { bubble } = await sendToAva(chat(shopper.page), "Could you do 20% off?");
    await expect(bubble).toContainText(/manager/i);

    // The merchant's page, never reloaded, hears of it.
    await expectToast(merchant, "New approval request received!");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("New Customer");
    await expect(card).toContainText("0 orders");
    await expect(card).toContainText("20%");
    await expect(card).toContainText(usd(shopperCart.price));
    await card.getByLabel("Note (optional)").fill("Welcome to the shop, Sam!");
    await merchant.screenshot({ path: `${artifacts}/merchant-approvals.png`, fullPage: true });
    // The shopper's page listens too before the merchant decides.
    await shopperListens;
    await card.getByRole("button", { name: "Approve" }).click();
    await expectToast(merchant, "Negotiation approved!");
    await expect(card).toHaveCount(0);

    // The shopper's page, never reloaded, shows Ava's news and the accept button.
    const accept = chat(shopper.page).getByRole("button", { name: "Accept Offer & Apply to Cart" });
    await expect(accept).toBeVisible();
    await expect(chat(shopper.page)).toContainText(/manager (approved|said yes)|Approved:/i);
    await expect(shopper.page.getByTestId("negotiation-offer")).toContainText("20% off");

    // The decision is on record.
    await merchant.getByRole("tab", { name: "Decided" }).click();
    const decided = merchant
      .getByTestId("decided-approval-card")
      .filter({ hasText: shopper.account.name })
      .filter({ hasText: "Welcome to the shop, Sam!" });
    await expect(decided).toContainText("Approved");
  });
});

test.describe("a lowered limit", () => {
  test.use({ cartNear: 120 });

  test("a merchant lowers Ava's limit; it persists and a shopper's offer stays within it", async ({
    merchant: { page: merchant },
    shopper,
    shopperCart: _cart,
  }) => {
    const config = (await (await merchant.request.get("/api/merchant/config")).json()) as {
      config: { negotiation_limits: { max_auto_discount_pct: number } };
    };
    const saved = config.config.negotiation_limits;

    try {
      await merchant.goto("/merchant/negotiation-config");
      await expect(
        merchant.getByRole("heading", { level: 1, name: "Negotiation Configuration" }),
      ).toBeVisible();
      const pct = merchant.getByLabel("Max auto discount (%)");
      await expect(pct).toHaveValue(String(saved.max_auto_discount_pct));

      // A wrong value is refused beside the field.
      await pct.fill("120");
      await merchant.getByRole("button", { name: "Save" }).click();
      await expect(merchant.getByText("Max auto discount must be from 0% to 90%.")).toBeVisible();

      await pct.fill("4");
      await expect(merchant.getByTestId("negotiation-band")).toContainText("Ava may give up to 4%");
      await merchant.screenshot({ path: `${artifacts}/merchant-negotiation-config.png`, fullPage: true });
      await merchant.getByRole("button", { name: "Save" }).click();
      await expectToast(merchant, "Configuration saved successfully");
      await merchant.reload();
      await expect(merchant.getByLabel("Max auto discount (%)")).toHaveValue("4");

      // A shopper haggles a few rounds: every offer stays within 4%.
      await shopper.page.goto("/cart/negotiate");
      for (const ask of ["Can I get a discount?", "Can you do better?", "Is that really your best price?"]) {
        await sendToAva(chat(shopper.page), ask);
      }
      const { offer } = await apiCart(shopper.page);
      expect(offer).not.toBeNull();
      expect(offer?.discountPercent ?? 100).toBeGreaterThan(0);
      expect(offer?.discountPercent ?? 100).toBeLessThanOrEqual(4);
    } finally {
      // Leave the shop as other tests expect it, whatever happened above.
      const restored = await merchant.request.put("/api/merchant/config/negotiation_limits", { data: saved });
      expect(restored.status()).toBe(200);
    }
  });
});

test("a merchant pairs two products as a cross-sell with the keyboard, then removes the pairing", async ({
  merchant: { page: merchant },
}) => {
  const catalogue = (await (await merchant.request.get("/api/merchant/products?pageSize=200")).json()) as {
    items: { name: string; inStock: boolean; hidden: boolean }[];
  };
  const [first, second] = catalogue.items.filter((p) => p.inStock && !p.hidden).slice(-2);
  if (!first || !second) throw new Error("Two products in stock are needed");

  await merchant.goto("/merchant/cross-sells");
  await expect(merchant.getByRole("heading", { level: 1, name: "Cross-sells" })).toBeVisible();
  await expectLoaded(merchant);
  const row = merchant
    .getByTestId("pairing")
    .filter({ hasText: first.name })
    .filter({ hasText: second.name });
  await expect(row).toHaveCount(0);

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
  await expectToast(merchant, "Pairing added");
  await expect(row).toHaveCount(1);
  await merchant.screenshot({ path: `${artifacts}/merchant-cross-sells.png`, fullPage: true });

  // A phone: one column, nothing wider than the screen once each page has its data.
  await merchant.setViewportSize({ width: 360, height: 780 });
  for (const path of [
    "/merchant/cross-sells",
    "/merchant/negotiation-config",
    "/merchant/escalation-rules",
    "/merchant/approvals",
  ]) {
    await merchant.goto(path);
    await expect(merchant.getByRole("heading", { level: 1 })).toBeVisible();
    await expectLoaded(merchant);
    await expectNoSidewaysScroll(merchant, path);
    await merchant.screenshot({
      path: `${artifacts}/${path.slice(1).replaceAll("/", "-")}-phone.png`,
      fullPage: true,
    });
  }
  await merchant.goto("/merchant/cross-sells");
  await merchant.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole("button", { name: /^Remove/ }).click();
  await expectToast(merchant, "Pairing removed");
  await expect(row).toHaveCount(0);
});
