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

/**
 * Never the same twice, within a run or across runs on one shop (accounts are never deleted), nor
 * between the workers that run tests side by side (each a process of its own).
 */
function uniqueTag(): string {
  made += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${made.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
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

/**
 * After a page load, waits until React has taken the page over (`<html data-interactive>`, set
 * by apps/web/src/main.tsx): a server-rendered page shows its content before it answers input,
 * and a click or keystroke in between is lost. Pages that are not the app (a JSON answer,
 * robots.txt) have no #root and do not wait; a page that never becomes interactive (JavaScript
 * off) goes on after the wait, as before.
 */
async function untilInteractive(page: Page) {
  await page
    .waitForFunction(
      () => !document.getElementById("root") || document.documentElement.dataset.interactive === "true",
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
}

/** Makes goto and reload of this page (and of every page of a context) wait for the app to be interactive. */
export function waitForInteractivePages(target: BrowserContext | Page) {
  if ("newPage" in target) {
    for (const page of target.pages()) waitForInteractivePages(page);
    target.on("page", waitForInteractivePages);
    return;
  }
  const page = target;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
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
    waitForInteractivePages(context);
    await use(context);
  },

  shopper: async ({ context, page }, use) => {
    await use({ page, account: await signUpThroughApi(context, "Sam Shopper", "shopper") });
  },

  merchant: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext();
    await context.addInitScript(recordToasts);
    waitForInteractivePages(context);
    const account = await signUpThroughApi(context, "Mona Merchant", "merchant");
    await grantRole(browser, baseURL ?? "", account.email, "merchant");
    await use({ page: await context.newPage(), account });
    await context.close();
  },

  shopperCart: async ({ shopper, cartNear }, use) => {
    await use(await addProductNear(shopper.page.request, cartNear));
  },
});
