import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";

/** A small Shopify product CSV: two products (one with two variants) and two bad rows. */
const suffix = Date.now().toString(36).toUpperCase();
const CSV = [
  "Handle,Title,Body (HTML),Vendor,Type,Tags,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Image Src,Published",
  `e2e-lantern-${suffix},E2E Camp Lantern ${suffix},<p>Bright <b>and</b> light.</p>,Lumen,Lighting,camping,E2E-LAN-${suffix},24.00,30.00,12,,TRUE`,
  `e2e-lantern-${suffix},,,,,,E2E-LAN2-${suffix},26.00,,3,,`,
  `e2e-mug-${suffix},E2E Enamel Mug,<p>Camp mug.</p>,Kestrel,Kitchen,,E2E-MUG-${suffix},twelve,,5,,TRUE`,
  `e2e-bottle-${suffix},E2E Steel Bottle,<p>Cold.</p>,,Kitchen,,E2E-BOT-${suffix},20.00,,5,,TRUE`,
  `e2e-cup-${suffix},E2E Tin Cup ${suffix},,Kestrel,Kitchen,,E2E-CUP-${suffix},8.00,,40,,TRUE`,
].join("\n");

test("a merchant imports a CSV on the Import page: the progress ends, the bad rows are listed and downloadable", async ({
  merchant: { page },
}) => {
  await page.goto("/merchant/import");
  await expect(page.getByRole("heading", { name: "Import products", level: 1 })).toBeVisible();
  await page.getByLabel("Product file").setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV),
  });
  await page.getByRole("button", { name: "Import" }).click();

  const progress = page.getByTestId("import-progress");
  await expect(progress).toHaveAttribute("data-status", "done");
  await expect(progress.getByRole("status")).toHaveText("Imported products.csv");
  await expect(progress.locator("progress")).toHaveAttribute("value", "100");
  await expect(page.getByTestId("import-message")).toHaveText(
    "2 products added, 0 updated, 2 rows not imported (see the error report).",
  );
  const errors = page.getByTestId("import-errors");
  await expect(errors.getByRole("row")).toHaveCount(3);
  await expect(errors.getByRole("row").nth(1)).toContainText('Variant Price is not a price: "twelve".');
  await expect(errors.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("4");
  await expect(errors.getByRole("row").nth(2).getByRole("cell").first()).toHaveText("5");
  await expectNoAxeViolations(page, "the Import page after an import");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the error report (CSV)" }).click(),
  ]);
  const report = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(report as Buffer[]).toString("utf8");
  expect(text.split("\n")[0]).toBe("line,sku,reason");
  expect(text).toContain(`4,E2E-MUG-${suffix}`);

  // The imported product is in the shop, found by words at once.
  const found = await (
    await page.request.get(`/api/products?q=${encodeURIComponent(`lantern ${suffix}`)}`)
  ).json();
  expect(found.items.map((p: { name: string }) => p.name)).toContain(`E2E Camp Lantern ${suffix}`);
});
