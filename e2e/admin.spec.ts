import { expect, test } from "@playwright/test";

const uniqueEmail = () => `e2e.admin.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

// The server runs in demo mode (no ADMIN_EMAILS): any signed-in account may use /admin.
test("a signed-in user initializes AI search, becomes a merchant and re-seeds without duplicates", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin/);
  await page.getByRole("button", { name: /sign up/i }).click();
  await page.getByLabel("Full Name").fill("Ada Admin");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("secret123");
  await page
    .getByRole("button", { name: /create account|sign up/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Panel", level: 1 })).toBeVisible();

  const aiCard = page.getByRole("region", { name: "Initialize AI Search" });
  await expect(aiCard.getByText("180 products lack an embedding")).toBeVisible();
  await aiCard.getByRole("button", { name: "Initialize AI Search" }).click();
  await expect(aiCard.getByText("AI search is ready: every product has an embedding")).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByText(/every product has an embedding\.$/)).toBeVisible();

  const merchantButton = page.getByRole("button", { name: "Assign Merchant Role" });
  await merchantButton.click();
  await expect(page.getByText("Merchant role assigned")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the merchant area" })).toBeVisible();
  await expect(merchantButton).toBeEnabled();
  await merchantButton.click();
  await expect(page.getByText("Already a Merchant")).toBeVisible();

  const seedButton = page.getByRole("button", { name: "Seed Database" });
  await seedButton.click();
  await expect(page.getByText(/already seeded.*nothing duplicated/)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Seed Database" }).getByText("180 products in the shop"),
  ).toBeVisible();
});
