import { test } from "./support/fixtures.ts";
import { expectStillFirstPage } from "./support/layout-stability.ts";

// Desktop (1280 x 720). The phone's run is layout-stability.phone.spec.ts.

test("the home page does not move while its products arrive (CLS at most 0.02)", async ({ page }) => {
  await expectStillFirstPage(page, "home page, desktop", "/");
});

test("a product page does not move while it loads (CLS at most 0.02)", async ({ page }) => {
  await expectStillFirstPage(page, "product page, desktop", "a product page");
});
