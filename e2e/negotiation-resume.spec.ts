import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { apiCart, negotiationReplies, sendToAva } from "./support/shop.ts";

function chatPanel(page: Page) {
  return page.getByRole("region", { name: "Chat with Ava" });
}

async function currentNegotiation(page: Page): Promise<string | null> {
  const response = await page.request.get("/api/negotiations/current");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string | null }).id;
}

test.use({ cartNear: 300 });

test("a negotiation survives a reload and a trip to the cart; a typed 'deal' applies it; revisiting shows it applied", async ({
  shopper: { page },
  shopperCart: _cart,
}) => {
  // A visit creates nothing: an abandoned visit is not a negotiation.
  await page.goto("/cart/negotiate");
  const chat = chatPanel(page);
  await expect(chat.getByText("Start negotiating to get the best price!")).toBeVisible();
  await expect(chat.getByLabel("Message Ava")).toBeEnabled();
  expect(await currentNegotiation(page)).toBeNull();

  // The first message starts it; Ava makes an offer.
  const { text: offerText } = await sendToAva(chat, "Can I get a discount?");
  const accept = chat.getByRole("button", { name: "Accept Offer & Apply to Cart" });
  await expect(accept).toBeVisible();
  const offered = (await apiCart(page)).offer;
  expect(offered?.discountAmount ?? 0).toBeGreaterThan(0);
  const id = await currentNegotiation(page);
  expect(id).not.toBeNull();

  // A reload resumes it: the messages, the standing offer, the accept button.
  await page.reload();
  await expect(negotiationReplies(chat)).toHaveText([`Ava: ${offerText}`]);
  await expect(accept).toBeVisible();
  await expect(page.getByTestId("negotiation-offer")).toContainText(/expires at/);
  expect((await apiCart(page)).offer?.discountAmount).toBe(offered?.discountAmount);

  // 'Back to cart' and back: still the same negotiation.
  await page.getByRole("link", { name: "Back to cart" }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await page.getByRole("link", { name: "Negotiate with Ava" }).click();
  await expect(negotiationReplies(chat)).toHaveText([`Ava: ${offerText}`]);
  expect(await currentNegotiation(page)).toBe(id);

  // The next ask goes on from the standing offer, never below it.
  await sendToAva(chat, "Can you do better?");
  const better = (await apiCart(page)).offer;
  expect(better?.discountAmount ?? 0).toBeGreaterThanOrEqual(offered?.discountAmount ?? 0);

  // Typing "deal" applies it, as the button does.
  // The negotiation is complete after it: the box stays disabled, so no sendToAva (it waits for
  // the box to come back).
  const box = chat.getByLabel("Message Ava");
  await box.fill("deal");
  await box.press("Enter");
  await expect(negotiationReplies(chat)).toHaveCount(3);
  const review = page.getByTestId("negotiation-review");
  await expect(review).toBeVisible();
  await expect(accept).toHaveCount(0);
  await expect(chat.getByText("The offer is applied to your cart.", { exact: false })).toBeVisible();
  const applied = await apiCart(page);
  expect(applied.summary.savings).toBeGreaterThan(0);

  // Revisiting: the chat, and that the discount is applied.
  await page.reload();
  await expect(negotiationReplies(chat)).toHaveCount(3);
  await expect(chat.getByText("The offer is applied to your cart.", { exact: false })).toBeVisible();
  await expect(review).toBeVisible();
  await expect(chat.getByLabel("Message Ava")).toBeDisabled();
  expect(await currentNegotiation(page)).toBe(id);
});
