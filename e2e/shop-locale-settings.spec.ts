import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * Settings → Global Rules → Currency as a merchant meets it, by keyboard only: the tab, the locale chosen by typing in
 * its select and saved with Enter; then the dashboard writes its counts in that locale, and both
 * pages pass axe on a desktop and a phone. The shop's locale is put back at the end.
 */
test("a merchant chooses the shop's locale by keyboard and the dashboard writes numbers in it", async ({
  merchant: { page },
}) => {
  try {
    await page.goto("/merchant/negotiation-config");
    // The Global Rules tab, by its arrow keys.
    await page.getByRole("tab", { name: "Negotiation Limits" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Global Rules" })).toHaveAttribute("aria-selected", "true");
    const card = page.getByRole("region", { name: "Currency" });
    await expect(card.getByLabel("Amounts written as")).toHaveValue("en-US");
    await expectNoAxeViolations(page, "the settings with the currency card");

    const locale = card.getByLabel("Amounts written as");
    await locale.focus();
    await page.keyboard.type("de-DE");
    await expect(locale).toHaveValue("de-DE");
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Save" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Currency saved.")).toBeVisible();
    await page.screenshot({ path: `${artifacts}/merchant-currency.png`, fullPage: true });

    // A new page reads the locale: the dashboard's percentages as German writes them ("37,5 %").
    await page.goto("/merchant");
    await expectLoaded(page);
    await expect(page.getByTestId("deal-rate")).toContainText(/^\d+(,\d)?\s%$/);
    await expectNoAxeViolations(page, "the dashboard in de-DE");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/merchant/negotiation-config");
    await page.getByRole("tab", { name: "Global Rules" }).click();
    await expect(page.getByRole("region", { name: "Currency" })).toBeVisible();
    await expectNoSidewaysScroll(page, "the currency settings on a phone");
    await expectNoAxeViolations(page, "the currency settings on a phone");
  } finally {
    const restored = await page.request.put("/api/merchant/currency", {
      data: { currency: "USD", locale: "en-US" },
    });
    expect(restored.status()).toBe(200);
  }
});
