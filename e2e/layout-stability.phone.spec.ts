import { test } from "./support/fixtures.ts";
import { expectStillFirstPage } from "./support/layout-stability.ts";

// A Pixel 7 (the phone project). The desktop run is layout-stability.spec.ts.

test("on a phone the home page does not move while its products arrive (CLS at most 0.02)", async ({
  page,
}) => {
  await expectStillFirstPage(page, "home page, phone", "/");
});

test("on a phone a product page does not move while it loads (CLS at most 0.02)", async ({ page }) => {
  await expectStillFirstPage(page, "product page, phone", "a product page");
});
