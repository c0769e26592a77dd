import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { expectToast } from "./support/toasts.ts";
import {
  artifacts,
  expectNoSidewaysScroll,
  growthOf,
  holdNextRequest,
  recordLastText,
} from "./support/shop.ts";

const GREETING = "Hi! I'm Ava. What are you shopping for today?";
const PROMPTS = ["Show me running shoes", "Gifts under $100", "What's on sale?"];

function assistantPanel(page: Page) {
  return page.getByRole("dialog", { name: "Ava · Shopping assistant" });
}

/** Ava's replies, greeting first (direct children of the conversation list). */
function replies(panel: Locator) {
  return panel.getByRole("list", { name: "Conversation" }).locator(':scope > li[data-role="assistant"]');
}

async function cardPrices(reply: Locator): Promise<number[]> {
  return reply
    .getByRole("article")
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-price"))));
}

test("Ava streams answers with product carousels, adds to the cart and keeps the chat for the session", {
  tag: "@paced-stream",
}, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();

  const launcher = page.getByRole("button", { name: "Open shopping assistant" });
  await launcher.click();
  const panel = assistantPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText(GREETING)).toBeVisible();
  const prompts = panel.getByRole("group", { name: "Try asking" }).getByRole("button");
  await expect(prompts).toHaveText(PROMPTS);
  const box = panel.getByLabel("Message Ava");
  await expect(box).toBeFocused();

  // Record the reply bubble's text at every DOM change: a streamed reply grows word by word.
  await recordLastText(page, '[aria-label="Conversation"] > li[data-role="assistant"] > div');

  // The request waits until the test has seen the box wait for Ava: no race with a quick reply.
  const release = await holdNextRequest(page, "**/functions/v1/shop-assistant");
  await prompts.filter({ hasText: "Gifts under $100" }).click();
  await expect(prompts).toHaveCount(0);
  await expect(box).toBeDisabled();
  release();
  await expect(box).toBeEnabled();
  const first = replies(panel).nth(1);
  await expect(first).toContainText(/\w{3,}/);
  const firstReplyText = (await first.locator(":scope > div").textContent()) ?? "";
  const growth = await growthOf(page, firstReplyText.replace(/^Ava: /, ""));
  expect(growth.length, "the reply arrived in several pieces").toBeGreaterThan(2);

  // A carousel of real products, every one under $100.
  const cards = first.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const prices = await cardPrices(first);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThan(100);
  for (const text of await cards.locator("span.font-bold").allTextContents()) {
    expect(Number(text.replace(/[$,]/g, ""))).toBeLessThan(100);
  }
  if (prices.length > 2)
    await expect(first.getByRole("button", { name: "Scroll products right" })).toBeVisible();
  await page.screenshot({ path: `${artifacts}/assistant.png` });

  // Add to cart from the carousel.
  await first.getByRole("button", { name: "Add to Cart", disabled: false }).first().click();
  await expectToast(page, "Added to cart");
  await expect(page.getByRole("link", { name: /Cart, 1 item/ })).toBeVisible();

  // A follow-up reads the conversation: cheaper than before.
  await box.fill("cheaper ones?");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(panel.getByText("cheaper ones?")).toBeVisible();
  const second = replies(panel).nth(2);
  await expect(second).toContainText(/\w{3,}/);
  await expect(box).toBeEnabled();
  const cheaper = await cardPrices(second);
  if (cheaper.length > 0) expect(Math.max(...cheaper)).toBeLessThan(Math.max(...prices));

  // Escape closes; focus returns to the button.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
  await launcher.click();
  await expect(panel).toBeVisible();

  // Another page, then a reload: the conversation (and the open panel) stays.
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(replies(panel)).toHaveCount(3);
  await page.reload();
  await expect(assistantPanel(page)).toBeVisible();
  const restored = replies(assistantPanel(page));
  await expect(restored).toHaveCount(3);
  await expect(restored.nth(1).locator(":scope > div")).toHaveText(firstReplyText);
  await expect(assistantPanel(page).getByText("cheaper ones?")).toBeVisible();
  await expect(restored.nth(1).getByRole("article")).toHaveCount(prices.length);
  await expect(assistantPanel(page).getByRole("group", { name: "Try asking" })).toHaveCount(0);
});

test("on a 360px phone the assistant is a full-width sheet without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Shop All Products" })).toBeVisible();
  await page.getByRole("button", { name: "Open shopping assistant" }).click();
  const panel = assistantPanel(page);
  await expect(panel.getByText(GREETING)).toBeVisible();
  await panel.getByRole("button", { name: "Show me running shoes" }).click();
  await expect(replies(panel).nth(1).getByRole("article").first()).toBeVisible();
  await expect(panel.getByLabel("Message Ava")).toBeEnabled();

  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(box!.width).toBeGreaterThanOrEqual(359);
  await expectNoSidewaysScroll(page);
  const panelOverflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(panelOverflow).toBeLessThanOrEqual(0);
  const conversationOverflow = await panel
    .getByRole("list", { name: "Conversation" })
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(conversationOverflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${artifacts}/assistant-phone.png` });

  await panel.getByRole("button", { name: "Close shopping assistant" }).click();
  await expect(panel).toBeHidden();
});
