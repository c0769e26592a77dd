import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * The shop's own pages, as a merchant writes them and a shopper reads them: the merchant's
 * "Shop pages" editor by keyboard, the footer's link, the page rendered on the server, on a
 * desktop and on a phone.
 */
test("the merchant writes a returns page by keyboard; shoppers find it in the footer, on a desktop and a phone", async ({
  merchant: { page },
  browser,
  baseURL,
}) => {
  const text = [
    "You can return anything within **30 days** of delivery.",
    "",
    "## Shoes",
    "Unworn shoes in their original box come back for a full refund.",
    "",
    "<script>alert('not run')</script>",
  ].join("\n");

  await page.goto("/merchant");
  await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Shop pages" }).click();
  await expect(page).toHaveURL(/\/merchant\/policies$/);
  await expect(page.getByRole("heading", { name: "Shop pages", level: 1 })).toBeVisible();
  await expectLoaded(page);
  const returns = page.getByRole("region", { name: "Returns" });
  await expect(returns).toContainText("Not published: the page has no text yet.");
  const field = returns.getByLabel("Returns page (Markdown)");
  await field.focus();
  await page.keyboard.insertText(text);
  await expect(returns).toContainText("You have unsaved changes.");
  await page.keyboard.press("Tab");
  await expect(returns.getByRole("button", { name: "Save" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(returns).toContainText("Last saved");
  await expect(returns.getByRole("link", { name: "View the page" })).toBeVisible();
  await expectNoAxeViolations(page, "the merchant's shop pages");
  await page.screenshot({ path: `${artifacts}/merchant-shop-pages.png`, fullPage: true });

  // The page is rendered on the server: its text is in the HTML before any script runs.
  const html = await (await page.request.get("/policies/returns")).text();
  expect(html).toContain("<h2>Shoes</h2>");
  expect(html).toContain("&lt;script&gt;");

  for (const viewport of [
    { width: 1280, height: 800, name: "desktop" },
    { width: 390, height: 844, name: "phone" },
  ]) {
    const context = await browser.newContext({ baseURL, viewport });
    const visitor = await context.newPage();
    const dialogs: string[] = [];
    visitor.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await visitor.goto("/");
    // The footer's links are asked for as it comes near the screen, as a shopper scrolls down.
    await visitor.locator("footer").scrollIntoViewIfNeeded();
    const footerLinks = visitor.getByRole("navigation", { name: "Shop policies" });
    await footerLinks.getByRole("link", { name: "Returns" }).click();
    await expect(visitor).toHaveURL(/\/policies\/returns$/);
    await expect(visitor.getByRole("heading", { name: "Returns", level: 1 })).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Shoes", level: 2 })).toBeVisible();
    await expect(visitor.getByText("<script>alert('not run')</script>")).toBeVisible();
    await expect(visitor).toHaveTitle("Returns · Haggle");
    expect(dialogs).toEqual([]);
    await expectNoSidewaysScroll(visitor, `the returns page on a ${viewport.name}`);
    await expectNoAxeViolations(visitor, `the returns page on a ${viewport.name}`);
    await visitor.screenshot({ path: `${artifacts}/shop-page-returns-${viewport.name}.png`, fullPage: true });
    // A page not written is 'not found'.
    const missing = await visitor.goto("/policies/warranty");
    expect(missing?.status()).toBe(404);
    await expect(visitor.getByText("Oops! Page not found")).toBeVisible();
    await context.close();
  }
});
