import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { expectToast } from "./toasts.ts";

export const artifacts = "e2e/.artifacts";

/** The shop's money format: "$1,234.50". */
export function usd(dollars: number): string {
  return `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$1,234.50" -> 1234.5 */
export function dollars(text: string | null): number {
  return Number((text ?? "").replace(/[^0-9.]/g, ""));
}

export interface CatalogueProduct {
  id: string;
  name: string;
  price: number;
  inStock: boolean;
  stockLevel: number;
}

/** Every product the shop lists (GET /api/products), in its default order. */
export async function catalogue(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const response = await request.get("/api/products?pageSize=200");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: CatalogueProduct[] }).items;
}

/**
 * Whether a product is bought by its id alone: one without options (sizes, colours), whose one
 * variant is its default. A product with options is bought by choosing a variant on its page.
 */
export async function hasNoOptions(request: APIRequestContext, productId: string): Promise<boolean> {
  const response = await request.get(`/api/products/${productId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { options: unknown[] }).options.length === 0;
}

/**
 * The names of the first `count` product cards on the page with at least five units in stock
 * and no options (a test adds them without choosing a size).
 * Earlier runs on the same shop buy some of them, so the pick reads today's stock.
 */
export async function wellStockedCardNames(page: Page, count: number): Promise<string[]> {
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  const listed = await catalogue(page.request);
  const stock = new Map(listed.map((p) => [p.name, p.inStock ? p.stockLevel : 0]));
  const ids = new Map(listed.map((p) => [p.name, p.id]));
  const shown = await cards.evaluateAll((els) => els.map((el) => el.querySelector("h3")?.textContent ?? ""));
  const picks: string[] = [];
  for (const name of shown) {
    if (picks.length === count) break;
    const id = ids.get(name);
    if ((stock.get(name) ?? 0) >= 5 && id && (await hasNoOptions(page.request, id))) picks.push(name);
  }
  expect(picks).toHaveLength(count);
  return picks;
}

/** Adds the in-stock product priced nearest `target` dollars to the signed-in cart, through the API. */
export async function addProductNear(request: APIRequestContext, target: number): Promise<CatalogueProduct> {
  const nearest = (await catalogue(request))
    .filter((p) => p.inStock && p.stockLevel >= 2)
    .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target));
  let product: CatalogueProduct | undefined;
  for (const candidate of nearest) {
    if (await hasNoOptions(request, candidate.id)) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error("No product in stock");
  const added = await request.post("/api/cart/items", { data: { productId: product.id } });
  expect(added.ok()).toBe(true);
  return product;
}

export interface ApiCart {
  id: string;
  items: { productId: string; quantity: number; product: { name: string } }[];
  summary: {
    itemCount: number;
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
    savings: number;
  };
  offer: { discountPercent: number; discountAmount: number } | null;
}

/** GET /api/cart with the page's own cookies: the figures the pages must show. */
export async function apiCart(page: Page): Promise<ApiCart> {
  const response = await page.request.get("/api/cart");
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCart;
}

/**
 * Nothing is wider than the viewport. Polled: after a resize the app may re-render for the new
 * size a moment later, and the final layout is what counts.
 */
/**
 * The summary's figures (test ids `<prefix>-items`, `-subtotal`, `-shipping`, `-tax`, `-total`)
 * are the server's, never the page's own arithmetic.
 */
export async function expectSummaryFigures(
  page: Page,
  prefix: "summary" | "negotiation",
  summary: ApiCart["summary"],
) {
  await expect(page.getByTestId(`${prefix}-items`)).toHaveText(String(summary.itemCount));
  await expect(page.getByTestId(`${prefix}-subtotal`)).toHaveText(usd(summary.subtotal));
  await expect(page.getByTestId(`${prefix}-shipping`)).toHaveText(
    summary.shipping === 0 ? "Free" : usd(summary.shipping),
  );
  await expect(page.getByTestId(`${prefix}-tax`)).toHaveText(usd(summary.tax));
  await expect(page.getByTestId(`${prefix}-total`)).toHaveText(usd(summary.total));
}

export async function expectNoSidewaysScroll(page: Page, what = "the page") {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${what} does not scroll sideways`,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Waits until no part of the page is still loading (every spinner is named "Loading …"), so
 * what is measured next is the page with its data, not its skeleton.
 */
export async function expectLoaded(page: Page) {
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

/**
 * Resolves once the page's GET /api/realtime stream is answered. The server subscribes the page
 * before it answers, so an event sent after this is never missed. Start waiting before the
 * page opens the stream.
 */
export function realtimeSubscribed(page: Page): Promise<unknown> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/realtime" && response.status() === 200,
  );
}

/** Opens `path` and waits until the page listens to realtime events. */
export async function gotoLive(page: Page, path: string) {
  const subscribed = realtimeSubscribed(page);
  await page.goto(path);
  await subscribed;
}

/**
 * Holds the page's next request to `url` until the returned function is called. What the page
 * shows while it waits for an answer (a disabled box) can then be asserted without racing the
 * answer, however fast the server or slow the machine.
 */
export async function holdNextRequest(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    url,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/**
 * Records the text of the last element matching `selector` at every DOM change, so that a
 * streamed reply can later be shown to have grown piece by piece (see `growthOf`).
 */
export async function recordLastText(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const seen: string[] = [];
    (window as unknown as { __lastTexts: string[] }).__lastTexts = seen;
    new MutationObserver(() => {
      const text = Array.from(document.querySelectorAll(selector)).at(-1)?.textContent ?? "";
      if (text !== seen.at(-1)) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, selector);
}

/** Every text recorded by `recordLastText` (with the speaker's "Ava: " label taken off). */
export async function recordedTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => (window as unknown as { __lastTexts: string[] }).__lastTexts);
  return texts.map((text) => text.replace(/^Ava: /, ""));
}

/** The recorded texts that were a beginning of `reply`: one for each step the reply grew by. */
export async function growthOf(page: Page, reply: string): Promise<string[]> {
  return (await recordedTexts(page)).filter((text) => text.trim() !== "" && reply.startsWith(text));
}

/** Ava's replies in the negotiation chat. */
export function negotiationReplies(chat: Locator) {
  return chat.locator('li[data-role="assistant"] [data-testid="negotiation-bubble"]');
}

/**
 * Sends `text` to Ava with Enter and waits for her whole reply: the box is enabled again only
 * once the reply has finished. Returns the reply's bubble and its text.
 */
export async function sendToAva(chat: Locator, text: string) {
  const box = chat.getByLabel("Message Ava");
  const replies = negotiationReplies(chat);
  const before = await replies.count();
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(replies).toHaveCount(before + 1);
  await expect(box).toBeEnabled();
  const bubble = replies.nth(before);
  await expect(bubble).toContainText(/\w{3,}/);
  return { bubble, text: ((await bubble.textContent()) ?? "").replace(/^Ava: /, "") };
}

/**
 * From the cart, asks Ava about the cart whose one line is `lineName` until she offers, accepts
 * her offer and waits for the toast that says it is applied.
 */
export async function negotiateCartLine(page: Page, lineName: string) {
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line").getByRole("link", { name: lineName })).toBeVisible();
  await page.getByRole("link", { name: "Negotiate with Ava" }).click();
  const chat = page.getByRole("region", { name: "Chat with Ava" });
  for (const text of ["Can I get a discount?", "Can you do better?", "Is that really your best price?"])
    await sendToAva(chat, text);
  const accept = chat.getByRole("button", { name: "Accept Offer & Apply to Cart" });
  await expect(accept).toBeVisible();
  await accept.click();
  await expectToast(page, "Negotiation applied to your cart!");
}

/** A shipping address the e2e shoppers use. */
export const E2E_ADDRESS = {
  "Full name": "Sam Shopper",
  "Address line 1": "1 Market Street",
  City: "San Francisco",
  "State / region": "CA",
  "Postal code": "94105",
} as const;

/** The same address as the API takes it (a checkout placed through the API, outside what a test watches). */
export const E2E_CHECKOUT_BODY = {
  address: {
    name: E2E_ADDRESS["Full name"],
    line1: E2E_ADDRESS["Address line 1"],
    city: E2E_ADDRESS.City,
    region: E2E_ADDRESS["State / region"],
    postalCode: E2E_ADDRESS["Postal code"],
    country: "US",
  },
  paymentMethod: "manual",
};

/**
 * On /checkout (reached from a 'Proceed to Checkout' button): types the address when the
 * shopper has none saved, keeps the default payment (on delivery / bank transfer) and places
 * the order; waits for the confirmation.
 */
export async function placeOrderAtCheckout(page: Page) {
  await expect(page).toHaveURL(/\/checkout$/);
  // The page is ready once its button is there (the heading shows while the data loads).
  const place = page.getByRole("button", { name: "Place order" });
  await expect(place).toBeVisible();
  // A shopper with no saved address sees the form; one with a saved address has it chosen.
  if (await page.getByLabel("Full name").isVisible()) {
    for (const [label, value] of Object.entries(E2E_ADDRESS)) await page.getByLabel(label).fill(value);
  }
  await expect(page.getByRole("radio", { name: "Pay on delivery / bank transfer" })).toBeChecked();
  await place.click();
  await expect(page).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
}
