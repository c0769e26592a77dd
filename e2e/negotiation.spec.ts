import { expect, type Locator, type Page, test } from "@playwright/test";

const artifacts = "e2e/.artifacts";
const uniqueEmail = () => `e2e.negotiation.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

interface ApiCart {
  items: { product: { name: string } }[];
  summary: {
    itemCount: number;
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
  };
  offer: { discountAmount: number } | null;
}

/** The shop's money format: "$1,234.50". */
function usd(dollars: number): string {
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$1,234.50" -> 1234.5 */
function dollars(text: string | null): number {
  return Number((text ?? "").replace(/[^0-9.]/g, ""));
}

async function apiCart(page: Page): Promise<ApiCart> {
  const response = await page.request.get("/api/cart");
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCart;
}

/** The summary panel shows the server's figures, never its own arithmetic. */
async function expectSummaryMatchesServer(page: Page, cart: ApiCart) {
  const { summary } = cart;
  await expect(page.getByTestId("negotiation-items")).toHaveText(String(summary.itemCount));
  await expect(page.getByTestId("negotiation-subtotal")).toHaveText(usd(summary.subtotal));
  await expect(page.getByTestId("negotiation-discount")).toHaveText(
    summary.discount > 0 ? `−${usd(summary.discount)}` : usd(0),
  );
  await expect(page.getByTestId("negotiation-shipping")).toHaveText(
    summary.shipping === 0 ? "Free" : usd(summary.shipping),
  );
  await expect(page.getByTestId("negotiation-tax")).toHaveText(usd(summary.tax));
  await expect(page.getByTestId("negotiation-total")).toHaveText(usd(summary.total));
}

function chatPanel(page: Page) {
  return page.getByRole("region", { name: "Chat with Ava" });
}

function bubbles(chat: Locator, role: "user" | "assistant") {
  return chat.locator(`li[data-role="${role}"] [data-testid="negotiation-bubble"]`);
}

/** Sends with Enter and waits until Ava's reply has fully arrived (the box is enabled again). */
async function sendAndAwaitReply(chat: Locator, text: string) {
  const box = chat.getByLabel("Message Ava");
  const replies = bubbles(chat, "assistant");
  const before = await replies.count();
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(replies).toHaveCount(before + 1);
  await expect(box).toBeEnabled();
  const reply = replies.nth(before);
  await expect(reply).toContainText(/\w{3,}/);
  return ((await reply.textContent()) ?? "").replace(/^Ava: /, "");
}

test("a shopper negotiates the cart with Ava, applies the offer, checks out and finds the chat in the order", async ({
  page,
}) => {
  // Sign up; the shop lands on the catalogue.
  await page.goto("/auth");
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill("Nora Negotiator");
  const email = uniqueEmail();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();

  // Two in-stock products with a few units to spare.
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const catalogue = (await (await page.request.get("/api/products?pageSize=200")).json()) as {
    items: { name: string; stockLevel: number; inStock: boolean }[];
  };
  const stockByName = new Map(catalogue.items.map((p) => [p.name, p.inStock ? p.stockLevel : 0]));
  const shown = await cards.evaluateAll((els) => els.map((el) => el.querySelector("h3")?.textContent ?? ""));
  const picks = shown.filter((name) => (stockByName.get(name) ?? 0) >= 5).slice(0, 2);
  expect(picks).toHaveLength(2);
  for (const name of picks) {
    await page
      .getByRole("article", { name, exact: true })
      .getByRole("button", { name: "Add to Cart" })
      .click();
    await expect(page.getByText(`${name} has been added to your cart.`)).toBeVisible();
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
  const customer = page.getByRole("region", { name: "Nora Negotiator" });
  await expect(customer).toContainText(email);
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
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __replyTexts: string[] }).__replyTexts = seen;
    new MutationObserver(() => {
      const replies = document.querySelectorAll(
        'li[data-role="assistant"] [data-testid="negotiation-bubble"]',
      );
      const text = replies[replies.length - 1]?.textContent ?? "";
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  // First turn, sent with Enter: the box waits while Ava streams her answer.
  await box.fill("Can I get a discount?");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(bubbles(chat, "user")).toHaveText(["You: Can I get a discount?"]);
  await expect(chat.getByText("Start negotiating to get the best price!")).toHaveCount(0);
  await expect(box).toBeDisabled();
  await expect(box).toBeEnabled();
  const firstReply = bubbles(chat, "assistant").first();
  await expect(firstReply).toContainText(/\w{3,}/);
  const firstText = ((await firstReply.textContent()) ?? "").replace(/^Ava: /, "");
  const snapshots = await page.evaluate(() => (window as unknown as { __replyTexts: string[] }).__replyTexts);
  const partial = snapshots.filter((t) => t.replace(/^Ava: /, "").trim() !== "");
  expect(partial.length, "the reply arrived in several pieces").toBeGreaterThan(2);
  for (const text of snapshots) expect(text).not.toMatch(/NEGOTIATION_DATA|<NEG|[{}]/);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: firstText })).toHaveCount(1);

  // Shift+Enter makes a new line, it does not send.
  await box.fill("Can you do better?");
  await box.press("Shift+Enter");
  await expect(box).toHaveValue("Can you do better?\n");
  await expect(bubbles(chat, "user")).toHaveCount(1);

  // A couple more turns.
  await box.fill("");
  const secondText = await sendAndAwaitReply(chat, "Can you do better?");
  await sendAndAwaitReply(chat, "Is that really your best price?");
  await expect(bubbles(chat, "user")).toHaveText([
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
  await expect(page.getByText("Negotiation applied to your cart!")).toBeVisible();
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
  await expect(review.getByTestId("review-discount")).toHaveText(
    applied.summary.discount > 0 ? `−${usd(applied.summary.discount)}` : usd(0),
  );
  await expectSummaryMatchesServer(page, applied);
  await expect(page.getByTestId("negotiation-offer")).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}/negotiation.png`, fullPage: true });

  // A phone: the summary above the chat, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 780 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const summaryBox = await page.getByRole("complementary", { name: "Negotiation summary" }).boundingBox();
  const chatBox = await chat.boundingBox();
  expect(summaryBox && chatBox && summaryBox.y < chatBox.y).toBe(true);
  await page.screenshot({ path: `${artifacts}/negotiation-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Checkout from the review card.
  await review.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const savings = page.getByTestId("order-savings");
  await expect(savings).toHaveText(/^You saved \$[\d,.]+$/);
  expect(dollars(await savings.textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("order-total")).toHaveText(usd(applied.summary.total));
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

test("the negotiation screen with an empty cart says so", async ({ page }) => {
  await page.goto("/auth?redirect=/cart/negotiate");
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill("Empty Cart");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("secret123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/negotiate$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("region", { name: "Chat with Ava" })).toHaveCount(0);
});
