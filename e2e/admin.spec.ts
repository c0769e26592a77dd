import {
  expect,
  signUpThroughApi,
  signUpThroughForm,
  test,
  uniqueEmail,
  waitForInteractivePages,
} from "./support/fixtures.ts";
import { grantRole } from "./support/shop-admin.ts";
import { expectToast } from "./support/toasts.ts";

interface AdminStatus {
  products: number;
  missingEmbeddings: number;
}

// The servers are secure by default: the shop's owner (ADMIN_EMAILS) makes other admins.
test("a new account is refused /admin until an admin makes it one; it then initializes AI search, becomes a merchant and re-seeds without duplicates", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
  const ada = { name: "Ada Admin", email: uniqueEmail("admin") };
  await signUpThroughForm(page, ada);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(/^Only the shop's administrators can use this page/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Claim this shop" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Seed Database" })).toHaveCount(0);

  await grantRole(browser, baseURL ?? "", ada.email, "admin");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  // A fresh shop lacks all 180 embeddings; a shop these tests already ran on may lack none.
  const status = (await (await page.request.get("/api/admin/status")).json()) as AdminStatus;
  expect(status.products).toBeGreaterThanOrEqual(180);
  const aiCard = page.getByRole("region", { name: "Initialize AI Search" });
  const ready = aiCard.getByText("AI search is ready: every product has an embedding");
  const missing = status.missingEmbeddings;
  if (missing > 0) {
    const lack = `${missing} ${missing === 1 ? "product lacks" : "products lack"} an embedding`;
    await expect(aiCard.getByText(lack)).toBeVisible();
  } else {
    await expect(ready).toBeVisible();
  }
  await aiCard.getByRole("button", { name: "Initialize AI Search" }).click();
  // Embedding the whole catalogue is the slowest step of the suite.
  await expectToast(page, /every product has an embedding\.$/, { timeout: 90_000 });
  await expect(ready).toBeVisible();

  const merchantButton = page.getByRole("button", { name: "Assign Merchant Role" });
  await merchantButton.click();
  await expectToast(page, "Merchant role assigned");
  await expect(page.getByRole("link", { name: "Open the merchant area" })).toBeVisible();
  await expect(merchantButton).toBeEnabled();
  await merchantButton.click();
  await expectToast(page, "Already a Merchant");

  const seedButton = page.getByRole("button", { name: "Seed Database" });
  await seedButton.click();
  await expectToast(page, /already seeded.*nothing duplicated/);
  await expect(
    page.getByRole("region", { name: "Seed Database" }).getByText(`${status.products} products in the shop`),
  ).toBeVisible();
});

test("an admin grants a role by e-mail on /admin, sees it listed and audited, and revokes it", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await signUpThroughApi(page.context(), "Alan Admin", "admin");
  await grantRole(browser, baseURL ?? "", admin.email, "admin");
  const clerkContext = await browser.newContext();
  waitForInteractivePages(clerkContext);
  const clerk = await signUpThroughApi(clerkContext, "Cleo Clerk", "clerk");
  await page.goto("/admin");
  const roles = page.getByRole("region", { name: "Roles", exact: true });
  await roles.getByLabel("Account e-mail").fill(clerk.email);
  await roles.getByLabel("Role", { exact: true }).selectOption("merchant");
  await roles.getByRole("button", { name: "Grant role" }).click();
  await expectToast(page, "Role granted");
  const revoke = roles.getByRole("button", { name: `Revoke merchant from ${clerk.email}` });
  await expect(revoke).toBeVisible();
  await expect(roles.getByText(`granted merchant to ${clerk.email}`)).toBeVisible();
  expect((await clerkContext.request.get("/api/merchant/stats")).status()).toBe(200);

  await revoke.click();
  await expectToast(page, "Role revoked");
  await expect(revoke).toHaveCount(0);
  await expect(roles.getByText(`revoked merchant from ${clerk.email}`)).toBeVisible();
  expect((await clerkContext.request.get("/api/merchant/stats")).status()).toBe(403);
  await clerkContext.close();
});
