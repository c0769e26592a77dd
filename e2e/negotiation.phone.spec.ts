import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectNoSidewaysScroll } from "./support/shop.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone the negotiation chat comes first, and no floating assistant covers the cart or the chat", async ({
  shopper: { page },
  shopperCart,
}) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await expect(page.getByTestId("cart-line").filter({ hasText: shopperCart.name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open shopping assistant" })).toHaveCount(0);

  await page.getByRole("link", { name: "Negotiate with Ava" }).click();
  const chat = page.getByRole("region", { name: "Chat with Ava" });
  await expect(chat.getByRole("textbox")).toBeVisible();
  await expect(page.getByRole("button", { name: "Open shopping assistant" })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The chat starts on the first screen, above the customer card and the summary.
  const chatBox = await chat.boundingBox();
  const summaryBox = await page.getByRole("complementary", { name: "Negotiation summary" }).boundingBox();
  expect(chatBox, "the chat is laid out").not.toBeNull();
  expect(summaryBox, "the summary is laid out").not.toBeNull();
  expect(chatBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(summaryBox?.y ?? 0);
  expect(chatBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(300);
  await page.screenshot({ path: `${artifacts}/negotiate-phone.png` });

  // Elsewhere the assistant is still there.
  await page.goto("/orders");
  await expect(page.getByRole("button", { name: "Open shopping assistant" })).toBeVisible();
});
