import { type Browser, type BrowserContext, expect } from "@playwright/test";
import { accountMailLink } from "./server-log.ts";

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
  const since = Date.now() - 1000;
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
  await verifyOwnerEmail(context, baseURL, since);
  sessions.set(baseURL, await context.storageState());
  return context;
}

/**
 * An ADMIN_EMAILS account is admin only once its address is verified: the
 * owner opens the link the server logged (no SMTP_URL here), signed in, as on the verify page.
 */
async function verifyOwnerEmail(context: BrowserContext, baseURL: string, since: number) {
  const me = (await (await context.request.get("/api/me")).json()) as { user: { emailVerified: boolean } };
  if (me.user.emailVerified) return;
  // Signed up before without finishing: ask for a new link.
  const asked = Date.now() - 1000;
  // A browser sends its Origin with a POST, and better-auth wants it beside a session cookie.
  const resend = await context.request.post("/api/auth/send-verification-email", {
    data: { email: E2E_ADMIN_EMAIL },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(resend.status(), "a verification e-mail for the owner").toBe(200);
  const link = await accountMailLink(baseURL, E2E_ADMIN_EMAIL, "verify-email", Math.min(since, asked));
  const token = new URL(link).searchParams.get("token") ?? "";
  const verified = await context.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verified.status(), "the owner's address is verified").toBe(200);
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
