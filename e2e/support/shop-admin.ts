import { type Browser, type BrowserContext, expect } from "@playwright/test";

/** The account the e2e servers list in ADMIN_EMAILS: the shop's owner by configuration. */
export const E2E_ADMIN_EMAIL = "e2e.owner@haggle.test";
const E2E_ADMIN_PASSWORD = "e2e-owner-secret";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The owner's signed-in cookies per shop, so the owner signs in once per worker, not per test. */
const sessions = new Map<string, StorageState>();

async function signedInOwner(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const known = sessions.get(baseURL);
  if (known) return browser.newContext({ baseURL, storageState: known });
  const context = await browser.newContext({ baseURL });
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD, name: "Shop Owner" },
  });
  // The owner signed up in an earlier run or worker on this shop: sign in instead.
  if (signUp.status() !== 200) {
    const signIn = await context.request.post("/api/auth/sign-in/email", {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    });
    expect(signIn.status(), "the shop's admin signs in").toBe(200);
  }
  sessions.set(baseURL, await context.storageState());
  return context;
}

/** The shop's admin gives the account with this e-mail a role, as an owner does on /admin. */
export async function grantRole(
  browser: Browser,
  baseURL: string,
  email: string,
  role: "merchant" | "admin",
) {
  const context = await signedInOwner(browser, baseURL);
  try {
    const granted = await context.request.post("/api/admin/roles", { data: { email, role } });
    expect([200, 201], `the ${role} role is granted: ${await granted.text()}`).toContain(granted.status());
  } finally {
    await context.close();
  }
}
