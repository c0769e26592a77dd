import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { artifacts, catalogue, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * Settings → Taxes as a merchant meets it: the include/add choice, the table of rates by place
 * (a sentence for a bad rate, edit, reset to the standard one), by keyboard, on a desktop and a
 * phone; and the storefront's price saying "incl. VAT" once prices include tax. The shop's
 * choices are put back at the end, so the other specs price as before.
 */
test("a merchant sets taxes by place and the product page says the price includes VAT", async ({
  merchant: { page },
  shopper,
}) => {
  try {
    await page.goto("/merchant");
    await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Taxes" }).click();
    await expect(page).toHaveURL(/\/merchant\/taxes$/);
    await expect(page.getByRole("heading", { name: "Taxes", level: 1 })).toBeVisible();
    await expectLoaded(page);
    await expect(page.getByText(/standard rates dated 2026-01-01/)).toBeVisible();
    await expectNoAxeViolations(page, "the merchant's taxes");

    // A bad rate is refused with the sentence, before anything is sent.
    const form = page.getByRole("form", { name: "Tax rate" });
    await form.getByRole("textbox", { name: "Country", exact: true }).fill("Germany");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("VAT");
    await form.getByRole("textbox", { name: "Rate (%)", exact: true }).fill("19");
    await form.getByRole("button", { name: "Save rate" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "A country is its two-letter ISO code, such as DE or US.",
    );

    // Edit Germany's rate, then reset it to the standard table's.
    await page.getByLabel("Find a place").fill("DE");
    const rates = page.getByRole("table", { name: "Tax rates by place" });
    const germany = rates
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "DE", exact: true }) });
    await expect(germany).toContainText("19%");
    await germany.getByRole("button", { name: "Edit DE" }).click();
    await expect(form.getByRole("textbox", { name: "Country", exact: true })).toHaveValue("DE");
    await form.getByRole("textbox", { name: "Rate (%)", exact: true }).fill("20");
    await form.getByRole("textbox", { name: "Rate (%)", exact: true }).press("Enter");
    await expect(page.getByText("Saved the rate for DE.")).toBeVisible();
    await expect(germany).toContainText("Edited (standard 19%)");
    await germany.getByRole("button", { name: "Reset DE to the standard rate" }).click();
    await expect(page.getByText("DE is back to the standard rate.")).toBeVisible();
    await expect(germany).toContainText("Standard");

    // By keyboard: prices include tax, rates by place on, saved with Enter.
    const include = page.getByRole("radio", { name: /^Include tax/ });
    await include.focus();
    await page.keyboard.press("Space");
    await expect(include).toBeChecked();
    const byPlace = page.getByRole("checkbox", { name: /Charge tax by the shipping address/ });
    await byPlace.focus();
    await page.keyboard.press("Space");
    await expect(byPlace).toBeChecked();
    await page.getByRole("button", { name: "Save tax settings" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Tax settings saved.")).toBeVisible();
    await page.screenshot({ path: `${artifacts}/merchant-taxes.png`, fullPage: true });

    // The storefront says so beside the price.
    const [product] = await catalogue(shopper.page.request);
    const { slug } = (await (await shopper.page.request.get(`/api/products/${product!.id}`)).json()) as {
      slug: string;
    };
    await shopper.page.goto(`/products/${slug}`);
    await expect(shopper.page.getByTestId("price-tax-note")).toHaveText("incl. VAT");

    // A phone: the page fits, the table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Taxes", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, "the taxes page on a phone");
    await expectNoAxeViolations(page, "the merchant's taxes on a phone");
    await page.screenshot({ path: `${artifacts}/merchant-taxes-phone.png` });
  } finally {
    const restored = await page.request.put("/api/merchant/taxes", {
      data: { byPlace: false, pricesIncludeTax: false },
    });
    expect(restored.status()).toBe(200);
  }
});
