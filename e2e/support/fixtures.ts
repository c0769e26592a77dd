import { test as base, type BrowserContext, expect, type Page } from "@playwright/test";
import { grantRole } from "./shop-admin.ts";
import { addProductNear, type CatalogueProduct } from "./shop.ts";
import { recordToasts } from "./toasts.ts";

export { expect };

export const PASSWORD = "secret123";

export interface Account {
  name: string;
  email: string;
}

/** Someone using the shop: their signed-in page and who they are. */
export interface Person {
  page: Page;
  account: Account;
}

let made = 0;

/** Never the same twice, within a run or across runs on one shop (accounts are never deleted). */
function uniqueTag(): string {
  made += 1;
  return `${Date.now().toString(36)}${made.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export function uniqueEmail(who: string): string {
  return `e2e.${who}.${uniqueTag()}@example.com`;
}

/**
 * Signs a new account up through the API in `context`, whose pages then share the session.
 * The name carries a unique tag too, so a test can find its own shopper among earlier ones.
 */
export async function signUpThroughApi(context: BrowserContext, name: string, who: string): Promise<Account> {
  const account = { name: `${name} ${uniqueTag()}`, email: uniqueEmail(who) };
  const response = await context.request.post("/api/auth/sign-up/email", {
    data: { ...account, password: PASSWORD },
  });
  expect(response.status(), `sign-up of ${account.email}`).toBe(200);
  return account;
}

/** Fills the sign-up form of the /auth page the browser is on and sends it. */
export async function signUpThroughForm(page: Page, account: Account) {
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

interface ShopOptions {
  /** The price, in dollars, near which `shopperCart` picks its product. */
  cartNear: number;
}

interface ShopFixtures {
  /** The test's own page, signed in as a new shopper. */
  shopper: Person;
  /**
   * A new account holding the merchant role, in a browser context of its own, so that a test
   * can watch a shopper and a merchant side by side.
   */
  merchant: Person;
  /** The shopper's cart holds one unit of the in-stock product priced nearest `cartNear`. */
  shopperCart: CatalogueProduct;
}

/**
 * Setups are done through the API: quick, and outside what the tests watch. Signing up through
 * the form is tested where it is the subject (foundation, cart-checkout, admin).
 */
export const test = base.extend<ShopOptions & ShopFixtures>({
  cartNear: [100, { option: true }],

  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },

  shopper: async ({ context, page }, use) => {
    await use({ page, account: await signUpThroughApi(context, "Sam Shopper", "shopper") });
  },

  merchant: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext();
    await context.addInitScript(recordToasts);
    const account = await signUpThroughApi(context, "Mona Merchant", "merchant");
    await grantRole(browser, baseURL ?? "", account.email, "merchant");
    await use({ page: await context.newPage(), account });
    await context.close();
  },

  shopperCart: async ({ shopper, cartNear }, use) => {
    await use(await addProductNear(shopper.page.request, cartNear));
  },
});
