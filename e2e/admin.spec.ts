import { expect, signUpThroughForm, test, uniqueEmail } from "./support/fixtures.ts";
import { expectToast } from "./support/toasts.ts";

interface AdminStatus {
  products: number;
  missingEmbeddings: number;
}

// The server runs in demo mode (no ADMIN_EMAILS): any signed-in account may use /admin.
test("a signed-in user initializes AI search, becomes a merchant and re-seeds without duplicates", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
  await signUpThroughForm(page, { name: "Ada Admin", email: uniqueEmail("admin") });
  await expect(page).toHaveURL(/\/admin$/);
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
