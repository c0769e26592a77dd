import { expect, test } from "./support/fixtures.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

test("on a phone, by keyboard, the merchant tries Ava on an unsaved limit and nothing is saved", async ({
  merchant: { page },
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const savedBefore = await (await page.request.get("/api/merchant/config")).json();
  await page.goto("/merchant/negotiation-config");
  await expectLoaded(page);
  await page.getByLabel("Max auto discount (%)").fill("5");

  const panel = page.getByRole("region", { name: "Try Ava" });
  const message = panel.getByLabel("Message as a shopper");
  // From the tier picker, Tab reaches the message field; Enter sends.
  await panel.getByLabel("The shopper's loyalty tier").focus();
  await page.keyboard.press("Tab");
  await expect(message).toBeFocused();
  // The focus is visible: a ring drawn around the field.
  expect(await message.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
  await page.keyboard.type("Could you do 20% off?");
  await page.keyboard.press("Enter");
  const conversation = panel.getByRole("list", { name: "Conversation with Ava" });
  await expect(conversation.getByText(/^Ava:/)).toHaveCount(1);
  // 20% is above the unsaved 5% and within the ceiling: in the shop it would come to the merchant.
  await expect(conversation.getByText(/In the shop this asks you to approve 20% off/)).toBeVisible();
  await expect(message).toBeFocused();

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, "the negotiation settings page with a try of Ava");
  await panel.screenshot({ path: `${artifacts}/merchant-try-ava-phone.png` });
  // The limit is still unsaved, and the saved settings are as they were.
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  expect(await (await page.request.get("/api/merchant/config")).json()).toEqual(savedBefore);
});
