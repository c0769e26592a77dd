import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import {
  apiCart,
  artifacts,
  dollars,
  expectNoSidewaysScroll,
  expectSummaryFigures,
  growthOf,
  holdNextRequest,
  negotiationReplies,
  placeOrderAtCheckout,
  recordedTexts,
  recordLastText,
  sendToAva,
  type ApiCart,
  usd,
  wellStockedCardNames,
} from "./support/shop.ts";
import { expectToast } from "./support/toasts.ts";

/** The summary panel shows the server's figures, never its own arithmetic. */
async function expectSummaryMatchesServer(page: Page, cart: ApiCart) {
  const { summary } = cart;
  await expectSummaryFigures(page, "negotiation", summary);
  await expect(page.getByTestId("negotiation-discount")).toHaveText(
    summary.discount > 0 ? `−${usd(summary.discount)}` : usd(0),
  );
}

function chatPanel(page: Page) {
  return page.getByRole("region", { name: "Chat with Ava" });
}

function userBubbles(chat: Locator) {
  return chat.locator('li[data-role="user"] [data-testid="negotiation-bubble"]');
}

test("a shopper negotiates the cart with Ava, applies the offer, checks out and finds the chat in the order", {
  tag: "@paced-stream",
}, async ({ shopper: { page, account } }) => {
  // Two in-stock products with a few units to spare.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  const picks = await wellStockedCardNames(page, 2);
  for (const name of picks) {
    await page
      .getByRole("article", { name, exact: true })
      .getByRole("button", { name: "Add to Cart" })
      .click();
    await expectToast(page, `${name} has been added to your cart.`);
  }
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  // From the cart to the negotiation screen.
  await page.getByRole("link", { name: "Cart, 2 items" }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await page.getByRole("link", { name: "Negotiate with Ava" }).click();
  await expect(page).toHaveURL(/\/cart\/negotiate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Negotiate with Ava" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to cart" })).toHaveAttribute("href", "/cart");

  // The customer card and the server's figures.
  const customer = page.getByRole("region", { name: account.name });
  await expect(customer).toContainText(account.email);
  await expect(customer.getByTestId("customer-tier")).toHaveText("New Customer");
  await expect(customer.getByTestId("customer-orders")).toHaveText("0");
  await expectSummaryMatchesServer(page, await apiCart(page));

  // The empty chat: hints, a labelled box, send disabled while blank.
  const chat = chatPanel(page);
  await expect(chat.getByText("Start negotiating to get the best price!")).toBeVisible();
  await expect(chat.getByText("Try asking about discounts or special offers.")).toBeVisible();
  const box = chat.getByLabel("Message Ava");
  const sendButton = chat.getByRole("button", { name: "Send message" });
  await expect(box).toBeEnabled();
  await expect(sendButton).toBeDisabled();
  await box.fill("   ");
  await expect(sendButton).toBeDisabled();
  await expect(chat.getByRole("button", { name: "Accept Offer & Apply to Cart" })).toHaveCount(0);

  // Record Ava's latest bubble at every change: the reply arrives in pieces, the block never shows.
  await recordLastText(page, 'li[data-role="assistant"] [data-testid="negotiation-bubble"]');

  // First turn, sent with Enter: the box waits while Ava answers. The request is held until
  // the test has seen it wait, so a quick answer cannot slip by unseen.
  const release = await holdNextRequest(page, "**/functions/v1/negotiate-cart");
  await box.fill("Can I get a discount?");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(userBubbles(chat)).toHaveText(["You: Can I get a discount?"]);
  await expect(chat.getByText("Start negotiating to get the best price!")).toHaveCount(0);
  await expect(box).toBeDisabled();
  release();
  await expect(box).toBeEnabled();
  const firstReply = negotiationReplies(chat).first();
  await expect(firstReply).toContainText(/\w{3,}/);
  const firstText = ((await firstReply.textContent()) ?? "").replace(/^Ava: /, "");
  const growth = await growthOf(page, firstText);
  expect(growth.length, "the reply arrived in several pieces").toBeGreaterThan(2);
  // Not a single stage of it showed the hidden block.
  const recorded = await recordedTexts(page);
  for (const text of recorded) expect(text).not.toMatch(/NEGOTIATION_DATA|<NEG|[{}]/);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: firstText })).toHaveCount(1);

  // Shift+Enter makes a new line, it does not send.
  await box.fill("Can you do better?");
  await box.press("Shift+Enter");
  await expect(box).toHaveValue("Can you do better?\n");
  await expect(userBubbles(chat)).toHaveCount(1);

  // A couple more turns.
  await box.fill("");
  const { text: secondText } = await sendToAva(chat, "Can you do better?");
  await sendToAva(chat, "Is that really your best price?");
  await expect(userBubbles(chat)).toHaveText([
    "You: Can I get a discount?",
    "You: Can you do better?",
    "You: Is that really your best price?",
  ]);
  await expect(chat).not.toContainText("NEGOTIATION_DATA");

  // Ava's standing offer shows in the summary; the accept button is there.
  await expect(page.getByTestId("negotiation-offer")).toContainText(
    /^Ava's offer: [\d.]+% off \(−\$[\d,.]+\)/,
  );
  const accept = chat.getByRole("button", { name: "Accept Offer & Apply to Cart" });
  await expect(accept).toBeVisible();
  const before = await apiCart(page);
  expect(before.offer?.discountAmount ?? 0).toBeGreaterThan(0);

  await accept.click();
  await expectToast(page, "Negotiation applied to your cart!");
  await expect(accept).toHaveCount(0);
  await expect(box).toBeDisabled();

  // The review card: negotiated prices below the originals, the server's figures.
  const review = page.getByTestId("negotiation-review");
  await expect(review).toBeVisible();
  await expect(review.getByRole("heading", { name: "Review your negotiated order" })).toBeFocused();
  await expect(review.getByTestId("negotiation-review-line")).toHaveCount(2);
  const originals = await review.getByTestId("review-original-price").allTextContents();
  const negotiated = await review.getByTestId("review-negotiated-price").allTextContents();
  expect(originals.length).toBeGreaterThan(0);
  expect(dollars(negotiated[0] ?? null)).toBeLessThan(dollars(originals[0] ?? null));
  expect(dollars(await review.getByTestId("review-savings").textContent())).toBeGreaterThan(0);
  const applied = await apiCart(page);
  expect(applied.summary.total).toBeLessThan(before.summary.total);
  await expect(review.getByTestId("review-total")).toHaveText(usd(applied.summary.total));
  await expect(review.getByTestId("review-tax")).toHaveText(usd(applied.summary.tax));
  // Ava's whole discount is one line, never $0.00 after a deal.
  expect(applied.summary.discount).toBeGreaterThan(0);
  await expect(review.getByText("Ava's discount")).toBeVisible();
  await expect(review.getByTestId("review-discount")).toHaveText(`−${usd(applied.summary.discount)}`);
  await expectSummaryMatchesServer(page, applied);
  await expect(page.getByTestId("negotiation-offer")).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}/negotiation.png`, fullPage: true });

  // A phone: the chat above the summary, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  const summaryBox = await page.getByRole("complementary", { name: "Negotiation summary" }).boundingBox();
  const chatBox = await chat.boundingBox();
  expect(summaryBox && chatBox && chatBox.y < summaryBox.y).toBe(true);
  await page.screenshot({ path: `${artifacts}/negotiation-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Checkout from the review card.
  await review.getByRole("button", { name: "Proceed to Checkout" }).click();
  // The offer travels to checkout with the cart: Ava's discount is its own line there too.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("summary-discount")).toHaveText(`−${usd(applied.summary.discount)}`);
  await expect(page.getByTestId("summary-total")).toHaveText(usd(applied.summary.total));
  // The address is typed on a phone: the page fits it, and a screenshot shows it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the checkout page on a phone");
  await page.screenshot({ path: `${artifacts}/checkout-phone.png`, fullPage: true });
  await placeOrderAtCheckout(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const savings = page.getByTestId("order-savings");
  await expect(savings).toHaveText(/^You saved \$[\d,.]+$/);
  expect(dollars(await savings.textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("order-total")).toHaveText(usd(applied.summary.total));
  await expect(page.getByTestId("order-discount")).toHaveText(`−${usd(applied.summary.discount)}`);
  const number = (await page.getByTestId("order-number").textContent()) ?? "";

  // The order's dialog keeps the conversation, without the hidden block.
  await page.goto("/orders");
  const card = page.getByTestId("order-card").filter({ hasText: number });
  await card.getByRole("button", { name: /View Details/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Negotiation Chat" }).click();
  const transcript = dialog.getByRole("list", { name: "Negotiation messages" });
  await expect(transcript).toBeVisible();
  await expect(transcript.getByText("Can I get a discount?", { exact: true })).toBeVisible();
  await expect(transcript.getByText("Can you do better?", { exact: true })).toBeVisible();
  await expect(transcript.getByText(firstText, { exact: true })).toBeVisible();
  await expect(transcript.getByText(secondText, { exact: true })).toBeVisible();
  await expect(transcript.getByRole("listitem")).toHaveCount(6);
  await expect(transcript).not.toContainText("NEGOTIATION_DATA");
});

test("the negotiation screen with an empty cart says so", async ({ shopper: { page } }) => {
  await page.goto("/cart/negotiate");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("region", { name: "Chat with Ava" })).toHaveCount(0);
});
