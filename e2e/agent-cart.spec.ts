import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, signUpThroughForm, test, uniqueEmail } from "./support/fixtures.ts";
import { tabTo } from "./support/keyboard.ts";
import { artifacts, catalogue, expectLoaded, expectNoSidewaysScroll, hasNoOptions } from "./support/shop.ts";

/**
 * An agent without an account fills a cart over MCP (the official SDK client) and hands its
 * shopper the checkout link: the link asks them to sign up, then opens the checkout with the
 * agent's cart in their own cart. A link that names no cart says so.
 */

async function anonymousAgent(baseURL: string): Promise<Client> {
  const client = new Client({ name: "e2e-anonymous-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the tool's structured answer.
  return result.structuredContent as any;
}

test("an anonymous agent's cart link opens the checkout with that cart once the shopper signs up", async ({
  page,
  baseURL,
}) => {
  const listed = (await catalogue(page.request)).filter((p) => p.inStock && p.stockLevel >= 5);
  const picks = [];
  for (const p of listed) {
    if (picks.length === 2) break;
    if (await hasNoOptions(page.request, p.id)) picks.push(p);
  }
  expect(picks).toHaveLength(2);
  const [first, second] = picks as [(typeof picks)[0], (typeof picks)[0]];

  const agent = await anonymousAgent(baseURL ?? "");
  const started = await tool(agent, "update_cart", { productId: first.id, quantity: 2 });
  const { cartToken, checkoutUrl } = started.anonymousCart;
  await tool(agent, "update_cart", { productId: second.id, quantity: 1, cartToken });
  const refused = await agent.callTool({ name: "negotiate", arguments: { message: "10% off?" } });
  expect(refused.isError).toBe(true);
  await agent.close();

  // The shopper opens the link: sign-up first, then the checkout holds the agent's cart.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(checkoutUrl);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fagent-cart/);
  await signUpThroughForm(page, { name: "Agent Cart Owner", email: uniqueEmail("agentcart") });
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await expectLoaded(page);
  await expect(page.getByText(first.name).first()).toBeVisible();
  await expect(page.getByText(second.name).first()).toBeVisible();
  const cart = await (await page.request.get("/api/cart")).json();
  expect(
    Object.fromEntries(
      cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]),
    ),
  ).toEqual({ [first.id]: 2, [second.id]: 1 });
  // The sign-up's own toast leaves first: the page under test is the checkout.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoAxeViolations(page, "the checkout opened from an agent's cart link");
  await page.screenshot({ path: `${artifacts}/agent-cart-checkout.png` });

  // The link again (a reload): the same cart, not twice.
  await page.goto(checkoutUrl);
  await expect(page).toHaveURL(/\/checkout$/);
  expect((await (await page.request.get("/api/cart")).json()).summary.itemCount).toBe(3);
});

test("a cart link that names no cart says so, on a phone, with a way on by keyboard", async ({
  shopper: { page },
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/agent-cart?token=hac_${"x".repeat(43)}`);
  const alert = page.getByRole("alert").filter({ hasText: "This cart link is not one the shop gave out" });
  await expect(alert).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your agent's cart", level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, "the agent cart page on a phone");
  await expectNoAxeViolations(page, "the agent cart page with an unknown link");
  await page.screenshot({ path: `${artifacts}/agent-cart-unknown-phone.png` });
  const onward = page.getByRole("link", { name: "Go to your cart" });
  await tabTo(page, onward);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
});
