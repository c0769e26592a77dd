import type { Page } from "@playwright/test";

/**
 * `firstScreen`: instead, the page as it opens, before any scrolling: every control showing on
 * the first screen, hit-tested where it shows. A bar fixed across the whole width at the screen's
 * bottom (the phone's assistant strip) is the screen's edge, as the browser's own toolbar is: what
 * lies under it is below the fold, not covered. A button floating over part of a row is not.
 *
 * Otherwise: every visible control of the page (links, buttons, fields, checkboxes) brought into view the
 * way a shopper scrolling down to it or tabbing to it would (from the top, scrollIntoView
 * "nearest", which keeps the page's scroll padding), then hit-tested at its centre and four points near its corners:
 * each point must land on the control itself. Returns what covered which control.
 */
export async function coveredControls(
  page: Page,
  { firstScreen = false }: { firstScreen?: boolean } = {},
): Promise<string[]> {
  return page.evaluate((firstScreen) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="tab"], [role="link"]';
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const problems: string[] = [];
    const controls = Array.from(document.querySelectorAll(selector)).filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // What no one can see or reach: hidden, empty, visually hidden (sr-only) or fixed itself.
      return (
        box.width > 2 &&
        box.height > 2 &&
        style.visibility !== "hidden" &&
        style.clipPath === "none" &&
        el.closest("[aria-hidden='true'], [inert]") === null &&
        style.position !== "fixed" &&
        el.closest("[data-sonner-toaster]") === null
      );
    });
    // Where the screen ends: the viewport's bottom, or the top of a full-width bar fixed there.
    let screenBottom = window.innerHeight;
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (getComputedStyle(el).position !== "fixed") continue;
      const box = el.getBoundingClientRect();
      if (box.left <= 0 && box.right >= window.innerWidth && box.bottom >= window.innerHeight - 1 && box.top > window.innerHeight / 2) {
        screenBottom = Math.min(screenBottom, box.top);
      }
    }
    if (firstScreen) window.scrollTo(0, 0);
    for (const el of controls) {
      if (firstScreen) {
        const shown = el.getBoundingClientRect();
        if (shown.bottom <= 0 || shown.top >= screenBottom) continue;
      } else {
        // From the page's top down to the control, as a shopper scrolls (or tabs) to it: it comes
      // to rest at the bottom edge, the floating button's corner, unless it was in view already.
        window.scrollTo(0, 0);
        el.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      // A link that wraps is tested on its first line (its box would take in what lies beside it).
      const box = el.getClientRects()[0] ?? el.getBoundingClientRect();
      // A control taller than the screen (a whole card) is tested where it shows.
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, screenBottom);
      const inset = 3;
      const points: [number, number][] = [
        [box.left + box.width / 2, (top + bottom) / 2],
        [box.left + inset, top + inset],
        [box.right - inset, top + inset],
        [box.left + inset, bottom - inset],
        [box.right - inset, bottom - inset],
      ];
      for (const [x, y] of points) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= screenBottom) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit) || hit.contains(el))) continue;
        // A label's own text, an icon beside it in one control: part of the same control.
        if (hit && el.id && hit.closest(`label[for="${CSS.escape(el.id)}"]`)) continue;
        if (hit?.closest("label")?.contains(el)) continue;
        problems.push(
          `${name(el)} at (${Math.round(x)}, ${Math.round(y)}) is under ${hit ? name(hit) : "nothing"}`,
        );
        break;
      }
    }
    window.scrollTo(0, 0);
    return problems;
  }, firstScreen);
}
