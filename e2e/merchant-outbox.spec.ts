import { randomUUID } from "node:crypto";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { artifacts, E2E_CHECKOUT_BODY, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * E-mail for orders, as a merchant meets it: the e2e shop has no SMTP_URL, so a
 * checkout's confirmation and new-order notice are kept in the outbox, where the merchant reads
 * them, the HTML inside a sandboxed frame under the shop's own security policy.
 */
test("a checkout's e-mails wait in the merchant's outbox, readable by keyboard and on a phone", async ({
  merchant: { page },
  shopper,
  shopperCart: _cart,
}) => {
  const placed = await shopper.page.request.post("/api/checkout", {
    headers: { "idempotency-key": randomUUID() },
    data: E2E_CHECKOUT_BODY,
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { number: string };
  const subject = `Your Haggle order ${order.number} is confirmed`;

  await page.goto("/merchant");
  await page.getByRole("navigation", { name: "Merchant" }).getByRole("link", { name: "Outbox" }).click();
  await expect(page).toHaveURL(/\/merchant\/outbox$/);
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  await expectLoaded(page);
  await expect(page.getByTestId("outbox-kept-notice")).toContainText("SMTP_URL");
  const row = page.getByTestId("outbox-row").filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shopper.account.email);
  await expect(row).toContainText("Order confirmation");
  await expect(row).toContainText("Kept");
  await expect(page.getByTestId("outbox-row").filter({ hasText: `New order ${order.number}` })).toHaveCount(
    1,
  );
  await expectNoAxeViolations(page, "the merchant's outbox");

  // By keyboard: focus the row's button, Enter opens the e-mail, Escape closes it.
  const read = row.getByRole("button", { name: `Read “${subject}”` });
  await read.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  // The HTML renders inside the frame (the shop's CSP allows it), with the order's figures.
  const mail = dialog.frameLocator("iframe");
  await expect(mail.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(mail.getByText(order.number).first()).toBeVisible();
  await expect(mail.getByText("Subtotal", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${artifacts}/merchant-outbox-mail.png` });
  await dialog.getByRole("tab", { name: "Plain text" }).click();
  await expect(dialog.getByTestId("outbox-text")).toContainText(`Order ${order.number}`);
  // axe-core cannot run inside a frame that may run no script: the dialog is checked with its
  // text part showing (the HTML part is the e-mail's own markup, not the shop's page).
  await expect(dialog.locator("iframe")).toHaveCount(0);
  await expectNoAxeViolations(page, "an e-mail in the outbox");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(read).toBeFocused();

  // A phone: each e-mail is a card, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole("list", { name: "E-mails" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByTestId("outbox-row").filter({ hasText: subject })).toBeVisible();
  await expectNoSidewaysScroll(page, "the outbox on a phone");
  await page.screenshot({ path: `${artifacts}/merchant-outbox-phone.png`, fullPage: true });
  await page
    .getByTestId("outbox-row")
    .filter({ hasText: subject })
    .getByRole("button", { name: /^Read/ })
    .click();
  await expect(page.getByRole("dialog", { name: subject })).toBeVisible();
  await expectNoSidewaysScroll(page, "an e-mail on a phone");
  await page.screenshot({ path: `${artifacts}/merchant-outbox-mail-phone.png` });
});
