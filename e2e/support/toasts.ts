import { expect, type Page } from "@playwright/test";

declare global {
  interface Window {
    __haggleToasts?: string[];
  }
}

/**
 * Added to every page before the app runs: keeps the title and description of every toast the
 * app shows. A toast leaves after four seconds, and a busy machine may look later than that;
 * the record lets a test check that the toast was shown without racing its departure.
 */
export function recordToasts() {
  const seen: string[] = [];
  window.__haggleToasts = seen;
  const collect = () => {
    const parts = document.querySelectorAll(
      "[data-sonner-toast] [data-title], [data-sonner-toast] [data-description]",
    );
    for (const part of Array.from(parts)) {
      const text = part.textContent?.trim();
      if (text && !seen.includes(text)) seen.push(text);
    }
  };
  new MutationObserver(collect).observe(document, { childList: true, subtree: true, characterData: true });
}

async function shownToasts(page: Page): Promise<string[]> {
  // The page may be between two documents for a moment; the poll asks again.
  return page.evaluate(() => window.__haggleToasts ?? []).catch(() => []);
}

/** The page has shown a toast whose title or description contains `text` (or matches it). */
export async function expectToast(page: Page, text: string | RegExp, options: { timeout?: number } = {}) {
  await expect
    .poll(() => shownToasts(page), { message: `a toast saying ${text}`, ...options })
    .toContainEqual(typeof text === "string" ? expect.stringContaining(text) : expect.stringMatching(text));
}
