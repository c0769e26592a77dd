import { expect, type Page, test } from "@playwright/test";
import { layoutShifts, recordLayoutShifts, settle, someProductPath } from "./first-page.ts";

/** The most a first page may move while its data arrives (Cumulative Layout Shift). */
export const CLS_LIMIT = 0.02;

/**
 * Opens `path` in a fresh page and checks that what it shows does not move while its code, data
 * and pictures arrive: the sum of every layout shift without recent input (at least the page's
 * CLS) from the first paint until the page is still.
 */
export async function expectStillFirstPage(page: Page, what: string, path: string | "a product page") {
  await recordLayoutShifts(page);
  const target = path === "a product page" ? await someProductPath(page.request) : path;
  await page.goto(target);
  await settle(page);
  const { total, shifts } = await layoutShifts(page);
  const text = `${what} (${target}): layout shift ${total.toFixed(4)}${shifts
    .map((s) => `\n  ${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(" | ")}`)
    .join("")}`;
  console.log(text);
  test.info().annotations.push({ type: "layout shift", description: text });
  expect(total, `layout shift of ${what}`).toBeLessThanOrEqual(CLS_LIMIT);
}
