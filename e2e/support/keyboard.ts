import { expect, type Locator, type Page } from "@playwright/test";

/** Presses Tab until `target` has the focus (at most `max` times), then checks the focus is drawn. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(target).toBeFocused();
  const drawn = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.boxShadow !== "none" || (style.outlineStyle !== "none" && style.outlineWidth !== "0px");
  });
  expect(drawn, "the focused control shows its focus (ring or outline)").toBe(true);
}
